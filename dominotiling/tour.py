"""The main job: reproduce the headline results as one self-contained HTML gallery.

``dominotiling tour --out DIR`` calls :func:`run_tour`, which runs every registered
section in order and writes ``DIR/index.html`` with the pictures embedded (no other
files needed to view it). A section is a function decorated with :func:`section`
that receives a :class:`Page` and adds text and figures to it; adding one to the
tour is a few lines.

Examples
--------
>>> import tempfile, pathlib
>>> out = pathlib.Path(tempfile.mkdtemp())
>>> path = run_tour(out, quick=True, progress=False)
>>> path.name
'index.html'
"""

from __future__ import annotations

import base64
import contextlib
import html
import io
import pathlib
import sys
import threading
import time

__all__ = ["run_tour", "section", "Page", "SECTIONS"]

#: Registered sections, in tour order: ``(title, function)``.
SECTIONS = []


def section(title):
    """Register a tour section: ``@section("Title")`` over ``def f(page): ...``."""

    def register(fn):
        SECTIONS.append((title, fn))
        return fn

    return register


class Page:
    """What one section writes: paragraphs, facts and figures, in order.

    Attributes
    ----------
    quick : bool
        True for the short run (``--quick``): sections use smaller sizes.
    """

    def __init__(self, title, quick):
        self.title = title
        self.quick = quick
        self.parts = []

    def text(self, words):
        """A paragraph of plain text (escaped)."""
        self.parts.append(f"<p>{html.escape(words)}</p>")

    def fact(self, label, value):
        """A headline result, e.g. ``page.fact("tilings of the 8x8 board", 12988816)``."""
        self.parts.append(
            f'<p class="fact">{html.escape(label)}: <b>{html.escape(str(value))}</b></p>'
        )

    def pre(self, text):
        """Preformatted text, e.g. a small table."""
        self.parts.append(f"<pre>{html.escape(text)}</pre>")

    def figure(self, fig, caption=""):
        """Embed a matplotlib figure as a PNG (at least :data:`MIN_WIDTH` pixels wide) and close it."""
        import matplotlib.pyplot as plt

        dpi = 100.0
        png = _png(fig, dpi)
        for _ in range(4):  # a narrow picture after trimming: drawn again at a higher resolution
            width = _png_width(png)
            if width >= MIN_WIDTH:
                break
            dpi *= (
                MIN_WIDTH / width * 1.02
            )  # text does not scale quite as the rest: aim a little high
            png = _png(fig, dpi)
        plt.close(fig)
        data = base64.b64encode(png).decode("ascii")
        cap = f"<figcaption>{html.escape(caption)}</figcaption>" if caption else ""
        self.parts.append(
            f'<figure><img src="data:image/png;base64,{data}" alt="{html.escape(caption)}">{cap}</figure>'
        )

    def gif(self, frames, caption="", **kwargs):
        """Embed an animation as a looping GIF: `frames` for ``viz.animate.animate`` (with `kwargs`), or an animation."""
        from matplotlib.animation import Animation

        from .viz.animate import animate

        anim = frames if isinstance(frames, Animation) else animate(frames, **kwargs)
        data = anim.gif()
        src = "data:image/gif;base64," + base64.b64encode(data).decode("ascii")
        cap = f"<figcaption>{html.escape(caption)}</figcaption>" if caption else ""
        self.parts.append(f'<figure><img src="{src}" alt="{html.escape(caption)}">{cap}</figure>')

    def html(self, anchor=""):
        ident = f' id="{anchor}"' if anchor else ""
        top = '<p class="top"><a href="#contents">contents</a></p>' if anchor else ""
        return (
            f"<section{ident}><h2>{html.escape(self.title)}</h2>\n"
            + "\n".join(self.parts)
            + f"\n{top}</section>"
        )


#: Every picture of the tour is at least this many pixels wide (legible on a projector).
MIN_WIDTH = 800


_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def _superscripts(expr):
    """A sympy expression's text with powers as superscripts and no multiplication signs: x⁴ + 3x²y²."""
    import re

    expr = re.sub(r"\*\*(\d+)", lambda m: m.group(1).translate(_SUPERSCRIPT), expr)
    return expr.replace("*", "")


def _png(fig, dpi):
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi, bbox_inches="tight")
    return buf.getvalue()


def _png_width(png):
    """Width in pixels from a PNG's header (bytes 16-20 of the IHDR chunk)."""
    return int.from_bytes(png[16:20], "big")


_STYLE = """
body { font-family: system-ui, sans-serif; max-width: 62em; margin: 2em auto; padding: 0 1em; color: #222; }
h1 { font-weight: 600; } h2 { border-bottom: 1px solid #ddd; padding-bottom: .2em; margin-top: 2em; }
figure { display: inline-block; margin: .5em 1em .5em 0; vertical-align: top; }
figure img { max-width: 100%; } figcaption { font-size: .95em; color: #444; max-width: 60em; }
.fact { font-size: 1.1em; } footer { margin-top: 3em; font-size: .85em; color: #777; }
nav ol { columns: 2; } .top { font-size: .85em; } .top a, nav a { color: #2a5db0; }
"""


def run_tour(out, quick=False, progress=True):
    """Run every section and write ``out/index.html``.

    Parameters
    ----------
    out : str or pathlib.Path
        Folder for the gallery; created if missing.
    quick : bool
        Smaller sizes, for a smoke run (CI).
    progress : bool
        Show a progress bar on stderr (tqdm) and one line per finished
        section with its time.

    Returns
    -------
    pathlib.Path
        The path of the written ``index.html``.
    """
    import matplotlib
    from tqdm import tqdm

    matplotlib.use("Agg")
    from . import __version__, _compile_notice

    _compile_notice.install()  # a line while a kernel compiles for its first use
    out = pathlib.Path(out)
    out.mkdir(parents=True, exist_ok=True)
    pages, t0 = [], time.perf_counter()
    n = len(SECTIONS)
    try:
        terminal = sys.stderr.isatty()
    except (AttributeError, ValueError, OSError):
        terminal = False
    # In a terminal, one line: the section, the count, the time, and the kernel compiling now
    # (folded in; refreshed by a helper thread). Elsewhere (a log): one whole line per section
    # and per compilation, no cursor codes.
    bar = tqdm(
        total=n,
        unit="section",
        file=sys.stderr,
        disable=not (progress and terminal),
        leave=False,
        bar_format="{desc} {n_fmt}/{total_fmt} sections [{elapsed}]{postfix}",
    )
    done = threading.Event()

    def refresh():
        while not done.wait(0.5):
            note = _compile_notice.status()
            bar.set_postfix_str(note, refresh=True)

    helper = threading.Thread(target=refresh, name="dominotiling-tour-line", daemon=True)
    fold = _compile_notice.folding() if progress and terminal else contextlib.nullcontext()
    try:
        with fold:
            if progress and terminal:
                helper.start()
            for i, (title, fn) in enumerate(SECTIONS, 1):
                bar.set_description_str(f"tour: {title}")
                t = time.perf_counter()
                page = Page(title, quick)
                fn(page)
                pages.append(page)
                bar.update(1)
                if progress:
                    line = f"[{i}/{n}] {title}: {time.perf_counter() - t:.1f} s"
                    if terminal:
                        bar.write(line, file=sys.stderr)
                    else:
                        print(line, file=sys.stderr, flush=True)
    finally:
        done.set()
        if helper.is_alive():
            helper.join(timeout=2.0)
        bar.close()
    anchors = [
        f"s{i}-" + "".join(ch if ch.isalnum() else "-" for ch in p.title.lower()).strip("-")
        for i, p in enumerate(pages, 1)
    ]
    body = "\n".join(p.html(a) for p, a in zip(pages, anchors))
    contents = "".join(
        f'<li><a href="#{a}">{html.escape(p.title)}</a></li>' for p, a in zip(pages, anchors)
    )
    doc = (
        "<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
        f"<title>dominotiling tour</title><style>{_STYLE}</style></head><body>\n"
        "<h1>dominotiling: a tour</h1>\n"
        "<p>Headline results of the library, recomputed on this machine.</p>\n"
        f'<nav id="contents"><h2>Contents</h2><ol>{contents}</ol></nav>\n'
        f"{body}\n<footer>dominotiling {__version__}; {'quick run; ' if quick else ''}"
        f"computed in {time.perf_counter() - t0:.1f} s.</footer></body></html>\n"
    )
    path = out / "index.html"
    path.write_text(doc, encoding="utf-8")
    return path


# ------------------------------------------------------------------------ sections
def _subplots(n, size=4.6):
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, n, figsize=(size * n, size))
    return fig, (list(axes) if n > 1 else [axes])


#: The article's figure: as many black as white cells, and still no tiling.
NO_TILING_FIGURE = ["...####", "....###", "......#", "#.#....", "#......", "##.....", "###...#"]
#: A figure with holes that can be tiled.
HOLED_FIGURE = [
    "..........",
    "..#....#..",
    "..........",
    "....##....",
    "....##....",
    "..........",
    "..#....#..",
    "..........",
]


@section("The 8x8 board")
def _board(page):
    from .counting import choose_method
    from .model.region import Region
    from .tasks import count_tilings, random_tiling
    from .viz.draw import draw_tiling

    board = Region.rectangle(8, 8)
    page.fact("domino tilings of the 8x8 chessboard", f"{count_tilings(board):,}")
    how = {
        "transfer": "the broken-profile DP (sweeping the board cell by cell over its 2⁸ = 256 "
        "profiles), modulo 2⁶⁴ and large primes at once",
        "kasteleyn": "the Kasteleyn determinant, modulo primes below 2²⁶",
    }[choose_method(board)]
    page.text(
        f"Counted exactly by {how}, put together by the Chinese remainder theorem. "
        "count_tilings picks the method measured to be faster for the board's shape; "
        "for a board this small that is the DP, which starts ten times faster."
    )
    fig, axes = _subplots(2)
    for ax, seed in zip(axes, (1, 2)):
        draw_tiling(random_tiling(board, seed=seed), ax=ax)
    page.figure(fig, "Two of them, drawn uniformly at random (seeds 1 and 2).")


@section("The mutilated chessboard")
def _mutilated(page):
    from .model.region import Region
    from .tasks import count_tilings
    from .viz.draw import draw_region

    mask = Region.rectangle(8, 8).mask.copy()
    mask[0, 0] = mask[7, 7] = False
    board = Region(mask)
    black, white = board.color_counts()
    page.fact("tilings of the board without two opposite corners", count_tilings(board))
    page.text(
        f"The two removed corners have the same colour, so {black} black and {white} white "
        "cells remain, and every domino covers one of each: no tiling can exist."
    )
    fig, (ax,) = _subplots(1)
    draw_region(board, ax=ax)
    page.figure(fig, f"{black} black cells, {white} white cells.")


@section("A figure with holes")
def _holes(page):
    from .counting.transfer import find_tiling
    from .model.region import Region
    from .tasks import count_tilings
    from .viz.draw import draw_region, draw_tiling

    fig_region = Region.from_strings(HOLED_FIGURE)
    page.fact(
        f"tilings of this {len(fig_region.holes)}-hole figure", f"{count_tilings(fig_region):,}"
    )
    fig, axes = _subplots(2)
    draw_region(fig_region, ax=axes[0])
    draw_tiling(find_tiling(fig_region), ax=axes[1])
    page.figure(
        fig, "The figure and one of its tilings, found by the DP and a walk back through it."
    )


@section("The maximum cover of a figure with no tiling")
def _max_cover(page):
    from .counting.transfer import max_cover
    from .model.region import Region
    from .viz.draw import draw_region, draw_tiling

    region = Region.from_strings(NO_TILING_FIGURE)
    black, white = region.color_counts()
    cover = max_cover(region)
    page.text(
        f"This figure from the source article has {black} black and {white} white cells, "
        "yet no tiling. The DP with a fourth case, 'leave the cell uncovered', finds the "
        f"largest partial cover: {cover.n_dominoes} dominoes, {cover.n_uncovered} cells left over."
    )
    fig, axes = _subplots(2)
    draw_region(region, ax=axes[0])
    draw_tiling(cover, ax=axes[1])
    page.figure(
        fig,
        "The figure, and its largest cover: the uncovered cells are hatched grey "
        "(a hole would be white).",
    )


@section("Kuhn's algorithm: augmenting paths")
def _kuhn(page):
    from .matching.matchings import kuhn_frames, maximum_matching
    from .model.region import Region

    region = Region.from_strings(
        ["..#.....", "........", "....#...", "........", ".#......", "........"]
    )
    frames = kuhn_frames(region, seed=3)
    last = frames[-1].tiling
    left = last.n_uncovered
    page.text(
        f"Kuhn's algorithm grows a matching one augmenting path at a time: {len(frames)} "
        f"paths place {last.n_dominoes} dominoes on this figure of {region.n_cells} cells"
        + (
            f", and {left} cell{'s stay' if left != 1 else ' stays'} uncovered -- "
            f"{'an odd number of cells cannot be tiled' if region.n_cells % 2 else 'no tiling exists'}"
            if left
            else ", a tiling"
        )
        + ". Each frame shows the alternating chain of cells before and after it is flipped; "
        "the start cells are shuffled (seed 3), as in the source article, for a livelier picture."
    )
    page.gif(
        frames,
        "Kuhn's augmenting paths: each path (red) before and after its flip; "
        "hatched grey cells are not covered (yet); white cells are holes.",
    )
    big = Region.rectangle(300 if page.quick else 1000, 300 if page.quick else 1000)
    mask = big.mask.copy()
    rng = __import__("numpy").random.default_rng(0)
    mask[rng.random(mask.shape) < 0.02] = False
    cover = maximum_matching(Region(mask))
    page.fact(
        f"maximum matching of a {mask.shape[0]}x{mask.shape[1]} board with 2% random "
        "holes (Pothen-Fan+)",
        f"{cover.n_dominoes:,} dominoes, {cover.n_uncovered:,} cells uncovered",
    )


@section("Why there is no tiling: a Hall certificate")
def _hall(page):
    from .matching.matchings import hall_neighbourhood, hall_violator
    from .model.region import Region
    from .viz.views import draw_certificate

    region = Region.from_strings(NO_TILING_FIGURE)
    cells = hall_violator(region)
    nbrs = hall_neighbourhood(region, cells)
    page.text(
        f"The article's figure has as many black as white cells, yet no tiling. Hall's "
        f"theorem explains it: these {len(cells)} cells of one colour have only "
        f"{len(nbrs)} neighbours, so some of them can never be covered."
    )
    fig, (ax,) = _subplots(1, size=3.6)
    draw_certificate(region, cells, ax=ax)
    page.figure(
        fig,
        f"The set S (red, {len(cells)} cells) and its neighbourhood N(S) (blue, "
        f"{len(nbrs)} cells): |N(S)| < |S|.",
    )


@section("Colouring the dominoes with four colours")
def _colors(page):
    from .matching.color import color_dominoes, color_frames
    from .model.region import Region
    from .tasks import random_tiling
    from .viz.draw import draw_tiling

    # the profile DP, whose kernels the 8x8 board compiled (the Kasteleyn sampler, which
    # "auto" picks here, would compile for 10-15 CPU seconds on a first run)
    tiling = random_tiling(Region.rectangle(10, 10), seed=16, method="transfer")
    frames = color_frames(tiling, k=4, adjacency="king")
    colors = color_dominoes(tiling, k=4, adjacency="king")  # the last frame's colours
    swaps = sum(1 for f in frames if f.kempe)
    page.text(
        f"Colouring the dominoes of a tiling so that touching ones differ: smallest-last "
        f"order, then greedy colours, with Kempe-chain swaps when a domino is stuck. Four "
        f"colours with corner contacts counted needed {swaps} swap(s) here."
    )
    fig, axes = _subplots(2)
    draw_tiling(tiling, ax=axes[0], color_by=color_dominoes(tiling, k=4))
    draw_tiling(tiling, ax=axes[1], color_by=colors)
    page.figure(
        fig,
        "Four colours: dominoes sharing a side differ (left); dominoes touching "
        "at a corner differ too (right).",
    )
    kempe = [k for k, f in enumerate(frames) if f.kempe]
    keep = sorted(
        set(kempe[:6])
        | {k - 1 for k in kempe[:6] if k}
        | set(__import__("numpy").linspace(0, len(frames) - 1, 24).round().astype(int).tolist())
    )
    page.gif(
        [frames[k] for k in keep],
        "The corner-contact colouring step by step (grey: not coloured yet). White rings mark "
        "what each step changed: the domino just coloured, or, in a Kempe swap, the dominoes "
        "that exchanged two colours to free one for the waiting domino (shaded red).",
    )


@section("Kasteleyn: exact counts of large regions")
def _kasteleyn(page):
    from .counting.closed_forms import rectangle_count
    from .model.region import Region
    from .tasks import count_tilings
    from .viz.draw import draw_region

    side = 40 if page.quick else 100
    count = count_tilings(Region.rectangle(side, side), method="kasteleyn")
    digits = str(count)
    page.fact(
        f"tilings of the {side}x{side} square",
        f"{digits[:12]}...{digits[-12:]} ({len(digits)} digits)",
    )
    page.text(
        f"Equal to the Kasteleyn-Temperley-Fisher product formula: "
        f"{count == rectangle_count(side, side)}. The determinant of the signed "
        "black-by-white adjacency matrix is computed modulo primes below 2²⁶ by "
        "elimination inside its band, and put together by the Chinese remainder theorem."
    )
    mask = Region.rectangle(16, 16).mask.copy()
    rng = __import__("numpy").random.default_rng(7)
    for r, c in rng.integers(1, 15, size=(6, 2)):
        mask[r, c] = False
    holed = Region(mask)
    page.fact(
        f"tilings of a 16x16 board with {len(holed.holes)} one-cell holes "
        f"({holed.color_counts()[0]} black, {holed.color_counts()[1]} white cells)",
        f"{count_tilings(holed, method='kasteleyn'):,}",
    )
    page.text(
        "A hole enclosing an odd number of cells breaks the textbook signs; the "
        "library flips signs along a ray from each such hole, and the count agrees "
        "with the profile DP."
    )
    fig, (ax,) = _subplots(1)
    draw_region(holed, ax=ax)
    page.figure(fig, "The board with holes.")


@section("Placement probabilities: the arctic circle without sampling")
def _placement(page):
    import numpy as np

    from .model.region import Region
    from .tasks import placement_probabilities
    from .viz.draw import draw_placement

    n = 16 if page.quick else 30
    probs = placement_probabilities(Region.aztec_diamond(n), exact=False)
    fig, (ax,) = _subplots(1, size=4.5)
    draw_placement(probs, ax=ax)
    t = np.linspace(0, 2 * np.pi, 200)
    ax.plot(n + n / np.sqrt(2) * np.cos(t), n + n / np.sqrt(2) * np.sin(t), "k--", lw=1)
    page.text(
        "For every domino position, the probability that a uniformly random tiling of "
        f"the Aztec diamond of order {n} uses it, from the inverse Kasteleyn matrix "
        "(Kenyon's local statistics). Per cell: the chance of a horizontal domino."
    )
    page.figure(
        fig,
        "Frozen brick walls in the four corners, disorder inside the inscribed circle (dashed).",
    )


@section("Random tilings: the arctic circle")
def _arctic(page):
    import numpy as np

    from .aztec.arctic import temperate_fraction
    from .aztec.shuffling import sample_aztec
    from .viz.views import AZTEC_COLORS, draw_aztec

    n = 100 if page.quick else 300
    uniform = sample_aztec(n, seed=1)
    page.text(
        f"An exactly uniform random tiling of the Aztec diamond of order {n} "
        f"({uniform.n_dominoes:,} dominoes) by domino shuffling, coloured by the four domino "
        "types: north (red), south (blue), east (yellow) and west (green). The corners "
        "freeze into brick walls of one type each; inside the inscribed circle the tiling "
        "is disordered (Jockusch, Propp and Shor). Here the temperate region covers "
        f"{temperate_fraction(uniform):.3f} of the diamond (π/4 = {np.pi / 4:.3f} in the "
        "limit)."
    )
    fig, (ax,) = _subplots(1, size=6.0)
    draw_aztec(uniform, ax=ax, circle=True)
    from matplotlib.patches import Patch

    ax.legend(
        handles=[
            Patch(color=AZTEC_COLORS[k], label=name)
            for k, name in enumerate(("north", "south", "east", "west"))
        ],
        loc="upper left",
        frameon=False,
        fontsize=12,
    )
    page.figure(fig, f"Uniform, order {n}, with the arctic circle (black).")


@section("The two-periodic Aztec diamond: a gas in the middle")
def _two_periodic(page):
    from .aztec.shuffling import sample_aztec
    from .viz.views import draw_aztec, draw_local_tilt

    n = 100 if page.quick else 300
    tiling = sample_aztec(n, seed=7, weights=(1.0, 0.5))
    page.text(
        "Weight the 2x2 blocks of the diamond a = 1 and b = 0.5 in a checkerboard pattern "
        "and sample by generalized shuffling (Propp). Besides the frozen corners and the "
        "disordered (liquid) ring, a third phase appears in the middle, a gas (Chhita and "
        "Johansson), bounded by a curve of degree 8 -- not the uniform model's circle. Its "
        "dominoes look as disordered as the liquid's, but its height function is flat: the "
        "local tilt (right; the height's slope averaged over small squares) is zero there, "
        "largest in the frozen corners, in between in the liquid."
    )
    fig, axes = _subplots(2, size=6.0)
    draw_aztec(tiling, ax=axes[0], curves=True)
    axes[0].set_title(f"two-periodic (1, 0.5), order {n}", fontsize=14)
    draw_local_tilt(tiling, ax=axes[1])
    axes[1].set_title("local tilt: the gas is flat (dark)", fontsize=14)
    page.figure(
        fig,
        "Left: the sample in the eight colours of its domino types and blocks (dark: a domino "
        "in a heavy block, of weight a), with Chhita and Johansson's predicted frozen (black) "
        "and gas (cyan) boundaries; the gas is the dark middle, where the dominoes pair up in "
        "the heavy blocks. Right: the same sample by local tilt.",
    )


@section("Weights on every placement, and any region")
def _weights(page):
    import numpy as np
    import sympy

    from .matching.matchings import is_tileable
    from .model.region import Region
    from .model.weights import Weights
    from .tasks import count_tilings, random_tiling
    from .viz.draw import draw_tiling

    x, y = sympy.symbols("x y")
    rect = Region.rectangle(4, 4)
    poly = count_tilings(rect, weights=Weights.by_orientation(rect, x, y))
    page.fact(
        "tilings of the 4x4 square by horizontal (x) and vertical (y) dominoes",
        _superscripts(sympy.sstr(sympy.Poly(poly, x, y).as_expr())),
    )
    side, holes = (40, 16) if page.quick else (100, 50)
    rng = np.random.default_rng(3)
    rows, cols = np.indices((side, side))
    while True:  # random single-cell holes, as many black as white, until tileable
        mask = np.ones(side * side, dtype=bool)
        for colour in (0, 1):
            mask[
                rng.choice(
                    np.flatnonzero((rows + cols).ravel() % 2 == colour), holes // 2, replace=False
                )
            ] = False
        holey = Region(mask.reshape(side, side))
        if is_tileable(holey):
            break
    square = Region.rectangle(side, side)
    lognormal = Weights.random(square, "lognormal", seed=4, sigma=1.5)
    page.text(
        "A weight on every placement turns the uniform measure into the dimer model: a "
        "tiling has probability proportional to the product of its dominoes' weights. "
        "Integer, Fraction and symbolic weights keep counts exact -- above, the generating "
        "polynomial of the 4x4 square by orientation. The Kasteleyn sampler draws exact "
        f"samples of any region: here a {side}x{side} square with {holes} random "
        "single-cell holes (too wide for the DP, and coupling from the past cannot cross "
        "holes), and the same square with log-normal weights (σ = 1.5)."
    )
    fig, axes = _subplots(2, size=4.6)
    draw_tiling(
        random_tiling(holey, seed=5, method="kasteleyn"), ax=axes[0], color_by="orientation"
    )
    hr, hc = np.nonzero(~holey.mask)
    axes[0].scatter(hc + 0.5, hr + 0.5, s=9, marker="s", color="black", linewidths=0)
    axes[0].set_title(f"{holes} holes (black), uniform", fontsize=14)
    draw_tiling(
        random_tiling(square, seed=5, weights=lognormal, method="kasteleyn"),
        ax=axes[1],
        color_by="orientation",
    )
    axes[1].set_title("log-normal weights", fontsize=14)
    page.figure(fig, "Exact samples from ratios of Kasteleyn minors, row by row.")


@section("Measuring samples: double dimers and Tracy-Widom")
def _measuring(page):
    from .statistics import aztec_boundary_fluctuations, double_dimer
    from .tasks import random_tiling
    from .trees.temperley_grid import temperley_region
    from .viz.statistics import draw_double_dimer, draw_skewness, draw_tracy_widom

    side = 40 if page.quick else 100
    board = temperley_region(side, side)
    dd = double_dimer(
        random_tiling(board, seed=1, method="temperley"),
        random_tiling(board, seed=2, method="temperley"),
    )
    order, count = (100, 200) if page.quick else (200, 600)
    fl = aztec_boundary_fluctuations(order, range(count), progress=False)
    page.fact(
        f"double-dimer loops of two uniform tilings of a {board.shape[0]}x{board.shape[1]} board",
        f"{dd.n_loops:,} loops, the longest {int(dd.lengths.max()):,} cells",
    )
    page.fact(
        f"skewness of the arctic boundary, {count} diamonds of order {order} "
        "(Tracy-Widom GUE: 0.224; a Gaussian: 0)",
        f"{fl.skewness:.3f} ± {fl.skewness_error:.3f}",
    )
    page.text(
        "Superpose two independent uniform tilings: every cell lies on a doubled domino or "
        "on a loop that alternates between them. The loops converge to CLE(4), fractal curves "
        "of dimension 3/2 (Kenyon, Dubédat). At the edge of an Aztec diamond's frozen corner "
        "the boundary fluctuates on the scale n¹ᐟ³, and the rescaled positions follow the "
        "GUE Tracy-Widom law (Johansson), computed here by Bornemann's quadrature."
    )
    import matplotlib.pyplot as plt

    fig, (ax,) = _subplots(1, size=6.0)
    draw_double_dimer(dd, ax=ax, min_length=8, colorbar=True)
    ax.set_title(f"double-dimer loops of a {board.shape[0]}x{board.shape[1]} board", fontsize=14)
    page.figure(fig, "Double-dimer loops, coloured by their length (the colour bar).")
    with plt.rc_context({"font.size": 12, "legend.fontsize": 11, "axes.titlesize": 13}):
        fig, axes = plt.subplots(
            1, 3, figsize=(11, 4.6), gridspec_kw={"width_ratios": [1.2, 1.2, 0.8]}
        )
        draw_tracy_widom(fl, ax=axes[0])
        axes[0].set_title("linear scale: nearly one curve")
        draw_tracy_widom(fl, ax=axes[1], log=True)
        axes[1].set_title("log scale: the tails part")
        axes[1].get_legend().remove()
        draw_skewness(fl, ax=axes[2])
        axes[2].set_title("skewness")
        fig.tight_layout()
    page.figure(
        fig,
        f"The {count} boundary positions against the Tracy-Widom density (red) and a Gaussian "
        "(dashed): the densities (left), their tails on a log scale -- Tracy-Widom's right "
        "tail is heavier and its left tail lighter than the Gaussian's (middle) -- and the "
        "skewness with one and two standard errors, next to both laws' values (right).",
    )


@section("Beyond the plane: tori, flux sectors, monomers")
def _surfaces(page):
    from .counting.monomer_dimer import count_monomer_dimer
    from .model.region import Region
    from .tasks import count_tilings, max_tiling, min_tiling, random_tiling
    from .viz.draw import draw_tiling

    torus = Region.torus(8, 8)
    annulus = Region.from_strings(
        [
            "........",
            "........",
            "........",
            "...##...",
            "...##...",
            "........",
            "........",
            "........",
        ]
    )
    sectors = count_tilings(annulus, by_flux=True)
    page.fact(
        "tilings of the 8x8 torus (Kasteleyn's four determinants)", f"{count_tilings(torus):,}"
    )
    page.fact(
        "tilings of the 8x8 board less its central 2x2 square, by flux around the hole",
        ", ".join(f"{f[0]:+d}: {c:,}" for f, c in sectors.items()),
    )
    page.fact(
        "coverings of the 8x8 board by dominoes and single cells",
        f"{count_monomer_dimer(Region.rectangle(8, 8)):,}",
    )
    page.text(
        "On a torus dominoes may cross the seams (dashed). Around a hole, flips never change "
        "the height's offset -- the flux -- so the tilings split into sectors, each with its "
        "own bottom and top tiling; count_tilings(region, by_flux=True) counts each by a "
        "twisted Kasteleyn determinant."
    )
    big = max(sectors, key=sectors.get)
    fig, axes = _subplots(3, size=3.4)
    draw_tiling(random_tiling(Region.torus(12, 12), seed=4), ax=axes[0])
    axes[0].set_title("a random tiling of the 12x12 torus", fontsize=14)
    draw_tiling(min_tiling(annulus, flux=big), ax=axes[1])
    axes[1].set_title(f"flux {big[0]:+d}: bottom", fontsize=14)
    draw_tiling(max_tiling(annulus, flux=big), ax=axes[2])
    axes[2].set_title(f"flux {big[0]:+d}: top", fontsize=14)
    page.figure(fig, "A torus with its seams marked; the bottom and top of one flux sector.")


@section("Coupling from the past")
def _cftp(page):
    import numpy as np

    from .model.region import Region
    from .tasks import sample_cftp
    from .viz.draw import draw_tiling

    side = 28 if page.quick else 60  # the removed quadrant is even by even: balanced
    r, c = np.indices((side, side))
    mask = ~((r < side // 2) & (c >= side // 2))  # an L-shaped region
    region = Region(mask)
    tiling = sample_cftp(region, seed=2, progress=False)
    fig, (ax,) = _subplots(1, size=4.2)
    draw_tiling(tiling, ax=ax, color_by="orientation")
    page.text(
        f"An exactly uniform tiling of an L-shaped region of {region.n_cells} cells by "
        "monotone coupling from the past on height functions (Propp and Wilson): the "
        "chains started from the minimal and maximal tilings met, so the result does not "
        "depend on where the chain started."
    )
    page.figure(fig, "A CFTP sample, coloured by orientation.")


@section("Kirchhoff and Temperley: spanning trees and tilings")
def _trees(page):
    import networkx as nx

    from .tasks import random_tiling
    from .trees import count_spanning_trees
    from .trees.temperley_grid import temperley_region
    from .viz.views import draw_tree_on_tiling

    example = nx.Graph([(0, 1), (1, 2), (2, 0), (1, 3), (3, 4), (4, 2)])
    big = count_spanning_trees(nx.grid_2d_graph(30, 30))
    page.text(
        f"Kirchhoff's matrix-tree theorem: a triangle and a square sharing an edge have "
        f"{count_spanning_trees(example)} = 3 · 4 − 1 spanning trees, and the 30 × 30 grid "
        f"exactly {len(str(big))}-digit many (networkx's float count overflows there)."
    )
    m = 6 if page.quick else 10
    tiling = random_tiling(temperley_region(m, m), seed=4, method="temperley")
    fig, (ax,) = _subplots(1, size=4.5)
    draw_tree_on_tiling(tiling, ax=ax)
    page.figure(
        fig,
        f"Temperley's bijection: a uniform spanning tree of the {m}x{m} grid (black), "
        "its dual tree (red), and the uniform tiling of the "
        f"{2 * m - 1}x{2 * m - 1} board without a corner that they make.",
    )
    from .viz.animate import animate_wilson

    anim = animate_wilson((5, 5), seed=2, max_frames=40)
    page.gif(
        anim,
        "Wilson's algorithm on the 5 × 5 grid: a random walk (red) runs until it hits the "
        "tree (black); when it crosses itself the loop is erased (\u201cloop erased\u201d); "
        "the walk then joins the tree. The last frame is the whole spanning tree.",
    )


@section("The table game: strategies compared")
def _games(page):
    from . import games

    n_games = 100 if page.quick else 400
    players = [games.greedy_player, games.random_player, games.doubles_first_player]
    summary = games.simulate(games.Rules.kozel(), n_games, 3, players, seed=1, progress=False)
    page.text(
        f"{n_games} games of Kozel (fish for all) between three strategies: play the "
        "heaviest bone, play at random, play doubles first. The goat is the first to "
        "reach 101 points."
    )
    page.pre(str(summary))
    fig, (ax,) = _subplots(1, size=4.5)
    summary.plot(ax=ax)
    page.figure(fig, "Win and goat rates per seat.")
