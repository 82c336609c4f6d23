import networkx as nx
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from scipy.spatial import Delaunay

from dominotiling import Region, Tiling, find_tiling, max_cover, random_tiling
from dominotiling.errors import DominoTilingError, DominoTypeError, TooLargeError
from dominotiling.matching.color import (
    ColoringFrame,
    _color_graph,
    _kempe,
    _Stuck,
    color_bound,
    color_dominoes,
    color_frames,
    domino_graph,
)
from dominotiling.model.frames import Frame

SIDE = [(0, 1), (1, 0), (0, -1), (-1, 0)]
KING = SIDE + [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def colors_and_frames(tiling, **kwargs):
    """``color_dominoes`` and ``color_frames`` of the same tiling (the frames first: they may raise)."""
    frames = color_frames(tiling, **kwargs)
    return color_dominoes(tiling, **kwargs), frames


def neighbour_pairs(tiling, adjacency):
    """Neighbouring domino pairs by a plain walk over the cells (independent of the library)."""
    lab = tiling.labels
    rows, cols = lab.shape
    out = set()
    for r in range(rows):
        for c in range(cols):
            a = int(lab[r, c])
            if a < 0:
                continue
            for dr, dc in SIDE if adjacency == "side" else KING:
                rr, cc = r + dr, c + dc
                if 0 <= rr < rows and 0 <= cc < cols and lab[rr, cc] >= 0 and lab[rr, cc] != a:
                    out.add((min(a, int(lab[rr, cc])), max(a, int(lab[rr, cc]))))
    return out


def assert_proper(tiling, colors, adjacency, k, partial=False):
    colors = np.asarray(colors)
    assert colors.shape == (tiling.n_dominoes,)
    if not partial:
        assert colors.min(initial=0) >= 0
    assert colors.max(initial=-1) < k
    for a, b in neighbour_pairs(tiling, adjacency):
        assert colors[a] < 0 or colors[a] != colors[b], (a, b)


def degeneracy(tiling, adjacency):
    """Degeneracy by networkx's core numbers, from the independent neighbour pairs."""
    g = nx.Graph()
    g.add_nodes_from(range(tiling.n_dominoes))
    g.add_edges_from(neighbour_pairs(tiling, adjacency))
    return max(nx.core_number(g).values(), default=0)


def check_frames(tiling, colors, frames, adjacency, k):
    n = tiling.n_dominoes
    assert all(isinstance(f, ColoringFrame) and f.tiling is tiling for f in frames)
    assert (frames[0].colors == -1).all() and frames[0].changed.size == 0
    assert np.array_equal(frames[-1].colors, colors)
    n_kempe = sum(f.kempe for f in frames)
    assert len(frames) == n + 1 + n_kempe
    for prev, f in zip(frames, frames[1:]):
        assert_proper(tiling, f.colors, adjacency, k, partial=True)
        diff = np.flatnonzero(prev.colors != f.colors)
        assert np.array_equal(np.sort(f.changed), diff)
        if f.kempe:
            # two colours exchanged on the chain; nothing newly coloured
            assert (prev.colors[diff] >= 0).all()
            pair = set(prev.colors[diff].tolist()) | set(f.colors[diff].tolist())
            assert len(pair) == 2
            assert all({int(prev.colors[i]), int(f.colors[i])} == pair for i in diff)
            assert f.colors[f.domino] == -1
        else:
            assert diff.tolist() == [f.domino] and prev.colors[f.domino] == -1


def test_domino_graph_matches_cell_walk():
    t = random_tiling(Region.rectangle(6, 8), seed=4)
    for adjacency in ("side", "king"):
        g = domino_graph(t, adjacency)
        assert g.number_of_nodes() == t.n_dominoes
        assert {tuple(sorted(e)) for e in g.edges()} == neighbour_pairs(t, adjacency)
    assert nx.check_planarity(domino_graph(t, "side"))[0]


@pytest.mark.parametrize("seed", range(12))
def test_random_rectangles_proper_and_bounds(seed):
    rng = np.random.default_rng(seed)
    rows, cols = int(rng.integers(1, 11)), int(rng.integers(2, 11))
    if rows * cols % 2:
        cols -= 1
    t = random_tiling(Region.rectangle(rows, cols), seed=seed)
    for adjacency, k in (("side", 5), ("side", 4), ("king", 7)):
        colors = color_dominoes(t, k=k, adjacency=adjacency)
        assert colors.dtype == np.int64
        assert_proper(t, colors, adjacency, k)
    # the guarantees: degeneracy from networkx's core numbers
    d_side, d_king = degeneracy(t, "side"), degeneracy(t, "king")
    assert d_side <= 4 and d_king <= 6
    assert color_bound(t, "side") == min(d_side + 1, 4)
    assert color_bound(t, "king") == d_king + 1
    assert_proper(t, color_dominoes(t, k=d_king + 1, adjacency="king"), "king", d_king + 1)


def test_five_colours_king_like_the_article():
    for seed in range(15):
        t = random_tiling(Region.rectangle(10, 10), seed=seed)
        try:
            colors = color_dominoes(t, k=5, adjacency="king")
        except DominoTilingError as e:  # allowed only when 5 is below the guarantee
            assert color_bound(t, "king") > 5 and "k=" in str(e)
            continue
        assert_proper(t, colors, "king", 5)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    arrays(bool, st.tuples(st.integers(1, 7), st.integers(1, 7)), elements=st.booleans()),
    st.integers(0, 2**32 - 1),
)
def test_hypothesis_partial_covers(mask, seed):
    if not mask.any():
        return
    cover = max_cover(Region.from_mask(mask))
    # drop some dominoes too: any partial tiling is fine, only dominoes are coloured
    rng = np.random.default_rng(seed)
    keep = np.append(
        rng.random(cover.n_dominoes) < 0.7, [True, True]
    )  # labels -2, -1 index the end
    lab = np.where(keep[cover.labels] | (cover.labels < 0), cover.labels, -2)
    t = Tiling(cover.region, lab)
    for adjacency, k in (("side", 4), ("side", 5), ("king", 7)):
        colors, frames = colors_and_frames(t, k=k, adjacency=adjacency)
        assert_proper(t, colors, adjacency, k)
        check_frames(t, colors, frames, adjacency, k)


def test_kempe_step_is_exercised_with_king_adjacency():
    """Four colours, king adjacency: greedy gets stuck and a Kempe swap rescues it."""
    swaps = 0
    for seed in range(40):
        t = random_tiling(Region.rectangle(8, 8), seed=seed)
        try:
            colors, frames = colors_and_frames(t, k=4, adjacency="king")
        except DominoTilingError as e:
            assert "k=4" in str(e) and "no Kempe-chain swap" in str(e)
            continue
        assert_proper(t, colors, "king", 4)
        check_frames(t, colors, frames, "king", 4)
        swaps += sum(f.kempe for f in frames)
    assert swaps > 0


def test_kempe_step_with_three_colours_side():
    """Three colours, side adjacency: swaps happen; success is then a proper 3-colouring."""
    swaps = successes = 0
    for seed in range(30):
        t = random_tiling(Region.rectangle(4, 6), seed=seed)
        try:
            colors, frames = colors_and_frames(t, k=3)
        except DominoTilingError:
            continue
        successes += 1
        assert_proper(t, colors, "side", 3)
        check_frames(t, colors, frames, "side", 3)
        swaps += sum(f.kempe for f in frames)
    assert swaps > 0 and successes > 0


def stuck_colourings(nbrs, k, degree, rng, tries=400):
    """Proper k-colourings of the graph minus a vertex v of the given degree, with all k
    colours around v: a random walk of single-vertex recolourings from a first colouring."""
    color = _color_graph(nbrs, k)
    candidates = [v for v in range(len(nbrs)) if len(nbrs[v]) == degree]
    for _ in range(tries):
        v = int(rng.choice(candidates))
        col = list(color)
        col[v] = -1
        for _ in range(60 * len(nbrs)):
            u = int(rng.integers(len(nbrs)))
            if u == v:
                continue
            free = [c for c in range(k) if all(col[w] != c for w in nbrs[u])]
            col[u] = int(rng.choice(free))
            if len({col[w] for w in nbrs[v]}) == k:
                yield v, col
                break


def check_kempe_frees_a_colour(nbrs, k, v, col):
    chain = _kempe(v, k, nbrs, col)
    assert chain is not None, "the Kempe step must succeed here"
    vertices, a, b = chain
    new = list(col)
    for u in vertices:
        assert col[u] in (a, b)
        new[u] = b if col[u] == a else a
    assert all(new[w] != a for w in nbrs[v])  # colour a is free for v
    assert all(new[x] < 0 or new[x] != new[y] for x in range(len(nbrs)) for y in nbrs[x])


def test_five_colour_theorem_kempe_step_on_triangulations():
    """The classic proof's step: planar graph, v of degree 5 seeing all 5 colours."""
    rng = np.random.default_rng(0)
    cases = 0
    for _ in range(6):
        tri = Delaunay(rng.random((40, 2)))
        g = nx.Graph()
        for s in tri.simplices:
            g.add_edges_from([(s[0], s[1]), (s[1], s[2]), (s[0], s[2])])
        assert nx.check_planarity(g)[0]
        nbrs = [sorted(g[v]) for v in range(g.number_of_nodes())]
        col = _color_graph(nbrs, 5)
        assert all(col[a] != col[b] for a, b in g.edges()) and max(col) < 5
        for v, col in stuck_colourings(nbrs, 5, 5, rng, tries=15):
            check_kempe_frees_a_colour(nbrs, 5, v, col)
            cases += 1
    assert cases >= 20


def test_four_colour_kempe_step_on_domino_side_graphs():
    """Side adjacency, k = 4: a domino with 4 neighbours in 4 colours is always rescued."""
    rng = np.random.default_rng(1)
    cases = 0
    for seed in range(4):
        t = random_tiling(Region.rectangle(8, 8), seed=seed)
        nbrs = [[] for _ in range(t.n_dominoes)]
        for a, b in neighbour_pairs(t, "side"):
            nbrs[a].append(b)
            nbrs[b].append(a)
        for v, col in stuck_colourings(nbrs, 4, 4, rng, tries=15):
            check_kempe_frees_a_colour(nbrs, 4, v, col)
            cases += 1
    assert cases >= 20


def test_stuck_is_reported_on_k5_graph():
    nbrs = [[j for j in range(5) if j != i] for i in range(5)]
    with pytest.raises(_Stuck):
        _color_graph(nbrs, 4)
    assert sorted(_color_graph(nbrs, 5)) == [0, 1, 2, 3, 4]


def test_four_colours_side_always():
    for seed in range(10):
        t = random_tiling(Region.aztec_diamond(6), seed=seed)
        assert_proper(t, color_dominoes(t, k=4), "side", 4)


def test_partial_tilings_and_empty():
    cover = max_cover(Region.from_strings(["...", "...", "..."]))
    colors = color_dominoes(cover, k=3)
    assert_proper(cover, colors, "side", 3)
    empty = Tiling(Region.rectangle(1, 3), [[-2, -2, -2]])
    assert color_dominoes(empty).shape == (0,)
    frames = color_frames(empty)
    assert len(frames) == 1 and color_bound(empty) == 0
    one = find_tiling(Region.rectangle(1, 2))
    assert color_dominoes(one, k=1).tolist() == [0] and color_bound(one) == 1


def test_bad_input():
    t = find_tiling(Region.rectangle(2, 4))
    for k in (0, -1, 2.5, True, "5"):
        with pytest.raises(DominoTilingError, match="k must be"):
            color_dominoes(t, k=k)
    with pytest.raises(DominoTilingError, match="adjacency"):
        color_dominoes(t, adjacency="diagonal")
    with pytest.raises(DominoTilingError, match="adjacency"):
        domino_graph(t, adjacency="hex")
    with pytest.raises(TypeError, match="Tiling"):
        color_dominoes(t.labels)
    with pytest.raises(DominoTypeError, match="this is a Region"):
        color_dominoes(t.region)
    with pytest.raises(DominoTypeError, match="frames"):
        color_dominoes(t, frames="yes")
    with pytest.raises(DominoTilingError, match="k=1 colours"):
        color_dominoes(t, k=1)  # neighbours exist: one colour cannot work
    import dominotiling.matching.color as color

    old = color.FRAMES_MAX_DOMINOES
    try:
        color.FRAMES_MAX_DOMINOES = 2
        with pytest.raises(TooLargeError, match="without frames"), pytest.warns(DeprecationWarning):
            color_dominoes(t, frames=True)
    finally:
        color.FRAMES_MAX_DOMINOES = old


def test_the_frames_flag_is_deprecated_and_gives_color_frames():
    t = random_tiling(Region.rectangle(6, 6), seed=3)
    with pytest.warns(DeprecationWarning, match="color_frames"):
        colors, frames = color_dominoes(t, k=4, adjacency="king", frames=True)
    new = color_frames(t, k=4, adjacency="king")
    assert (colors == color_dominoes(t, k=4, adjacency="king")).all()
    assert len(frames) == len(new) > t.n_dominoes
    assert all((a.colors == b.colors).all() and a.kempe == b.kempe for a, b in zip(frames, new))


def test_deterministic():
    t = random_tiling(Region.rectangle(8, 8), seed=11)
    a = color_dominoes(t, k=4, adjacency="king") if color_bound(t, "king") <= 4 else None
    b = color_dominoes(t, k=5, adjacency="king")
    assert np.array_equal(b, color_dominoes(t, k=5, adjacency="king"))
    if a is not None:
        assert np.array_equal(a, color_dominoes(t, k=4, adjacency="king"))


# ------------------------------------------------------------------ frames (issue 13)
def test_color_frames_are_frames_of_the_colouring():
    kempe_seen = 0
    for seed in range(12):
        t = random_tiling(Region.rectangle(8, 8), seed=seed)
        try:
            colors = color_dominoes(t, k=4, adjacency="king")
        except DominoTilingError:
            continue
        frames = color_frames(t, k=4, adjacency="king")
        assert all(isinstance(f, ColoringFrame) and isinstance(f, Frame) for f in frames)
        check_frames(t, colors, frames, "king", 4)
        for f in frames:
            assert f.tiling is t and f.region == t.region
            # the ringed points are the centres of the changed dominoes, from the cells by hand
            centres = {tuple(np.mean(t.dominoes[d], axis=0).tolist()) for d in f.changed.tolist()}
            assert {tuple(p) for p in np.asarray(f.points).tolist()} == centres
            if f.kempe:
                kempe_seen += 1
                m = f.changed.size
                assert f.title == f"Kempe swap: {m} {'domino' if m == 1 else 'dominoes'} recoloured"
                cells = {tuple(c) for c in t.dominoes[f.domino].tolist()}
                assert {tuple(c) for c in f.highlight.tolist()} == cells
            else:
                assert f.highlight.shape == (0, 2)
                assert f.title == f"{int((f.colors >= 0).sum())} of {t.n_dominoes} coloured"
    assert kempe_seen > 0


def test_coloring_frame_read_only_and_old_tuple_use_warns():
    t = find_tiling(Region.rectangle(2, 4))
    f = color_frames(t)[-1]
    with pytest.raises(AttributeError):
        f.kempe = True
    with pytest.raises(ValueError):
        f.colors[0] = 3
    with pytest.warns(DeprecationWarning, match="no longer a tuple"):
        tiling, colors, changed, kempe, domino = f
    assert tiling is t and kempe is False and domino == f.domino


def test_color_frames_limits():
    import dominotiling.matching.color as color
    from dominotiling import set_options

    t = find_tiling(Region.rectangle(2, 4))
    old = color.FRAMES_MAX_DOMINOES
    try:
        color.FRAMES_MAX_DOMINOES = 2
        with pytest.raises(TooLargeError, match="without frames"):
            color_frames(t)
    finally:
        color.FRAMES_MAX_DOMINOES = old
    with set_options(memory_limit=1000):  # refused before the frames are recorded
        with pytest.raises(TooLargeError, match="memory budget"):
            color_frames(find_tiling(Region.rectangle(6, 6)))
