# Writes the inputs of npz_io.hlo (deflated: np.savez_compressed, or stored: np.savez) and checks
# xpar's --out file: NumPy's savez layout (every member stored), valid CRCs, the expected values.
import sys
import zipfile

import numpy as np


def inputs():
    return {
        "arg0": np.array([[1, 2.5, -3], [0.125, 1024, -0.5]], np.float32),  # exact in bf16
        "arg1": np.array([0, -1, 7, 1 << 40], np.int64),
        "arg2": np.array([True, False, True]),
        "arg3": np.arange(3_000_000, dtype=np.float32).reshape(1000, 3000),
    }


def check(path):
    a = inputs()
    with zipfile.ZipFile(path) as z:
        for info in z.infolist():
            kind = "stored" if info.compress_type == zipfile.ZIP_STORED else "compressed"
            print(f"{info.filename} {kind}")
        bad = z.testzip()
        print("crc ok" if bad is None else f"bad crc in {bad}")
    out = np.load(path)
    want = [a["arg0"], a["arg0"], a["arg1"], a["arg2"], -a["arg0"], a["arg3"]]
    for i, w in enumerate(want):
        got = out[f"out{i}"]
        same = got.dtype == w.dtype and got.shape == w.shape and np.array_equal(got, w)
        print(f"out{i} {got.dtype} {'equal' if same else 'DIFFERENT'}")


if __name__ == "__main__":
    if sys.argv[1] == "compressed":
        np.savez_compressed(sys.argv[2], **inputs())
    elif sys.argv[1] == "stored":
        np.savez(sys.argv[2], **inputs())
    else:
        check(sys.argv[2])
