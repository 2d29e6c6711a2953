// The plan report page around its data: style, the script helpers both report pages share
// (kReportCommonScript), and the intra-operator page's markup and the script that draws the mesh,
// the shardings, the memory curve, the timeline and the collectives table (plain DOM and SVG,
// no libraries, nothing fetched). The script marks <body data-status="drawn"> when done
// (tests read it back from the DOM).
#include "report/plan_html_internal.h"

namespace xpar::internal {

const char kPlanHtmlStyle[] = R"xpar_css(
body {
  font: 14px/1.45 system-ui, sans-serif; margin: 0 24px 40px; color: #1d2733; background: #fff;
}
h1 { font-size: 21px; margin: 18px 0 6px; }
h2 { font-size: 16px; margin: 26px 0 8px; border-bottom: 1px solid #d5dce5; padding-bottom: 3px; }
dl#summary { display: grid; grid-template-columns: max-content auto; gap: 2px 14px; margin: 0; }
dt { color: #5a6878; } dd { margin: 0; }
.row { display: flex; gap: 24px; align-items: flex-start; flex-wrap: wrap; }
.picker { display: flex; flex-direction: column; gap: 6px; width: 430px; }
#tensor-search { padding: 4px 6px; font: inherit; }
#tensor-list { font: 12px ui-monospace, monospace; width: 100%; }
#tensor-note, #tensor-info, #memory-info, #timeline-info, #collectives-note {
  color: #4a5868; font-size: 13px;
}
#tensor-info div { margin: 1px 0; }
svg text { font: 12px system-ui, sans-serif; fill: #1d2733; }
svg text.axis { fill: #3b4b5e; font-weight: 600; }
svg text.small { font-weight: 400; }
svg text.dev { text-anchor: middle; font-weight: 600; }
svg text.shard { text-anchor: middle; font: 11px ui-monospace, monospace; }
svg text.tick { text-anchor: end; fill: #5a6878; font-size: 11px; }
svg text.tick.start { text-anchor: start; }
svg text.peaklabel { fill: #b3261e; font-weight: 600; }
svg text.peaklabel.end { text-anchor: end; }
rect.cell { stroke: #36475a; stroke-width: 1; }
rect.cell.partial { stroke-dasharray: 4 3; stroke-width: 2; }
rect.tile { stroke: #fff; stroke-width: 1.5; }
line.grid { stroke: #e6ebf1; }
line.limit { stroke: #b3261e; stroke-dasharray: 6 4; }
path.area { fill: rgba(52, 120, 198, 0.28); stroke: #3478c6; stroke-width: 1.5; }
circle.peak { fill: #b3261e; }
rect.compute { fill: #3478c6; }
rect.comm { fill: #e08a1e; }
table#collectives, table#stages { border-collapse: collapse; font-size: 12.5px; margin-top: 6px; }
#collectives th, #stages th {
  text-align: left; background: #eef2f7; padding: 4px 8px; user-select: none;
}
#collectives th { cursor: pointer; }
#collectives td, #stages td {
  padding: 2px 8px; border-top: 1px solid #e6ebf1; font-family: ui-monospace, monospace;
}
span.swatch {
  display: inline-block; width: 11px; height: 11px; border-radius: 2px; vertical-align: -1px;
}
svg text.box { text-anchor: middle; fill: #fff; font-size: 11px; }
#schedule-info { color: #4a5868; font-size: 13px; }
.scroll { max-height: 420px; overflow: auto; }
)xpar_css";

const char kPlanHtmlBody[] = R"xpar_html(
<h1 id="title">xpar plan</h1>
<dl id="summary"></dl>
<h2>Mesh and sharding</h2>
<div class="row">
  <div class="picker">
    <input id="tensor-search" type="search" placeholder="search tensors by name or opcode">
    <select id="tensor-list" size="16"></select>
    <div id="tensor-note"></div>
  </div>
  <div>
    <svg id="mesh" width="10" height="10"></svg>
    <div><svg id="tensor-view" width="10" height="10"></svg></div>
    <div id="tensor-info"></div>
  </div>
</div>
<h2>Memory per device over the program</h2>
<svg id="memory" width="10" height="10"></svg>
<div id="memory-info"></div>
<h2>Estimated timeline</h2>
<svg id="timeline" width="10" height="10"></svg>
<div id="timeline-info"></div>
<h2>Collectives</h2>
<div class="scroll"><table id="collectives"><thead></thead><tbody></tbody></table></div>
<div id="collectives-note"></div>
)xpar_html";

const char kReportCommonScript[] = R"xpar_js(
  const body = document.body;
  window.addEventListener("error", (e) => { body.dataset.status = "error: " + e.message; });
  const data = JSON.parse(document.getElementById("plan-data").textContent);
  const NS = "http://www.w3.org/2000/svg";

  function el(tag, attrs, parent, text) {
    const node = tag.startsWith("svg:") ? document.createElementNS(NS, tag.slice(4))
                                        : document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    if (parent) parent.appendChild(node);
    return node;
  }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }
  function bytes(b) {
    const units = ["B", "KiB", "MiB", "GiB", "TiB"];
    let i = 0;
    while (Math.abs(b) >= 1024 && i < units.length - 1) { b /= 1024; ++i; }
    return (i === 0 ? b.toFixed(0) : b.toFixed(b >= 100 ? 0 : b >= 10 ? 1 : 2)) + " " + units[i];
  }
  function secs(s) {
    if (s >= 1) return s.toFixed(3) + " s";
    if (s >= 1e-3) return (s * 1e3).toFixed(3) + " ms";
    return (s * 1e6).toFixed(1) + " \u00b5s";
  }
  // Distinct hues for shard indices (golden-angle steps).
  function color(i) { return "hsl(" + ((i * 137.508) % 360).toFixed(1) + ",62%,64%)"; }
  function product(list) { return list.reduce((a, b) => a * b, 1); }

  const mesh = data.mesh;
  // Coordinates of a device, row-major over the mesh shape.
  function coords(device) {
    const c = new Array(mesh.shape.length);
    for (let a = mesh.shape.length - 1; a >= 0; --a) {
      c[a] = device % mesh.shape[a];
      device = Math.floor(device / mesh.shape[a]);
    }
    return c;
  }
)xpar_js";

const char kPlanHtmlScript[] = R"xpar_js(
  // Which shard of each tensor dim a device holds: mixed radix over the dim's mesh axes.
  function shardOf(spec, c) {
    return spec.dims.map((axes) => axes.reduce((idx, a) => idx * mesh.shape[a] + c[a], 0));
  }
  function splits(spec) { return spec.dims.map((axes) => product(axes.map((a) => mesh.shape[a]))); }
  function tileId(spec, c) {
    const s = shardOf(spec, c), n = splits(spec);
    return s.reduce((id, x, d) => id * n[d] + x, 0);
  }

  function drawSummary() {
    const s = data.summary;
    document.getElementById("title").textContent = "xpar plan: " + data.title;
    const items = [
      ["mesh", mesh.shape.join("x") + " (" + mesh.devices + " devices, " + data.cluster + ")"],
      ["estimated step", secs(s.step_s) + " = compute " + secs(s.compute_s) +
                         " + communication " + secs(s.communication_s)],
      ["peak memory per device", bytes(s.peak_bytes) + " of " + bytes(s.limit_bytes) +
                                 (s.memory_ok ? " (fits)" : " (EXCEEDS THE LIMIT)")],
      ["solver", s.instructions + " instructions, " + s.backend + " backend" +
                 (s.optimal ? " (proven optimal)" : "") + " in " + secs(s.solve_s)],
    ];
    const dl = clear(document.getElementById("summary"));
    for (const [k, v] of items) { el("dt", {}, dl, k); el("dd", {}, dl, v); }
  }

  // The mesh as a grid: rows = axis 0, columns = the other axes (row-major); with a tensor,
  // each device is coloured by the shard it holds (same colour = same data).
  function drawMesh(tensor) {
    const svg = clear(document.getElementById("mesh"));
    const rank = mesh.shape.length;
    const rows = rank >= 2 ? mesh.shape[0] : 1;
    const cols = mesh.devices / rows;
    const cell = Math.max(34, Math.min(84, Math.floor(560 / cols))), gap = 6, left = 96, top = 44;
    svg.setAttribute("width", left + cols * (cell + gap) + 10);
    svg.setAttribute("height", top + rows * (cell + gap) + 10);
    svg.dataset.devices = mesh.devices;
    const axisText = (a) => "axis " + a + " (" + mesh.shape[a] + ", " +
        bytes(mesh.axes[a].bandwidth) + "/s)";
    const colAxes = rank >= 2 ? mesh.shape.map((_, a) => a).slice(1) : [0];
    el("svg:text", {x: left, y: 16, class: "axis"}, svg,
       "\u2192 " + colAxes.map(axisText).join(" \u00d7 "));
    if (rank >= 2) {
      el("svg:text", {x: 4, y: top + 14, class: "axis"}, svg, "\u2193 axis 0");
      el("svg:text", {x: 4, y: top + 30, class: "axis small"}, svg,
         "(" + mesh.shape[0] + ", " + bytes(mesh.axes[0].bandwidth) + "/s)");
    }
    const partial = tensor && tensor.spec.partial.length > 0;
    for (let d = 0; d < mesh.devices; ++d) {
      const c = coords(d), r = rank >= 2 ? c[0] : 0, col = rank >= 2 ? d % cols : d;
      const x = left + col * (cell + gap), y = top + r * (cell + gap);
      const g = el("svg:g", {class: "device", "data-device": d}, svg);
      const fill = tensor ? color(tileId(tensor.spec, c)) : "#dde4ee";
      el("svg:rect", {x: x, y: y, width: cell, height: cell, rx: 5, fill: fill,
                      class: partial ? "cell partial" : "cell"}, g);
      el("svg:text", {x: x + cell / 2, y: y + cell / 2 - 2, class: "dev"}, g, "d" + d);
      if (tensor) {
        el("svg:text", {x: x + cell / 2, y: y + cell / 2 + 13, class: "shard"}, g,
           "(" + shardOf(tensor.spec, c).join(",") + ")");
      }
      el("svg:title", {}, g, "device " + d + " at (" + c.join(",") + ")");
    }
  }

  // The tensor cut into its shards: up to two dims drawn (split ones first).
  function drawTensor(tensor) {
    const svg = clear(document.getElementById("tensor-view"));
    const n = splits(tensor.spec), rank = tensor.dims.length;
    const order = tensor.dims.map((_, d) => d).sort((a, b) => (n[b] > 1) - (n[a] > 1) || a - b);
    const shown = order.slice(0, 2).sort((a, b) => a - b);
    const rowDim = shown.length === 2 ? shown[0] : -1;
    const colDim = shown.length ? shown[shown.length - 1] : -1;
    const rowsN = rowDim >= 0 ? n[rowDim] : 1, colsN = colDim >= 0 ? n[colDim] : 1;
    const w = 300, h = rowDim >= 0 ? 180 : 60, left = 96, top = 30;
    svg.setAttribute("width", left + w + 20);
    svg.setAttribute("height", top + h + 20);
    svg.dataset.tensor = tensor.name;
    svg.dataset.spec = tensor.spec.text;
    svg.dataset.split = n.some((k) => k > 1) ? "true" : "false";
    svg.dataset.param = tensor.param ? "true" : "false";
    el("svg:text", {x: left, y: 16, class: "axis"}, svg,
       colDim >= 0 ? "\u2192 dim " + colDim + " (" + tensor.dims[colDim] + ")" : "scalar");
    if (rowDim >= 0) {
      el("svg:text", {x: 4, y: top + 14, class: "axis"}, svg, "\u2193 dim " + rowDim);
      el("svg:text", {x: 4, y: top + 30, class: "axis small"}, svg,
         "(" + tensor.dims[rowDim] + ")");
    }
    for (let i = 0; i < rowsN; ++i) {
      for (let j = 0; j < colsN; ++j) {
        const shard = new Array(rank).fill(0);
        if (rowDim >= 0) shard[rowDim] = i;
        if (colDim >= 0) shard[colDim] = j;
        const id = shard.reduce((acc, x, d) => acc * n[d] + x, 0);
        const x = left + (j * w) / colsN, y = top + (i * h) / rowsN;
        el("svg:rect", {x: x, y: y, width: w / colsN, height: h / rowsN, fill: color(id),
                        class: "tile"}, svg);
        if (w / colsN >= 26) {
          el("svg:text", {x: x + w / colsN / 2, y: y + h / rowsN / 2 + 4, class: "shard"}, svg,
             "(" + shard.join(",") + ")");
        }
      }
    }
    const info = clear(document.getElementById("tensor-info"));
    const line = (t) => el("div", {}, info, t);
    line((tensor.param ? "parameter " : tensor.opcode + " ") + tensor.name + ": " + tensor.type +
         "[" + tensor.dims.join(",") + "], " + bytes(tensor.bytes) + " in all, " +
         bytes(tensor.device_bytes) + " per device");
    line("sharding " + tensor.spec.text + " (strategy: " + tensor.strategy + ")");
    tensor.dims.forEach((size, d) => {
      const axes = tensor.spec.dims[d];
      line("dim " + d + " (" + size + "): " + (axes.length === 0 ? "whole on every device"
          : "split " + n[d] + " ways over mesh axis " + axes.join(" then ")));
    });
    if (tensor.spec.partial.length) {
      line("pending partial sum over mesh axis " + tensor.spec.partial.join(", ") +
           ": devices that differ only there hold addends (dashed outline)");
    }
    if (order.slice(2).some((d) => n[d] > 1)) {
      line("more than two dims are split: the picture shows dims " + shown.join(" and "));
    }
  }

  function selectTensor(index) {
    const tensor = data.tensors[index];
    drawMesh(tensor);
    drawTensor(tensor);
  }

  function fillTensorList() {
    const list = document.getElementById("tensor-list");
    const search = document.getElementById("tensor-search");
    const refill = () => {
      const q = search.value.trim().toLowerCase();
      const keep = list.value;
      clear(list);
      const groups = [el("optgroup", {label: "parameters"}, list),
                      el("optgroup", {label: "other tensors, largest first"}, list)];
      data.tensors.forEach((t, i) => {
        if (q && !(t.name.toLowerCase().includes(q) || t.opcode.includes(q))) return;
        el("option", {value: i}, groups[t.param ? 0 : 1],
           t.name + "  " + t.type + "[" + t.dims.join(",") + "]  " + t.spec.text);
      });
      if (keep !== "") list.value = keep;
    };
    search.addEventListener("input", refill);
    list.addEventListener("change", () => { if (list.value !== "") selectTensor(+list.value); });
    refill();
    const note = document.getElementById("tensor-note");
    note.textContent = data.tensors.length < data.tensors_total
        ? data.tensors.length + " of " + data.tensors_total + " tensors embedded (largest first)"
        : data.tensors_total + " tensors";
    // Start on the largest parameter that is split, else the largest tensor.
    let start = data.tensors.findIndex((t) => t.param && splits(t.spec).some((k) => k > 1));
    if (start < 0) start = data.tensors.length ? 0 : -1;
    if (start >= 0) { list.value = String(start); selectTensor(start); } else { drawMesh(null); }
  }

  function yTicks(svg, max, left, top, h, w, fmt) {
    for (let k = 0; k <= 4; ++k) {
      const y = top + h - (k * h) / 4;
      el("svg:line", {x1: left, x2: left + w, y1: y, y2: y, class: "grid"}, svg);
      el("svg:text", {x: left - 6, y: y + 4, class: "tick"}, svg, fmt((max * k) / 4));
    }
  }

  function drawMemory() {
    const m = data.memory, svg = clear(document.getElementById("memory"));
    const w = 820, h = 220, left = 80, top = 16;
    svg.setAttribute("width", left + w + 20);
    svg.setAttribute("height", top + h + 40);
    const showLimit = m.limit_bytes > 0 && m.limit_bytes <= 1.5 * m.peak_bytes;
    const max = Math.max(1, showLimit ? m.limit_bytes : m.peak_bytes) * 1.08;
    yTicks(svg, max, left, top, h, w, bytes);
    const pts = m.bytes, n = Math.max(1, m.positions);
    const x = (pos) => left + (pos / n) * w, y = (b) => top + h - (b / max) * h;
    let d = "M" + x(0) + "," + y(0);
    pts.forEach((b, k) => {
      const x0 = x(k * m.bucket), x1 = x(Math.min(n, (k + 1) * m.bucket));
      d += "L" + x0 + "," + y(b) + "L" + x1 + "," + y(b);
    });
    d += "L" + x(n) + "," + y(0) + "Z";
    el("svg:path", {d: d, id: "memory-curve", "data-points": pts.length, class: "area"}, svg);
    if (showLimit) {
      el("svg:line", {x1: left, x2: left + w, y1: y(m.limit_bytes), y2: y(m.limit_bytes),
                      class: "limit"}, svg);
      el("svg:text", {x: left + w - 4, y: y(m.limit_bytes) - 4, class: "tick"}, svg,
         "limit " + bytes(m.limit_bytes));
    }
    const px = x(m.peak_position + 0.5), py = y(m.peak_bytes);
    const peak = el("svg:circle", {cx: px, cy: py, r: 5, id: "memory-peak", class: "peak"}, svg);
    el("svg:title", {}, peak, "peak " + bytes(m.peak_bytes) + " at %" + m.peak_at);
    const right = px > left + w / 2;  // label on the side with room
    el("svg:text", {x: right ? px - 10 : px + 10, y: Math.max(py - 8, top + 12),
                    class: right ? "peaklabel end" : "peaklabel"}, svg,
       "peak " + bytes(m.peak_bytes) + " at %" + m.peak_at);
    el("svg:text", {x: left, y: top + h + 18, class: "tick start"}, svg, "instruction 0");
    el("svg:text", {x: left + w, y: top + h + 18, class: "tick"}, svg,
       "instruction " + m.positions);
    const info = clear(document.getElementById("memory-info"));
    el("div", {}, info, "Live bytes per device (the same on every device: one SPMD program), " +
       "parameters " + bytes(m.parameter_bytes) + " live throughout; " +
       "solver's estimate of the peak " +
       bytes(m.solver_peak_bytes) + (showLimit || !m.limit_bytes ? "" : "; limit " +
       bytes(m.limit_bytes) + " is off the chart") + ". Largest live at the peak:");
    const ul = el("ul", {}, info);
    m.live_at_peak.forEach((t) => el("li", {}, ul, "%" + t.name + " " + bytes(t.bytes) +
                                     (t.param ? " (parameter)" : "")));
  }

  function drawTimeline() {
    const t = data.timeline, svg = clear(document.getElementById("timeline"));
    const w = 820, left = 110, top = 10, lane = 34;
    svg.setAttribute("width", left + w + 20);
    svg.setAttribute("height", top + 2 * (lane + 10) + 30);
    svg.dataset.bars = t.bars.length;
    const total = Math.max(t.total_s, 1e-12), x = (s) => left + (s / total) * w;
    el("svg:text", {x: 4, y: top + 22, class: "axis"}, svg, "compute");
    el("svg:text", {x: 4, y: top + lane + 32, class: "axis"}, svg, "communication");
    t.bars.forEach((b) => {
      const tip = (b.first === b.last ? "%" + b.name : "ops " + b.first + "-" + b.last +
                   ", longest %" + b.name) + " (" + b.opcode + "): compute " + secs(b.compute_s) +
                  ", communication " + secs(b.communication_s);
      if (b.compute_s > 0) {
        const r = el("svg:rect", {x: x(b.start_s), y: top, height: lane, class: "compute",
                                  width: Math.max(0.6, x(b.start_s + b.compute_s) - x(b.start_s))},
                   svg);
        el("svg:title", {}, r, tip);
      }
      if (b.communication_s > 0) {
        const s0 = b.start_s + b.compute_s;
        const r = el("svg:rect", {x: x(s0), y: top + lane + 10, height: lane, class: "comm",
                                  width: Math.max(0.6, x(s0 + b.communication_s) - x(s0))}, svg);
        el("svg:title", {}, r, tip);
      }
    });
    const axisY = top + 2 * (lane + 10) + 14;
    el("svg:text", {x: left, y: axisY, class: "tick start"}, svg, "0");
    el("svg:text", {x: left + w, y: axisY, class: "tick"}, svg, secs(t.total_s));
    document.getElementById("timeline-info").textContent =
        "Ops in program order, one after another (" + t.ops + " instructions" +
        (t.ops_per_bar > 1 ? ", " + t.ops_per_bar + " per bar" : "") +
        "); hover a bar for its ops. Communication = the op's own collectives and the " +
        "reshardings of its operands.";
  }

  const columns = [
    ["kind", "kind", (c) => c.kind], ["bytes", "bytes", (c) => bytes(c.bytes)],
    ["axes", "mesh axes", (c) => c.axes.join(",")],
    ["seconds", "est. time", (c) => secs(c.seconds)], ["where", "at", (c) => "%" + c.where],
    ["detail", "why", (c) => c.detail]];
  let sortKey = "seconds", sortDescending = true;

  function fillCollectives() {
    const table = document.getElementById("collectives");
    const head = clear(table.tHead || table.createTHead()).insertRow();
    for (const [key, label] of columns) {
      const th = el("th", {"data-key": key}, head, label +
                    (key === sortKey ? (sortDescending ? " \u25bc" : " \u25b2") : ""));
      th.addEventListener("click", () => {
        sortDescending = key === sortKey ? !sortDescending : key !== "kind";
        sortKey = key;
        fillCollectives();
      });
    }
    const rows = data.collectives.slice().sort((a, b) => {
      const u = a[sortKey], v = b[sortKey];
      const c = Array.isArray(u) ? String(u).localeCompare(String(v))
              : typeof u === "string" ? u.localeCompare(v) : u - v;
      return sortDescending ? -c : c;
    });
    const tbody = table.tBodies[0] || table.createTBody();
    clear(tbody);
    for (const c of rows) {
      const tr = tbody.insertRow();
      for (const [, , cell] of columns) el("td", {}, tr, cell(c));
    }
    table.dataset.rows = rows.length;
    const traffic = data.traffic.map((t) => t.kind + ": " + t.calls + " calls, " +
                                      bytes(t.bytes_sent) + " sent per device");
    document.getElementById("collectives-note").textContent =
        (data.collectives_total === 0 ? "No collectives: every device computes on its own. "
         : data.collectives.length < data.collectives_total
             ? "The " + data.collectives.length + " longest of " + data.collectives_total + ". "
             : data.collectives_total + " collectives. ") + traffic.join("; ");
  }

  drawSummary();
  fillTensorList();
  drawMemory();
  drawTimeline();
  fillCollectives();
  if (!body.dataset.status.startsWith("error")) body.dataset.status = "drawn";
)xpar_js";

}  // namespace xpar::internal
