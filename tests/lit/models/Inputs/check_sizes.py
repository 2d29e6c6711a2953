"""Compares the parameter counts of `xpar model` summary lines ("wrote F: NAME training step
(...), N instructions, P parameters (...)") on stdin with the sizes Alpa publishes for its MoE
and Wide-ResNet suites (paper Table 4; benchmark/alpa/suite_manual_moe.py, suite_wresnet.py).

A count agrees when it is within half a unit of the published figure's last digit (1.35 G is
"1.3B") or within 2% of it (6.73 G is "6.8B"). An MoE count must also match Alpa's own formula
(benchmark/alpa/util.py compute_moe_parameter_count, which counts expert biases and a tied
embedding with a vocabulary bias, but no position table or gate) within 0.5%.
"""
import re
import sys

# name: (figure as written, value, MoE (hidden, layers, experts) or None)
PUBLISHED = {
    "moe-380m": ("380M", 380e6, (768, 8, 8)), "moe-1.3b": ("1.3B", 1.3e9, (768, 16, 16)),
    "moe-2.4b": ("2.4B", 2.4e9, (1024, 16, 16)), "moe-10b": ("10B", 10e9, (1536, 16, 32)),
    "moe-27b": ("27B", 27e9, (2048, 16, 48)), "moe-70b": ("70B", 70e9, (2048, 32, 64)),
    "wresnet-250m": ("250M", 250e6, None), "wresnet-1b": ("1B", 1e9, None),
    "wresnet-2b": ("2B", 2e9, None), "wresnet-4b": ("4B", 4e9, None),
    "wresnet-7b": ("6.8B", 6.8e9, None), "wresnet-13b": ("13B", 13e9, None),
}
UNITS = {"M": 1e6, "B": 1e9}
SUMMARY = re.compile(r": (\S+) training step .*, (\d+) instructions, (\d+) parameters")
MOE_VOCAB = 32000


def alpa_moe_count(hidden, layers, experts, vocab=MOE_VOCAB, mlp_factor=8):
    h, f = hidden, mlp_factor * hidden
    attention = h * (3 * h + 1) + h * (h + 1) + 4 * h
    dense = attention + h * (f + 1) + f * (h + 1)
    moe = attention + experts * (h * (f + 1) + f * (h + 1))
    return layers // 2 * (dense + moe) + vocab * (h + 1)


def half_unit(figure):
    digits = figure[:-1]
    decimals = len(digits.split(".")[1]) if "." in digits else 0
    return 0.5 * 10 ** -decimals * UNITS[figure[-1]]


def main():
    bad = seen = 0
    for line in sys.stdin:
        match = SUMMARY.search(line)
        if not match or match.group(1) not in PUBLISHED:
            continue
        seen += 1
        name, instructions, count = match.group(1), int(match.group(2)), int(match.group(3))
        figure, value, moe = PUBLISHED[name]
        ok = abs(count - value) <= max(half_unit(figure), 0.02 * value)
        note = ""
        if moe:
            alpa = alpa_moe_count(*moe)
            ok = ok and abs(count / alpa - 1) <= 0.005
            note = f"; Alpa's formula {alpa:,} ({100 * (count / alpa - 1):+.2f}%)"
        bad += not ok
        print(f"{name}: {instructions} instructions, {count:,} parameters vs {figure} "
              f"({100 * (count / value - 1):+.1f}%){note}: {'ok' if ok else 'MISMATCH'}")
    print(f"{seen} presets, all sizes agree" if bad == 0 else f"{bad} sizes disagree")


if __name__ == "__main__":
    main()
