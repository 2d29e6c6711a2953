"""xpar.plan: the same planner as `xpar plan`, its report, JSON, annotated HLO and shardings."""
import json
import re

import pytest

import xpar
from conftest import MLP_STEP

# The demo's setting (README): a 100 KiB per-device limit makes the planner shard the step.
PLAN_ARGS = dict(mesh=(2, 2), cluster="dgx-a100", memory="100KiB", time_limit=20)


@pytest.fixture(scope="module")
def mlp_plan():
    m = xpar.load(MLP_STEP)
    return m, xpar.plan(m, **PLAN_ARGS)


def test_estimate_fits_the_limit(mlp_plan):
    _, p = mlp_plan
    e = p.estimate
    assert e.fits and 0 < e.bytes_per_device <= 100 * 1024
    assert e.memory_limit_bytes == 100 * 1024
    assert e.seconds == pytest.approx(e.compute_seconds + e.communication_seconds)
    assert e.seconds > 0 and p.mesh == (2, 2)


def test_summary_is_the_cli_report(mlp_plan):
    _, p = mlp_plan
    text = p.summary(rows=8)
    assert text.startswith(f"plan for {MLP_STEP} on mesh 2x2 (4 devices, cluster dgx-a100)")
    assert "peak memory per device" in text and "(fits)" in text


def test_json_and_sharding_agree(mlp_plan):
    m, p = mlp_plan
    plan_json = json.loads(p.to_json())
    assert plan_json["mesh"] in ("2x2", [2, 2])
    # The largest weight cannot stay replicated under 100 KiB: it is split somewhere.
    s = p.sharding("%p4.24")
    assert s.name == "p4.24" and s.shape == (32, 784) and s.dtype == "f32"
    assert len(s.specs) == 1 and "S(" in s.specs[0]
    assert s.bytes_per_device < 32 * 784 * 4
    assert p.sharding("p4.24") == s
    assert "p4.24" in p.tensor_names and len(p.tensor_names) > 5


def test_annotated_hlo_carries_the_shardings(mlp_plan, write):
    m, p = mlp_plan
    text = p.to_hlo()
    line = next(l for l in text.splitlines() if l.strip().startswith("%p4.24 "))
    assert f"sharding={p.sharding('p4.24').hlo[0]}" in line
    annotated = xpar.load(write("annotated.hlo", text))
    assert [q.name for q in annotated.parameters] == [q.name for q in m.parameters]
    assert "sharding=" not in m.to_hlo().split("ENTRY")[1].split("\n")[1]


def test_matches_the_cli_plan(mlp_plan, xpar_cli, tmp_path):
    _, p = mlp_plan
    out = tmp_path / "plan.json"
    xpar_cli("plan", MLP_STEP, "--mesh", "2x2", "--cluster", "dgx-a100", "--memory", "100KiB",
             "--time-limit", "20", "--quiet", "--json", out)
    cli, api = json.loads(out.read_text()), json.loads(p.to_json())
    # The same planner with the same options and seed: the same plan (timings aside).
    for plan_json in (cli, api):
        for key in ("solve_s", "build_s"):
            plan_json["solver"].pop(key)
    assert cli == api


def test_html_report_is_self_contained(mlp_plan, xpar_cli, tmp_path):
    _, p = mlp_plan
    page = p.to_html()
    assert page.lstrip().lower().startswith("<!doctype html") and "p4.24" in page
    assert not re.search(r"(src|href)\s*=\s*[\"']?(https?:)?//", page)  # nothing fetched
    out = tmp_path / "plan.html"
    xpar_cli("plan", MLP_STEP, "--mesh", "2x2", "--cluster", "dgx-a100", "--memory", "100KiB",
             "--time-limit", "20", "--quiet", "--html", out)
    assert len(out.read_text()) == pytest.approx(len(page), rel=0.05)


def test_memory_too_small_raises_with_the_reason():
    with pytest.raises(xpar.Error, match="no sharding fits the memory limit") as e:
        xpar.plan(xpar.load(MLP_STEP), mesh=(2, 2), memory="1KiB", time_limit=10)
    assert "p4.24" in str(e.value)  # the largest tensor at the peak is named


@pytest.mark.parametrize("kwargs, message", [
    (dict(mesh=(2, 0)), "mesh"),
    (dict(mesh=(2, 2), cluster="no-such-cluster"), "no-such-cluster"),
    (dict(mesh=(2, 2), memory="12XB"), "12XB"),
    (dict(mesh=(2, 2), backend="magic"), "magic"),
    (dict(mesh=(2, 2), time_limit=0), "time_limit"),
    (dict(mesh=(2, 2), latency="fast"), "latency"),
])
def test_bad_options_raise(kwargs, message):
    with pytest.raises(xpar.Error, match=message):
        xpar.plan(xpar.load(MLP_STEP), **kwargs)


def test_unknown_tensor_raises(mlp_plan):
    with pytest.raises(xpar.Error, match="no tensor 'nope'"):
        mlp_plan[1].sharding("nope")


def test_clusters_lists_the_presets():
    assert {"dgx-a100", "p3.16xlarge", "cpu-local"} <= set(xpar.clusters())
