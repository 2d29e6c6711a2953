"""xpar from Python: load a model (HLO, StableHLO/MHLO, TorchScript), plan its sharding over a
device mesh (Alpa's intra-operator pass), run it partitioned on simulated devices and check it
against one device.

    import numpy as np, xpar
    m = xpar.load("examples/mlp_train_step.hlo")
    p = xpar.plan(m, mesh=(2, 2), cluster="dgx-a100", memory="100KiB")
    print(p.summary())
    outs = xpar.run(m, "random:0", mesh=(2, 2), plan=p, check=True)

Errors raise xpar.Error (a failed check: xpar.CheckError) with xpar's located message.
See docs/python.md.
"""
from collections import namedtuple

import numpy as np

from . import _xpar
from ._xpar import CheckError, Error

__all__ = ["load", "plan", "run", "clusters", "Module", "Plan", "Outputs", "Error",
           "CheckError", "Parameter", "Output", "Sharding", "Estimate"]

Parameter = namedtuple("Parameter", "number name shape dtype stored")
Output = namedtuple("Output", "shape dtype")
Sharding = namedtuple("Sharding", "name shape dtype specs hlo bytes_per_device")
Estimate = namedtuple(
    "Estimate", "seconds compute_seconds communication_seconds bytes_per_device "
    "memory_limit_bytes fits solver optimal solve_seconds build_seconds")


def _mesh_text(mesh):
    """(2, 4), [2, 4], 8, "2x4" -> "2x4"; None -> "" (one device)."""
    if mesh is None:
        return ""
    if isinstance(mesh, str):
        return mesh
    if isinstance(mesh, int):
        return str(mesh)
    try:
        return "x".join(str(int(axis)) for axis in mesh)
    except (TypeError, ValueError):
        raise Error(f"mesh {mesh!r}: expected a tuple of axis sizes such as (2, 4)") from None


class Module:
    """A verified program: the entry computation's parameters and outputs, its text."""

    def __init__(self, handle):
        self._h = handle

    @property
    def name(self):
        return self._h.name

    @property
    def parameters(self):
        """Parameter(number, name, shape, dtype, stored) per entry parameter; stored: the
        model file holds its value (a TorchScript trace's weights)."""
        return [Parameter(n, name, tuple(shape), dtype, stored)
                for n, name, shape, dtype, stored in self._h.parameters()]

    @property
    def outputs(self):
        return [Output(tuple(shape), dtype) for shape, dtype in self._h.outputs()]

    @property
    def stored_weights(self):
        """The weights the file stores, by parameter name, as NumPy arrays (copies)."""
        return self._h.stored_weights()

    def summary(self):
        return self._h.summary()

    def to_hlo(self):
        return self._h.to_hlo()

    def to_stablehlo(self):
        return self._h.to_stablehlo()

    def __repr__(self):
        return f"<xpar.Module {self.name} from {self._h.origin}>"


class Plan:
    """A sharding for every tensor of a module on a mesh, with its estimated cost."""

    def __init__(self, handle, module):
        self._h = handle
        self.module = module

    @property
    def mesh(self):
        return tuple(self._h.mesh)

    @property
    def estimate(self):
        """Estimate: seconds per step (compute + communication), bytes_per_device (peak),
        whether that fits the memory limit, and the solve."""
        e = self._h.estimate()
        return Estimate(**{k: e[k] for k in Estimate._fields})

    def summary(self, rows=20):
        """The report `xpar plan` prints (at most `rows` rows per table)."""
        return self._h.summary(rows)

    def to_json(self):
        """The plan as `xpar plan --json` writes it (`xpar partition --plan` reads it)."""
        return self._h.to_json()

    def to_hlo(self):
        """The module with the chosen `sharding={...}` annotations (`xpar plan -o`)."""
        return self._h.to_hlo()

    def sharding(self, name):
        """Sharding(name, shape, dtype, specs, hlo, bytes_per_device) of the tensor named `name`
        (an instruction of the module, with or without '%'): specs in the report's notation
        ("[S(0),R]": dim 0 split over mesh axis 0), hlo as XLA's annotation."""
        n, shape, dtype, specs, hlo, size = self._h.sharding(name)
        return Sharding(n, tuple(shape), dtype, list(specs), list(hlo), size)

    def to_html(self):
        """The plan report as one self-contained HTML page (`xpar plan --html`): the mesh, each
        tensor's sharding drawn on it, collectives, memory over the program, timeline."""
        return self._h.to_html()

    @property
    def tensor_names(self):
        return list(self._h.tensor_names())

    def annotated_module(self):
        """A copy of the module carrying the plan's shardings (what run(plan=...) runs)."""
        return Module(self._h.annotated_module())

    def __repr__(self):
        e = self.estimate
        return (f"<xpar.Plan of {self.module.name} on mesh {'x'.join(map(str, self.mesh))}: "
                f"{e.seconds * 1e3:.3f} ms, {e.bytes_per_device} bytes per device>")


class Outputs(list):
    """The outputs of run() as NumPy arrays (viewing xpar's buffers, no copies), in order: the
    root's tuple elements, or the root alone. differences: with check=True, each output's
    max|a-b|/max|b| against the single-device run; seconds: the run's time; devices: how many
    simulated devices ran."""

    def __init__(self, arrays, differences, seconds, devices):
        super().__init__(arrays)
        self.differences = differences
        self.seconds = seconds
        self.devices = devices


def load(path, input_shapes=None, inputs_file=None):
    """Reads and verifies a model: HLO text (.hlo, .txt), StableHLO/MHLO text (.mlir), or a
    TorchScript trace (.pt; its weights are kept). For a .pt file that records no input
    shapes, give input_shapes=["f32[2,8]", ...] or an inputs_file (.npz) whose arrays give them."""
    return Module(_xpar.load(str(path), list(input_shapes or []), str(inputs_file or "")))


def plan(module, mesh, cluster="dgx-a100", memory=None, time_limit=10.0, backend="auto",
         seed=1, stall_rounds=50, shard_parameters=False, latency="per-collective"):
    """Chooses a sharding for every tensor of `module` on `mesh` (e.g. (2, 4)) as `xpar plan`
    does, with the same defaults: cluster is a preset (xpar.clusters()) or a JSON file; memory
    the per-device limit ("40GiB" or bytes; default the cluster's device memory); time_limit
    seconds for building and solving; backend "exact" (CBC), "fast" or "auto"; seed and
    stall_rounds steer the fast solver (0 rounds: use the whole time limit); shard_parameters
    stores every parameter split (ZeRO-3 style); latency "per-collective" (one alpha per
    collective, as Alpa and XLA) or "per-ring-step". Raises xpar.Error, naming the tensors that
    fill the peak, when no sharding fits the memory limit."""
    handle = _xpar.plan(module._h, _mesh_text(mesh), str(cluster),
                        "" if memory is None else str(memory), float(time_limit), str(backend),
                        int(seed), int(stall_rounds), bool(shard_parameters), str(latency))
    return Plan(handle, module)


def _as_array(value):
    if hasattr(value, "detach") and hasattr(value, "numpy"):  # a torch.Tensor, even with grad
        value = value.detach().cpu().numpy()
    array = np.asarray(value)
    if array.dtype == object:
        raise Error(f"input of type {type(value).__name__} is not an array")
    return array


def run(module, inputs="random:0", mesh=None, check=False, plan=None, rtol=1e-5, replicas=0):
    """Runs `module` and returns its outputs as NumPy arrays (an Outputs list).

    inputs: a list of arrays or torch tensors (the parameters the file does not store, in
    order), a dict by parameter name (or argN), or a string as `xpar run --inputs` takes:
    "random:SEED" or an .npz/.safetensors file. Arrays are copied once into xpar; outputs are
    not copied.
    mesh: None runs on one device; (2, 2) partitions the module by its own shardings, or by
    `plan`'s, and runs one simulated device per thread. check=True also runs on one device and
    raises xpar.CheckError when an output differs by more than rtol (max|a-b| / max|b|).
    replicas: for programs with their own cross-replica collectives (0: as many as they name)."""
    if plan is not None and mesh is None:
        mesh = plan.mesh
    if not isinstance(inputs, str):
        if isinstance(inputs, dict):
            inputs = {str(k): _as_array(v) for k, v in inputs.items()}
        else:
            inputs = [_as_array(v) for v in inputs]
    arrays, differences, seconds, devices = _xpar.run(
        module._h, inputs, _mesh_text(mesh), bool(check), float(rtol),
        None if plan is None else plan._h, int(replicas))
    return Outputs(arrays, differences, seconds, devices)


def clusters():
    """The cluster presets plan() knows (cluster= also takes a JSON file)."""
    return list(_xpar.clusters())
