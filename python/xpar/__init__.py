"""xpar from Python: load a model (HLO, StableHLO/MHLO, TorchScript), plan its sharding over a
device mesh (Alpa's intra-operator pass), run it partitioned on simulated devices and check it
against one device, and train it (autodiff + optimizer, planned and partitioned steps).

    import numpy as np, xpar
    m = xpar.load("examples/mlp_train_step.hlo")
    p = xpar.plan(m, mesh=(2, 2), cluster="dgx-a100", memory="100KiB")
    print(p.summary())
    outs = xpar.run(m, "random:0", mesh=(2, 2), plan=p, check=True)
    result = xpar.train("forward.hlo", mesh=(2, 2), steps=10, lr=1e-2, callback=print)

Errors raise xpar.Error (a failed check: xpar.CheckError) with xpar's located message.
See docs/python.md.
"""
import os
import sys
import warnings
from collections import namedtuple

import numpy as np

from . import _xpar
from ._xpar import CheckError, Error

__all__ = ["load", "plan", "run", "train", "clusters", "Module", "Plan", "Outputs", "Error",
           "CheckError", "Parameter", "Output", "Sharding", "Estimate", "StepReport",
           "TrainResult"]

Parameter = namedtuple("Parameter", "number name shape dtype stored")
Output = namedtuple("Output", "shape dtype")
Sharding = namedtuple("Sharding", "name shape dtype specs hlo bytes_per_device")
StepReport = namedtuple(
    "StepReport", "step steps loss seconds samples_per_s reference_loss rel_diff check_failed "
    "checkpoint_written")
StepReport.__doc__ = """What one training step did: step (1-based: steps done after it) of steps, the
loss, the step's seconds and samples per second; with check=True the one-device loss
(reference_loss, else None), their relative difference and whether it exceeds rtol;
checkpoint_written: a checkpoint after this step is in checkpoint_dir."""
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
    def simplified(self):
        """(instructions removed, duplicates merged) by DCE/CSE before planning."""
        return tuple(self._h.simplified)

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
         seed=1, stall_rounds=50, shard_parameters=False, latency="per-collective",
         simplify=True):
    """Chooses a sharding for every tensor of `module` on `mesh` (e.g. (2, 4)) as `xpar plan`
    does, with the same defaults: cluster is a preset (xpar.clusters()) or a JSON file; memory
    the per-device limit ("40GiB" or bytes; default the cluster's device memory); time_limit
    seconds for building and solving; backend "exact" (CBC), "fast" or "auto"; seed and
    stall_rounds steer the fast solver (0 rounds: use the whole time limit); shard_parameters
    stores every parameter split (ZeRO-3 style); latency "per-collective" (one alpha per
    collective, as Alpa and XLA) or "per-ring-step". simplify=False skips what `xpar plan
    --no-simplify` skips: DCE/CSE of a copy of the module before planning (the time counts
    against time_limit; the plan still applies to the module as given) and follower merging.
    Raises xpar.Error, naming the tensors that fill the peak, when no sharding fits the memory
    limit."""
    handle = _xpar.plan(module._h, _mesh_text(mesh), str(cluster),
                        "" if memory is None else str(memory), float(time_limit), str(backend),
                        int(seed), int(stall_rounds), bool(shard_parameters), str(latency),
                        bool(simplify))
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


class TrainResult:
    """What train() returns. parameters: the trained weights by name (NumPy arrays, full, not
    split); optimizer_state: the optimizer's state tensors by name ("exp_avg.<weight>", ...);
    losses: the loss of every step run (from the first step after a resumed checkpoint on);
    reports: the StepReport of each; first_step: the steps done before this run (a resumed
    checkpoint's step, else 0); devices: how many simulated devices ran it."""

    def __init__(self, parameters, optimizer_state, reports, first_step, devices):
        self.parameters = parameters
        self.optimizer_state = optimizer_state
        self.reports = reports
        self.losses = [r.loss for r in reports]
        self.first_step = first_step
        self.devices = devices

    def __repr__(self):
        last = f", last loss {self.losses[-1]:.6f}" if self.losses else ""
        return (f"<xpar.TrainResult: {len(self.parameters)} parameters, steps "
                f"{self.first_step + 1}..{self.first_step + len(self.losses)}{last}>")


def _named_arrays(arrays, what):
    if not isinstance(arrays, dict):
        raise Error(f"{what}: expected a dict of arrays or an .npz/.safetensors path, "
                    f"not {type(arrays).__name__}")
    return {str(k): _as_array(v) for k, v in arrays.items()}


def _train_options(mesh, steps, optimizer, lr, momentum, weight_decay, clip_norm, loss_scale,
                   loss_index, weights, seed, check, rtol, checkpoint_dir, checkpoint_every,
                   resume, plan_file, save_plan, cluster, memory, data_parallel,
                   shard_parameters, plan_time_limit, input_shapes, verbose):
    o = _xpar.TrainOptions()
    o.mesh = _mesh_text(mesh) or "1"
    o.steps, o.optimizer, o.lr, o.momentum = int(steps), str(optimizer), float(lr), float(momentum)
    o.weight_decay, o.clip_norm, o.loss_scale = float(weight_decay), float(clip_norm), \
        float(loss_scale)
    o.loss_index = -2 if loss_index is None else int(loss_index)
    o.weights = [str(w) for w in (weights or [])]
    o.seed, o.check, o.rtol = int(seed), bool(check), float(rtol)
    o.checkpoint_dir = str(checkpoint_dir or "")
    o.checkpoint_every = int(checkpoint_every)
    if resume is True:
        if not checkpoint_dir:
            raise Error("resume=True continues from checkpoint_dir: give checkpoint_dir")
        resume = checkpoint_dir
    o.resume = str(resume or "")
    o.plan, o.save_plan = str(plan_file or ""), str(save_plan or "")
    o.cluster, o.memory = str(cluster), "" if memory is None else str(memory)
    o.data_parallel, o.shard_parameters = bool(data_parallel), bool(shard_parameters)
    o.plan_time_limit = float(plan_time_limit)
    o.input_shapes = list(input_shapes or [])
    o.quiet = not verbose
    return o


def train(model, mesh=None, steps=20, optimizer="adamw", lr=1e-3, momentum=0.9,
          weight_decay=0.0, clip_norm=0.0, loss_scale=1.0, loss_index=None, weights=None,
          data=None, inputs=None, seed=0, check=False, rtol=1e-4, callback=None,
          checkpoint_dir=None, checkpoint_every=0, resume=False, plan_file=None, save_plan=None,
          cluster="dgx-a100", memory=None, data_parallel=False, shard_parameters=False,
          plan_time_limit=10.0, input_shapes=None, stages=0, microbatches=1, schedule="1f1b",
          remat=None, verbose=False):
    """Trains `model` on `mesh` (e.g. (2, 2); None: one device) as `xpar train` does, with
    each simulated device (a thread) keeping its shards of the weights and optimizer state
    between steps, and returns a TrainResult (the trained parameters as NumPy arrays and the
    per-step losses).

    model: an xpar.Module (xpar.load, xpar.torch.capture) or a model file. A forward + loss
    gets the backward pass and the optimizer (optimizer "sgd", "momentum" or "adamw", with lr,
    momentum, weight_decay as torch.optim, clip_norm, loss_scale); a whole training step (its
    outputs alias its inputs) runs as it is. loss_index picks the loss output; weights names the
    parameters to train (default: a trace's stored weights, else every floating-point parameter
    that `data` does not feed).
    data: the per-step data, a dict of arrays by parameter name (or argN) or an .npz path;
    each array holds steps x batch rows, step i reads rows [i*batch, (i+1)*batch), wrapping
    around. inputs: starting values of any parameters (a dict or an .npz/.safetensors path);
    the rest start random (seed) or, for optimizer state, at zero.
    check=True also runs every step on one device and raises xpar.CheckError when a loss
    differs by more than rtol (relative).
    callback(StepReport) is called after every step; an exception it raises stops training
    and propagates.
    checkpoint_dir: write checkpoints there every checkpoint_every steps and after the last;
    resume=True (or a checkpoint folder) continues from the latest one up to `steps`, with the
    same plan, bit-identically to an uninterrupted run.
    plan_file / save_plan: apply / write the plan JSON; cluster, memory, data_parallel,
    shard_parameters, plan_time_limit steer the planner as `xpar train`'s flags do.
    stages=S (> 0) trains a forward + loss as a pipeline of S stages on submeshes of `mesh`
    (`xpar train --stages`): each step takes `microbatches` batches of the model's batch
    (data: steps x microbatches x batch rows), runs them through the stages by `schedule`
    ("1f1b" or "gpipe"), averages loss and gradients, and each stage's optimizer updates the
    weights it holds; remat ("auto", "none", "all"; None: auto with memory, else none) lets the
    planner recompute layers' activations. Checkpoints are then one file with every tensor.
    verbose=True prints the plan and the planner's progress. Errors raise xpar.Error."""
    options = _train_options(mesh, steps, optimizer, lr, momentum, weight_decay, clip_norm,
                             loss_scale, loss_index, weights, seed, check, rtol, checkpoint_dir,
                             checkpoint_every, resume, plan_file, save_plan, cluster, memory,
                             data_parallel, shard_parameters, plan_time_limit, input_shapes,
                             verbose)
    options.stages, options.microbatches = int(stages), int(microbatches)
    options.schedule, options.remat = str(schedule), "" if remat is None else str(remat)
    data_arrays = input_arrays = None
    if isinstance(data, (str, os.PathLike)):
        options.data = str(data)
    elif data is not None:
        data_arrays = _named_arrays(data, "data")
    if isinstance(inputs, (str, os.PathLike)):
        options.inputs = str(inputs)
    elif inputs is not None:
        input_arrays = _named_arrays(inputs, "inputs")
    handle = None
    if isinstance(model, Module):
        handle = model._h
    elif isinstance(model, (str, os.PathLike)):
        options.model = str(model)
    else:
        raise Error(f"model of type {type(model).__name__}: expected an xpar.Module or a path")
    # Quiet, only notes and warnings arrive on `warn`; verbose, the planner's progress too.
    log = print if verbose else None
    warn = (lambda line: print(line, file=sys.stderr)) if verbose else warnings.warn
    trainer = _xpar.trainer(handle, options, data_arrays, input_arrays, log, warn)
    reports = []
    while not trainer.done:
        report = StepReport(*trainer.step())
        reports.append(report)
        if report.check_failed:
            raise CheckError(f"step {report.step}: loss {report.loss:.9g} differs from the "
                             f"one-device loss {report.reference_loss:.9g} by "
                             f"{report.rel_diff:.3g} (relative), over rtol {rtol:g}")
        if callback is not None:
            callback(report)
    parameters, state = {}, {}
    for name, array, is_state in trainer.carried():
        (state if is_state else parameters)[name] = array
    return TrainResult(parameters, state, reports, trainer.first_step, trainer.devices)
