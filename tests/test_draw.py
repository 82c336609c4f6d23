import matplotlib.pyplot as plt
import numpy as np
import pytest

from dominotiling import Region, Tiling, draw_region, draw_tiling, find_tiling, max_cover, random_tiling
from dominotiling.viz.draw import _greedy_colors


def test_draw_returns_given_axes_and_does_not_show(monkeypatch):
    monkeypatch.setattr(plt, "show", lambda *a, **k: pytest.fail("plt.show() called"))
    fig, ax = plt.subplots()
    assert draw_region(Region.rectangle(3, 4), ax=ax) is ax
    assert draw_tiling(find_tiling(Region.rectangle(3, 4)), ax=ax) is ax
    assert ax.get_aspect() == 1.0 and not ax.axison


def test_new_axes_when_none_and_extent():
    ax = draw_tiling(random_tiling(Region.rectangle(2, 2), seed=0))
    assert ax.get_xlim() == (0, 2) and ax.get_ylim() == (2, 0)


def test_uncovered_cells_are_marked():
    cover = max_cover(Region.rectangle(3, 3))
    ax = draw_tiling(cover)
    # a cross (two segments) per uncovered cell, in a collection of its own
    crosses = [c for c in ax.collections if len(c.get_segments()) == 2 * cover.n_uncovered]
    assert cover.n_uncovered == 1 and crosses


def test_outlines_follow_dominoes():
    t = Tiling.from_dominoes(Region.rectangle(1, 2), [((0, 0), (0, 1))])
    ax = draw_tiling(t)
    outline = ax.collections[-1].get_segments()
    # a 1x2 domino has 6 unit edges on its outline and none inside
    assert len(outline) == 6


def test_color_by_options():
    t = find_tiling(Region.rectangle(4, 4))
    draw_tiling(t, color_by="orientation")
    draw_tiling(t, color_by=np.arange(t.n_dominoes))
    draw_tiling(t, color_by=np.linspace(0, 1, t.n_dominoes))
    with pytest.raises(ValueError, match="one value per domino"):
        draw_tiling(t, color_by=[1, 2])
    with pytest.raises(ValueError, match="color_by"):
        draw_tiling(t, color_by="rainbow")


def test_neighbouring_dominoes_get_different_colours():
    t = random_tiling(Region.rectangle(12, 12), seed=4)
    colors = _greedy_colors(t.labels, t.n_dominoes, 10)
    lab = t.labels
    for a, b in ((lab[1:], lab[:-1]), (lab[:, 1:], lab[:, :-1])):
        diff = a != b
        assert (colors[a[diff]] != colors[b[diff]]).all()


def test_large_board_draws():
    t = random_tiling(Region.rectangle(200, 10), seed=1)
    ax = draw_tiling(t)
    assert len(ax.images) == 1
