"""A region drawn with the mouse, answered live: the drawing canvas (anywidget).

:class:`RegionCanvas` is a grid on a ``<canvas>`` (the ES module ``canvas.js``
shipped beside this file: no CDN, works offline, in JupyterLab, the Notebook, VS
Code and Colab alike). Click and drag add or remove cells (shift: the other), with
a brush of 1 to 8 cells, a line or a rectangle tool, symmetric drawing and undo, on
a grid of up to :data:`MAX_SIDE` x :data:`MAX_SIDE`; ``'.'``/``'#'`` text can be
pasted and a picture loaded (:meth:`Region.from_image
<dominotiling.model.region.Region.from_image>`). Beside the drawing, recomputed on a
background thread as it changes (:mod:`dominotiling.viz.answers`): the cells and
colours, tileable or not, the exact count (the log-count of a large region), the
Hall certificate drawn in red on the drawing when there is no tiling; and on
request a tiling, a random sample, the limit shape's arctic curves over the
sample, a "make tileable" step, and the exports (text, JSON, PNG, SVG).

The drawing travels as one small trait, ``cells`` (:mod:`dominotiling.viz.drawing_state`),
read as hostile input: a malformed state is refused and shown, the drawing kept.

A saved notebook keeps the last drawing as a static picture: the canvas is shown
with a second output, a PNG updated whenever the answers are, which the live
widget hides where it runs. Saved with its widget state and exported to HTML, the
page draws the canvas again from that state, offline (:func:`~dominotiling.viz.drawing_state.static_html`).

Examples
--------
>>> from dominotiling import Region
>>> from dominotiling.viz.canvas import RegionCanvas
>>> w = RegionCanvas(Region.rectangle(4, 4))
>>> w.wait(60)
True
>>> w.answers["count"]
36
>>> w.region = Region.from_strings(["..#", "..."])
>>> w.wait(60), w.answers["tileable"], len(w.answers["hall"])
(True, False, 3)
"""

from __future__ import annotations

import base64
import binascii
import html
import math
import pathlib

import anywidget
import numpy as np
import traitlets

from ..errors import DominoTilingError, DominoTypeError, RegionFormatError, TooLargeError
from ..model.region import Region
from ..tasks import find_tiling, random_tiling
from ..theory.limit_shape import limit_shape
from . import answers as _answers
from .drawing_state import (
    MAX_SIDE,
    decode_cells,
    drawing_png,
    drawing_svg,
    encode_cells,
    mask_of,
    static_html,
)

__all__ = ["RegionCanvas", "encode_cells", "decode_cells", "MAX_SIDE"]

#: Grids up to this side show a tiling with outlines (matplotlib); larger ones as pixels.
OUTLINE_SIDE = 48
#: Largest picture (bytes) :meth:`RegionCanvas.load_image` accepts.
MAX_IMAGE_BYTES = 8 << 20
#: Largest pasted text (characters) :meth:`RegionCanvas.paste` accepts.
MAX_TEXT_CHARS = (MAX_SIDE + 2) * MAX_SIDE


def _data_url(mime, data):
    return f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"


def _tiling_png(tiling, lines=()):
    """A tiling's picture: outlined dominoes on small grids, one pixel image on large ones."""
    rows, cols = tiling.labels.shape
    if max(rows, cols) <= OUTLINE_SIDE and not lines:
        from .draw import draw_tiling, figure_png

        return figure_png(draw_tiling, tiling, dpi=60)
    from .raster import raster_png, tiling_raster

    image = tiling_raster(tiling, width=480)
    return raster_png(image, lines=lines, scale=image.shape[1] / cols, line_width=2)


def _count_html(answer):
    if answer["exact"]:
        n = answer["count"]
        digits = len(str(n))
        shown = f"{n:,}" if digits <= 40 else f"{str(n)[:12]}... ({digits:,} digits)"
        return (
            f'<span class="dt-count" data-count="{n}"><b>{shown}</b></span> '
            f"tiling{'s' if n != 1 else ''}"
        )
    lc = answer["log_count"]
    return (
        f'<span class="dt-log-count" data-log-count="{lc!r}">log(tilings) = <b>{lc:.6g}</b></span>'
        " (the exact count: the button)"
    )


class RegionCanvas(anywidget.AnyWidget):
    """A grid to draw a region on with the mouse, and its answers beside it.

    Build it with :func:`dominotiling.viz.widgets.region_canvas`.

    Parameters
    ----------
    region : Region, optional
        The first drawing (a plane region of at most :data:`MAX_SIDE` per side);
        by default an empty ``rows`` x ``cols`` grid.
    rows, cols : int, keyword-only
        The grid of an empty start.
    seed : int, keyword-only
        The seed of the first random sample (the next sample takes the next seed).

    Attributes
    ----------
    region : Region or None
        The drawing (the whole grid as the mask; None while it has no cell); set it
        to draw from Python.
    answers : dict
        The last answers: ``cells``, ``black``, ``white``, ``tileable``, ``hall``,
        ``count`` / ``log_count`` / ``exact``, and after their actions ``tiling``,
        ``sample``, ``limit_shape``, ``made_tileable``.
    cells, marks : dict
        The synced states of the drawing and of the Hall certificate's cells.
    mode, tool, brush, symmetry : traits
        ``"add"``/``"remove"``; ``"brush"``/``"line"``/``"rectangle"``; 1 to 8;
        ``"none"``, ``"vertical"``, ``"horizontal"``, ``"both"``, ``"rotate"``.
    answer, picture, downloads : str
        What the page shows beside the drawing: the answers (HTML), the last
        picture (a PNG data URL), the export links.

    See Also
    --------
    dominotiling.viz.widgets.region_canvas, dominotiling.viz.widgets.explore_region,
    dominotiling.viz.answers.AnswerWorker

    Examples
    --------
    >>> from dominotiling import Region
    >>> w = RegionCanvas(Region.from_strings(["....", "...."]))
    >>> w.wait(60), w.answers["count"], w.answers["tileable"]
    (True, 5, True)
    >>> w.sample(seed=1)
    >>> w.wait(60), w.answers["sample"].n_dominoes
    (True, 4)
    >>> sorted(w.export())
    ['json', 'png', 'svg', 'text']
    """

    _esm = pathlib.Path(__file__).with_name("canvas.js")
    cells = traitlets.Dict().tag(sync=True)
    marks = traitlets.Dict().tag(sync=True)
    mode = traitlets.Enum(["add", "remove"], default_value="add").tag(sync=True)
    tool = traitlets.Enum(["brush", "line", "rectangle"], default_value="brush").tag(sync=True)
    brush = traitlets.Int(1, min=1, max=8).tag(sync=True)
    symmetry = traitlets.Enum(
        ["none", "vertical", "horizontal", "both", "rotate"], default_value="none"
    ).tag(sync=True)
    answer = traitlets.Unicode("").tag(sync=True)
    picture = traitlets.Unicode("").tag(sync=True)
    downloads = traitlets.Unicode("").tag(sync=True)
    busy = traitlets.Bool(False).tag(sync=True)

    def __init__(self, region=None, *, rows=24, cols=24, seed=0):
        from .. import _validate

        rows = _validate.integer(rows, "rows", minimum=1, maximum=MAX_SIDE, error=TooLargeError)
        cols = _validate.integer(cols, "cols", minimum=1, maximum=MAX_SIDE, error=TooLargeError)
        self.seed = _validate.nonnegative_int(seed, "seed")
        mask = np.zeros((rows, cols), dtype=bool) if region is None else self._mask_from(region)
        self.answers = {}
        self._mask = mask
        self._marks = None
        self._static = None
        self._answered = None
        self._head = ""
        self._made = ""
        self._worker = _answers.AnswerWorker(on_error=self._show_error)
        super().__init__(cells=encode_cells(mask), marks=encode_cells(np.zeros((0, 0))))
        self.observe(self._on_cells, names="cells")
        self.on_msg(self._on_message)
        self._submit_answers()

    def __repr__(self):
        rows, cols = self._mask.shape
        return (
            f"<RegionCanvas: {int(self._mask.sum())} cells drawn on a {rows} x {cols} grid; "
            "interactive in Jupyter with anywidget>"
        )

    # -- the drawing, both ways
    @staticmethod
    def _mask_from(region):
        if not isinstance(region, Region):
            raise DominoTypeError(
                f"the canvas draws a Region, got {type(region).__name__}: "
                "Region.from_strings(text) or Region.from_mask(array) makes one"
            )
        if any(region.periodic):
            raise DominoTilingError(
                "the canvas draws plane regions; a torus or cylinder has glued sides"
            )
        rows, cols = region.mask.shape
        if max(rows, cols) > MAX_SIDE:
            raise TooLargeError(
                f"the region is {rows} x {cols}: the canvas holds at most {MAX_SIDE} x {MAX_SIDE}"
            )
        return np.array(region.mask, dtype=bool)

    @property
    def region(self):
        """The drawing as a :class:`~dominotiling.model.region.Region` (None while empty)."""
        if not self._mask.any():
            return None
        return Region.from_mask(self._mask)

    @region.setter
    def region(self, region):
        mask = self._mask_from(region)
        self.send({"kind": "undo-point", "previous": dict(self.cells)})
        self.cells = encode_cells(mask)

    @traitlets.validate("cells")
    def _valid_cells(self, proposal):
        # a TraitError, so that traitlets puts the old drawing back (the library's error as its cause)
        try:
            decode_cells(proposal["value"])
        except DominoTilingError as exc:
            raise traitlets.TraitError(str(exc)) from exc
        return proposal["value"]

    def set_state(self, sync_data):
        """Apply a state from the browser; a malformed one is refused and shown, the drawing kept."""
        try:
            super().set_state(sync_data)
        except (DominoTilingError, traitlets.TraitError) as exc:
            self._show_error(exc)
            self.send_state()

    def _on_cells(self, change):
        self._mask = decode_cells(change["new"])
        self._marks = None
        self.marks = encode_cells(np.zeros((0, 0)))
        self.picture = ""
        self.downloads = ""
        self._submit_answers()

    # -- the answers
    def wait(self, timeout=None):
        """Block until the answers of the current drawing are in; False on a timeout.

        Examples
        --------
        >>> from dominotiling import Region
        >>> w = RegionCanvas(Region.rectangle(2, 3))
        >>> w.wait(60), w.answers["count"]
        (True, 3)
        """
        return self._worker.wait(timeout)

    def cancel(self):
        """Stop the computation under way (its answer is dropped).

        Examples
        --------
        >>> w = RegionCanvas()
        >>> w.cancel()
        >>> w.wait(10), w.busy
        (True, False)
        """
        self._worker.cancel()
        self.busy = False
        self.answer += '<div class="dt-cancelled">stopped</div>'

    def _show_error(self, exc):
        if isinstance(exc.__cause__, DominoTilingError):
            exc = exc.__cause__
        self.busy = False
        self.answer = self._head + (
            f'<div class="dt-error" style="color:#b00">{type(exc).__name__}: '
            f"{html.escape(str(exc))}</div>"
        )

    def _submit(self, steps):
        """Run the generator function ``steps(alive)`` on the worker; the page says it is busy."""
        self.busy = True

        def job(alive):
            yield from steps(alive)
            if alive():
                self.busy = False

        self._worker.submit(job)

    def _submit_answers(self):
        mask = self._mask.copy()
        self._submit(lambda alive: self._answer_steps(mask))

    def _answer_steps(self, mask):
        """The drawing's answers, step by step: cells, colours and Hall at once, then the count."""
        made, self._made = self._made, ""
        note = f'<div class="dt-made">{made}</div>' if made else ""
        if not mask.any():
            self.answers = {"cells": 0}
            self._head = ""
            self.answer = note + "draw cells: click and drag on the grid"
            self._answered = mask
            self._update_static()
            return
        region = Region.from_mask(mask)
        quick = _answers.quick_answers(region)
        yield
        self._head = note + self._quick_html(quick, mask)
        self.answers = dict(quick)
        self.answer = self._head + '<div class="dt-pending">counting...</div>'
        if quick["hall"] is not None:
            self._marks = mask_of(quick["hall"], mask.shape)
            self.marks = encode_cells(self._marks)
        self._update_static()
        counted = (
            _answers.count_answer(region)
            if quick["tileable"]
            else {"exact": True, "count": 0, "log_count": -math.inf}
        )
        yield
        self.answers.update(counted)
        self._head += f'<div class="dt-counted">{_count_html(counted)}</div>'
        self.answer = self._head
        self._answered = mask

    @staticmethod
    def _quick_html(quick, mask):
        text = (
            f'<div class="dt-cells"><b>{quick["cells"]:,}</b> cells: '
            f"{quick['black']:,} dark, {quick['white']:,} light</div>"
        )
        if quick["tileable"]:
            return text + '<div class="dt-tileable">tileable: <b>yes</b></div>'
        chosen = mask_of(quick["hall"], mask.shape)
        near = np.zeros_like(chosen)
        near[1:] |= chosen[:-1]
        near[:-1] |= chosen[1:]
        near[:, 1:] |= chosen[:, :-1]
        near[:, :-1] |= chosen[:, 1:]
        k, m = len(quick["hall"]), int((near & mask).sum())
        return text + (
            '<div class="dt-tileable">tileable: <b>no</b></div>'
            f'<div class="dt-hall" data-cells="{k}" data-neighbours="{m}">Hall certificate '
            f"(red on the drawing): {k} cell(s) of one colour with only {m} neighbour(s), "
            "so no tiling covers them</div>"
        )

    # -- actions (buttons on the page, methods here); each runs on the worker thread
    def _action(self, act):
        """Run ``act(region)`` after the drawing's answers (if not in yet), on the worker."""
        mask = self._mask.copy()

        def steps(alive):
            if self._answered is None or not np.array_equal(self._answered, mask):
                yield from self._answer_steps(mask)
                if not alive():
                    return
            region = self.region
            if region is None:
                self.answer += '<div class="dt-note">draw cells first</div>'
                return
            yield from act(region, alive)

        self._submit(steps)

    def show_tiling(self):
        """Find one tiling of the drawing and show it (:func:`~dominotiling.matching.find_tiling`).

        Examples
        --------
        >>> from dominotiling import Region
        >>> w = RegionCanvas(Region.rectangle(2, 2))
        >>> w.show_tiling()
        >>> w.wait(60), w.answers["tiling"].n_dominoes
        (True, 2)
        """

        def act(region, alive):
            tiling = find_tiling(region)
            yield
            self.answers["tiling"] = tiling
            if tiling is None:
                self._note("no tiling: the Hall certificate is drawn in red")
                return
            self.picture = _data_url("image/png", _tiling_png(tiling))
            self._note(f"a tiling: {tiling.n_dominoes:,} dominoes", "dt-tiling")

        self._action(act)

    def sample(self, seed=None):
        """Show a uniformly random tiling (:func:`~dominotiling.sampling.random_tiling`).

        Parameters
        ----------
        seed : int, optional
            By default the canvas's ``seed``, which then moves on by one.
        """
        from .. import _validate

        if seed is None:
            seed, self.seed = self.seed, self.seed + 1
        seed = _validate.nonnegative_int(seed, "seed")

        def act(region, alive):
            if not self.answers.get("tileable"):
                self._note("no tiling to sample: the Hall certificate is drawn in red")
                return
            tiling = random_tiling(region, seed=seed)
            yield
            self.answers["sample"] = tiling
            self.picture = _data_url("image/png", _tiling_png(tiling))
            self._note(f"a uniformly random tiling (seed {seed})", "dt-sample")

        self._action(act)

    def show_limit_shape(self, *, resolution=None):
        """Draw the limit shape's arctic curves over a random sample of the drawing.

        Parameters
        ----------
        resolution : int, optional, keyword-only
            Of :func:`~dominotiling.theory.limit_shape.limit_shape` (its default by default).

        Examples
        --------
        >>> from dominotiling import Region
        >>> w = RegionCanvas(Region.aztec_diamond(6))
        >>> w.show_limit_shape(resolution=12)
        >>> w.wait(120), len(w.answers["limit_shape"].arctic_curves) >= 1
        (True, True)
        """
        from .limit_shape import ARCTIC_COLOR, GAS_COLOR

        def act(region, alive):
            if not self.answers.get("tileable"):
                self._note("no tiling, no limit shape: the Hall certificate is drawn in red")
                return
            sample = self.answers.get("sample")
            if sample is None or sample.region != region:
                sample = random_tiling(region, seed=self.seed)
                self.answers["sample"] = sample
            yield
            flux = "most likely" if region.holes else None
            shape = limit_shape(region, resolution=resolution, flux=flux, progress=False)
            yield
            lines = [(c, ARCTIC_COLOR) for c in shape.arctic_curves]
            lines += [(c, GAS_COLOR) for c in shape.gas_curves]
            self.answers["limit_shape"] = shape
            self.picture = _data_url("image/png", _tiling_png(sample, lines))
            k = len(lines)
            self._note(
                f'<span data-curves="{k}">{k} arctic curve(s)</span> of the limit shape '
                "(black) over a uniform sample",
                "dt-limit",
            )

        self._action(act)

    def make_tileable(self, *, rule="trim"):
        """Replace the drawing by a tileable one (:meth:`Region.make_tileable
        <dominotiling.model.region.Region.make_tileable>`) and say what changed.

        Parameters
        ----------
        rule : {"trim", "double"}, keyword-only
            ``"trim"`` removes the fewest boundary cells; ``"double"`` doubles every cell
            (refused when the doubled grid would pass :data:`MAX_SIDE`).

        Examples
        --------
        >>> from dominotiling import Region
        >>> w = RegionCanvas(Region.rectangle(3, 3))
        >>> w.make_tileable()
        >>> w.wait(60), w.region.n_cells, w.answers["tileable"]
        (True, 8, True)
        """
        from .. import _validate

        _validate.choice(rule, "rule", ("trim", "double"))

        def act(region, alive):
            if rule == "double" and 2 * max(region.mask.shape) > MAX_SIDE:
                raise TooLargeError(
                    f"doubled, the drawing would be {2 * region.mask.shape[0]} x "
                    f"{2 * region.mask.shape[1]}: the canvas holds {MAX_SIDE} x {MAX_SIDE}"
                )
            fix = region.make_tileable(rule=rule)
            yield
            self.answers["made_tileable"] = fix
            self._made = html.escape(fix.message)
            if fix.changed:
                self.region = fix.region  # answered afresh by the observer
            else:
                self._note(self._made, "dt-made")
                self._made = ""

        self._action(act)

    def exact_count(self):
        """Count the drawing's tilings exactly, however large (cancellable with :meth:`cancel`).

        Examples
        --------
        >>> from dominotiling import Region
        >>> w = RegionCanvas(Region.rectangle(2, 3))
        >>> w.exact_count()
        >>> w.wait(60), w.answers["count"]
        (True, 3)
        """

        def act(region, alive):
            counted = _answers.count_answer(region, exact=True)
            yield
            self.answers.update(counted)
            self._note(_count_html(counted), "dt-exact")

        self._action(act)

    def paste(self, text):
        """Draw the region of ``'.'``/``'#'`` text (:meth:`Region.from_strings
        <dominotiling.model.region.Region.from_strings>`).

        Examples
        --------
        >>> w = RegionCanvas()
        >>> w.paste("..\\n..")
        >>> w.region.n_cells
        4
        """
        if not isinstance(text, str):
            raise DominoTypeError(f"paste text, got {type(text).__name__}")
        if len(text) > MAX_TEXT_CHARS:
            raise TooLargeError(
                f"the text has {len(text):,} characters: the canvas holds {MAX_SIDE} x {MAX_SIDE}"
            )
        self.region = Region.from_strings(text.strip("\n"))

    def load_image(self, data, *, cell_size=1, threshold=0.5, invert=False):
        """Draw the region of a black-and-white picture (:meth:`Region.from_image
        <dominotiling.model.region.Region.from_image>`): dark pixels are cells.

        Parameters
        ----------
        data : bytes or str
            The picture file's bytes, or them in base64 (as the page sends them).
        cell_size, threshold, invert : keyword-only
            As for ``Region.from_image``.

        Raises
        ------
        RegionFormatError
            If the bytes are not a picture (or not base64).
        TooLargeError
            If the picture is larger than :data:`MAX_IMAGE_BYTES`.

        Examples
        --------
        >>> import io
        >>> from PIL import Image
        >>> buf = io.BytesIO()
        >>> Image.new("L", (4, 2), 0).save(buf, format="PNG")
        >>> w = RegionCanvas()
        >>> w.load_image(buf.getvalue())
        >>> w.region.mask.shape
        (2, 4)
        """
        import os
        import tempfile

        if isinstance(data, str):
            if len(data) > 4 * MAX_IMAGE_BYTES // 3 + 4:
                raise TooLargeError(f"the picture is larger than {MAX_IMAGE_BYTES >> 20} MB")
            try:
                data = base64.b64decode(data.encode("ascii"), validate=True)
            except (binascii.Error, UnicodeEncodeError, ValueError):
                raise RegionFormatError("the picture sent is not base64") from None
        if not isinstance(data, (bytes, bytearray)):
            raise DominoTypeError(f"the picture must be bytes, got {type(data).__name__}")
        if len(data) > MAX_IMAGE_BYTES:
            raise TooLargeError(f"the picture is larger than {MAX_IMAGE_BYTES >> 20} MB")
        fd, path = tempfile.mkstemp(suffix=".img")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            region = Region.from_image(
                path, threshold=threshold, cell_size=cell_size, invert=invert
            )
        finally:
            os.unlink(path)
        self.region = region

    def export(self):
        """Fill ``downloads`` with the drawing as text, JSON, PNG and SVG (data links).

        Returns
        -------
        dict
            ``{"text", "json", "png", "svg"}``: str, str, bytes, str.

        Examples
        --------
        >>> from dominotiling import Region
        >>> RegionCanvas(Region.rectangle(1, 2)).export()["text"]
        '..\\n'
        """
        region = self.region
        files = {
            "png": drawing_png(self._mask, self._marks),
            "svg": drawing_svg(self._mask),
            "text": "\n".join(region.to_strings()) + "\n" if region is not None else "",
            "json": region.to_json() if region is not None else "",
        }
        links = []
        for key, mime, label in (
            ("text", "text/plain", "text ('.'/'#')"),
            ("json", "application/json", "JSON (Region.from_json)"),
            ("png", "image/png", "PNG"),
            ("svg", "image/svg+xml", "SVG"),
        ):
            if files[key]:
                data = files[key] if isinstance(files[key], bytes) else files[key].encode()
                links.append(
                    f'<a download="region.{"txt" if key == "text" else key}" '
                    f'href="{_data_url(mime, data)}">{label}</a>'
                )
        self.downloads = "download: " + " &middot; ".join(links)
        return files

    def _note(self, text, cls="dt-note"):
        self.answer = self._head + f'<div class="{cls}">{text}</div>'

    def _on_message(self, _widget, content, _buffers):
        """An action from the page: a button, pasted text, a picture."""
        actions = {
            "tiling": self.show_tiling,
            "sample": self.sample,
            "limit": self.show_limit_shape,
            "make_tileable": self.make_tileable,
            "exact": self.exact_count,
            "cancel": self.cancel,
            "export": self.export,
        }
        try:
            what = content.get("action") if isinstance(content, dict) else None
            if what == "paste":
                self.paste(content.get("text"))
            elif what == "image":
                self.load_image(content.get("data"))
            elif what in actions:
                actions[what]()
            else:
                raise DominoTilingError(f"the page asked for {str(what)[:40]!r}: no such action")
        except DominoTilingError as exc:
            self._show_error(exc)

    # -- the static picture a saved notebook keeps
    def _static_bundle(self):
        png = drawing_png(self._mask, self._marks)
        b64 = base64.b64encode(png).decode("ascii")
        return {"text/html": static_html(b64, self.model_id), "image/png": b64}

    def _update_static(self):
        if self._static is not None:
            self._static.update(self._static_bundle(), raw=True)

    def _ipython_display_(self):
        from IPython.display import display

        bundle = self._repr_mimebundle_()
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        display(data, metadata=metadata or {}, raw=True)
        self._static = display(self._static_bundle(), raw=True, display_id=True)
