// The pipeline report page (pipeline_html.h): markup and the script that draws the stages on
// the cluster, the stage table and the microbatch schedule. Uses the style and the script
// helpers of the plan report (plan_html_assets.cc).
#include "report/plan_html_internal.h"

namespace xpar::internal {

const char kPipelineHtmlBody[] = R"xpar_html(
<h1 id="title">xpar pipeline plan</h1>
<dl id="summary"></dl>
<h2>Stages on the cluster</h2>
<svg id="mesh" width="10" height="10"></svg>
<div class="scroll"><table id="stages"><thead></thead><tbody></tbody></table></div>
<h2>Schedule of one step</h2>
<svg id="schedule" width="10" height="10"></svg>
<div id="schedule-info"></div>
)xpar_html";

const char kPipelineHtmlScript[] = R"xpar_js(
  const p = data.pipeline;
  const stageOf = new Array(mesh.devices).fill(-1);
  p.stages.forEach((st, s) => st.devices.forEach((d) => { stageOf[d] = s; }));

  function drawSummary() {
    document.getElementById("title").textContent = "xpar pipeline plan: " + data.title;
    const hosts = mesh.shape.length >= 2 ? mesh.shape[0] : 1;
    const items = [
      ["cluster", mesh.shape.join("x") + " (" + hosts + " host" + (hosts > 1 ? "s" : "") +
                  " of " + mesh.devices / hosts + " devices, " + data.cluster + ")"],
      ["stages", p.stages.length + " over " + p.layers + " layers; " + p.microbatches +
                 " microbatches, " + (p.schedule === "gpipe" ? "GPipe" : "1F1B")],
      ["estimated step", secs(p.step_s)],
      ["memory limit", bytes(p.limit_bytes) + " per device"]];
    const dl = clear(document.getElementById("summary"));
    for (const [k, v] of items) { el("dt", {}, dl, k); el("dd", {}, dl, v); }
  }

  // Hosts as rows, each device coloured by its stage (grey: no stage).
  function drawStageMesh() {
    const svg = clear(document.getElementById("mesh"));
    const rows = mesh.shape.length >= 2 ? mesh.shape[0] : 1, cols = mesh.devices / rows;
    const cell = 64, gap = 6, left = 96, top = 30;
    svg.setAttribute("width", left + cols * (cell + gap) + 10);
    svg.setAttribute("height", top + rows * (cell + gap) + 10);
    svg.dataset.devices = mesh.devices;
    el("svg:text", {x: left, y: 16, class: "axis"}, svg, "\u2192 devices of a host");
    el("svg:text", {x: 4, y: top + 14, class: "axis"}, svg, "\u2193 hosts");
    for (let d = 0; d < mesh.devices; ++d) {
      const x = left + (d % cols) * (cell + gap), y = top + Math.floor(d / cols) * (cell + gap);
      const s = stageOf[d];
      const g = el("svg:g", {class: "device", "data-device": d, "data-stage": s}, svg);
      el("svg:rect", {x: x, y: y, width: cell, height: cell, rx: 5, class: "cell",
                      fill: s >= 0 ? color(s) : "#e4e8ee"}, g);
      el("svg:text", {x: x + cell / 2, y: y + cell / 2 - 2, class: "dev"}, g, "d" + d);
      el("svg:text", {x: x + cell / 2, y: y + cell / 2 + 13, class: "shard"}, g,
         s >= 0 ? "stage " + s : "idle");
    }
  }

  function fillStages() {
    const table = document.getElementById("stages");
    const head = clear(table.tHead).insertRow();
    for (const label of ["stage", "layers", "submesh", "devices", "forward", "backward",
                         "in flight", "memory", "instructions", "intra-op"]) {
      el("th", {}, head, label);
    }
    const tbody = clear(table.tBodies[0]);
    p.stages.forEach((st, s) => {
      const tr = tbody.insertRow();
      const cell = el("td", {}, tr);
      el("span", {class: "swatch", style: "background:" + color(s)}, cell);
      cell.appendChild(document.createTextNode(" " + s));
      for (const v of [st.first_layer + "-" + st.last_layer, st.submesh.join("x"),
                       st.devices.join(","), secs(st.forward_s), secs(st.backward_s),
                       st.in_flight, bytes(st.peak_bytes), st.instructions, st.intra_op]) {
        el("td", {}, tr, String(v));
      }
    });
    table.dataset.rows = p.stages.length;
  }

  // Each stage runs its ops in schedule order; a forward waits for the previous stage's forward
  // of the same microbatch, a backward for the next stage's backward (the last stage: its own
  // forward). 1F1B: stage s warms up with S-s-1 forwards, then alternates.
  function simulate() {
    const S = p.stages.length, B = p.microbatches;
    const order = p.stages.map((_, s) => {
      const ops = [];
      if (p.schedule === "gpipe") {
        for (let m = 0; m < B; ++m) ops.push(["F", m]);
        for (let m = 0; m < B; ++m) ops.push(["B", m]);
        return ops;
      }
      let f = Math.min(S - s - 1, B), b = 0;
      for (let m = 0; m < f; ++m) ops.push(["F", m]);
      while (b < B) {
        if (f < B) ops.push(["F", f++]);
        ops.push(["B", b++]);
      }
      return ops;
    });
    const end = {}, free = new Array(S).fill(0), next = new Array(S).fill(0), boxes = [];
    for (let progress = true; progress;) {
      progress = false;
      for (let s = 0; s < S; ++s) {
        while (next[s] < order[s].length) {
          const [kind, m] = order[s][next[s]];
          const dep = kind === "F" ? (s === 0 ? 0 : end["F" + (s - 1) + ":" + m])
                                   : end[(s === S - 1 ? "F" + s : "B" + (s + 1)) + ":" + m];
          if (dep === undefined) break;
          const start = Math.max(free[s], dep);
          const dur = kind === "F" ? p.stages[s].forward_s : p.stages[s].backward_s;
          end[kind + s + ":" + m] = free[s] = start + dur;
          boxes.push({stage: s, kind: kind, micro: m, start: start, dur: dur});
          ++next[s];
          progress = true;
        }
      }
    }
    return boxes;
  }

  function drawSchedule() {
    const svg = clear(document.getElementById("schedule"));
    const boxes = simulate(), S = p.stages.length;
    const makespan = boxes.reduce((t, b) => Math.max(t, b.start + b.dur), 1e-12);
    const w = 820, left = 80, top = 10, lane = 30;
    svg.setAttribute("width", left + w + 20);
    svg.setAttribute("height", top + S * (lane + 8) + 30);
    svg.dataset.boxes = boxes.length;
    const x = (t) => left + (t / makespan) * w;
    for (let s = 0; s < S; ++s) {
      el("svg:text", {x: 4, y: top + s * (lane + 8) + lane / 2 + 4, class: "axis"}, svg,
         "stage " + s);
    }
    for (const b of boxes) {
      const y = top + b.stage * (lane + 8), bw = Math.max(0.6, x(b.start + b.dur) - x(b.start));
      const r = el("svg:rect", {x: x(b.start), y: y, width: bw, height: lane,
                                class: b.kind === "F" ? "compute" : "comm"}, svg);
      el("svg:title", {}, r, (b.kind === "F" ? "forward" : "backward") + " of microbatch " +
         b.micro + " on stage " + b.stage + ": " + secs(b.start) + " + " + secs(b.dur));
      if (bw >= 16) {
        el("svg:text", {x: x(b.start) + bw / 2, y: y + lane / 2 + 4, class: "box"}, svg,
           String(b.micro));
      }
    }
    const axisY = top + S * (lane + 8) + 14;
    el("svg:text", {x: left, y: axisY, class: "tick start"}, svg, "0");
    el("svg:text", {x: left + w, y: axisY, class: "tick"}, svg, secs(makespan));
    document.getElementById("schedule-info").textContent =
        "Forward (blue) and backward (orange) of each microbatch on each stage, from the " +
        "stages' estimated times; this schedule takes " + secs(makespan) + " (the planner's " +
        "estimate: " + secs(p.step_s) + "). Transfers between stages are not drawn.";
  }

  drawSummary();
  drawStageMesh();
  fillStages();
  drawSchedule();
  if (!body.dataset.status.startsWith("error")) body.dataset.status = "drawn";
)xpar_js";

}  // namespace xpar::internal
