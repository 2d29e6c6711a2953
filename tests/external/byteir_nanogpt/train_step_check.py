"""Checks the values of ByteIR's nanoGPT training step (fw.mlir, bw.mlir here) run by xpar.

usage: train_step_check.py XPAR WORKDIR BATCH [--forward-only] [--fd ARG,ARG,...]
                           [--mesh-fw MxN] [--mesh-bw MxN]

BATCH < 64 runs copies cut to BATCH sequences by shrink_batch.py. The forward gets nanoGPT's
initialisation (weights N(0, 0.02), biases 0, layer-norm weights 1, causal masks, random token
ids and targets): its loss must be finite and within 0.25 of ln(65), the loss of a uniform
guess. The backward gets the forward's saved values (mapped by their role in each block) and the
logits' gradient (softmax - onehot) / tokens computed here (the upstream file leaves
nll_loss_backward out). Its gradients are checked against NumPy (the head's weight: the logits'
gradient times the final layer norm's output) and against central differences of the forward's
loss along each checked gradient's own direction: (L(p + e u) - L(p - e u)) / 2e = |g| for
u = g / |g|. The forward's dropout masks come from mhlo.rng, which xpar seeds the same in every
run, so all runs see the same masks; this is checked too. --fd names the parameters (forward
argument numbers; the backward's output of the same number is their gradient). With --mesh-fw /
--mesh-bw, the forward / backward is also planned (`xpar plan --mesh M -o planned.mlir`) and run
partitioned against one device (`xpar run planned.mlir --mesh M --check`).
"""
import os
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
V, T, C, LAYERS = 65, 256, 384, 6


def fw_inputs(batch, seed=0):
    rng = np.random.default_rng(seed)
    w = lambda *s: (rng.standard_normal(s) * 0.02).astype(np.float32)
    a = {'arg0': w(V, C), 'arg1': w(T, C)}
    block = [None, None, (1152, C), (1152,), (C, C), (C,), None, None, (1536, C), (1536,),
             (C, 1536), (C,)]
    for k in range(LAYERS):
        for j, s in enumerate(block):
            name = 'arg%d' % (2 + 12 * k + j)
            if j in (0, 6):
                a[name] = np.ones(C, np.float32)
            elif j in (1, 7) or len(s) == 1:
                a[name] = np.zeros(s or C, np.float32)
            else:
                a[name] = w(*s)
    a['arg74'], a['arg75'], a['arg76'] = np.ones(C, np.float32), np.zeros(C, np.float32), w(V, C)
    for m in range(77, 83):
        a['arg%d' % m] = np.tril(np.ones((T, T), np.float32)).reshape(1, 1, T, T)
    a['arg83'] = rng.integers(0, V, (batch, T)).astype(np.int64)
    a['arg84'] = rng.integers(0, V, (batch, T)).astype(np.int64)
    return a


# The forward's return list (fw.mlir's func.return), and which forward value each backward
# argument is. Per block, the backward's 29 saved values by role, in forward layer-0 numbering
# (shifted by 74 values and 12 arguments per layer); bw.mlir's blocks run from layer 5 to 0.
FW_RET = None
BLOCK_ROLES = ['%98', '%89', '%90', '%81', '%87', '%86', '%80', '%75', '%76', '%74#1', '%73',
               '%74#2', '%arg8', '%71', '%62', '%63', '%57', '%58', '%55', '%51', '%48', '%43',
               '%44', '%28', '%29', '%27#1', '%26', '%27#2', '%arg2']
BW_BLOCK_ARGS = [  # layer 5, 4, ..., 0: the backward's argument for each role
    [181, 17, 23, 128, 107, 119, 150, 125, 143, 58, 152, 66, 77, 131, 180, 104, 120, 114, 72,
     159, 156, 19, 96, 16, 113, 46, 106, 29, 52],
    [133, 75, 85, 100, 43, 71, 115, 161, 155, 137, 116, 117, 30, 147, 5, 164, 166, 105, 174, 168,
     145, 110, 158, 173, 136, 99, 169, 130, 4],
    [171, 149, 154, 33, 51, 94, 69, 24, 12, 84, 132, 79, 67, 87, 32, 56, 7, 178, 172, 170, 183,
     103, 141, 37, 153, 93, 74, 97, 42],
    [91, 61, 0, 121, 102, 73, 157, 184, 26, 126, 118, 15, 13, 175, 21, 95, 90, 49, 55, 54, 82, 9,
     22, 18, 34, 63, 70, 89, 176],
    [25, 62, 144, 81, 36, 76, 11, 10, 83, 88, 92, 20, 146, 44, 78, 45, 65, 31, 50, 28, 3, 124, 35,
     163, 64, 60, 129, 47, 122],
    [177, 80, 38, 57, 8, 185, 68, 167, 48, 6, 148, 142, 98, 2, 179, 165, 139, 1, 101, 27, 138, 86,
     182, 123, 135, 140, 162, 111, 160],
]
# The rest: the head (log_softmax output, final layer norm), the embedding's dropout mask, the
# positions and the token ids.
BW_OTHER_ARGS = {39: '%477', 109: '%473', 127: '%472', 40: '%471#1', 134: '%470', 108: '%471#2',
                 14: '%arg74', 151: '%25', 112: '%17', 53: '%arg83'}


def shift(value, layer):
    if value.startswith('%arg'):
        return '%%arg%d' % (int(value[4:]) + 12 * layer)
    num, _, res = value[1:].partition('#')
    return '%%%d' % (int(num) + 74 * layer) + ('#' + res if res else '')


def fw_return_list(fw_text):
    ret = fw_text[fw_text.index('"func.return"(') + len('"func.return"('):]
    return ret[:ret.index(')')].split(', ')


def bw_arg_sources(fw_text):
    """backward argument number -> forward output index."""
    ret = fw_return_list(fw_text)
    src = {}
    for i, args in enumerate(BW_BLOCK_ARGS):
        layer = LAYERS - 1 - i
        for role, arg in zip(BLOCK_ROLES, args):
            src[arg] = ret.index(shift(role, layer))
    for arg, value in BW_OTHER_ARGS.items():
        src[arg] = ret.index(value)
    return src


def run(xpar, program, inputs, out, extra=(), print_limit=0):
    cmd = [xpar, 'run', program, '--inputs', inputs, '--print-limit', str(print_limit)]
    cmd += list(extra) + (['--out', out] if out else [])
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit('FAIL %s\n%s%s' % (' '.join(cmd), p.stdout[-3000:], p.stderr[-3000:]))
    return p.stdout


def loss_of(xpar, fw, inputs, path):
    """The forward's loss as xpar prints it (shortest round-trip digits): no --out, whose
    189 outputs are 6 GB at batch 64."""
    np.savez(path, **inputs)
    out = run(xpar, fw, path, None, print_limit=1)
    return float(np.float32(out.split('out1: f32[] ')[1].split()[0]))


def check_mesh(xpar, work, program, inputs, mesh):
    """Plans the program on the mesh and runs the planned program partitioned vs one device."""
    planned = os.path.join(work, 'planned_' + os.path.basename(program))
    cmd = [xpar, 'plan', program, '--mesh', mesh, '--quiet', '--time-limit', '2', '-o', planned]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit('FAIL %s\n%s%s' % (' '.join(cmd), p.stdout[-3000:], p.stderr[-3000:]))
    split = sum(l.count('mhlo.sharding = "{devices=') for l in open(planned))
    out = run(xpar, planned, inputs, None, ['--mesh', mesh, '--check', '--rtol', '1e-4'])
    checks = [l for l in out.splitlines() if l.startswith('check ')]
    worst = max(float(l.split('difference ')[1].split()[0]) for l in checks) if checks else -1
    return report('%s planned on %s vs one device' % (os.path.basename(program), mesh),
                  len(checks) > 0 and split > 0 and 0 <= worst <= 1e-4,
                  '%d outputs, %d values split, largest relative difference %.2e' %
                  (len(checks), split, worst))


def report(name, ok, detail):
    print('%s %s: %s' % ('PASS' if ok else 'FAIL', name, detail))
    return ok


def programs(work, batch):
    """The verbatim files, or copies cut to `batch` sequences."""
    if batch == 64:
        return os.path.join(HERE, 'fw.mlir'), os.path.join(HERE, 'bw.mlir')
    out = []
    for name in ('fw.mlir', 'bw.mlir'):
        subprocess.run([sys.executable, os.path.join(HERE, 'shrink_batch.py'),
                        os.path.join(HERE, name), os.path.join(work, name), str(batch)],
                       check=True)
        out.append(os.path.join(work, name))
    return out


def check_forward(xpar, work, fw, a):
    """Runs the forward; returns (ok, its outputs, the logits' gradient of the mean loss)."""
    fw_in, fw_out = os.path.join(work, 'fw_in.npz'), os.path.join(work, 'fw_out.npz')
    np.savez(fw_in, **a)
    run(xpar, fw, fw_in, fw_out)
    f = np.load(fw_out)
    loss = float(f['out1'])
    ok = report('forward loss', np.isfinite(loss) and abs(loss - np.log(V)) < 0.25,
                '%.6f, ln(65) = %.6f' % (loss, np.log(V)))
    logits = f['out2'].astype(np.float64)  # [tokens, 65]
    targets = a['arg84'].reshape(-1)
    p = np.exp(logits - logits.max(1, keepdims=True))
    p /= p.sum(1, keepdims=True)
    ref_loss = -np.mean(np.log(p[np.arange(len(targets)), targets]))
    ok &= report('forward loss vs NumPy on its logits', abs(loss - ref_loss) < 1e-5 * ref_loss,
                 '%.7f vs %.7f' % (loss, ref_loss))
    p[np.arange(len(targets)), targets] -= 1
    return ok, f, p / len(targets)


def check_backward(xpar, work, fw, bw, a, f, dlogits):
    """Runs the backward on the forward's saved values; checks the head's gradient."""
    src = bw_arg_sources(open(fw).read())
    bw_in = {'arg%d' % k: f['out%d' % i] for k, i in src.items()}
    bw_in['arg187'] = dlogits.astype(np.float32)
    bw_in['arg41'] = a['arg84'].reshape(-1)  # unused: upstream commented out nll_loss_backward
    bw_in['arg59'] = bw_in['arg186'] = np.float32(0)
    bw_in_path, bw_out = os.path.join(work, 'bw_in.npz'), os.path.join(work, 'bw_out.npz')
    np.savez(bw_in_path, **bw_in)
    del bw_in  # 6 GB at batch 64: not held while xpar runs
    run(xpar, bw, bw_in_path, bw_out)
    g = np.load(bw_out)
    x = f['out%d' % fw_return_list(open(fw).read()).index('%473')].astype(np.float64)
    head = dlogits.T @ x
    err = np.abs(g['out76'] - head).max() / np.abs(head).max()
    ok = report('head weight gradient vs NumPy', err < 1e-4, 'max rel diff %.2e' % err)
    ok &= report('77 gradients finite', all(np.isfinite(g['out%d' % i]).all() for i in range(77)),
                 '')
    return ok, g, bw_in_path


def check_differences(xpar, work, fw, a, g, fd_args, loss):
    """Central differences of the forward's loss along each gradient's direction."""
    path = os.path.join(work, 'fw_fd_in.npz')
    again = loss_of(xpar, fw, a, path)
    ok = report('forward repeatable (same dropout masks)', again == loss, '%.7f' % again)
    eps = 1e-2
    for arg in fd_args:  # 0 wte, 1 wpe, 2.. layer 0 (ln1 w, b, c_attn W, b, ...), 75 ln_f b
        grad = g['out%d' % arg].astype(np.float64)
        norm = np.linalg.norm(grad)
        moved = []
        for sign in (1, -1):
            b = dict(a)
            b['arg%d' % arg] = (a['arg%d' % arg] + sign * eps * grad / norm).astype(np.float32)
            moved.append(loss_of(xpar, fw, b, path))
        fd = (moved[0] - moved[1]) / (2 * eps)
        rel = abs(fd - norm) / norm
        ok &= report('gradient of arg%d vs central difference' % arg, rel < 0.03,
                     '|g| = %.6g, difference quotient %.6g (rel %.1e)' % (norm, fd, rel))
    return ok


def main():
    xpar, work, batch = sys.argv[1], sys.argv[2], int(sys.argv[3])
    option = lambda name: sys.argv[sys.argv.index(name) + 1] if name in sys.argv else None
    forward_only = '--forward-only' in sys.argv
    fd_args = [int(x) for x in option('--fd').split(',')] if option('--fd') else []
    os.makedirs(work, exist_ok=True)
    fw, bw = programs(work, batch)
    a = fw_inputs(batch)
    ok, f, dlogits = check_forward(xpar, work, fw, a)
    if option('--mesh-fw'):
        ok &= check_mesh(xpar, work, fw, os.path.join(work, 'fw_in.npz'), option('--mesh-fw'))
    if not forward_only:
        bw_ok, g, bw_in = check_backward(xpar, work, fw, bw, a, f, dlogits)
        ok &= bw_ok
        if fd_args:
            ok &= check_differences(xpar, work, fw, a, g, fd_args, float(f['out1']))
        if option('--mesh-bw'):
            ok &= check_mesh(xpar, work, bw, bw_in, option('--mesh-bw'))
    sys.exit(0 if ok else 1)


if __name__ == '__main__':
    main()
