"""One picture per API page: what the wing's main functions make, drawn when the site is built.

:func:`make` writes ``<out>/<wing>.png`` for every wing of :data:`PICTURES` and returns
their captions; :mod:`apigen` puts each picture under its page's summary. Each
picture is about 900 pixels wide and takes at most a few seconds (small sizes).
"""

from __future__ import annotations

import pathlib


def _fig(n, width=9.0, height=3.6):
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, n, figsize=(width, height))
    return fig, (list(axes) if n > 1 else [axes])


FIGURE = ["...####", "....###", "......#", "#.#....", "#......", "##.....", "###...#"]


def model():
    from dominotiling import Region
    from dominotiling.viz.draw import draw_region

    drawn = Region.from_strings(
        [
            "###......####",
            "#..........##",
            "............#",
            ".............",
            "..........###",
            "#.......#####",
            "###...#######",
        ]
    )
    fix = drawn.make_tileable()
    fig, axes = _fig(2)
    draw_region(drawn, ax=axes[0])
    axes[0].set_title(f"a drawn Region: {drawn.color_counts()} black, white")
    draw_region(fix.region, ax=axes[1])
    axes[1].set_title(f"make_tileable: {len(fix.removed)} cell(s) removed")
    return fig, "Regions: a drawn shape, and the tileable region make_tileable makes of it."


def counting():
    from dominotiling import Region
    from dominotiling.counting.placement import placement_probabilities
    from dominotiling.viz.draw import draw_placement

    fig, axes = _fig(1, 6.0, 5.0)
    draw_placement(placement_probabilities(Region.aztec_diamond(16)), ax=axes[0])
    axes[0].set_title("exact placement probabilities, Aztec diamond of order 16")
    return fig, "Exact counts and placement probabilities (Kasteleyn): the arctic circle appears."


def sampling():
    from dominotiling import Region, random_tiling
    from dominotiling.viz.draw import draw_tiling

    fig, axes = _fig(2)
    draw_tiling(random_tiling(Region.rectangle(12, 12), seed=1), ax=axes[0])
    axes[0].set_title("a uniform random tiling, 12 x 12")
    holed = Region.from_strings(
        ["." * 30] * 10 + ["." * 10 + "#" * 10 + "." * 10] * 10 + ["." * 30] * 10
    )
    draw_tiling(random_tiling(holed, seed=2), ax=axes[1])
    axes[1].set_title("a region with a hole")
    return fig, "random_tiling: exact uniform and weighted samples of any region."


def matching():
    from dominotiling import Region, max_cover
    from dominotiling.matching.matchings import hall_violator
    from dominotiling.viz.draw import draw_tiling
    from dominotiling.viz.views import draw_certificate

    region = Region.from_strings(FIGURE)
    fig, axes = _fig(2)
    draw_certificate(region, hall_violator(region), ax=axes[0])
    draw_tiling(max_cover(region), ax=axes[1])
    axes[1].set_title("a largest partial tiling")
    return fig, "No tiling: Hall's certificate of why (left), and a maximum cover (right)."


def trees():
    from dominotiling import random_tiling
    from dominotiling.trees.temperley_grid import temperley_region
    from dominotiling.viz.views import draw_tree_on_tiling

    fig, axes = _fig(1, 6.0, 5.0)
    tiling = random_tiling(temperley_region(8, 9), seed=3, method="temperley")
    draw_tree_on_tiling(tiling, ax=axes[0])
    axes[0].set_title("Temperley: a tiling, its spanning tree and dual tree")
    return fig, "Temperley's bijection between spanning trees and domino tilings."


def aztec():
    from dominotiling import sample_aztec
    from dominotiling.viz.views import draw_aztec

    fig, axes = _fig(2, 9.0, 4.6)
    draw_aztec(sample_aztec(200, seed=1), ax=axes[0], curves=True)
    axes[0].set_title("uniform: the arctic circle")
    draw_aztec(sample_aztec(200, seed=1, weights=(1, 0.5)), ax=axes[1], curves=True)
    axes[1].set_title("two-periodic (1, 0.5): the gas")
    return fig, "sample_aztec: exact samples by domino shuffling, with the predicted curves."


def surfaces():
    from dominotiling import Region, random_tiling
    from dominotiling.viz.draw import draw_tiling

    fig, axes = _fig(2)
    draw_tiling(random_tiling(Region.torus(12, 12), seed=1), ax=axes[0])
    axes[0].set_title("a random tiling of the 12 x 12 torus")
    draw_tiling(random_tiling(Region.cylinder(10, 14), seed=1), ax=axes[1])
    axes[1].set_title("a cylinder")
    return fig, "Tori and cylinders: dominoes across the glued sides are marked."


def statistics():
    from dominotiling import random_tiling
    from dominotiling.statistics import double_dimer
    from dominotiling.trees.temperley_grid import temperley_region
    from dominotiling.viz.statistics import draw_double_dimer

    board = temperley_region(30, 30)
    dd = double_dimer(
        random_tiling(board, seed=1, method="temperley"),
        random_tiling(board, seed=2, method="temperley"),
    )
    fig, axes = _fig(1, 6.5, 5.5)
    draw_double_dimer(dd, ax=axes[0], min_length=4)
    axes[0].set_title("double-dimer loops of two random tilings")
    return fig, "Double dimers, heights and their fluctuations."


def theory():
    from dominotiling.theory import WeightPattern, amoeba
    from dominotiling.viz.theory import draw_amoeba

    fig, axes = _fig(2)
    draw_amoeba(
        amoeba(WeightPattern.two_periodic(2.0, 1.0), resolution=120), ax=axes[0], newton_ax=axes[1]
    )
    return fig, "The amoeba of the two-periodic weights: its bounded hole is the gas phase."


def parallel():
    from dominotiling import Region, random_tiling
    from dominotiling.parallel import placement_frequencies
    from dominotiling.viz.draw import draw_placement

    fig, axes = _fig(1, 6.0, 5.0)
    freq = placement_frequencies(
        random_tiling, range(60), region=Region.aztec_diamond(12), progress=False
    )
    draw_placement(freq, ax=axes[0])
    axes[0].set_title("placement frequencies of 60 samples")
    return fig, "Ensembles and Monte Carlo statistics, serially or on a Dask cluster."


def viz():
    from dominotiling import Region, random_tiling
    from dominotiling.viz.views import draw_dimers, draw_local_tilt

    t = random_tiling(Region.rectangle(10, 10), seed=3)
    fig, axes = _fig(2)
    draw_dimers(t, ax=axes[0])
    axes[0].set_title("the dimer view")
    from dominotiling import sample_aztec

    draw_local_tilt(sample_aztec(120, seed=7, weights=(1.0, 0.5)), ax=axes[1])
    axes[1].set_title("local tilt of a two-periodic sample")
    return fig, "Pictures, animations, explorers and exports."


def games():
    from dominotiling.games import double_set
    from dominotiling.games.display import draw_hand

    fig, axes = _fig(1, 9.0, 2.4)
    draw_hand(double_set(3), ax=axes[0], title="the double-three set")
    return fig, "The table game: bones, hands, lines of play."


PICTURES = {
    "model": model,
    "counting": counting,
    "sampling": sampling,
    "matching": matching,
    "trees": trees,
    "aztec": aztec,
    "surfaces": surfaces,
    "statistics": statistics,
    "theory": theory,
    "parallel": parallel,
    "viz": viz,
    "games": games,
}


def make(out):
    """Write ``out/<wing>.png`` for every wing; ``{wing: caption}``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from dominotiling.viz.style import projector_style

    out = pathlib.Path(out)
    out.mkdir(parents=True, exist_ok=True)
    captions = {}
    with plt.rc_context():
        projector_style()
        plt.rcParams.update({"axes.titlesize": 12.0, "font.size": 11.0})
        for wing, draw in PICTURES.items():
            fig, caption = draw()
            fig.tight_layout()
            fig.savefig(out / f"{wing}.png", dpi=100)
            plt.close(fig)
            captions[wing] = caption
    return captions
