"""The animation player: one animated GIF, and a small script that adds controls to it.

What a notebook shows for an animation (:func:`player_html`) is an ``<img>`` of an
animated GIF that loops by itself, wrapped in a ``<div>`` with a short inline
script. Where scripts run (JupyterLab, the classic Notebook, an exported HTML
page) the script decodes the GIF's frames, draws them on a canvas and adds the
controls: first, previous, play/pause, next, last, a slider, the frame counter
(``frame 3 / 12``) and the speed. It starts playing at once and loops. Where
scripts do not run (a notebook on a code host, an untrusted notebook) the GIF
plays by itself. The frames are stored once, as the GIF: a saved notebook stays
small.

The buttons are plain text characters, not an icon font, so they show in an
exported page with no network.

Examples
--------
>>> from PIL import Image
>>> frames = [Image.new("RGB", (8, 6), c) for c in ("red", "blue")]
>>> gif = gif_bytes(frames, 250)
>>> gif[:6]
b'GIF89a'
>>> html = player_html(gif, n_frames=2, width=8, height=6)
>>> "data:image/gif;base64," in html and "<script" in html
True
"""

from __future__ import annotations

import base64
import io
import uuid

__all__ = ["gif_bytes", "player_html", "PLAYER_JS"]


def gif_bytes(images, durations):
    """An animated GIF that loops forever, from PIL images.

    Parameters
    ----------
    images : list of PIL.Image.Image
        The frames, all of one size.
    durations : float or list of float
        Milliseconds each frame is shown.

    Returns
    -------
    bytes
        The GIF: one palette of 64 colours for all frames (no dithering: the
        pictures are flat colours), each frame stored as its change from the
        one before, no interlacing, every frame kept.
    """
    import numpy as np
    from PIL import Image

    rgb = [im.convert("RGB") for im in images]
    # one palette for every frame, from a few frames spread over the run: a colour keeps its
    # index from frame to frame, so the unchanged parts of a frame cost almost nothing
    sample = rgb[:: max(1, len(rgb) // 8)][:8]
    stack = Image.fromarray(np.concatenate([np.asarray(im) for im in sample], axis=0))
    palette = stack.quantize(colors=64, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    pal = [im.quantize(palette=palette, dither=Image.Dither.NONE) for im in rgb]
    if not isinstance(durations, (list, tuple)):
        durations = [durations] * len(pal)
    durations = [max(20, int(round(d / 10.0)) * 10) for d in durations]  # GIF delays: 1/100 s
    buf = io.BytesIO()
    pal[0].save(
        buf,
        format="GIF",
        save_all=True,
        append_images=pal[1:],
        duration=durations,
        loop=0,
        optimize=True,
        interlace=False,
    )
    return buf.getvalue()


#: The script that turns the GIF into a player; ``%ID%`` is the player's element id.
PLAYER_JS = r"""
(function () {
  var box = document.getElementById("%ID%");
  if (!box || box.dataset.ready) return;
  box.dataset.ready = "1";
  var img = box.querySelector("img");
  function bytesOf(src) {
    var s = atob(src.slice(src.indexOf(",") + 1)), b = new Uint8Array(s.length);
    for (var i = 0; i < s.length; i++) b[i] = s.charCodeAt(i);
    return b;
  }
  function lzw(minSize, data, n) {
    var out = new Uint8Array(n), clear = 1 << minSize, eoi = clear + 1;
    var size = minSize + 1, mask = (1 << size) - 1, next = eoi + 1, old = -1;
    var prefix = new Int16Array(4096), suffix = new Uint8Array(4096), first = new Uint8Array(4096);
    var stack = new Uint8Array(4097), acc = 0, bits = 0, pos = 0, op = 0, i;
    for (i = 0; i < clear; i++) { prefix[i] = -1; suffix[i] = i; first[i] = i; }
    while (op < n) {
      while (bits < size) { if (pos >= data.length) return out; acc |= data[pos++] << bits; bits += 8; }
      var code = acc & mask; acc >>>= size; bits -= size;
      if (code === clear) { size = minSize + 1; mask = (1 << size) - 1; next = eoi + 1; old = -1; continue; }
      if (code === eoi) break;
      if (old === -1) { out[op++] = suffix[code]; old = code; continue; }
      var c = code, sp = 0;
      if (code >= next) { stack[sp++] = first[old]; c = old; }
      while (c >= clear) { stack[sp++] = suffix[c]; c = prefix[c]; }
      stack[sp++] = c;
      while (sp > 0 && op < n) out[op++] = stack[--sp];
      if (next < 4096) {
        prefix[next] = old; suffix[next] = first[c]; first[next] = first[old]; next++;
        if (next === (1 << size) && size < 12) { size++; mask = (1 << size) - 1; }
      }
      old = code;
    }
    return out;
  }
  function decode(b) {
    var p = 6;
    function u8() { return b[p++]; }
    function u16() { var v = b[p] | (b[p + 1] << 8); p += 2; return v; }
    var W = u16(), H = u16(), f = u8(); u8(); u8();
    var gct = null, frames = [], disp = 0, delay = 10, trans = -1;
    if (f & 0x80) { var gn = 3 * (1 << ((f & 7) + 1)); gct = b.subarray(p, p + gn); p += gn; }
    var screen = new Uint8ClampedArray(W * H * 4), s;
    while (p < b.length) {
      var block = u8();
      if (block === 0x3B) break;
      if (block === 0x21) {
        var label = u8();
        if (label === 0xF9) { u8(); var pf = u8(); delay = u16(); var t = u8(); u8();
          disp = (pf >> 2) & 7; trans = (pf & 1) ? t : -1; }
        else { while ((s = u8())) p += s; }
      } else if (block === 0x2C) {
        var x = u16(), y = u16(), w = u16(), h = u16(), lf = u8(), ct = gct;
        if (lf & 0x80) { var ln = 3 * (1 << ((lf & 7) + 1)); ct = b.subarray(p, p + ln); p += ln; }
        var minSize = u8(), parts = [], len = 0;
        while ((s = u8())) { parts.push(b.subarray(p, p + s)); p += s; len += s; }
        var data = new Uint8Array(len), o = 0;
        for (var k = 0; k < parts.length; k++) { data.set(parts[k], o); o += parts[k].length; }
        var idx = lzw(minSize, data, w * h), rows = [];
        if (lf & 0x40) { [[0, 8], [4, 8], [2, 4], [1, 2]].forEach(function (q) {
          for (var r = q[0]; r < h; r += q[1]) rows.push(r); }); }
        else { for (var r0 = 0; r0 < h; r0++) rows.push(r0); }
        var saved = disp === 3 ? screen.slice() : null;
        for (var j = 0; j < h; j++) {
          var row = rows[j];
          for (var i2 = 0; i2 < w; i2++) {
            var v = idx[j * w + i2];
            if (v === trans || y + row >= H || x + i2 >= W) continue;
            var q4 = ((y + row) * W + x + i2) * 4;
            screen[q4] = ct[3 * v]; screen[q4 + 1] = ct[3 * v + 1]; screen[q4 + 2] = ct[3 * v + 2]; screen[q4 + 3] = 255;
          }
        }
        frames.push({pixels: screen.slice(), delay: Math.max(2, delay) * 10});
        if (disp === 2) { for (var r2 = y; r2 < y + h; r2++) screen.fill(0, (r2 * W + x) * 4, (r2 * W + x + w) * 4); }
        else if (saved) screen = saved;
        disp = 0; delay = 10; trans = -1;
      } else break;
    }
    return {width: W, height: H, frames: frames};
  }
  var gif;
  try { gif = decode(bytesOf(img.src)); } catch (e) { return; }  // the GIF plays by itself
  var n = gif.frames.length;
  if (!n) return;
  var canvas = document.createElement("canvas");
  canvas.width = gif.width; canvas.height = gif.height;
  canvas.style.cssText = img.style.cssText; canvas.style.display = "block";
  canvas.setAttribute("role", "img"); canvas.setAttribute("aria-label", img.alt);
  var ctx = canvas.getContext("2d"), picture = ctx.createImageData(gif.width, gif.height);
  var bar = document.createElement("div");
  bar.className = "dt-controls";
  bar.style.cssText = "display:flex;align-items:center;gap:4px;margin:4px 0;font:13px sans-serif;flex-wrap:wrap";
  function button(text, title, act) {
    var el = document.createElement("button");
    el.type = "button"; el.textContent = text; el.title = title;
    el.style.cssText = "min-width:2.2em;padding:1px 6px;font:13px sans-serif;cursor:pointer";
    el.addEventListener("click", act); bar.appendChild(el); return el;
  }
  var frame = 0, playing = true, timer = null, speed = 1;
  var slider = document.createElement("input");
  slider.type = "range"; slider.min = 0; slider.max = n - 1; slider.value = 0;
  slider.style.cssText = "flex:1 1 8em;min-width:6em";
  var counter = document.createElement("span");
  counter.className = "dt-counter";
  counter.style.cssText = "font-variant-numeric:tabular-nums;white-space:nowrap";
  function show(i) {
    frame = ((i % n) + n) % n;
    picture.data.set(gif.frames[frame].pixels); ctx.putImageData(picture, 0, 0);
    slider.value = frame; counter.textContent = "frame " + (frame + 1) + " / " + n;
    box.dataset.frame = frame;
  }
  function tick() { show(frame + 1); schedule(); }
  function schedule() {
    clearTimeout(timer);
    if (playing && n > 1) timer = setTimeout(tick, gif.frames[frame].delay / speed);
  }
  function setPlaying(on) { playing = on; play.textContent = on ? "\u275A\u275A" : "\u25B6";
    play.title = on ? "pause" : "play"; box.dataset.playing = on ? "1" : "0"; schedule(); }
  button("|\u25C0", "first frame", function () { setPlaying(false); show(0); });
  button("\u25C0", "previous frame", function () { setPlaying(false); show(frame - 1); });
  var play = button("\u275A\u275A", "pause", function () { setPlaying(!playing); });
  button("\u25B6", "next frame", function () { setPlaying(false); show(frame + 1); });
  button("\u25B6|", "last frame", function () { setPlaying(false); show(n - 1); });
  bar.appendChild(slider); bar.appendChild(counter);
  var pace = document.createElement("select");
  [0.5, 1, 2, 4].forEach(function (v) { var o = document.createElement("option");
    o.value = v; o.textContent = v + "\u00D7"; if (v === 1) o.selected = true; pace.appendChild(o); });
  pace.title = "speed"; pace.addEventListener("change", function () { speed = +pace.value; schedule(); });
  bar.appendChild(pace);
  slider.addEventListener("input", function () { setPlaying(false); show(+slider.value); });
  img.replaceWith(canvas);
  box.appendChild(bar);
  show(0); setPlaying(true);
})();
"""


def player_html(gif, *, n_frames, width, height, alt="an animation", css_width=None):
    """HTML for Jupyter: the GIF, playing, and the script that adds controls to it.

    Parameters
    ----------
    gif : bytes
        An animated GIF (:func:`gif_bytes`).
    n_frames, width, height : int
        Its number of frames and size in pixels.
    alt : str
        The image's text alternative.
    css_width : int, optional
        Width on the page in CSS pixels (default `width`); never wider than the
        page's column.

    Returns
    -------
    str
    """
    import html as _html

    ident = "dt-anim-" + uuid.uuid4().hex[:12]
    css = css_width or width
    src = "data:image/gif;base64," + base64.b64encode(gif).decode("ascii")
    return (
        f'<div class="dt-animation" id="{ident}" data-frames="{int(n_frames)}" '
        f'style="max-width:{css}px">'
        f'<img src="{src}" alt="{_html.escape(alt)}" width="{width}" height="{height}" '
        f'style="width:100%;max-width:{css}px;height:auto;image-rendering:auto">'
        f"<script>{PLAYER_JS.replace('%ID%', ident)}</script></div>"
    )
