"""Pieces shared by the zoo's models: the causal-LM loss, as transformers computes it."""
import torch
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
