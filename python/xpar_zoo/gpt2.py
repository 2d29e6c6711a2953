"""GPT-2 (transformers' GPT2LMHeadModel): learned positions, pre-LN blocks, Conv1D projections
(weight stored as [in, out]), GELU-tanh, causal-mask buffer, lm_head tied to wte."""
import math

import torch
from torch import nn

from .common import causal_lm_loss


class Conv1D(nn.Module):
    """transformers' Conv1D: a linear layer whose weight is [in_features, out_features]."""

    def __init__(self, nf, nx):
        super().__init__()
        self.nf = nf
        self.weight = nn.Parameter(torch.empty(nx, nf))
        self.bias = nn.Parameter(torch.zeros(nf))
        nn.init.normal_(self.weight, std=0.02)

    def forward(self, x):
        size_out = x.size()[:-1] + (self.nf,)
        x = torch.addmm(self.bias, x.view(-1, x.size(-1)), self.weight)
        return x.view(size_out)


class NewGELUActivation(nn.Module):
    def forward(self, x):
        return 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) *
                                           (x + 0.044715 * torch.pow(x, 3.0))))


class GPT2Attention(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        n_pos = cfg["n_positions"]
        self.register_buffer(
            "bias", torch.tril(torch.ones((n_pos, n_pos), dtype=torch.bool)).view(
                1, 1, n_pos, n_pos), persistent=False)
        self.register_buffer("masked_bias", torch.tensor(-1e4), persistent=False)
        self.embed_dim = cfg["n_embd"]
        self.num_heads = cfg["n_head"]
        self.head_dim = self.embed_dim // self.num_heads
        self.c_attn = Conv1D(3 * self.embed_dim, self.embed_dim)
        self.c_proj = Conv1D(self.embed_dim, self.embed_dim)

    def _split_heads(self, tensor):
        new_shape = tensor.size()[:-1] + (self.num_heads, self.head_dim)
        return tensor.view(new_shape).permute(0, 2, 1, 3)

    def _merge_heads(self, tensor):
        tensor = tensor.permute(0, 2, 1, 3).contiguous()
        new_shape = tensor.size()[:-2] + (self.num_heads * self.head_dim,)
        return tensor.view(new_shape)

    def _attn(self, query, key, value):
        attn_weights = torch.matmul(query, key.transpose(-1, -2))
        attn_weights = attn_weights / torch.full(
            [], value.size(-1) ** 0.5, dtype=attn_weights.dtype, device=attn_weights.device)
        query_length, key_length = query.size(-2), key.size(-2)
        causal = self.bias[:, :, key_length - query_length: key_length, :key_length]
        mask_value = torch.full([], torch.finfo(attn_weights.dtype).min,
                                dtype=attn_weights.dtype, device=attn_weights.device)
        attn_weights = torch.where(causal, attn_weights.to(attn_weights.dtype), mask_value)
        attn_weights = nn.functional.softmax(attn_weights, dim=-1)
        return torch.matmul(attn_weights, value)

    def forward(self, hidden_states):
        query, key, value = self.c_attn(hidden_states).split(self.embed_dim, dim=2)
        query, key, value = (self._split_heads(t) for t in (query, key, value))
        attn_output = self._merge_heads(self._attn(query, key, value))
        return self.c_proj(attn_output)


class GPT2MLP(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        inner = cfg["n_inner"] or 4 * cfg["n_embd"]
        self.c_fc = Conv1D(inner, cfg["n_embd"])
        self.c_proj = Conv1D(cfg["n_embd"], inner)
        self.act = NewGELUActivation()

    def forward(self, hidden_states):
        return self.c_proj(self.act(self.c_fc(hidden_states)))


class GPT2Block(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        eps = cfg["layer_norm_epsilon"]
        self.ln_1 = nn.LayerNorm(cfg["n_embd"], eps=eps)
        self.attn = GPT2Attention(cfg)
        self.ln_2 = nn.LayerNorm(cfg["n_embd"], eps=eps)
        self.mlp = GPT2MLP(cfg)

    def forward(self, hidden_states):
        hidden_states = hidden_states + self.attn(self.ln_1(hidden_states))
        return hidden_states + self.mlp(self.ln_2(hidden_states))


class GPT2Model(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.wte = nn.Embedding(cfg["vocab_size"], cfg["n_embd"])
        self.wpe = nn.Embedding(cfg["n_positions"], cfg["n_embd"])
        self.h = nn.ModuleList([GPT2Block(cfg) for _ in range(cfg["n_layer"])])
        self.ln_f = nn.LayerNorm(cfg["n_embd"], eps=cfg["layer_norm_epsilon"])

    def forward(self, input_ids):
        input_shape = input_ids.size()
        position_ids = torch.arange(0, input_shape[-1], dtype=torch.long,
                                    device=input_ids.device).unsqueeze(0)
        hidden_states = self.wte(input_ids) + self.wpe(position_ids)
        for block in self.h:
            hidden_states = block(hidden_states)
        return self.ln_f(hidden_states)


class GPT2LMHeadModel(nn.Module):
    def __init__(self, cfg, return_logits=False):
        super().__init__()
        self.transformer = GPT2Model(cfg)
        self.lm_head = nn.Linear(cfg["n_embd"], cfg["vocab_size"], bias=False)
        self.lm_head.weight = self.transformer.wte.weight  # tied, as in transformers
        self.return_logits = return_logits

    def forward(self, input_ids, labels):
        logits = self.lm_head(self.transformer(input_ids))
        loss = causal_lm_loss(logits, labels)
        return (loss, logits) if self.return_logits else loss
