"""Interactive explorers for Jupyter (ipywidgets): Aztec diamonds and any region.

:func:`explore_aztec` samples Aztec diamonds by domino shuffling (up to order
2,000; uniform, two-periodic, any periodic pattern or random weights) and draws
them with the predicted frozen and gas curves; :func:`explore_region` takes a region drawn
with the mouse or typed in the source article's ``'.'`` / ``'#'`` text format and counts,
tiles, covers, certifies and samples it; :func:`region_canvas` is the drawing canvas
alone (anywidget, :mod:`dominotiling.viz.canvas`), answered live as it is drawn.

Both return an explorer object that Jupyter displays as its widget (``.widget``,
a ``VBox``); its controls are attributes and its actions methods, so a script or
a test can drive it without a browser. The displayed output also carries the
current picture as a PNG: where widgets cannot run (a notebook on GitHub, an
HTML export) that picture is shown instead of blank space. Pictures are rendered to PNG and shown in
an ``ipywidgets.Image``: nothing depends on the matplotlib backend, and the same
code works in JupyterLab and the classic Notebook. ipywidgets is imported only
when an explorer is built, so the library imports without it.

Examples
--------
>>> from dominotiling.viz.widgets import explore_region
>>> app = explore_region(["....", "...."])
>>> app.on_count()
>>> app.status.value
'<b>5</b> tilings'
"""

from __future__ import annotations

import html
import io
import time

from ..aztec.sample import periodic_block_weights
from ..aztec.shuffling import sample_aztec
from ..aztec.weighted import aztec_weights
from ..matching.matchings import hall_violator
from ..model.region import Region
from ..tasks import count_tilings, find_tiling, max_cover, random_tiling
from ..theory.aztec_curves import aztec_curves
from .draw import _UNSET, _hide_deprecated, _renamed

__all__ = [
    "explore_aztec",
    "explore_region",
    "region_canvas",
    "AztecExplorer",
    "RegionExplorer",
    "DEFAULT_FIGURE",
    "parse_pattern",
]

#: The region :func:`explore_region` starts with: an 8x10 board with eight holes.
DEFAULT_FIGURE = "\n".join(
    [
        "..........",
        "..#....#..",
        "..........",
        "....##....",
        "....##....",
        "..........",
        "..#....#..",
        "..........",
    ]
)
#: Largest order the Aztec explorer's slider offers.
MAX_AZTEC_ORDER = 2000


def _canvas_module():
    try:
        from . import canvas
    except ImportError as exc:
        if "anywidget" not in str(exc):
            raise
        raise ImportError(
            "the drawing canvas needs anywidget, which is not installed: pip install anywidget "
            "(or pip install 'dominotiling[notebook]'), and restart the kernel"
        ) from exc
    return canvas


def region_canvas(region=None, *, rows=24, cols=24, seed=0):
    """A grid to draw a region on with the mouse, counted, tiled and sampled as it is drawn.

    Click and drag add or remove cells (shift: the other), with a brush of 1 to 8
    cells, a line and a rectangle tool, symmetric drawing and undo, on a grid of up
    to 400 x 400; ``'.'``/``'#'`` text can be pasted and a picture loaded. Beside the
    drawing, recomputed on a background thread as it changes (the drawing never
    waits): the cells and colour counts, tileable or not, the exact count (its
    logarithm above 10,000 cells), the Hall certificate drawn in red when there is
    no tiling; on request a tiling, a random sample, the limit shape's arctic curves
    over the sample, "make tileable", and the exports (text, JSON, PNG, SVG).

    Parameters
    ----------
    region : Region, optional
        The first drawing; by default an empty `rows` x `cols` grid.
    rows, cols : int, keyword-only
        The size of an empty grid (at most 400 each; the page resizes it too).
    seed : int, keyword-only
        The seed of the first random sample.

    Returns
    -------
    RegionCanvas
        Displays as the canvas (an anywidget); ``.region`` is the drawing as a
        :class:`~dominotiling.model.region.Region` (and draws one when set),
        ``.answers`` the last answers, ``.wait()`` waits for them. See
        :class:`dominotiling.viz.canvas.RegionCanvas`.

    Raises
    ------
    ImportError
        If anywidget is not installed (``pip install anywidget``).
    TooLargeError
        If the grid or the region is larger than 400 x 400.

    See Also
    --------
    explore_region : the canvas with the text and the explorer's buttons.
    dominotiling.viz.answers : the answers and the thread they are computed on.

    Examples
    --------
    >>> from dominotiling import Region, count_tilings
    >>> w = region_canvas(Region.rectangle(6, 6))
    >>> w.wait(60)
    True
    >>> w.answers["count"] == count_tilings(w.region) == 6728
    True
    >>> w.paste("....\\n.##.\\n....")
    >>> w.wait(60), w.answers["count"]
    (True, 2)
    """
    return _canvas_module().RegionCanvas(region, rows=rows, cols=cols, seed=seed)


def _ipywidgets():
    try:
        import ipywidgets
    except ImportError as exc:
        raise ImportError(
            "the explorers need ipywidgets, which is not installed: pip install ipywidgets "
            "(and restart the kernel)"
        ) from exc
    return ipywidgets


#: Width of an explorer's picture on the page, in CSS pixels (narrower if the column is).
PICTURE_CSS_PX = 520
#: Device pixels per CSS pixel the picture is drawn at: sharp on high-density screens, never stretched.
PICTURE_SCALE = 2


def _png(fig, dpi):
    """The figure as a palette PNG (flat colours: a fraction of the bytes), legends never clipped."""
    from PIL import Image

    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi, bbox_inches="tight", pad_inches=0.05)
    buf.seek(0)
    with Image.open(buf) as im:
        small = im.convert("RGB").quantize(
            colors=64, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
        )
    out = io.BytesIO()
    small.save(out, format="PNG", optimize=True)
    return out.getvalue()


def _figure(size):
    from matplotlib.figure import Figure

    fig = Figure(figsize=(size, size))
    ax = fig.add_axes((0.02, 0.02, 0.96, 0.90))
    return fig, ax


def _picture_widget(w):
    """The picture: drawn at twice its page width in pixels, shown at most that wide, in the column."""
    return w.Image(
        format="png",
        layout=w.Layout(
            width=f"{PICTURE_CSS_PX}px", max_width="100%", height="auto", object_fit="contain"
        ),
    )


def _dpi_for(size_in):
    """The resolution that makes a `size_in`-inch figure PICTURE_CSS_PX * PICTURE_SCALE pixels wide."""
    return PICTURE_CSS_PX * PICTURE_SCALE / size_in


class _Explorer:
    """Shared display plumbing: the live widget, and its current picture for static views.

    Jupyter shows the explorer as its ``widget``; the same output also carries
    the picture shown at that moment as a PNG, which a static view of the
    notebook (GitHub, nbviewer, an HTML export) displays where no widget can
    run -- so the explorer leaves a picture behind instead of blank space.
    """

    widget = None
    image = None

    def _repr_mimebundle_(self, **kwargs):
        import base64

        bundle = dict(self.widget._repr_mimebundle_(**kwargs) or {})
        png = bytes(self.image.value) if self.image is not None else b""
        if png:
            bundle["image/png"] = base64.b64encode(png).decode("ascii")
        bundle["text/plain"] = repr(self)
        return bundle


#: The measures the Aztec explorer offers.
AZTEC_WEIGHTS = ("uniform", "two-periodic", "periodic pattern", "random")
#: The explorer's random weights: each block's four weights independent, uniform on this interval.
RANDOM_WEIGHTS = (0.5, 1.5)
#: Largest order whose tiling the explorer offers as a JSON download (larger: ``app.tiling.to_json(path)``).
MAX_JSON_ORDER = 300


def parse_pattern(text):
    """Block weights typed as rows: ``"1 2; 2 1"`` (rows split by ``;`` or new lines) -> ``(p, q)`` floats.

    Numbers only (read by ``float``, never evaluated); every row the same length;
    every weight positive and finite.

    Raises
    ------
    DominoTilingError
        Naming the row and the entry that is wrong.

    Examples
    --------
    >>> parse_pattern("1 2; 2 1").tolist()
    [[1.0, 2.0], [2.0, 1.0]]
    """
    import math

    import numpy as np

    from ..errors import DominoTilingError, DominoTypeError

    if not isinstance(text, str):
        raise DominoTypeError(
            f"the pattern must be text such as '1 2; 2 1', got {type(text).__name__}"
        )
    if len(text) > 2000:
        raise DominoTilingError("the pattern is too long: give one period of at most a few rows")
    rows = [r.replace(",", " ").split() for r in text.replace("\n", ";").split(";")]
    rows = [r for r in rows if r]
    if not rows:
        raise DominoTilingError("the pattern is empty: type rows of block weights, e.g. '1 2; 2 1'")
    out = []
    for i, row in enumerate(rows, 1):
        if len(row) != len(rows[0]):
            raise DominoTilingError(
                f"row {i} of the pattern has {len(row)} weight(s) but row 1 has {len(rows[0])}"
            )
        values = []
        for j, item in enumerate(row, 1):
            try:
                v = float(item)
            except ValueError:
                v = math.nan
            if not (math.isfinite(v) and v > 0):
                raise DominoTilingError(
                    f"row {i}, entry {j} of the pattern is {item!r}: weights are positive numbers"
                )
            values.append(v)
        out.append(values)
    return np.array(out, dtype=float)


class AztecExplorer(_Explorer):
    """Aztec diamond explorer; build it with :func:`explore_aztec`.

    Attributes
    ----------
    n, seed, weights, b, pattern, color_by, curves, resample_button, export_button : ipywidgets controls
        The order slider (up to :data:`MAX_AZTEC_ORDER`), the seed, the measure
        (:data:`AZTEC_WEIGHTS`), the weight ``b`` of the two-periodic model
        (``a = 1``), the periodic pattern of block weights (rows of numbers,
        ``"1 2; 2 1"``), the colouring (``"auto"``, ``"phases"``, ``"types"``,
        ``"orientation"``; also readable as ``scheme``, its old name, with a
        ``DeprecationWarning``), the predicted curves checkbox (also ``circle``,
        its old name), the resample button (a new seed) and the export button
        (download links for the picture and the tiling).
    image : ipywidgets.Image
        The picture, a PNG drawn straight from the sample's cells (no figure).
    status : ipywidgets.HTML
        What is shown: the order, the measure, the number of dominoes, the
        sampling and drawing times, and what the colours and curves mean.
    downloads : ipywidgets.HTML
        The export links, after a click of ``export_button``.
    widget : ipywidgets.VBox
        Everything, for display.
    tiling : AztecSample
        The tiling shown.
    lines : list of (numpy.ndarray, str)
        The curves drawn over the picture (points in cells, colour).
    """

    def __init__(
        self,
        n=60,
        seed=0,
        weights="uniform",
        b=0.5,
        color_by="auto",
        curves=True,
        pattern="1 2; 2 1",
    ):
        from .. import _validate

        n = _validate.integer(n, "n", minimum=1, maximum=MAX_AZTEC_ORDER)
        seed = _validate.nonnegative_int(seed, "seed")
        _validate.choice(weights, "weights", AZTEC_WEIGHTS)
        b = _validate.real(b, "b", minimum=0.05, maximum=1.0)
        _validate.choice(color_by, "color_by", ("auto", "phases", "types", "orientation"))
        curves = _validate.boolean(curves, "curves")
        parse_pattern(pattern)
        w = _ipywidgets()
        self.width_px = PICTURE_CSS_PX * PICTURE_SCALE
        self.n = w.IntSlider(
            value=n,
            min=1,
            max=MAX_AZTEC_ORDER,
            description="order n",
            continuous_update=False,
            layout=w.Layout(width="420px"),
        )
        self.seed = w.IntText(value=seed, description="seed", layout=w.Layout(width="160px"))
        self.weights = w.Dropdown(options=list(AZTEC_WEIGHTS), value=weights, description="weights")
        self.b = w.FloatSlider(
            value=b, min=0.05, max=1.0, step=0.05, description="b (a=1)", continuous_update=False
        )
        self.pattern = w.Text(
            value=pattern,
            description="pattern",
            continuous_update=False,
            placeholder="block weights, rows split by ;",
        )
        self.color_by = w.Dropdown(
            options=["auto", "phases", "types", "orientation"],
            value=color_by,
            description="colours",
        )
        self.curves = w.Checkbox(value=curves, description="predicted curves")
        self.resample_button = w.Button(description="resample", icon="refresh")
        self.export_button = w.Button(description="export", icon="download")
        self.image = _picture_widget(w)
        self.status = w.HTML()
        self.downloads = w.HTML()
        self.tiling = None
        self.lines = []
        controls = w.VBox(
            [
                w.HBox([self.n, self.seed, self.resample_button]),
                w.HBox([self.weights, self.b, self.pattern]),
                w.HBox([self.color_by, self.curves, self.export_button]),
            ]
        )
        for box in controls.children:
            box.layout.flex_flow = "row wrap"
        # the status is the last text of the widget, next to the picture (the browser suite reads it)
        self.widget = w.VBox([controls, self.downloads, self.status, self.image])
        self.widget.add_class("dt-explorer")
        self.widget.add_class("dt-explorer-aztec")
        for control in (self.n, self.seed, self.weights, self.b, self.pattern):
            control.observe(self._on_sample_change, names="value")
        for control in (self.color_by, self.curves):
            control.observe(self._on_style_change, names="value")
        self.resample_button.on_click(lambda _button: self.resample())
        self.export_button.on_click(lambda _button: self.export())
        self._sample_time = 0.0
        self._enable()
        self.sample()
        self.redraw()

    def __repr__(self):
        return (
            f"<AztecExplorer: order {self.n.value}, {self._label()}, seed {self.seed.value}; "
            "interactive in Jupyter with ipywidgets>"
        )

    @property
    def scheme(self):
        """The colouring dropdown under its old name (deprecated: use ``color_by``)."""
        import warnings

        warnings.warn(
            "AztecExplorer.scheme is now AztecExplorer.color_by", DeprecationWarning, stacklevel=2
        )
        return self.color_by

    @property
    def circle(self):
        """The curves checkbox under its old name (the arctic circle, for uniform weights)."""
        return self.curves

    # -- the measure
    def block_weights(self):
        """The periodic block weights chosen: None (uniform), ``(1, b)`` or the pattern; None for random."""
        kind = self.weights.value
        if kind == "two-periodic":
            return (1.0, float(self.b.value))
        if kind == "periodic pattern":
            return parse_pattern(self.pattern.value)
        return None

    def _label(self):
        kind = self.weights.value
        if kind == "two-periodic":
            return f"two-periodic a=1, b={self.b.value:g}"
        if kind == "periodic pattern":
            return f"periodic pattern [{self.pattern.value.strip()}]"
        if kind == "random":
            lo, hi = RANDOM_WEIGHTS
            return f"random weights (independent, uniform on [{lo:g}, {hi:g}])"
        return "uniform"

    def _enable(self):
        kind = self.weights.value
        self.b.disabled = kind != "two-periodic"
        self.pattern.disabled = kind != "periodic pattern"
        self.curves.disabled = kind == "random"  # no periodic theory of i.i.d. weights

    # -- callbacks
    def _on_sample_change(self, _change):
        self._enable()
        try:
            self.sample()
        except ValueError as exc:  # a malformed pattern, weights too uneven: shown, never raised
            self.status.value = (
                f'<span style="color:#b00">{type(exc).__name__}: {html.escape(str(exc))}</span>'
            )
            return
        self.redraw()

    def _on_style_change(self, _change):
        self.redraw()

    def resample(self):
        """Draw a new sample: the next seed."""
        self.seed.value = int(self.seed.value) + 1  # observed: samples and redraws

    def sample(self):
        """Sample ``tiling`` from the current order, seed and weights."""
        import numpy as np

        n, seed = int(self.n.value), int(self.seed.value)
        weights = self.block_weights()
        if self.weights.value == "random":
            lo, hi = RANDOM_WEIGHTS
            blocks = np.random.default_rng([seed, n]).uniform(lo, hi, size=(n, n, 4))
            weights = aztec_weights(n, blocks)
        t0 = time.perf_counter()
        self.tiling = sample_aztec(n, seed=seed, weights=weights)
        self._sample_time = time.perf_counter() - t0

    def _colouring(self):
        choice = self.color_by.value
        if choice != "auto":
            return choice
        return "phases" if getattr(self.tiling, "is_periodic_weighted", False) else "types"

    def redraw(self):
        """Paint ``tiling`` into ``image``: its cells straight to pixels, the curves over them."""
        from .limit_shape import ARCTIC_COLOR, GAS_COLOR
        from .raster import raster_png, tiling_raster

        t0 = time.perf_counter()
        n = self.tiling.region.shape[0] // 2
        colouring = self._colouring()
        block = self.tiling.block_weights if colouring == "phases" else None
        img = tiling_raster(
            self.tiling, color_by=colouring, width=self.width_px, block_weights=block
        )
        self.lines, note = [], ""
        if self.curves.value and self.weights.value != "random":
            weights = self.block_weights()
            if weights is not None and self.weights.value == "periodic pattern":
                note = " (computing the predicted curves of this pattern, once) ..."
                self.status.value = f"order {n}, {html.escape(self._label())}{note}"
            arctic, gas = aztec_curves(n, weights)
            self.lines = [(c, ARCTIC_COLOR) for c in arctic] + [(c, GAS_COLOR) for c in gas]
        scale = img.shape[1] / (2 * n)
        width = max(2, int(round(img.shape[1] / 350)))
        self.image.value = raster_png(img, lines=self.lines, scale=scale, line_width=width)
        self._draw_time = time.perf_counter() - t0
        self.status.value = self._status(colouring)
        self.downloads.value = ""

    def _status(self, colouring):
        n = self.tiling.region.shape[0] // 2
        head = (
            f"<b>Aztec diamond of order {n}</b>, {html.escape(self._label())}, seed {self.seed.value}: "
            f"{self.tiling.n_dominoes:,} dominoes; sampled in {self._sample_time * 1e3:.0f} ms, "
            f"drawn in {self._draw_time * 1e3:.0f} ms"
        )
        if colouring == "phases":
            key = (
                "colours: north red, south blue, east yellow, west green; <b>dark</b> in the "
                "heavy blocks, pale in the light ones: the <b>gas</b> is the dark middle"
            )
        elif colouring == "types":
            key = "colours: north red, south blue, east yellow, west green dominoes"
        else:
            key = "colours: horizontal orange, vertical blue dominoes"
        if self.lines:
            gas = any(colour != self.lines[0][1] for _, colour in self.lines)
            key += "; black: the predicted frozen boundary" + (
                ", cyan: the predicted gas boundary" if gas else ""
            )
        elif self.weights.value == "random":
            key += "; random weights have no predicted curves (not periodic)"
        return f'<div style="font-size:14px;line-height:1.4">{head}<br>{key}</div>'

    # -- export
    def picture_png(self):
        """The picture shown, as PNG bytes."""
        return bytes(self.image.value)

    def export(self):
        """Fill ``downloads`` with links to the picture (PNG) and the tiling (JSON, up to order 300)."""
        import base64

        n = self.tiling.region.shape[0] // 2
        name = f"aztec-{n}-seed{self.seed.value}"
        png = base64.b64encode(self.picture_png()).decode("ascii")
        links = [
            f'<a download="{name}.png" href="data:image/png;base64,{png}">the picture (PNG)</a>'
        ]
        if n <= MAX_JSON_ORDER:
            doc = base64.b64encode(self.tiling.to_json().encode()).decode("ascii")
            links.append(
                f'<a download="{name}.json" href="data:application/json;base64,{doc}">'
                "the tiling (JSON, Tiling.from_json reads it)</a>"
            )
        else:
            links.append(f"the tiling: <code>app.tiling.to_json('{name}.json')</code>")
        self.downloads.value = (
            '<div style="font-size:14px">download: ' + " &middot; ".join(links) + "</div>"
        )


def _menu_weights(weights, n, b, pattern):
    """``(menu entry, b, pattern)`` of the explorer for a weighting in any spelling (model.weighting)."""
    from .. import _validate
    from ..errors import DominoTypeError

    n = _validate.integer(n, "n", minimum=1, maximum=MAX_AZTEC_ORDER)
    block = periodic_block_weights(weights, n)  # refuses a Weights and the malformed forms
    if block is None:
        return "uniform", b, pattern
    if not (block[..., :1] == block).all():
        raise DominoTypeError(
            "the explorer's pattern gives one weight per block; these (p, q, 4) weights give "
            "the four halves of a block different weights: sample them with sample_aztec(n, "
            "weights=...) and draw_aztec"
        )
    faces = block[..., 0] / block[0, 0, 0]
    two = faces.shape == (2, 2) and faces[1, 1] == 1 and faces[0, 1] == faces[1, 0]
    if two and 0.05 <= faces[0, 1] <= 1.0:
        return "two-periodic", float(faces[0, 1]), pattern
    return (
        "periodic pattern",
        b,
        "; ".join(" ".join(f"{x:.17g}" for x in row) for row in block[..., 0]),
    )


@_hide_deprecated
def explore_aztec(
    n=60,
    seed=0,
    weights="uniform",
    b=0.5,
    color_by="auto",
    circle=_UNSET,
    *,
    curves=True,
    pattern="1 2; 2 1",
    scheme=_UNSET,
):
    """An interactive explorer of random Aztec diamond tilings (ipywidgets), up to order 2,000.

    Parameters
    ----------
    n : int
        Initial order (the slider goes up to :data:`MAX_AZTEC_ORDER`, 2,000).
    seed : int
        Initial seed; "resample" moves to the next one.
    weights : {"uniform", "two-periodic", "periodic pattern", "random"} or a weighting
        The measure: uniform; the two-periodic model with weights ``(1, b)``
        (:func:`~dominotiling.aztec.shuffling.sample_aztec`), whose middle is a
        gas; the periodic block weights typed in `pattern`; or independent random
        weights on every block, uniform on :data:`RANDOM_WEIGHTS`. Or any periodic
        spelling of :ref:`weight-spellings` -- ``(a, b)``, a ``WeightPattern``, a
        ``(p, q)`` block array -- which sets the menu, `b` and `pattern` to the same
        model (``(1, 0.5)`` is "two-periodic" with ``b = 0.5``).
    b : float
        The second weight of the two-periodic model.
    color_by : {"auto", "phases", "types", "orientation"}
        Colours, as for :func:`~dominotiling.viz.views.draw_aztec`; ``"auto"``
        shows a periodic sample's phases (formerly ``scheme=``, still accepted
        with a ``DeprecationWarning``).
    curves : bool, keyword-only
        Draw the predicted liquid-frozen (black) and liquid-gas (cyan) curves of
        the weights over the sample (:func:`~dominotiling.theory.aztec_curves.aztec_curves`):
        the arctic circle, Chhita and Johansson's curve, or a periodic pattern's
        numerical limit shape (a few seconds the first time). Random weights
        have none. (Formerly ``circle=``.)
    pattern : str, keyword-only
        The periodic block weights, rows split by ``;`` (:func:`parse_pattern`):
        block ``(i, j)`` weighs ``pattern[i % p][j % q]``.

    Returns
    -------
    AztecExplorer
        Displays as its widget; drive it through its controls (``.n.value = 1000``,
        ``.resample_button.click()``, ``.export_button.click()``) or methods.

    Raises
    ------
    ImportError
        If ipywidgets is not installed (``pip install ipywidgets``).
    DominoTilingError
        If an argument is out of range (a ``DominoTypeError`` if of the wrong type).

    Notes
    -----
    Shuffling takes ``O(n**3 / 64)`` word operations (a fraction of a second at
    order 1,000; random weights, which take generalized shuffling, a few
    seconds), and the picture is painted from the cells straight to pixels
    (:mod:`dominotiling.viz.raster`), a tenth of a second at order 1,000.

    Examples
    --------
    >>> app = explore_aztec(n=10)
    >>> app.tiling.n_dominoes
    110
    >>> app.n.value = 12
    >>> app.tiling.n_dominoes
    156
    >>> app.weights.value = "two-periodic"
    >>> len(app.lines)                      # the arctic curve and the gas curve
    2
    """
    color_by = _renamed(color_by, scheme, "color_by", "scheme", "auto", "explore_aztec")
    if circle is not _UNSET:
        curves = circle
    if not isinstance(weights, str):
        weights, b, pattern = _menu_weights(weights, n, b, pattern)
    return AztecExplorer(
        n=n, seed=seed, weights=weights, b=b, color_by=color_by, curves=curves, pattern=pattern
    )


class RegionExplorer(_Explorer):
    """Region explorer; build it with :func:`explore_region`.

    Attributes
    ----------
    canvas : RegionCanvas or None
        The drawing canvas (:func:`region_canvas`), kept equal to ``text``; None
        without anywidget or with ``canvas=False``.
    text : ipywidgets.Textarea
        The region, one row per line, ``'.'`` a cell and ``'#'`` a blocked cell.
    count_button, tile_button, cover_button, hall_button, sample_button : ipywidgets.Button
        Run :meth:`on_count`, :meth:`on_tile`, :meth:`on_cover`, :meth:`on_hall`,
        :meth:`on_sample`.
    seed : ipywidgets.IntText
        Seed of the random sample (advanced by one after each sample).
    status : ipywidgets.HTML
        The last result, or the error message (a malformed region, a region too
        large for the method): errors are shown, never raised.
    image : ipywidgets.Image
        The last picture.
    result : object
        The last result: an int, a Tiling, a set of cells or None.
    widget : ipywidgets.VBox
    """

    def __init__(self, text=DEFAULT_FIGURE, seed=0, size=5.2, dpi=None, *, canvas=True):
        from .. import _validate
        from ..errors import DominoTypeError

        seed = _validate.nonnegative_int(seed, "seed")
        canvas = _validate.boolean(canvas, "canvas")
        if not isinstance(text, str):
            if not isinstance(text, (list, tuple)) or not all(
                isinstance(line, str) for line in text
            ):
                raise DominoTypeError(
                    f"text must be a str or a list of str (one row per line), got {type(text).__name__}"
                )
            text = "\n".join(text)
        w = _ipywidgets()
        self.dpi = _dpi_for(size) if dpi is None else dpi
        # every keystroke reaches the kernel before a click can: a button never acts on a stale figure
        self.text = w.Textarea(
            value=text,
            description="region",
            layout=w.Layout(width="420px", max_width="100%", height="160px"),
            continuous_update=True,
        )
        self.count_button = w.Button(description="count")
        self.tile_button = w.Button(description="tile")
        self.cover_button = w.Button(description="maximum cover")
        self.hall_button = w.Button(description="Hall certificate")
        self.sample_button = w.Button(description="random sample")
        self.seed = w.IntText(value=seed, description="seed", layout=w.Layout(width="160px"))
        self.status = w.HTML()
        self.image = _picture_widget(w)
        self.fig, self.ax = _figure(size)
        self.result = None
        self._acted = None  # the text the last button acted on
        self._last_action = None  # (the last button's method, when it ran)
        for button, action in (
            (self.count_button, self.on_count),
            (self.tile_button, self.on_tile),
            (self.cover_button, self.on_cover),
            (self.hall_button, self.on_hall),
            (self.sample_button, self.on_sample),
        ):
            button.on_click(lambda _button, action=action: self._clicked(action))
        buttons = w.HBox(
            [
                self.count_button,
                self.tile_button,
                self.cover_button,
                self.hall_button,
                self.sample_button,
                self.seed,
            ]
        )
        buttons.layout.flex_flow = "row wrap"
        self.canvas = self._canvas(text) if canvas else None
        top = [] if self.canvas is None else [self.canvas]
        self.widget = w.VBox(top + [self.text, buttons, self.status, self.image])
        self.widget.add_class("dt-explorer")
        self.widget.add_class("dt-explorer-region")
        self.text.observe(self._on_text, names="value")
        self._run(self._show_region)

    def __repr__(self):
        rows = self.text.value.count("\n") + 1
        return f"<RegionExplorer: a figure of {rows} rows; interactive in Jupyter with ipywidgets>"

    def _canvas(self, text):
        """The drawing canvas above the text, the two kept equal (None without anywidget)."""
        try:
            module = _canvas_module()
        except ImportError:
            return None
        try:
            first = self.region()
        except ValueError:  # a malformed figure: an empty grid to draw on
            first = None
        if first is not None and max(first.mask.shape) > module.MAX_SIDE:
            first = None
        board = module.RegionCanvas(first)
        self._syncing = False

        def drawn(_change):
            region = board.region
            if region is not None and not self._syncing:
                self._syncing = True
                try:
                    self.text.value = "\n".join(region.to_strings())
                finally:
                    self._syncing = False

        def typed(change):
            if self._syncing:
                return
            try:
                region = self.region()
            except ValueError:
                return
            if max(region.mask.shape) <= module.MAX_SIDE and region != board.region:
                self._syncing = True
                try:
                    board.region = region
                finally:
                    self._syncing = False

        board.observe(drawn, names="cells")
        self.text.observe(typed, names="value")
        return board

    #: Seconds after a button's click during which a newly arrived figure re-runs that button.
    LATE_TEXT_S = 3.0

    def _on_text(self, change):
        """A new figure arrived: show it, or answer the last button again for it.

        In the browser, ipywidgets holds a text box's last keystrokes back while the
        kernel is busy, but sends a button's click at once: the click can reach the
        kernel before the figure typed just before it. The action then ran on the
        old figure; when the new one arrives within :attr:`LATE_TEXT_S` seconds, the
        same action runs again on it, so that the answer always belongs to the
        figure on the screen.
        """
        new = change["new"]
        if new == self._acted:
            return
        last = self._last_action
        if last is not None and time.monotonic() - last[1] < self.LATE_TEXT_S:
            last[0]()
            return
        self._acted = None
        self._run(self._show_region)

    def _clicked(self, action):
        action()
        self._last_action = (action, time.monotonic())

    # -- plumbing
    def region(self):
        """The region in the text area (raises RegionFormatError if malformed)."""
        return Region.from_strings(self.text.value)

    def _run(self, action):
        """Run ``action(region)``; show its message, or the error's."""
        if action != self._show_region:
            self._acted = self.text.value
        try:
            region = self.region()
            message = action(region)
        except ValueError as exc:  # DominoTilingError (format, size) and bad arguments
            self.result = None
            self.status.value = (
                f'<span style="color:#b00">{type(exc).__name__}: {html.escape(str(exc))}</span>'
            )
            return
        self.status.value = message

    def _picture(self, draw, *args, title=""):
        self.ax.clear()
        draw(*args, ax=self.ax)
        if title:
            self.ax.set_title(title, fontsize=9)
        self.image.value = _png(self.fig, self.dpi)

    def _show_region(self, region):
        from .draw import draw_region

        black, white = region.color_counts()
        self._picture(draw_region, region)
        return f"{region.n_cells} cells: {black} black, {white} white"

    # -- actions
    def on_count(self):
        """Count the tilings exactly (:func:`~dominotiling.counting.count_tilings`)."""

        def act(region):
            self.result = count_tilings(region)
            self._show_region(region)  # the picture shows the figure counted
            return f"<b>{self.result:,}</b> tiling{'s' if self.result != 1 else ''}"

        self._run(act)

    def on_tile(self):
        """Find one tiling (:func:`~dominotiling.matching.find_tiling`) and draw it."""
        from .draw import draw_tiling

        def act(region):
            self.result = find_tiling(region)
            if self.result is None:
                self._show_region(region)
                return "no tiling: try the Hall certificate or the maximum cover"
            self._picture(draw_tiling, self.result, title="a tiling")
            return f"a tiling with {self.result.n_dominoes} dominoes"

        self._run(act)

    def on_cover(self):
        """A maximum partial cover (:func:`~dominotiling.matching.max_cover`), uncovered cells crossed."""
        from .draw import draw_tiling

        def act(region):
            self.result = max_cover(region)
            k = self.result.n_uncovered
            self._picture(draw_tiling, self.result, title=f"maximum cover: {k} uncovered")
            return f"a maximum cover: {self.result.n_dominoes} dominoes, {k} cell(s) uncovered"

        self._run(act)

    def on_hall(self):
        """Hall's certificate of no tiling (:func:`~dominotiling.matching.matchings.hall_violator`)."""
        from .views import draw_certificate

        def act(region):
            self.result = hall_violator(region)
            if self.result is None:
                self._show_region(region)
                return "tileable: there is no Hall certificate"
            self._picture(draw_certificate, region, self.result)
            return (
                f"Hall certificate: {len(self.result)} cells of one colour with too few neighbours"
            )

        self._run(act)

    def on_sample(self):
        """A uniformly random tiling (:func:`~dominotiling.sampling.random_tiling`); next seed after."""
        from .draw import draw_tiling

        def act(region):
            seed = int(self.seed.value)
            self.result = random_tiling(region, seed=seed)
            self.seed.value = seed + 1
            self._picture(draw_tiling, self.result, title=f"uniform random tiling, seed {seed}")
            return f"a uniformly random tiling (seed {seed})"

        self._run(act)


def explore_region(text=DEFAULT_FIGURE, seed=0, *, canvas=True):
    """An interactive explorer of a region drawn with the mouse or typed in ``'.'`` / ``'#'``.

    Parameters
    ----------
    text : str or list of str
        The initial region (default :data:`DEFAULT_FIGURE`).
    seed : int
        Seed of the first random sample.
    canvas : bool, keyword-only
        Show the drawing canvas (:func:`region_canvas`, with its live answers) above
        the text, the two kept equal: a drawing rewrites the text, a figure typed is
        drawn. Left out where anywidget is not installed.

    Returns
    -------
    RegionExplorer
        Displays as its widget: a text area and the buttons count, tile, maximum
        cover, Hall certificate and random sample; each can also be called as a
        method (``.on_count()``) and leaves its answer in ``.result`` and
        ``.status``. A malformed region shows its error message instead.

    Raises
    ------
    ImportError
        If ipywidgets is not installed (``pip install ipywidgets``).

    Examples
    --------
    >>> app = explore_region(["..#", "..."])
    >>> app.on_tile()
    >>> print(app.status.value)
    no tiling: try the Hall certificate or the maximum cover
    >>> app.text.value = "..x"
    >>> app.on_count()
    >>> "RegionFormatError" in app.status.value
    True
    >>> from dominotiling import Region
    >>> app.canvas.region = Region.rectangle(2, 4)      # drawn: the text follows
    >>> app.text.value.split()
    ['....', '....']
    """
    return RegionExplorer(text=text, seed=seed, canvas=canvas)
