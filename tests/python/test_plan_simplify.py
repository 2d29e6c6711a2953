"""xpar.plan runs DCE/CSE before planning, as `xpar plan` does (on a copy: the Module stays as
loaded), and its plan still runs the module as given; simplify=False plans it untouched."""
import json

import xpar

# b duplicates a (CSE merges it); dead feeds nothing (DCE removes it).
DUPLICATED = """HloModule duplicated

ENTRY main {
  x = f32[64,32] parameter(0)
  w = f32[32,16] parameter(1)
  a = f32[64,16] dot(x, w), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  b = f32[64,16] dot(x, w), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  dead = f32[64,16] tanh(a)
  ROOT s = f32[64,16] add(a, b)
}
"""
ARGS = dict(mesh=(2, 2), cluster="dgx-a100", time_limit=5)


def test_plan_simplifies_a_copy_and_runs_the_module_as_given(write):
    m = xpar.load(write("dup.hlo", DUPLICATED))
    before = m.to_hlo()
    p = xpar.plan(m, **ARGS)
    removed, merged = p.simplified
    assert removed == 2 and merged == 1
    assert "b" not in p.tensor_names and "dead" not in p.tensor_names and "a" in p.tensor_names
    assert m.to_hlo() == before
    outs = xpar.run(m, "random:1", plan=p, check=True)
    assert max(outs.differences) <= 1e-5
    raw = xpar.plan(m, simplify=False, **ARGS)
    assert raw.simplified == (0, 0) and "dead" in raw.tensor_names


def test_plan_matches_the_cli_which_simplifies_too(write, xpar_cli, tmp_path):
    path = write("dup.hlo", DUPLICATED)
    api = json.loads(xpar.plan(xpar.load(path), **ARGS).to_json())
    out = tmp_path / "plan.json"
    xpar_cli("plan", path, "--mesh", "2x2", "--cluster", "dgx-a100", "--time-limit", "5",
             "--quiet", "--json", out)
    cli = json.loads(out.read_text())
    for plan_json in (cli, api):
        for key in ("solve_s", "build_s"):
            plan_json["solver"].pop(key)
    assert cli == api
