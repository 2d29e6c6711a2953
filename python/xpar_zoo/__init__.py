"""xpar's model zoo: HuggingFace architectures in plain PyTorch (same math, same parameter names).

Models: LLaMA, GPT-2, BERT, Mixtral-style MoE, GPT-NeoX (Pythia). Each model's
forward(input_ids, labels) returns the cross-entropy loss (and, with return_logits=True, the
logits too), so one torch.jit.trace captures forward and loss.
"""
from .configs import CONFIGS, MODELS, build_model, get_config

__all__ = ["CONFIGS", "MODELS", "build_model", "get_config"]
