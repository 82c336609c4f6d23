import numpy as np
import pytest
from helpers import brute_force_tilings, dominoes_of
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from dominotiling import Region, Tiling, count_tilings
from dominotiling.errors import DominoTilingError
from dominotiling.matching.height import (
    UNDEFINED,
    boundary_heights,
    defined_vertices,
    extreme_heights,
    flip,
    flippable_squares,
    height_function,
    is_tileable_thurston,
    max_tiling,
    min_tiling,
    thurston_tiling,
    tiling_from_heights,
)


# ------------------------------------------------------------ independent references
def fill_holes(mask):
    """The mask with every bounded 4-component of its complement filled (plain BFS)."""
    mask = np.asarray(mask, dtype=bool)
    rows, cols = mask.shape
    seen = np.zeros((rows + 2, cols + 2), dtype=bool)
    free = np.pad(~mask, 1, constant_values=True)
    stack = [(0, 0)]
    seen[0, 0] = True
    while stack:
        r, c = stack.pop()
        for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= rr < rows + 2 and 0 <= cc < cols + 2 and free[rr, cc] and not seen[rr, cc]:
                seen[rr, cc] = True
                stack.append((rr, cc))
    return ~seen[1:-1, 1:-1]


def reference_heights(region, dominoes):
    """Thurston's heights from the definition, with geometry done in (x, y), y upwards.

    Vertex (i, j) sits at x = j, y = -i. Walking from p to q, the cell on the left is
    the unit square whose centre is the edge's midpoint plus the left normal / 2.
    """
    rows, cols = region.shape
    partner = {}
    for a, b in dominoes:
        partner[a], partner[b] = b, a

    def cell_at(x, y):  # centre (x, y) -> (row, col)
        return (int(round(-y - 0.5)), int(round(x - 0.5)))

    def inside(cell):
        r, c = cell
        return 0 <= r < rows and 0 <= c < cols and bool(region.mask[r, c])

    h = {}
    for start in [(i, j) for i in range(rows + 1) for j in range(cols + 1)]:
        if start in h or not defined_vertices(region)[start]:
            continue
        h[start] = 0
        todo = [start]
        while todo:
            i, j = todo.pop()
            for di, dj in ((0, 1), (0, -1), (1, 0), (-1, 0)):
                dx, dy = dj, -di
                mx, my = j + dx / 2, -i + dy / 2
                left = cell_at(mx - dy / 2, my + dx / 2)
                right = cell_at(mx + dy / 2, my - dx / 2)
                if not (inside(left) or inside(right)):
                    continue
                black = (left[0] + left[1]) % 2 == 0
                step = 1 if black else -1
                if partner.get(left) == right:
                    step = -3 * step
                v = (i + di, j + dj)
                if v in h:
                    assert h[v] == h[(i, j)] + step, "heights do not close up"
                else:
                    h[v] = h[(i, j)] + step
                    todo.append(v)
    out = np.full((rows + 1, cols + 1), UNDEFINED, dtype=np.int64)
    for v, value in h.items():
        out[v] = value
    return out


def all_tilings(region):
    return [Tiling.from_dominoes(region, sorted(t)) for t in brute_force_tilings(region.mask)]


hole_free_masks = arrays(
    np.bool_,
    st.tuples(st.integers(1, 5), st.integers(1, 5)),
    elements=st.sampled_from([True, True, True, False]),
).map(fill_holes)


# ------------------------------------------------------------------------ the tests
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hole_free_masks)
def test_against_brute_force(mask):
    region = Region(mask)
    tilings = all_tilings(region)
    assert is_tileable_thurston(region) == bool(tilings)
    lo, hi = min_tiling(region), max_tiling(region)
    if not tilings:
        assert lo is None and hi is None and extreme_heights(region, "min") is None
        return
    lo.validate()
    hi.validate()
    assert lo.is_complete and hi.is_complete
    everything = {dominoes_of(t) for t in tilings}
    assert dominoes_of(lo) in everything and dominoes_of(hi) in everything
    h_lo, h_hi = lo.height_function(), hi.height_function()
    assert np.array_equal(h_lo, extreme_heights(region, "min"))
    assert np.array_equal(h_hi, extreme_heights(region, "max"))
    defined = defined_vertices(region)
    boundary = boundary_heights(region)
    on_boundary = boundary != UNDEFINED
    for t in tilings:
        h = t.height_function()
        assert np.array_equal(
            h, reference_heights(region, [tuple(map(tuple, d)) for d in t.dominoes])
        )
        assert np.array_equal(h != UNDEFINED, defined)
        assert (h_lo <= h).all() and (h <= h_hi).all()
        assert np.array_equal(h[on_boundary], boundary[on_boundary])
        assert ((h[defined] - h_lo[defined]) % 4 == 0).all()
        assert tiling_from_heights(region, h) == t


def test_heights_change_by_one_along_sides_and_three_across_dominoes():
    region = Region.from_strings(["#....", ".....", "....#", "#....", "....."])
    tilings = all_tilings(region)
    assert len(tilings) > 10
    mask = region.mask
    rows, cols = mask.shape
    for t in tilings:
        h, lab = t.height_function(), t.labels
        for i in range(rows + 1):
            for j in range(cols + 1):
                # horizontal edge (i, j)-(i, j+1) between cells (i-1, j) and (i, j)
                if j < cols:
                    cells = [(r, j) for r in (i - 1, i) if 0 <= r < rows and mask[r, j]]
                    if cells:
                        across = len(cells) == 2 and lab[i - 1, j] == lab[i, j]
                        assert abs(h[i, j + 1] - h[i, j]) == (3 if across else 1)
                if i < rows:
                    cells = [(i, c) for c in (j - 1, j) if 0 <= c < cols and mask[i, c]]
                    if cells:
                        across = len(cells) == 2 and lab[i, j - 1] == lab[i, j]
                        assert abs(h[i + 1, j] - h[i, j]) == (3 if across else 1)


def test_flips_move_one_interior_height_by_four():
    region = Region.from_strings(["##....", "......", "......", "......"])
    tilings = all_tilings(region)
    everything = {dominoes_of(t) for t in tilings}
    n_flips = 0
    for t in tilings:
        h = t.height_function()
        for r, c in flippable_squares(t).tolist():
            f = flip(t, (r, c))
            n_flips += 1
            assert dominoes_of(f) in everything and f != t
            diff = np.argwhere(f.height_function() != h)
            assert diff.tolist() == [[r + 1, c + 1]]
            assert abs(int(f.height_function()[r + 1, c + 1] - h[r + 1, c + 1])) == 4
            assert flip(f, (r, c)) == t
    assert n_flips > 20


def test_flippable_squares_are_the_tilings_one_block_apart():
    region = Region.rectangle(4, 4)
    tilings = all_tilings(region)
    assert len(tilings) == 36
    sets = [dominoes_of(t) for t in tilings]
    for t, s in zip(tilings, sets):
        expected = set()
        for other in sets:
            gone = s - other
            cells = {cell for d in gone for cell in d}
            if len(gone) == 2 and len(cells) == 4:
                rs, cs = [x for x, _ in cells], [y for _, y in cells]
                if max(rs) - min(rs) == 1 and max(cs) - min(cs) == 1:
                    expected.add((min(rs), min(cs)))
        assert {tuple(x) for x in flippable_squares(t).tolist()} == expected


def test_flip_errors():
    t = min_tiling(Region.rectangle(3, 4))
    with pytest.raises(DominoTilingError, match="does not fit"):
        flip(t, (2, 0))
    with pytest.raises(DominoTilingError, match="pair"):
        flip(t, 3)
    not_flippable = [
        tuple(x)
        for x in np.argwhere(np.ones((2, 3), bool)).tolist()
        if tuple(x) not in {tuple(y) for y in flippable_squares(t).tolist()}
    ]
    assert not_flippable
    with pytest.raises(DominoTilingError, match="not two parallel dominoes"):
        flip(t, not_flippable[0])
    partial = Tiling(Region.rectangle(2, 2), [[0, 0], [-2, -2]])
    with pytest.raises(DominoTilingError, match="not two parallel dominoes"):
        flip(partial, (0, 0))
    assert flippable_squares(partial).shape == (0, 2)


def test_regions_with_holes_name_maximum_matching():
    ring = Region.from_strings(["...", ".#.", "..."])
    assert ring.holes
    for fn in (is_tileable_thurston, min_tiling, max_tiling, boundary_heights):
        with pytest.raises(DominoTilingError, match="maximum_matching"):
            fn(ring)
    tiling = Tiling.from_dominoes(
        ring, [((0, 0), (0, 1)), ((0, 2), (1, 2)), ((2, 2), (2, 1)), ((2, 0), (1, 0))]
    )
    with pytest.raises(DominoTilingError, match="hole"):
        tiling.height_function()


def _pair_rows(region, axis):
    """All-horizontal (axis 1) or all-vertical (axis 0) tiling, built by pairing cells in lines."""
    mask = region.mask if axis == 1 else region.mask.T
    pairs = []
    for r, line in enumerate(mask):
        cols = np.flatnonzero(line)
        assert len(cols) % 2 == 0 and (np.diff(cols) == 1).all()
        for a, b in zip(cols[::2], cols[1::2]):
            pairs.append(((r, a), (r, b)) if axis == 1 else ((a, r), (b, r)))
    return dominoes_of(Tiling.from_dominoes(region, pairs))


@pytest.mark.parametrize("n", [1, 2, 3, 4, 7, 40])
def test_aztec_extremes_are_the_brick_walls(n):
    region = Region.aztec_diamond(n)
    lo, hi = min_tiling(region), max_tiling(region)
    walls = {_pair_rows(region, 0), _pair_rows(region, 1)}
    assert {dominoes_of(lo), dominoes_of(hi)} == walls
    if n <= 3:
        assert len(brute_force_tilings(region.mask)) == 2 ** (n * (n + 1) // 2)


def test_tileability_agrees_with_the_transfer_dp_on_larger_regions():
    rng = np.random.default_rng(7)
    seen = set()
    for _ in range(40):
        mask = fill_holes(rng.random((12, 10)) < rng.uniform(0.75, 0.97))
        region = Region(mask)
        tileable = is_tileable_thurston(region)
        assert tileable == (count_tilings(region) > 0)
        seen.add(tileable)
        if tileable:
            assert min_tiling(region).validate().is_complete
            assert max_tiling(region).validate().is_complete
    assert seen == {True, False}


def test_balanced_region_whose_boundary_closes_but_has_no_tiling():
    region = Region.from_strings(["##.#", "....", "#.##"])
    assert region.is_simply_connected and region.is_balanced
    assert brute_force_tilings(region.mask) == []
    assert boundary_heights(region) is not None
    assert not is_tileable_thurston(region)
    assert thurston_tiling(region, "max") is None


def test_unbalanced_boundary_does_not_close_up():
    for strings in (
        ["...", "...", "..."],
        [
            "#.......",
            "........",
            "........",
            "........",
            "........",
            "........",
            "........",
            ".......#",
        ],
    ):
        region = Region.from_strings(strings)
        assert boundary_heights(region) is None
        assert not is_tileable_thurston(region)


def test_pieces_touching_at_a_corner_and_far_apart():
    region = Region.from_strings(["..##..", "..##..", "##..##", "##..##"])
    assert region.n_components == 3 and not region.holes
    tilings = all_tilings(region)
    assert len(tilings) == 2**3
    lo, hi = min_tiling(region), max_tiling(region)
    assert (lo.orientations() == 1).all() and (hi.orientations() == 0).all()
    for t in tilings:
        h = t.height_function()
        assert (lo.height_function() <= h).all() and (h <= hi.height_function()).all()
    # the top-left corner of each separate piece is height 0
    far = Region.from_strings(["..#..", "..#.."])
    h = min_tiling(far).height_function()
    assert h[0, 0] == 0 and h[0, 3] == 0
    one_bad = Region.from_strings(["..#", "..#", "##."])
    assert not is_tileable_thurston(one_bad) and count_tilings(one_bad) == 0


def test_empty_region_and_rectangle_by_hand():
    empty = Region(np.zeros((2, 3), dtype=bool))
    t = min_tiling(empty)
    assert t.n_dominoes == 0 and is_tileable_thurston(empty)
    assert (t.height_function() == UNDEFINED).all()
    # One horizontal domino, walked counterclockwise from (0, 0) by hand. The cell on
    # the left of each step: east along the top, the cell above: (-1, 0) white -1,
    # (-1, 1) black +1; south down the right side, cell (0, 2) black +1; west along the
    # bottom, the cell below: (1, 1) black +1, (1, 0) white -1; north up the left side,
    # cell (0, -1) white -1, back to 0.
    t = Tiling.from_dominoes(Region.rectangle(1, 2), [((0, 0), (0, 1))])
    assert t.height_function().tolist() == [[0, -1, 0], [1, 2, 1]]
    # crossing the middle: (0, 1) -> (1, 1) has (0, 1) (white) on the left: +3
    assert t.height_function()[1, 1] - t.height_function()[0, 1] == 3


def test_bad_arguments():
    r = Region.rectangle(2, 2)
    with pytest.raises(DominoTilingError, match="'max' or 'min'"):
        thurston_tiling(r, "top")
    with pytest.raises(DominoTilingError, match="shape"):
        tiling_from_heights(r, np.zeros((2, 2), dtype=int))
    with pytest.raises(DominoTilingError, match="not a height function"):
        tiling_from_heights(r, np.zeros((3, 3), dtype=int))
    with pytest.raises(DominoTilingError, match="uncovered"):
        height_function(Tiling(r, [[0, 0], [-2, -2]]))
    with pytest.raises(TypeError, match="Region"):
        is_tileable_thurston("2x2")
    with pytest.raises(TypeError, match="Tiling"):
        flippable_squares(r)
