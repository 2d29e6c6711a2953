#!/usr/bin/env python3
"""The plan report (`xpar plan --html`) opens in headless Chromium and draws its main elements:
makes a small GPT training step, plans it on a 2x4 mesh, loads the page (no network: Chromium's
proxy points at a closed port), and checks the DOM after the page's script ran (--dump-dom): the
script finished (<body data-status="drawn">), the mesh has 8 devices, a split parameter is
drawn on it, the memory curve and its peak, the timeline and the collectives table are there.
With --pipeline-stages N: the pipeline page (`plan --pipeline --stages N`): devices coloured by
N stages, the stage table, a forward and a backward box per microbatch and stage.
Then takes a screenshot and checks it is not blank (many colours, most of them not white).

Usage: check_plan_report.py --xpar BIN --workdir DIR [--model ARGS] [--save-screenshot PNG]
Without Chromium: exit 77 (skipped), or 1 under CI=true (CI installs it via scripts/setup.sh)."""
import argparse
import html.parser
import os
import re
import shutil
import subprocess
import sys
import tempfile


# What would fetch something at view time: a src/href to another host, a CSS import or url().
EXTERNAL = r"""(src|href)\s*=\s*["']?(https?:)?//|@import|url\(\s*["']?https?:"""


def fail(message):
    print("check_plan_report: FAIL: " + message)
    sys.exit(1)


class Elements(html.parser.HTMLParser):
    """Start tags of the dumped DOM: (tag, attributes) in document order."""

    def __init__(self):
        super().__init__()
        self.tags = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def by_id(self, ident):
        return next((a for t, a in self.tags if a.get("id") == ident), None)


def chromium_binary():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def chromium(binary, profile, *args):
    cmd = [binary, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
           "--disable-dev-shm-usage", "--hide-scrollbars", "--user-data-dir=" + profile,
           "--proxy-server=127.0.0.1:9", "--proxy-bypass-list=<-loopback>"] + list(args)
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       timeout=120)
    if r.returncode != 0:
        fail("chromium exited %d: %s" % (r.returncode, r.stderr[-2000:]))
    return r.stdout


def check_dom(dom):
    e = Elements()
    e.feed(dom)
    body = next((a for t, a in e.tags if t == "body"), {})
    if body.get("data-status") != "drawn":
        fail("the page's script did not finish: body data-status=%r" % body.get("data-status"))
    mesh = e.by_id("mesh")
    devices = [a for t, a in e.tags if t == "g" and a.get("class") == "device"]
    if mesh is None or mesh.get("data-devices") != "8" or len(devices) != 8:
        fail("mesh: expected 8 devices drawn, got %s (%d cells)" % (mesh, len(devices)))
    fills = {a.get("fill") for t, a in e.tags if t == "rect" and "cell" in a.get("class", "")}
    tensor = e.by_id("tensor-view")
    if not tensor or tensor.get("data-param") != "true" or tensor.get("data-split") != "true":
        fail("no split parameter drawn on the mesh: %s" % tensor)
    if len(fills) < 2:
        fail("parameter %s (%s) is split but all devices have one colour"
             % (tensor.get("data-tensor"), tensor.get("data-spec")))
    curve = e.by_id("memory-curve")
    if not curve or int(curve.get("data-points", "0")) < 2 or len(curve.get("d", "")) < 20:
        fail("memory curve not drawn: %s" % curve)
    if e.by_id("memory-peak") is None:
        fail("memory peak not marked")
    timeline = e.by_id("timeline")
    bars = [a for t, a in e.tags if t == "rect" and a.get("class") in ("compute", "comm")]
    if not timeline or int(timeline.get("data-bars", "0")) < 1 or not bars:
        fail("timeline not drawn: %s" % timeline)
    table = e.by_id("collectives")
    rows = sum(1 for t, a in e.tags if t == "tr") - 1
    if not table or int(table.get("data-rows", "0")) < 1 or rows < 1:
        fail("collectives table empty: %s" % table)
    return "%s %s on %d devices, %s memory points, %s bars, %d collectives" % (
        tensor.get("data-tensor"), tensor.get("data-spec"), len(devices),
        curve.get("data-points"), timeline.get("data-bars"), rows)


def check_pipeline_dom(dom, stages, microbatches):
    e = Elements()
    e.feed(dom)
    body = next((a for t, a in e.tags if t == "body"), {})
    if body.get("data-status") != "drawn":
        fail("the page's script did not finish: body data-status=%r" % body.get("data-status"))
    cells = [a for t, a in e.tags if t == "g" and a.get("class") == "device"]
    drawn = {a.get("data-stage") for a in cells} - {"-1"}
    if len(cells) != 8 or len(drawn) != stages:
        fail("expected 8 devices in %d stages, got %d devices in stages %s"
             % (stages, len(cells), sorted(drawn)))
    table = e.by_id("stages")
    if not table or table.get("data-rows") != str(stages):
        fail("stage table: %s" % table)
    schedule = e.by_id("schedule")
    expected = 2 * stages * microbatches  # a forward and a backward per microbatch and stage
    if not schedule or schedule.get("data-boxes") != str(expected):
        fail("schedule: expected %d boxes, got %s" % (expected, schedule))
    return "%d stages on %d devices, %s schedule boxes" % (len(drawn), len(cells),
                                                           schedule.get("data-boxes"))


def check_screenshot(path):
    from PIL import Image
    image = Image.open(path).convert("RGB")
    small = image.resize((image.width // 4, image.height // 4))
    pixels = list(small.getdata())
    colours = len(set(pixels))
    inked = sum(1 for p in pixels if min(p) < 235) / len(pixels)
    if colours < 40 or inked < 0.05:
        fail("screenshot %s looks blank: %d colours, %.1f%% non-white" % (path, colours,
                                                                           100 * inked))
    return "%dx%d, %d colours, %.0f%% non-white" % (image.width, image.height, colours,
                                                     100 * inked)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--xpar", required=True)
    p.add_argument("--workdir", required=True)
    p.add_argument("--model", default="gpt-125m --layers 1 --seq 64 --hidden 256 --heads 4 "
                   "--vocab 1024", help="arguments of `xpar model`")
    p.add_argument("--mesh", default="2x4")
    p.add_argument("--pipeline-stages", type=int, default=0,
                   help="plan with --pipeline --stages N and check the pipeline page instead")
    p.add_argument("--save-screenshot", help="also copy the screenshot here")
    p.add_argument("--window-size", help="default 1280,2000 (the pipeline page: 1280,900)")
    args = p.parse_args()
    if args.window_size is None:
        args.window_size = "1280,900" if args.pipeline_stages else "1280,2000"
    binary = chromium_binary()
    if binary is None:
        print("check_plan_report: chromium is not installed (scripts/setup.sh installs it)")
        sys.exit(1 if os.environ.get("CI") == "true" else 77)
    os.makedirs(args.workdir, exist_ok=True)
    xpar = os.path.abspath(args.xpar)
    hlo = args.model.split()[0] + ".hlo"  # in the workdir: the page's title is this name
    page = os.path.join(args.workdir, "plan.html")
    subprocess.run([xpar, "model"] + args.model.split() + ["-o", hlo], check=True,
                   stdout=subprocess.DEVNULL, cwd=args.workdir)
    pipeline = ["--pipeline", "--stages", str(args.pipeline_stages), "--microbatches", "4"]
    subprocess.run([xpar, "plan", hlo, "--mesh", args.mesh, "--cluster", "dgx-a100",
                    "--quiet", "--time-limit", "20", "--html", "plan.html"] +
                   (pipeline if args.pipeline_stages else []), check=True,
                   stdout=subprocess.DEVNULL, cwd=args.workdir)
    with open(page) as f:
        text = f.read()
    external = re.search(EXTERNAL, text)
    if external:
        fail("the page refers to something outside itself: " + external.group(0))
    url = "file://" + os.path.abspath(page)
    with tempfile.TemporaryDirectory() as profile:
        dom = chromium(binary, profile, "--dump-dom", url)
        print("dom: " + (check_pipeline_dom(dom, args.pipeline_stages, 4) if args.pipeline_stages
                         else check_dom(dom)))
        shot = os.path.join(args.workdir, "plan.png")
        chromium(binary, profile, "--screenshot=" + shot, "--window-size=" + args.window_size, url)
    print("screenshot: " + check_screenshot(shot))
    if args.save_screenshot:
        shutil.copyfile(shot, args.save_screenshot)
    print("check_plan_report: ok")


if __name__ == "__main__":
    main()
