"""Pieces shared by the zoo's models: the LM losses and rotary position embeddings, as
transformers computes them."""
import torch
from torch import nn
import torch.nn.functional as F


def causal_lm_loss(logits, labels):
    """Next-token cross entropy: position t predicts labels[t + 1]; -100 labels are ignored."""
    shift_logits = logits[..., :-1, :].contiguous()
    shift_labels = labels[..., 1:].contiguous()
    return F.cross_entropy(shift_logits.view(-1, shift_logits.size(-1)), shift_labels.view(-1),
                           ignore_index=-100)


def masked_lm_loss(logits, labels):
    """Masked-LM cross entropy over every position; -100 labels are ignored."""
    return F.cross_entropy(logits.view(-1, logits.size(-1)), labels.view(-1), ignore_index=-100)


def causal_mask(seq_len, dtype, device):
    """Additive causal mask (0 on and below the diagonal, the dtype's minimum above), as in
    transformers' _make_causal_mask."""
    mask = torch.full((seq_len, seq_len), torch.finfo(dtype).min, dtype=dtype, device=device)
    return torch.triu(mask, diagonal=1)[None, None, :, :]


class RotaryEmbedding(nn.Module):
    """Rotary position embeddings as transformers' LLaMA and GPT-NeoX compute them."""
    def __init__(self, dim, base=10000.0):
        super().__init__()
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)

    def forward(self, x, seq_len):
        t = torch.arange(seq_len, device=x.device, dtype=self.inv_freq.dtype)
        freqs = torch.einsum("i,j->ij", t, self.inv_freq)
        emb = torch.cat((freqs, freqs), dim=-1)
        return emb.cos().to(x.dtype), emb.sin().to(x.dtype)


def rotate_half(x):
    x1 = x[..., : x.shape[-1] // 2]
    x2 = x[..., x.shape[-1] // 2:]
    return torch.cat((-x2, x1), dim=-1)


def apply_rotary_pos_emb(q, k, cos, sin):
    cos = cos[None, None, :, :]
    sin = sin[None, None, :, :]
    return (q * cos) + (rotate_half(q) * sin), (k * cos) + (rotate_half(k) * sin)
