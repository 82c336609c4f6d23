// The drawing canvas of dominotiling.viz.canvas.RegionCanvas (an anywidget ES module).
//
// The grid is drawn here, in the browser, from the model's `cells` trait
// ({rows, cols, bits}: the mask row by row, eight cells a byte, the first cell in
// the highest bit, base64).  A stroke is drawn locally at once and sent to the
// kernel when the pointer is released, so drawing never waits for the kernel;
// the answers (`answer`, `marks`, `picture`, `downloads`) come back from Python.
// No network: everything is in this file.  In a saved page (an exported notebook with its
// widget state, drawn by canvas_saved.js) `_dt_saved_page` is set: the drawing works, the
// answers shown are the kernel's for the saved drawing, and a changed drawing is said to be
// unanswered (no kernel there).

const MAX_SIDE = 400;
const CANVAS_PX = 480;
const UNDO_DEPTH = 100;
const COLOURS = {
  black: [38, 84, 140],
  white: [120, 170, 215],
  empty: [255, 255, 255],
  markBlack: [200, 30, 30],
  markWhite: [250, 150, 140],
};

function decode(state) {
  const rows = state.rows | 0, cols = state.cols | 0;
  const cells = new Uint8Array(rows * cols);
  const bin = atob(state.bits || "");
  for (let i = 0; i < cells.length; i++) {
    const byte = bin.charCodeAt(i >> 3) || 0;
    cells[i] = (byte >> (7 - (i & 7))) & 1;
  }
  return { rows, cols, cells };
}

function encode(rows, cols, cells) {
  const bytes = new Uint8Array((rows * cols + 7) >> 3);
  for (let i = 0; i < cells.length; i++) if (cells[i]) bytes[i >> 3] |= 128 >> (i & 7);
  let bin = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192));
  }
  return { rows, cols, bits: btoa(bin) };
}

// cells of a segment, both ends included (Bresenham)
function segment(r0, c0, r1, c1) {
  const out = [];
  const dr = Math.abs(r1 - r0), dc = Math.abs(c1 - c0);
  const sr = r0 < r1 ? 1 : -1, sc = c0 < c1 ? 1 : -1;
  let err = dc - dr, r = r0, c = c0;
  for (;;) {
    out.push([r, c]);
    if (r === r1 && c === c1) break;
    const e2 = 2 * err;
    if (e2 > -dr) { err -= dr; c += sc; }
    if (e2 < dc) { err += dc; r += sr; }
  }
  return out;
}

function el(tag, attrs, parent) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") node.textContent = v;
    else if (k === "class") node.className = v;
    else node.setAttribute(k, v);
  }
  if (parent) parent.appendChild(node);
  return node;
}

function hideStaticPictures() {
  // the picture a saved notebook shows where no widget runs (and the canvas drawn from the
  // saved state in an exported page): hidden where this one runs, live
  if (document.getElementById("dt-canvas-style")) return;
  const style = el("style", { id: "dt-canvas-style" }, document.head);
  style.textContent = ".dt-canvas-static,.dt-canvas-saved{display:none !important}";
}

const SAVED_NOTE =
  "a saved page, no kernel: drawing works here, but only a running notebook answers a drawing";

function render({ model, el: root }) {
  const savedPage = model.get("_dt_saved_page") === true;
  if (!savedPage) hideStaticPictures();
  root.classList.add("dt-canvas");
  if (savedPage) root.dataset.savedPage = "1";
  const shared = model.__dtShared || (model.__dtShared = { undo: [] });
  let grid = decode(model.get("cells"));
  let marks = decode(model.get("marks") || { rows: 0, cols: 0, bits: "" });

  // -- the layout: tools above, the canvas on the left, the answers on the right
  const tools = el("div", { class: "dt-canvas-tools" }, root);
  const body = el("div", { class: "dt-canvas-body" }, root);
  const left = el("div", { class: "dt-canvas-left" }, body);
  const right = el("div", { class: "dt-canvas-right" }, body);
  root.style.cssText = "font:13px/1.4 sans-serif;color:#222";
  tools.style.cssText = "display:flex;flex-wrap:wrap;gap:4px;align-items:center;margin-bottom:6px";
  body.style.cssText = "display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start";
  right.style.cssText = "min-width:220px;max-width:520px;flex:1 1 260px";

  const select = (name, options, title) => {
    const s = el("select", { class: `dt-${name}`, title }, tools);
    for (const [value, label] of options) el("option", { value, text: label }, s);
    s.value = String(model.get(name));
    s.addEventListener("change", () => {
      model.set(name, name === "brush" ? Number(s.value) : s.value);
      model.save_changes();
    });
    model.on(`change:${name}`, () => { s.value = String(model.get(name)); });
    return s;
  };
  select("mode", [["add", "add cells"], ["remove", "remove cells"]], "what a stroke does (shift: the other)");
  select("tool", [["brush", "brush"], ["line", "line"], ["rectangle", "rectangle"]], "tool");
  select("brush", [1, 2, 3, 4, 5, 6, 7, 8].map((k) => [String(k), `${k}\u00d7${k}`]), "brush size");
  select("symmetry", [
    ["none", "no symmetry"], ["vertical", "mirror |"], ["horizontal", "mirror \u2014"],
    ["both", "mirror both"], ["rotate", "rotate 180\u00b0"],
  ], "symmetric drawing");
  const button = (label, cls, action, parent = tools) => {
    const b = el("button", { class: `dt-${cls}`, text: label, type: "button" }, parent);
    b.style.cssText = "padding:2px 8px";
    b.addEventListener("click", action);
    return b;
  };
  button("undo", "undo", () => undo());
  button("clear", "clear", () => commit(new Uint8Array(grid.rows * grid.cols)));
  const size = el("input", { class: "dt-size", size: "7", title: "grid rows x columns (up to 400 x 400)" }, tools);
  const setSizeText = () => { size.value = `${grid.rows}x${grid.cols}`; };
  setSizeText();
  button("resize", "resize", () => {
    const m = /^\s*(\d+)\s*[x\u00d7, ]\s*(\d+)\s*$/.exec(size.value);
    if (!m) { setSizeText(); return; }
    const rows = Math.min(MAX_SIDE, Math.max(1, +m[1])), cols = Math.min(MAX_SIDE, Math.max(1, +m[2]));
    const cells = new Uint8Array(rows * cols);
    for (let r = 0; r < Math.min(rows, grid.rows); r++)
      for (let c = 0; c < Math.min(cols, grid.cols); c++) cells[r * cols + c] = grid.cells[r * grid.cols + c];
    commit(cells, rows, cols);
  });

  const canvas = el("canvas", { class: "dt-grid", tabindex: "0" }, left);
  canvas.style.cssText = "touch-action:none;cursor:crosshair;border:1px solid #999;image-rendering:pixelated;display:block";
  const note = el("div", { class: "dt-canvas-note" }, left);
  note.style.cssText = "color:#555;font-size:12px;max-width:480px";
  note.textContent = "click and drag to draw (shift: erase); dark and light cells are the two colours";
  const ctx = canvas.getContext("2d");
  const offscreen = document.createElement("canvas");

  // -- the answers, from Python
  const answer = el("div", { class: "dt-answer" }, right);
  const actions = el("div", { class: "dt-actions" }, right);
  actions.style.cssText = "display:flex;flex-wrap:wrap;gap:4px;margin:6px 0";
  const send = (content) => model.send(content);
  for (const [label, cls, what] of [
    ["a tiling", "tile", "tiling"], ["random sample", "sample", "sample"],
    ["limit shape", "limit", "limit"], ["make tileable", "tileable", "make_tileable"],
    ["exact count", "exact", "exact"], ["stop", "stop", "cancel"], ["export", "export", "export"],
  ]) button(label, cls, () => send({ action: what }), actions);
  if (savedPage) {
    for (const b of actions.querySelectorAll("button")) {
      b.disabled = true;
      b.title = "needs a running notebook: this is a saved page";
    }
  }
  const picture = el("img", { class: "dt-picture", alt: "" }, right);
  picture.style.cssText = "max-width:100%;display:none";
  const downloads = el("div", { class: "dt-downloads" }, right);
  const pasteBox = el("details", {}, right);
  el("summary", { text: "paste '.'/'#' text or load a picture" }, pasteBox);
  const text = el("textarea", { class: "dt-paste", rows: "5", cols: "40", placeholder: "..#..\n....." }, pasteBox);
  text.style.cssText = "font-family:monospace;display:block;max-width:100%";
  button("use the text", "paste", () => send({ action: "paste", text: text.value }), pasteBox);
  const file = el("input", { type: "file", accept: "image/*", class: "dt-image" }, pasteBox);
  file.addEventListener("change", () => {
    const f = file.files && file.files[0];
    if (!f) return;
    const reader = new FileReader();
    reader.onload = () => {
      const data = String(reader.result);
      send({ action: "image", data: data.slice(data.indexOf(",") + 1) });
      file.value = "";
    };
    reader.readAsDataURL(f);
  });
  if (savedPage) for (const x of pasteBox.querySelectorAll("button, input, textarea")) x.disabled = true;
  const saved = model.get("cells");
  const showAnswers = () => {
    const now = savedPage ? encode(grid.rows, grid.cols, grid.cells) : null;
    const same = !savedPage || (now.rows === saved.rows && now.cols === saved.cols && now.bits === saved.bits);
    if (same) {
      answer.innerHTML = model.get("answer");
      if (savedPage) {
        el("div", { class: "dt-saved-note", "data-stale": "0",
          text: SAVED_NOTE + "; these answers are the kernel's, for the drawing as saved" }, answer);
      }
    } else {
      // no kernel to answer the changed drawing: say so, with what the page can count itself
      let dark = 0, light = 0;
      for (let r = 0, i = 0; r < grid.rows; r++)
        for (let c = 0; c < grid.cols; c++, i++) if (grid.cells[i]) (r + c) % 2 === 0 ? dark++ : light++;
      answer.innerHTML = "";
      el("div", { class: "dt-cells-local", "data-cells": String(dark + light),
        text: `${dark + light} cells: ${dark} dark, ${light} light (counted in the page)` }, answer);
      el("div", { class: "dt-saved-note", "data-stale": "1",
        text: SAVED_NOTE + "; the drawing changed since it was saved, so its count is not known " +
          "here (undo brings back the saved drawing and its answers)" }, answer);
    }
    downloads.innerHTML = same ? model.get("downloads") : "";
    const src = same ? model.get("picture") : "";
    picture.style.display = src ? "block" : "none";
    if (src) picture.src = src;
    root.dataset.busy = model.get("busy") ? "1" : "0";
  };
  for (const name of ["answer", "downloads", "picture", "busy"]) model.on(`change:${name}`, showAnswers);
  showAnswers();

  // -- painting the grid
  let px = 1;
  function layout() {
    px = Math.max(1, Math.floor(CANVAS_PX / Math.max(grid.rows, grid.cols)));
    const scale = CANVAS_PX / Math.max(grid.rows, grid.cols);
    const cell = px >= 2 ? px : scale;
    canvas.width = Math.round(grid.cols * cell);
    canvas.height = Math.round(grid.rows * cell);
    px = canvas.width / grid.cols;
    offscreen.width = grid.cols;
    offscreen.height = grid.rows;
  }
  function paint() {
    const { rows, cols, cells } = grid;
    const octx = offscreen.getContext("2d");
    const img = octx.createImageData(cols, rows);
    const marked = marks.rows === rows && marks.cols === cols ? marks.cells : null;
    for (let r = 0, i = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++, i++) {
        const black = (r + c) % 2 === 0;
        let rgb = COLOURS.empty;
        if (marked && marked[i]) rgb = black ? COLOURS.markBlack : COLOURS.markWhite;
        else if (cells[i]) rgb = black ? COLOURS.black : COLOURS.white;
        img.data.set(rgb, 4 * i);
        img.data[4 * i + 3] = 255;
      }
    }
    octx.putImageData(img, 0, 0);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(offscreen, 0, 0, canvas.width, canvas.height);
    if (px >= 6) {
      ctx.strokeStyle = "rgba(0,0,0,0.12)";
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (let r = 0; r <= rows; r++) { ctx.moveTo(0, r * px + 0.5); ctx.lineTo(canvas.width, r * px + 0.5); }
      for (let c = 0; c <= cols; c++) { ctx.moveTo(c * px + 0.5, 0); ctx.lineTo(c * px + 0.5, canvas.height); }
      ctx.stroke();
    }
    root.dataset.cells = String(cells.reduce((a, b) => a + b, 0));
  }
  layout();
  paint();

  // -- strokes
  function mirrored(r, c) {
    const R = grid.rows - 1 - r, C = grid.cols - 1 - c;
    switch (model.get("symmetry")) {
      case "vertical": return [[r, c], [r, C]];
      case "horizontal": return [[r, c], [R, c]];
      case "both": return [[r, c], [r, C], [R, c], [R, C]];
      case "rotate": return [[r, c], [R, C]];
      default: return [[r, c]];
    }
  }
  function stamp(cells, r, c, value, k) {
    // the brush's k x k cells, then each mirrored: a symmetric drawing is symmetric cell by cell
    const lo = -Math.floor((k - 1) / 2);
    for (let dr = lo; dr < lo + k; dr++) {
      for (let dc = lo; dc < lo + k; dc++) {
        for (const [a, b] of mirrored(r + dr, c + dc)) {
          if (a >= 0 && a < grid.rows && b >= 0 && b < grid.cols) cells[a * grid.cols + b] = value;
        }
      }
    }
  }
  function cellAt(event) {
    const box = canvas.getBoundingClientRect();
    const x = ((event.clientX - box.left) * canvas.width) / box.width;
    const y = ((event.clientY - box.top) * canvas.height) / box.height;
    return [
      Math.min(grid.rows - 1, Math.max(0, Math.floor(y / px))),
      Math.min(grid.cols - 1, Math.max(0, Math.floor(x / px))),
    ];
  }
  function commit(cells, rows = grid.rows, cols = grid.cols) {
    pushUndo();
    grid = { rows, cols, cells };
    send_cells();
  }
  function send_cells() {
    const state = encode(grid.rows, grid.cols, grid.cells);
    lastSent = state.bits + "|" + state.rows + "x" + state.cols;
    model.set("cells", state);
    model.save_changes();
    marks = { rows: 0, cols: 0, cells: new Uint8Array(0) };
    layout();
    setSizeText();
    paint();
    if (savedPage) showAnswers();
  }
  function pushUndo() {
    const s = model.get("cells");
    shared.undo.push({ rows: s.rows, cols: s.cols, bits: s.bits });
    if (shared.undo.length > UNDO_DEPTH) shared.undo.shift();
  }
  function undo() {
    const prev = shared.undo.pop();
    if (!prev) return;
    grid = decode(prev);
    layout();
    send_cells();
  }

  let stroke = null;
  canvas.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    event.preventDefault();
    canvas.setPointerCapture(event.pointerId);
    const [r, c] = cellAt(event);
    const add = (model.get("mode") === "add") !== event.shiftKey;
    stroke = { r0: r, c0: c, r, c, value: add ? 1 : 0, before: grid.cells.slice() };
    if (model.get("tool") === "brush") stamp(grid.cells, r, c, stroke.value, model.get("brush"));
    else stamp(grid.cells, r, c, stroke.value, 1);
    paint();
  });
  canvas.addEventListener("pointermove", (event) => {
    if (!stroke) return;
    const [r, c] = cellAt(event);
    if (r === stroke.r && c === stroke.c) return;
    const tool = model.get("tool");
    if (tool === "brush") {
      for (const [a, b] of segment(stroke.r, stroke.c, r, c)) stamp(grid.cells, a, b, stroke.value, model.get("brush"));
    } else {
      grid.cells = stroke.before.slice();
      if (tool === "line") {
        for (const [a, b] of segment(stroke.r0, stroke.c0, r, c)) stamp(grid.cells, a, b, stroke.value, model.get("brush"));
      } else {
        for (let a = Math.min(stroke.r0, r); a <= Math.max(stroke.r0, r); a++)
          for (let b = Math.min(stroke.c0, c); b <= Math.max(stroke.c0, c); b++) stamp(grid.cells, a, b, stroke.value, 1);
      }
    }
    stroke.r = r;
    stroke.c = c;
    paint();
  });
  const finish = () => {
    if (!stroke) return;
    const before = stroke.before;
    stroke = null;
    if (before.every((v, i) => v === grid.cells[i])) return;
    const s = model.get("cells");
    shared.undo.push({ rows: s.rows, cols: s.cols, bits: s.bits });
    if (shared.undo.length > UNDO_DEPTH) shared.undo.shift();
    send_cells();
  };
  canvas.addEventListener("pointerup", finish);
  canvas.addEventListener("pointercancel", finish);
  canvas.addEventListener("keydown", (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key === "z") { event.preventDefault(); undo(); }
  });

  // -- changes from Python (a setter, a paste, make tileable, an undo in another view)
  let lastSent = null;
  const onCells = () => {
    const s = model.get("cells");
    if (s.bits + "|" + s.rows + "x" + s.cols === lastSent) return;
    lastSent = null;
    if (stroke) stroke = null;
    grid = decode(s);
    layout();
    setSizeText();
    paint();
  };
  const onMarks = () => {
    marks = decode(model.get("marks") || { rows: 0, cols: 0, bits: "" });
    paint();
  };
  const onMsg = (msg) => {
    if (msg && msg.kind === "undo-point") pushUndoFrom(msg.previous);
  };
  function pushUndoFrom(previous) {
    if (previous) shared.undo.push(previous);
    if (shared.undo.length > UNDO_DEPTH) shared.undo.shift();
  }
  model.on("change:cells", onCells);
  model.on("change:marks", onMarks);
  model.on("msg:custom", onMsg);
  return () => {
    model.off("change:cells", onCells);
    model.off("change:marks", onMarks);
    model.off("msg:custom", onMsg);
  };
}

export default { render };
