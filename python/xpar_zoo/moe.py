"""A mixture-of-experts decoder in the style of transformers' MixtralForCausalLM: LLaMA attention
and norms, and a sparse MoE block with top-2 routing in place of the MLP. Parameter names match
transformers (model.layers.0.block_sparse_moe.gate.weight, ...experts.3.w1.weight, ...).

Routing is written densely, so torch.jit.trace records it without data-dependent control flow:
every expert runs on every token and its output is weighted by the token's (renormalised) top-2
routing weight for that expert, zero when the expert was not chosen. This is the same function
Mixtral's sparse dispatch computes."""
import torch
from torch import nn
import torch.nn.functional as F

from .llama import LlamaAttention, LlamaForCausalLM, LlamaRMSNorm


class MixtralBlockSparseTop2MLP(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        h, i = cfg["hidden_size"], cfg["intermediate_size"]
        self.w1 = nn.Linear(h, i, bias=False)
        self.w2 = nn.Linear(i, h, bias=False)
        self.w3 = nn.Linear(h, i, bias=False)

    def forward(self, hidden_states):
        return self.w2(F.silu(self.w1(hidden_states)) * self.w3(hidden_states))


class MixtralSparseMoeBlock(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.num_experts = cfg["num_local_experts"]
        self.top_k = cfg["num_experts_per_tok"]
        self.gate = nn.Linear(cfg["hidden_size"], self.num_experts, bias=False)
        self.experts = nn.ModuleList(
            [MixtralBlockSparseTop2MLP(cfg) for _ in range(self.num_experts)])

    def forward(self, hidden_states):
        batch_size, sequence_length, hidden_dim = hidden_states.shape
        hidden_states = hidden_states.view(-1, hidden_dim)
        router_logits = self.gate(hidden_states)
        routing_weights = F.softmax(router_logits, dim=1, dtype=torch.float)
        routing_weights, selected_experts = torch.topk(routing_weights, self.top_k, dim=-1)
        routing_weights = routing_weights / routing_weights.sum(dim=-1, keepdim=True)
        routing_weights = routing_weights.to(hidden_states.dtype)
        # [tokens, top_k, experts] one-hot of the chosen experts, weighted and summed over top_k.
        expert_mask = F.one_hot(selected_experts, num_classes=self.num_experts).to(
            hidden_states.dtype)
        expert_weights = (expert_mask * routing_weights.unsqueeze(-1)).sum(dim=1)
        final = torch.zeros_like(hidden_states)
        for expert_idx, expert in enumerate(self.experts):
            final = final + expert(hidden_states) * expert_weights[:, expert_idx:expert_idx + 1]
        return final.reshape(batch_size, sequence_length, hidden_dim)


class MixtralDecoderLayer(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.self_attn = LlamaAttention(cfg)
        self.block_sparse_moe = MixtralSparseMoeBlock(cfg)
        self.input_layernorm = LlamaRMSNorm(cfg["hidden_size"], cfg["rms_norm_eps"])
        self.post_attention_layernorm = LlamaRMSNorm(cfg["hidden_size"], cfg["rms_norm_eps"])

    def forward(self, hidden_states, attention_mask):
        residual = hidden_states
        hidden_states = self.input_layernorm(hidden_states)
        hidden_states = residual + self.self_attn(hidden_states, attention_mask)
        residual = hidden_states
        hidden_states = self.post_attention_layernorm(hidden_states)
        return residual + self.block_sparse_moe(hidden_states)


class MixtralForCausalLM(LlamaForCausalLM):
    def __init__(self, cfg, return_logits=False):
        super().__init__(cfg, return_logits, layer_factory=MixtralDecoderLayer)
