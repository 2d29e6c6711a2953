"""Writes NumPy inputs for examples/mlp_train_step.hlo (arg0 = -learning rate, as torch_xla
passes it: the update is p + arg0 * grad)."""
import sys

import numpy as np

r = np.random.default_rng(0)
np.savez(sys.argv[1], arg0=np.float32(-0.01), arg1=r.integers(0, 10, 32),
         arg2=r.standard_normal(10, np.float32), arg3=r.standard_normal((10, 784), np.float32),
         arg4=r.standard_normal((32, 784), np.float32))
