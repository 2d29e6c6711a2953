"""Differential test of `xpar model`: one generated training step (forward, cross-entropy,
hand-written backward, AdamW) run by xpar against the same step in PyTorch (autograd and
torch.optim.AdamW).

  step_vs_torch.py inputs STEP.hlo IN.npz SEED    writes arguments arg0.. for the step
  step_vs_torch.py check STEP.hlo IN.npz OUT.npz HEADS KV_HEADS [GROUP]
                                                  recomputes the step in PyTorch, compares
                                                  (GROUP: an MoE step's tokens per gating group)

The reference follows HuggingFace's GPT2LMHeadModel (untied head, gelu_new) and
LlamaForCausalLM (RMSNorm, rotate_half rotary embeddings, repeat_kv) written functionally, since
transformers is not installed; the MoE step is GPT-2 with Alpa's GShard top-2 MoE layer
(alpa/model/moe.py) in layers 0, 2, ... and a tied head; the Wide-ResNet step is Alpa's flax
ResNet (SAME padding) in torch.nn.functional with batch statistics. The parameter names and
shapes come from the HLO itself.
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
            name not in ("step", "input_ids", "labels", "images")]


def make_inputs(params, seed, vocab):
    """Random arguments; ids and labels in [0, vocab) (classes for images)."""
    r = np.random.default_rng(seed)
    args = {}
    for num, name, dtype, dims in params:
        if name in ("input_ids", "labels"):
            ids = r.integers(0, vocab, dims).astype(np.int32)
            if name == "input_ids":  # out of range on purpose: the step clamps ids
                ids.flat[0], ids.flat[-1] = vocab + 5, -3
            value = ids
        elif name == "images":
            value = r.standard_normal(dims)
        elif name == "step":
            value = np.int32(4)  # steps taken before this one
        elif name.startswith("m."):
            value = 1e-3 * r.standard_normal(dims)
        elif name.startswith("v."):
            value = 1e-5 * r.uniform(0.5, 1.5, dims)
        elif len(dims) == 1:
            value = (1.0 if name.endswith("weight") else 0.0) + 0.1 * r.standard_normal(dims)
        elif len(dims) == 4:  # OIHW convolution kernels
            value = r.standard_normal(dims) / math.sqrt(np.prod(dims[1:]))
        elif len(dims) == 3:  # expert weights [E, in, out]
            value = r.standard_normal(dims) / math.sqrt(dims[1])
        else:
            value = r.standard_normal(dims) / math.sqrt(dims[-1])
        args[f"arg{num}"] = np.asarray(value, dtype=np.int32 if dtype == "s32" else np.float32)
    return args


def causal_softmax(scores):
    s = scores.shape[-1]
    mask = torch.tril(torch.ones(s, s, dtype=torch.bool))
    return torch.softmax(scores.masked_fill(~mask, torch.finfo(scores.dtype).min), dim=-1)


def top2_routing(gates, capacity):
    """Alpa's top2_gating: combine weights and dispatch mask [G, S, E, C]."""
    experts = gates.shape[-1]
    index_1 = gates.argmax(-1)
    mask_1 = F.one_hot(index_1, experts).float()
    gate_1 = (gates * mask_1).sum(-1)
    gates_without_top_1 = gates * (1 - mask_1)
    index_2 = gates_without_top_1.argmax(-1)
    mask_2 = F.one_hot(index_2, experts).float()
    gate_2 = (gates_without_top_1 * mask_2).sum(-1)
    pos_1 = torch.cumsum(mask_1, dim=1) - mask_1
    mask_1 = mask_1 * (pos_1 < capacity)
    pos_1 = (pos_1 * mask_1).sum(-1)
    pos_2 = torch.cumsum(mask_2, dim=1) - mask_2 + mask_1.sum(1, keepdim=True)
    mask_2 = mask_2 * (pos_2 < capacity)
    pos_2 = (pos_2 * mask_2).sum(-1)
    mask_1_flat, mask_2_flat = mask_1.sum(-1), mask_2.sum(-1)
    gate_1, gate_2 = gate_1 * mask_1_flat, gate_2 * mask_2_flat
    denom = gate_1 + gate_2
    denom = torch.where(denom > 0, denom, torch.ones_like(denom))
    gate_1, gate_2 = gate_1 / denom, gate_2 / denom
    first = torch.einsum("gse,gsc->gsec", (gate_1 * mask_1_flat)[..., None] * F.one_hot(index_1, experts),
                         F.one_hot(pos_1.long(), capacity).float())
    second = torch.einsum("gse,gsc->gsec", (gate_2 * mask_2_flat)[..., None] * F.one_hot(index_2, experts),
                          F.one_hot(pos_2.long(), capacity).float())
    combine = first + second
    return combine, (combine != 0).float()


def moe_mlp(x, wg, wi, wo, group):
    B, S, M = x.shape
    experts = wg.shape[1]
    xg = x.reshape(-1, group, M)
    gates = torch.softmax(xg @ wg, dim=-1)
    combine, dispatch = top2_routing(gates, -(-2 * group // experts))
    expert_in = torch.einsum("gsec,gsm->egcm", dispatch, xg)
    h = torch.relu(torch.einsum("egcm,emf->egcf", expert_in, wi))
    out = torch.einsum("egcf,efm->egcm", h, wo)
    return torch.einsum("gsec,egcm->gsm", combine, out).reshape(B, S, M)


def gpt_or_moe_loss(w, ids, labels, heads, group, eps=1e-5):
    """GPT-2, or with `group` the MoE model (MoE MLPs in layers 0, 2, ..., tied head)."""
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
        if f"h.{layer}.moe.wi" in w:
            x = x + moe_mlp(h, p("moe.gate.weight"), p("moe.wi"), p("moe.wo"), group)
        else:
            a = F.gelu(h @ p("mlp.c_fc.weight") + p("mlp.c_fc.bias"), approximate="tanh")
            x = x + a @ p("mlp.c_proj.weight") + p("mlp.c_proj.bias")
        layer += 1
    x = F.layer_norm(x, (H,), w["ln_f.weight"], w["ln_f.bias"], eps)
    logits = x @ w.get("lm_head.weight", wte).T
    return F.cross_entropy(logits.reshape(B * S, -1), labels.reshape(-1))


def same_pad(x, window, stride):
    """F.pad arguments of XLA's SAME padding for the two spatial dimensions of NCHW `x`."""
    pads = []
    for size in (x.shape[3], x.shape[2]):
        out = -(-size // stride)
        total = max((out - 1) * stride + window - size, 0)
        pads += [total // 2, total - total // 2]
    return pads


def conv_bn(x, w, prefix, conv, bn, stride, pads=None, eps=1e-5):
    kernel = w[f"{prefix}{conv}.weight"]
    if pads is None:
        pads = same_pad(x, kernel.shape[-1], stride)
    y = F.conv2d(F.pad(x, pads), kernel, stride=stride)
    return F.batch_norm(y, None, None, w[f"{prefix}{bn}.weight"], w[f"{prefix}{bn}.bias"],
                        training=True, eps=eps)


def wresnet_loss(w, images, labels):
    x = F.relu(conv_bn(images, w, "", "conv1", "bn1", 2, pads=[3, 3, 3, 3]))
    x = F.max_pool2d(F.pad(x, same_pad(x, 3, 2), value=-math.inf), 3, 2)
    stage = 1
    while f"layer{stage}.0.conv1.weight" in w:
        block = 0
        while f"layer{stage}.{block}.conv1.weight" in w:
            p = f"layer{stage}.{block}."
            stride = 2 if stage > 1 and block == 0 else 1
            y = F.relu(conv_bn(x, w, p, "conv1", "bn1", 1))
            y = F.relu(conv_bn(y, w, p, "conv2", "bn2", stride))
            y = conv_bn(y, w, p, "conv3", "bn3", 1)
            if p + "downsample.0.weight" in w:
                x = conv_bn(x, w, p, "downsample.0", "downsample.1", stride)
            x = F.relu(x + y)
            block += 1
        stage += 1
    logits = x.mean(dim=(2, 3)) @ w["fc.weight"].T + w["fc.bias"]
    return F.cross_entropy(logits, labels)


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


def label_range(by_name):
    """Ids and labels are clamped into [0, vocab), or [0, classes) for images."""
    if "fc.bias" in by_name:
        return by_name["fc.bias"].shape[0]
    return by_name["wte.weight" if "wte.weight" in by_name else "embed_tokens.weight"].shape[0]


def step_loss(w, by_name, heads, kv_heads, group):
    top = label_range(by_name)
    tensor = lambda name: torch.from_numpy(by_name[name].astype(np.int64)).clamp(0, top - 1)
    if "images" in by_name:
        return wresnet_loss(w, torch.from_numpy(by_name["images"]), tensor("labels"))
    if "wte.weight" in w:
        return gpt_or_moe_loss(w, tensor("input_ids"), tensor("labels"), heads, group)
    return llama_loss(w, tensor("input_ids"), tensor("labels"), heads, kv_heads)


def check(params, inputs, outputs, heads, kv_heads, group):
    names = weight_names(params)
    n = len(names)
    by_name = {name: inputs[f"arg{num}"] for num, name, _, _ in params}
    w = {name: torch.tensor(by_name[name], requires_grad=True) for name in names}
    loss = step_loss(w, by_name, heads, kv_heads, group)
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
        shapes = {name: dims for _, name, _, dims in params}
        top = shapes["fc.bias"][0] if "fc.bias" in shapes else params[0][3][0]
        np.savez(sys.argv[3], **make_inputs(params, int(sys.argv[4]), top))
    else:
        heads, kv_heads = int(sys.argv[5]), int(sys.argv[6])
        group = int(sys.argv[7]) if len(sys.argv) > 7 else 0
        check(params, np.load(sys.argv[3]), np.load(sys.argv[4]), heads, kv_heads, group)


if __name__ == "__main__":
    main()
