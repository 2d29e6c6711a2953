"""Merges npz files into one (later files win): inputs.npz + params.npz for running imported HLO."""
import sys

import numpy as np

arrays = {}
for path in sys.argv[2:]:
    with np.load(path) as f:
        arrays.update({k: f[k] for k in f.files})
np.savez(sys.argv[1], **arrays)
