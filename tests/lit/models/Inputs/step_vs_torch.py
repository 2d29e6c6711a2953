"""Differential test of `xpar model`: one generated training step (forward, cross-entropy,
hand-written backward, AdamW) run by xpar against the same step in PyTorch (autograd and
torch.optim.AdamW).

  step_vs_torch.py inputs STEP.hlo IN.npz SEED    writes arguments arg0.. for the step
  step_vs_torch.py check STEP.hlo IN.npz OUT.npz HEADS KV_HEADS
                                                  recomputes the step in PyTorch, compares

The reference follows HuggingFace's GPT2LMHeadModel (untied head, gelu_new) and
LlamaForCausalLM (RMSNorm, rotate_half rotary embeddings, repeat_kv) written functionally, since
transformers is not installed. The parameter names and shapes come from the HLO itself.
"""
import math
import re
import sys

import numpy as np
import torch
import torch.nn.functional as F

TOLERANCE = 1e-5  # largest |xpar - torch| / max |torch| per tensor (f32)
PARAM = re.compile(r"%(\S+) = (\w+)\[([\d,]*)\]\S* parameter\((\d+)\)")


def read_params(path):
    """[(number, name, dtype, dims)] of the ENTRY computation, by parameter number."""
    text = open(path).read()
    entry = text[text.index("ENTRY"):]
    found = []
    for name, dtype, dims, num in PARAM.findall(entry):
        found.append((int(num), name, dtype, [int(d) for d in dims.split(",") if d]))
    return sorted(found)


def weight_names(params):
    return [name for _, name, _, _ in params if not name.startswith(("m.", "v.")) and
            name not in ("step", "input_ids", "labels")]


def make_inputs(params, seed, vocab):
    r = np.random.default_rng(seed)
    args = {}
    for num, name, dtype, dims in params:
        if name in ("input_ids", "labels"):
            ids = r.integers(0, vocab, dims).astype(np.int32)
            if name == "input_ids":  # out of range on purpose: the step clamps ids
                ids.flat[0], ids.flat[-1] = vocab + 5, -3
            value = ids
        elif name == "step":
            value = np.int32(4)  # steps taken before this one
        elif name.startswith("m."):
            value = 1e-3 * r.standard_normal(dims)
        elif name.startswith("v."):
            value = 1e-5 * r.uniform(0.5, 1.5, dims)
        elif len(dims) == 1:
            value = (1.0 if name.endswith("weight") else 0.0) + 0.1 * r.standard_normal(dims)
        else:
            value = r.standard_normal(dims) / math.sqrt(dims[-1])
        args[f"arg{num}"] = np.asarray(value, dtype=np.int32 if dtype == "s32" else np.float32)
    return args


def causal_softmax(scores):
    s = scores.shape[-1]
    mask = torch.tril(torch.ones(s, s, dtype=torch.bool))
    return torch.softmax(scores.masked_fill(~mask, torch.finfo(scores.dtype).min), dim=-1)


def gpt_loss(w, ids, labels, heads, eps=1e-5):
    wte = w["wte.weight"]
    B, S = ids.shape
    H = wte.shape[1]
    D = H // heads
    x = wte[ids] + w["wpe.weight"][:S]
    layer = 0
    while f"h.{layer}.ln_1.weight" in w:
        p = lambda n: w[f"h.{layer}.{n}"]
        h = F.layer_norm(x, (H,), p("ln_1.weight"), p("ln_1.bias"), eps)
        q, k, v = (h @ p("attn.c_attn.weight") + p("attn.c_attn.bias")).split(H, dim=2)
        q, k, v = (t.view(B, S, heads, D).transpose(1, 2) for t in (q, k, v))
        ctx = causal_softmax(q @ k.transpose(-1, -2) / math.sqrt(D)) @ v
        ctx = ctx.transpose(1, 2).reshape(B, S, H)
        x = x + ctx @ p("attn.c_proj.weight") + p("attn.c_proj.bias")
        h = F.layer_norm(x, (H,), p("ln_2.weight"), p("ln_2.bias"), eps)
        a = F.gelu(h @ p("mlp.c_fc.weight") + p("mlp.c_fc.bias"), approximate="tanh")
        x = x + a @ p("mlp.c_proj.weight") + p("mlp.c_proj.bias")
        layer += 1
    x = F.layer_norm(x, (H,), w["ln_f.weight"], w["ln_f.bias"], eps)
    logits = x @ w["lm_head.weight"].T
    return F.cross_entropy(logits.reshape(B * S, -1), labels.reshape(-1))


def rms_norm(x, weight, eps):
    return weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps))


def rotate_half(x):
    half = x.shape[-1] // 2
    return torch.cat((-x[..., half:], x[..., :half]), dim=-1)


def llama_loss(w, ids, labels, heads, kv_heads, eps=1e-5, theta=10000.0):
    emb = w["embed_tokens.weight"]
    B, S = ids.shape
    H = emb.shape[1]
    D = H // heads
    inv_freq = 1.0 / (theta ** (torch.arange(0, D, 2).float() / D))
    freqs = torch.einsum("i,j->ij", torch.arange(S, dtype=torch.float32), inv_freq)
    cos, sin = torch.cat((freqs, freqs), -1).cos(), torch.cat((freqs, freqs), -1).sin()
    x = emb[ids]
    layer = 0
    while f"layers.{layer}.input_layernorm.weight" in w:
        p = lambda n: w[f"layers.{layer}.{n}"]
        h = rms_norm(x, p("input_layernorm.weight"), eps)
        q = (h @ p("self_attn.q_proj.weight").T).view(B, S, heads, D).transpose(1, 2)
        k = (h @ p("self_attn.k_proj.weight").T).view(B, S, kv_heads, D).transpose(1, 2)
        v = (h @ p("self_attn.v_proj.weight").T).view(B, S, kv_heads, D).transpose(1, 2)
        q, k = q * cos + rotate_half(q) * sin, k * cos + rotate_half(k) * sin
        k = k.repeat_interleave(heads // kv_heads, dim=1)  # HF repeat_kv
        v = v.repeat_interleave(heads // kv_heads, dim=1)
        ctx = causal_softmax(q @ k.transpose(-1, -2) / math.sqrt(D)) @ v
        x = x + ctx.transpose(1, 2).reshape(B, S, H) @ p("self_attn.o_proj.weight").T
        h = rms_norm(x, p("post_attention_layernorm.weight"), eps)
        a = F.silu(h @ p("mlp.gate_proj.weight").T) * (h @ p("mlp.up_proj.weight").T)
        x = x + a @ p("mlp.down_proj.weight").T
        layer += 1
    logits = rms_norm(x, w["norm.weight"], eps) @ w["lm_head.weight"].T
    return F.cross_entropy(logits.reshape(B * S, -1), labels.reshape(-1))


def rel_err(got, want):
    scale = max(float(np.abs(want).max()), 1e-30)
    return float(np.abs(got.astype(np.float64) - want).max()) / scale


def check(params, inputs, outputs, heads, kv_heads):
    names = weight_names(params)
    n = len(names)
    by_name = {name: inputs[f"arg{num}"] for num, name, _, _ in params}
    vocab = by_name[names[0]].shape[0]
    ids = torch.from_numpy(by_name["input_ids"].astype(np.int64)).clamp(0, vocab - 1)
    labels = torch.from_numpy(by_name["labels"].astype(np.int64)).clamp(0, vocab - 1)
    w = {name: torch.tensor(by_name[name], requires_grad=True) for name in names}
    if "wte.weight" in w:
        loss = gpt_loss(w, ids, labels, heads)
    else:
        loss = llama_loss(w, ids, labels, heads, kv_heads)
    loss.backward()
    opt = torch.optim.AdamW([w[name] for name in names], foreach=False)
    for name in names:
        opt.state[w[name]] = {"step": torch.tensor(float(by_name["step"])),
                              "exp_avg": torch.tensor(by_name["m." + name]),
                              "exp_avg_sq": torch.tensor(by_name["v." + name])}
    grads = {name: w[name].grad.numpy().copy() for name in names}
    opt.step()
    worst = {"loss": rel_err(outputs["out0"], loss.detach().numpy())}
    for kind in ("grad", "weight", "update", "m", "v"):
        worst[kind] = 0.0
    for i, name in enumerate(names):
        state = opt.state[w[name]]
        w0 = by_name[name]
        m_new = outputs[f"out{1 + n + i}"]
        implied_grad = (m_new.astype(np.float64) - 0.9 * by_name["m." + name]) / 0.1
        errs = {"grad": rel_err(implied_grad, grads[name]),
                "weight": rel_err(outputs[f"out{1 + i}"], w[name].detach().numpy()),
                "update": rel_err(outputs[f"out{1 + i}"] - w0, w[name].detach().numpy() - w0),
                "m": rel_err(m_new, state["exp_avg"].numpy()),
                "v": rel_err(outputs[f"out{1 + 2 * n + i}"], state["exp_avg_sq"].numpy())}
        for kind, e in errs.items():
            worst[kind] = max(worst[kind], e)
    # Gradients implied by m (1e-4) and weight deltas (1e-3: f32 weights near 1 hold deltas near
    # 1e-3 to ~1e-4) lose digits to cancellation; the rest must agree to 1e-5.
    limits = {"grad": 1e-4, "update": 1e-3}
    print(f"{n} weights, loss {float(loss):.6f}")
    for kind, e in worst.items():
        verdict = "ok" if e <= limits.get(kind, TOLERANCE) else "MISMATCH"
        print(f"{kind} {verdict} max_rel_err={e:.2e}")


def main():
    mode, hlo = sys.argv[1], sys.argv[2]
    params = read_params(hlo)
    if mode == "inputs":
        vocab = params[0][3][0]
        np.savez(sys.argv[3], **make_inputs(params, int(sys.argv[4]), vocab))
    else:
        heads, kv_heads = int(sys.argv[5]), int(sys.argv[6])
        check(params, np.load(sys.argv[3]), np.load(sys.argv[4]), heads, kv_heads)


if __name__ == "__main__":
    main()
