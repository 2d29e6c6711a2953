"""Configurations by name: tiny ones for tests and the published ones (never built in tests).

Keys follow transformers' config classes (LlamaConfig, GPT2Config, BertConfig, MixtralConfig,
GPTNeoXConfig)."""
import torch
from torch import nn

from .bert import BertForMaskedLM
from .gpt2 import GPT2LMHeadModel
from .gpt_neox import GPTNeoXForCausalLM
from .llama import LlamaForCausalLM
from .moe import MixtralForCausalLM


def _llama(hidden, inter, layers, heads, kv_heads, vocab=32000, **extra):
    cfg = dict(vocab_size=vocab, hidden_size=hidden, intermediate_size=inter,
               num_hidden_layers=layers, num_attention_heads=heads, num_key_value_heads=kv_heads,
               rms_norm_eps=1e-5, rope_theta=10000.0, max_position_embeddings=4096,
               initializer_range=0.02, tie_word_embeddings=False)
    cfg.update(extra)
    return cfg


def _gpt2(n_embd, n_layer, n_head, vocab=50257, n_positions=1024):
    return dict(vocab_size=vocab, n_positions=n_positions, n_embd=n_embd, n_layer=n_layer,
                n_head=n_head, n_inner=None, layer_norm_epsilon=1e-5, initializer_range=0.02)


def _bert(hidden, layers, heads, inter, vocab=30522, max_pos=512):
    return dict(vocab_size=vocab, hidden_size=hidden, num_hidden_layers=layers,
                num_attention_heads=heads, intermediate_size=inter, max_position_embeddings=max_pos,
                type_vocab_size=2, layer_norm_eps=1e-12, pad_token_id=0, initializer_range=0.02)


def _gpt_neox(hidden, layers, heads, inter, vocab=50304, max_pos=2048):
    return dict(vocab_size=vocab, hidden_size=hidden, num_hidden_layers=layers,
                num_attention_heads=heads, intermediate_size=inter, rotary_pct=0.25,
                rotary_emb_base=10000.0, max_position_embeddings=max_pos, layer_norm_eps=1e-5,
                use_parallel_residual=True, hidden_act="gelu", initializer_range=0.02,
                tie_word_embeddings=False)


def _moe(hidden, inter, layers, heads, kv_heads, experts, top_k, vocab=32000):
    return _llama(hidden, inter, layers, heads, kv_heads, vocab, num_local_experts=experts,
                  num_experts_per_tok=top_k, rope_theta=1e6)


CONFIGS = {
    "llama": {
        "tiny": _llama(64, 128, 2, 4, 2, vocab=128),
        "llama2-7b": _llama(4096, 11008, 32, 32, 32),
        "llama2-13b": _llama(5120, 13824, 40, 40, 40),
        "llama2-70b": _llama(8192, 28672, 80, 64, 8),
    },
    "gpt2": {
        "tiny": _gpt2(64, 2, 4, vocab=128, n_positions=32),
        "gpt2": _gpt2(768, 12, 12),
        "gpt2-medium": _gpt2(1024, 24, 16),
        "gpt2-large": _gpt2(1280, 36, 20),
        "gpt2-xl": _gpt2(1600, 48, 25),
    },
    "bert": {
        "tiny": _bert(64, 2, 4, 128, vocab=128, max_pos=32),
        "bert-base": _bert(768, 12, 12, 3072),
        "bert-large": _bert(1024, 24, 16, 4096),
    },
    "gpt_neox": {
        "tiny": _gpt_neox(64, 2, 4, 256, vocab=128, max_pos=32),
        "pythia-160m": _gpt_neox(768, 12, 12, 3072),
        "pythia-1b": _gpt_neox(2048, 16, 8, 8192),
        "gpt-neox-20b": _gpt_neox(6144, 44, 64, 24576, vocab=50432),
    },
    "moe": {
        "tiny": _moe(64, 96, 2, 4, 2, experts=4, top_k=2, vocab=128),
        "mixtral-8x7b": _moe(4096, 14336, 32, 32, 8, experts=8, top_k=2),
    },
}

MODELS = {
    "llama": LlamaForCausalLM,
    "gpt2": GPT2LMHeadModel,
    "bert": BertForMaskedLM,
    "moe": MixtralForCausalLM,
    "gpt_neox": GPTNeoXForCausalLM,
}


def get_config(model, config):
    if model not in CONFIGS:
        raise KeyError(f"unknown model '{model}' (known: {', '.join(CONFIGS)})")
    if config not in CONFIGS[model]:
        raise KeyError(f"unknown config '{config}' for {model} "
                       f"(known: {', '.join(CONFIGS[model])})")
    return dict(CONFIGS[model][config])


def _init_weights(module, std):
    """transformers' _init_weights: normal(0, initializer_range) for linear and embedding
    weights, zero biases, LayerNorm/RMSNorm weights one."""
    for m in module.modules():
        if isinstance(m, nn.Linear):
            nn.init.normal_(m.weight, std=std)
            if m.bias is not None:
                nn.init.zeros_(m.bias)
        elif isinstance(m, nn.Embedding):
            nn.init.normal_(m.weight, std=std)
            if m.padding_idx is not None:
                with torch.no_grad():
                    m.weight[m.padding_idx].zero_()
        elif isinstance(m, nn.LayerNorm):
            nn.init.ones_(m.weight)
            nn.init.zeros_(m.bias)


def build_model(model, config="tiny", seed=0, return_logits=False, init_std=None):
    """A model in eval mode with seeded weights. init_std overrides initializer_range (tests use
    a larger one so that logits are far from zero and relative errors mean something)."""
    cfg = get_config(model, config)
    torch.manual_seed(seed)
    net = MODELS[model](cfg, return_logits=return_logits)
    _init_weights(net, init_std if init_std is not None else cfg["initializer_range"])
    return net.eval(), cfg
