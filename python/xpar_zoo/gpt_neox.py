"""GPT-NeoX (transformers' GPTNeoXForCausalLM, the Pythia family): fused query/key/value
projection, rotary embeddings on the first rotary_pct of each head, attention and MLP computed in
parallel from the same input (use_parallel_residual), exact GELU. Parameter names match
transformers (gpt_neox.layers.0.attention.query_key_value.weight, ...)."""
import math

import torch
from torch import nn
import torch.nn.functional as F

from .common import RotaryEmbedding, apply_rotary_pos_emb, causal_lm_loss, causal_mask


class GPTNeoXAttention(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.num_heads = cfg["num_attention_heads"]
        self.hidden_size = cfg["hidden_size"]
        self.head_size = self.hidden_size // self.num_heads
        self.rotary_ndims = int(self.head_size * cfg["rotary_pct"])
        self.rotary_emb = RotaryEmbedding(self.rotary_ndims, cfg["rotary_emb_base"])
        self.query_key_value = nn.Linear(self.hidden_size, 3 * self.hidden_size)
        self.dense = nn.Linear(self.hidden_size, self.hidden_size)

    def forward(self, hidden_states, attention_mask):
        bsz, seq, _ = hidden_states.size()
        qkv = self.query_key_value(hidden_states)
        # [b, s, heads, 3 * head_size] -> [b, heads, s, 3 * head_size]: q, k, v per head
        qkv = qkv.view(bsz, seq, self.num_heads, 3 * self.head_size).permute(0, 2, 1, 3)
        q = qkv[..., : self.head_size]
        k = qkv[..., self.head_size: 2 * self.head_size]
        v = qkv[..., 2 * self.head_size:]
        q_rot, q_pass = q[..., : self.rotary_ndims], q[..., self.rotary_ndims:]
        k_rot, k_pass = k[..., : self.rotary_ndims], k[..., self.rotary_ndims:]
        cos, sin = self.rotary_emb(v, seq_len=seq)
        q_rot, k_rot = apply_rotary_pos_emb(q_rot, k_rot, cos, sin)
        q = torch.cat((q_rot, q_pass), dim=-1)
        k = torch.cat((k_rot, k_pass), dim=-1)
        scores = torch.matmul(q, k.transpose(2, 3)) / math.sqrt(self.head_size)
        probs = F.softmax(scores + attention_mask, dim=-1, dtype=torch.float32).to(v.dtype)
        out = torch.matmul(probs, v).permute(0, 2, 1, 3).contiguous()
        return self.dense(out.view(bsz, seq, self.hidden_size))


class GPTNeoXMLP(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.dense_h_to_4h = nn.Linear(cfg["hidden_size"], cfg["intermediate_size"])
        self.dense_4h_to_h = nn.Linear(cfg["intermediate_size"], cfg["hidden_size"])

    def forward(self, x):
        return self.dense_4h_to_h(F.gelu(self.dense_h_to_4h(x)))


class GPTNeoXLayer(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        eps = cfg["layer_norm_eps"]
        self.use_parallel_residual = cfg["use_parallel_residual"]
        self.input_layernorm = nn.LayerNorm(cfg["hidden_size"], eps=eps)
        self.post_attention_layernorm = nn.LayerNorm(cfg["hidden_size"], eps=eps)
        self.attention = GPTNeoXAttention(cfg)
        self.mlp = GPTNeoXMLP(cfg)

    def forward(self, hidden_states, attention_mask):
        attn = self.attention(self.input_layernorm(hidden_states), attention_mask)
        if self.use_parallel_residual:
            # x + attn(ln1(x)) + mlp(ln2(x))
            mlp = self.mlp(self.post_attention_layernorm(hidden_states))
            return mlp + attn + hidden_states
        attn = attn + hidden_states
        return self.mlp(self.post_attention_layernorm(attn)) + attn


class GPTNeoXModel(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.embed_in = nn.Embedding(cfg["vocab_size"], cfg["hidden_size"])
        self.layers = nn.ModuleList([GPTNeoXLayer(cfg) for _ in range(cfg["num_hidden_layers"])])
        self.final_layer_norm = nn.LayerNorm(cfg["hidden_size"], eps=cfg["layer_norm_eps"])

    def forward(self, input_ids):
        hidden_states = self.embed_in(input_ids)
        mask = causal_mask(input_ids.shape[1], hidden_states.dtype, hidden_states.device)
        for layer in self.layers:
            hidden_states = layer(hidden_states, mask)
        return self.final_layer_norm(hidden_states)


class GPTNeoXForCausalLM(nn.Module):
    def __init__(self, cfg, return_logits=False):
        super().__init__()
        self.gpt_neox = GPTNeoXModel(cfg)
        self.embed_out = nn.Linear(cfg["hidden_size"], cfg["vocab_size"], bias=False)
        self.return_logits = return_logits

    def forward(self, input_ids, labels):
        logits = self.embed_out(self.gpt_neox(input_ids)).float()
        loss = causal_lm_loss(logits, labels)
        return (loss, logits) if self.return_logits else loss
