"""Interactive explorers for Jupyter (ipywidgets): Aztec diamonds and any region.

:func:`explore_aztec` samples Aztec diamonds by domino shuffling with sliders for
the order, the seed and the two-periodic weight, and draws them with the arctic
circle; :func:`explore_region` takes a region in the source article's ``'.'`` /
``'#'`` text format and counts, tiles, covers, certifies and samples it.

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

from .draw import _UNSET, _hide_deprecated, _renamed

__all__ = ["explore_aztec", "explore_region", "AztecExplorer", "RegionExplorer", "DEFAULT_FIGURE"]

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
MAX_AZTEC_ORDER = 300


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


class AztecExplorer(_Explorer):
    """Aztec diamond explorer; build it with :func:`explore_aztec`.

    Attributes
    ----------
    n, seed, weights, b, color_by, circle, resample_button : ipywidgets controls
        The order slider, the seed, the ``"uniform"`` / ``"two-periodic"``
        dropdown, the weight ``b`` of the two-periodic model (``a = 1``), the
        colouring (``"types"`` or ``"orientation"``; also readable as ``scheme``,
        its old name, with a ``DeprecationWarning``), the arctic circle checkbox
        and the resample button (a new seed).
    image : ipywidgets.Image
        The picture, a PNG.
    status : ipywidgets.HTML
        The order, the number of dominoes and the sampling and drawing times.
    widget : ipywidgets.VBox
        Everything, for display.
    tiling : Tiling
        The tiling shown.
    fig, ax : matplotlib Figure and Axes
        The picture's figure, redrawn in place.
    """

    def __init__(
        self,
        n=60,
        seed=0,
        weights="uniform",
        b=0.5,
        color_by="types",
        circle=True,
        size=5.2,
        dpi=None,
    ):
        from .. import _validate

        n = _validate.integer(n, "n", minimum=1, maximum=MAX_AZTEC_ORDER)
        seed = _validate.nonnegative_int(seed, "seed")
        _validate.choice(weights, "weights", ("uniform", "two-periodic"))
        b = _validate.real(b, "b", minimum=0.05, maximum=1.0)
        _validate.choice(color_by, "color_by", ("types", "orientation"))
        circle = _validate.boolean(circle, "circle")
        w = _ipywidgets()
        self.dpi = _dpi_for(size) if dpi is None else dpi
        self.n = w.IntSlider(
            value=n, min=1, max=MAX_AZTEC_ORDER, description="order n", continuous_update=False
        )
        self.seed = w.IntText(value=seed, description="seed")
        self.weights = w.Dropdown(
            options=["uniform", "two-periodic"], value=weights, description="weights"
        )
        self.b = w.FloatSlider(
            value=b,
            min=0.05,
            max=1.0,
            step=0.05,
            description="b (a=1)",
            continuous_update=False,
            disabled=weights == "uniform",
        )
        self.color_by = w.Dropdown(
            options=["types", "orientation"], value=color_by, description="colours"
        )
        self.circle = w.Checkbox(
            value=circle, description="arctic circle", disabled=weights != "uniform"
        )
        self.resample_button = w.Button(description="resample", icon="refresh")
        self.image = _picture_widget(w)
        self.status = w.HTML()
        self.fig, self.ax = _figure(size)
        self.tiling = None
        controls = w.VBox(
            [
                w.HBox([self.n, self.seed, self.resample_button]),
                w.HBox([self.weights, self.b]),
                w.HBox([self.color_by, self.circle]),
            ]
        )
        self.widget = w.VBox([controls, self.status, self.image])
        self.widget.add_class("dt-explorer")
        self.widget.add_class("dt-explorer-aztec")
        for control in (self.n, self.seed, self.weights, self.b):
            control.observe(self._on_sample_change, names="value")
        for control in (self.color_by, self.circle):
            control.observe(self._on_style_change, names="value")
        self.resample_button.on_click(lambda _button: self.resample())
        self._sample_time = 0.0
        self.sample()
        self.redraw()

    def __repr__(self):
        return (
            f"<AztecExplorer: order {self.n.value}, {self.weights.value}, seed {self.seed.value}; "
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

    # -- callbacks
    def _on_sample_change(self, _change):
        self.b.disabled = self.weights.value == "uniform"
        # the circle is the uniform model's arctic curve: it is not drawn over other weights
        self.circle.disabled = self.weights.value != "uniform"
        self.sample()
        self.redraw()

    def _on_style_change(self, _change):
        self.redraw()

    def resample(self):
        """Draw a new sample: the next seed."""
        self.seed.value = int(self.seed.value) + 1  # observed: samples and redraws

    def sample(self):
        """Sample ``tiling`` from the current order, seed and weights."""
        from ..aztec.shuffling import sample_aztec

        weights = None if self.weights.value == "uniform" else (1.0, float(self.b.value))
        t0 = time.perf_counter()
        self.tiling = sample_aztec(int(self.n.value), seed=int(self.seed.value), weights=weights)
        self._sample_time = time.perf_counter() - t0

    def redraw(self):
        """Draw ``tiling`` with the current colouring and circle setting into ``image``."""
        from .views import draw_aztec

        t0 = time.perf_counter()
        self.ax.clear()
        circle = self.circle.value and self.weights.value == "uniform"  # no other model's curve yet
        draw_aztec(self.tiling, ax=self.ax, circle=circle, color_by=self.color_by.value)
        n = self.tiling.region.shape[0] // 2
        label = (
            "uniform"
            if self.weights.value == "uniform"
            else f"two-periodic a=1, b={self.b.value:g}"
        )
        self.ax.set_title(
            f"Aztec diamond of order {n}, {label}, seed {self.seed.value}", fontsize=9
        )
        self.image.value = _png(self.fig, self.dpi)
        draw_time = time.perf_counter() - t0
        self.status.value = (
            f"{self.tiling.n_dominoes:,} dominoes; sampled in {self._sample_time * 1e3:.0f} ms, "
            f"drawn in {draw_time * 1e3:.0f} ms"
        )


@_hide_deprecated
def explore_aztec(
    n=60, seed=0, weights="uniform", b=0.5, color_by="types", circle=True, *, scheme=_UNSET
):
    """An interactive explorer of random Aztec diamond tilings (ipywidgets).

    Parameters
    ----------
    n : int
        Initial order (the slider goes up to 300).
    seed : int
        Initial seed; "resample" moves to the next one.
    weights : {"uniform", "two-periodic"}
        The measure: uniform, or the two-periodic model with weights ``(1, b)``
        (:func:`~dominotiling.aztec.shuffling.sample_aztec`), whose middle is a gas region.
    b : float
        The second weight of the two-periodic model.
    color_by : {"types", "orientation"}
        Colours, as for :func:`~dominotiling.viz.views.draw_aztec` (formerly
        ``scheme=``, still accepted with a ``DeprecationWarning``).
    circle : bool
        Overlay the arctic circle of the uniform measure. It is drawn over
        uniform samples only: the two-periodic model's arctic and gas
        boundaries are other curves, not drawn yet (the checkbox is disabled
        while two-periodic weights are chosen).

    Returns
    -------
    AztecExplorer
        Displays as its widget; drive it through its controls (``.n.value = 100``,
        ``.resample_button.click()``) or methods (``.redraw()``).

    Raises
    ------
    ImportError
        If ipywidgets is not installed (``pip install ipywidgets``).
    DominoTilingError
        If an argument is out of range (a ``DominoTypeError`` if of the wrong type).

    Notes
    -----
    Shuffling takes ``O(n**3 / 64)`` word operations (milliseconds at order 200)
    and the picture is one image, so a change redraws in a fraction of a second.

    Examples
    --------
    >>> app = explore_aztec(n=10)
    >>> app.tiling.n_dominoes
    110
    >>> app.n.value = 12
    >>> app.tiling.n_dominoes
    156
    """
    color_by = _renamed(color_by, scheme, "color_by", "scheme", "types", "explore_aztec")
    return AztecExplorer(n=n, seed=seed, weights=weights, b=b, color_by=color_by, circle=circle)


class RegionExplorer(_Explorer):
    """Region explorer; build it with :func:`explore_region`.

    Attributes
    ----------
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

    def __init__(self, text=DEFAULT_FIGURE, seed=0, size=5.2, dpi=None):
        from .. import _validate
        from ..errors import DominoTypeError

        seed = _validate.nonnegative_int(seed, "seed")
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
        self.widget = w.VBox([self.text, buttons, self.status, self.image])
        self.widget.add_class("dt-explorer")
        self.widget.add_class("dt-explorer-region")
        self.text.observe(self._on_text, names="value")
        self._run(self._show_region)

    def __repr__(self):
        rows = self.text.value.count("\n") + 1
        return f"<RegionExplorer: a figure of {rows} rows; interactive in Jupyter with ipywidgets>"

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
        from ..model.region import Region

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
        from ..counting import count_tilings

        def act(region):
            self.result = count_tilings(region)
            self._show_region(region)  # the picture shows the figure counted
            return f"<b>{self.result:,}</b> tiling{'s' if self.result != 1 else ''}"

        self._run(act)

    def on_tile(self):
        """Find one tiling (:func:`~dominotiling.matching.find_tiling`) and draw it."""
        from ..matching import find_tiling
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
        from ..matching import max_cover
        from .draw import draw_tiling

        def act(region):
            self.result = max_cover(region)
            k = self.result.n_uncovered
            self._picture(draw_tiling, self.result, title=f"maximum cover: {k} uncovered")
            return f"a maximum cover: {self.result.n_dominoes} dominoes, {k} cell(s) uncovered"

        self._run(act)

    def on_hall(self):
        """Hall's certificate of no tiling (:func:`~dominotiling.matching.matchings.hall_violator`)."""
        from ..matching.matchings import hall_violator
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
        from ..sampling import random_tiling
        from .draw import draw_tiling

        def act(region):
            seed = int(self.seed.value)
            self.result = random_tiling(region, seed=seed)
            self.seed.value = seed + 1
            self._picture(draw_tiling, self.result, title=f"uniform random tiling, seed {seed}")
            return f"a uniformly random tiling (seed {seed})"

        self._run(act)


def explore_region(text=DEFAULT_FIGURE, seed=0):
    """An interactive explorer of a region typed in the article's ``'.'`` / ``'#'`` format.

    Parameters
    ----------
    text : str or list of str
        The initial region (default :data:`DEFAULT_FIGURE`).
    seed : int
        Seed of the first random sample.

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
    """
    return RegionExplorer(text=text, seed=seed)
