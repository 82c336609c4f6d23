import networkx as nx
import numpy as np
import pytest

from dominotiling import Region
from dominotiling.errors import DominoTilingError, DominoTypeError, RegionFormatError

ARTICLE_FIGURE = ["...####", "....###", "......#", "#.#....", "#......", "##.....", "###...#"]


def test_from_strings_round_trip():
    r = Region.from_strings(ARTICLE_FIGURE)
    assert r.to_strings() == ARTICLE_FIGURE
    assert r.shape == (7, 7)
    assert r.n_cells == sum(line.count(".") for line in ARTICLE_FIGURE)


def test_from_strings_accepts_one_text_block():
    text = "\n" + "\n".join(ARTICLE_FIGURE) + "\r\n\n"
    assert Region.from_strings(text) == Region.from_strings(ARTICLE_FIGURE)


@pytest.mark.parametrize(
    "lines, words",
    [
        (["..", "."], ["line 2", "1 character", "line 1 has 2"]),
        (["..", ".x"], ["line 2, column 2", "'x'"]),
        ([], ["no lines"]),
        ("", ["no lines"]),
        (["##", "##"], ["no cell"]),
        ([""], ["empty"]),
        (["..", 5], ["line 2", "int"]),
        (42, ["int"]),
    ],
)
def test_from_strings_errors_name_the_problem(lines, words):
    with pytest.raises(RegionFormatError) as info:
        Region.from_strings(lines)
    for w in words:
        assert w in str(info.value)
    assert isinstance(info.value, DominoTilingError) and isinstance(info.value, ValueError)


@pytest.mark.parametrize("rows, cols", [(0, 3), (-1, 2), (2, -5)])
def test_rectangle_rejects_bad_sizes(rows, cols):
    with pytest.raises(RegionFormatError, match="positive integer"):
        Region.rectangle(rows, cols)


@pytest.mark.parametrize("rows, cols", [(2.5, 3), (2.0, 3), ("3", 3), (True, 2), (None, 2)])
def test_rectangle_rejects_sizes_of_the_wrong_type(rows, cols):
    # a type error that both catch styles see: DominoTilingError (ValueError) and TypeError
    with pytest.raises(DominoTypeError, match="must be an integer") as info:
        Region.rectangle(rows, cols)
    assert isinstance(info.value, TypeError) and isinstance(info.value, DominoTilingError)


def test_aztec_diamond_cells_and_symmetry():
    for n in range(1, 7):
        a = Region.aztec_diamond(n)
        assert a.shape == (2 * n, 2 * n)
        assert a.n_cells == 2 * n * (n + 1)
        m = a.mask
        assert (m == m[::-1]).all() and (m == m[:, ::-1]).all() and (m == m.T).all()
        assert a.is_balanced and a.is_simply_connected
    with pytest.raises(RegionFormatError):
        Region.aztec_diamond(0)


def test_mask_is_read_only_copy():
    src = np.ones((2, 2), dtype=bool)
    r = Region.from_mask(src)
    src[0, 0] = False
    assert r.n_cells == 4
    with pytest.raises(ValueError):
        r.mask[0, 0] = False


def test_mask_validation():
    with pytest.raises(RegionFormatError, match="2-D"):
        Region(np.ones(3, dtype=bool))
    with pytest.raises(RegionFormatError, match="booleans"):
        Region(np.array([[0, 2]]))
    with pytest.raises(RegionFormatError, match="booleans"):
        Region(np.array([[0.5, 1.0]]))
    assert Region(np.array([[0, 1]])).n_cells == 1


def test_from_cells():
    r = Region.from_cells([(0, 0), (0, 1), (2, 1), (2, 1)])
    assert r.shape == (3, 2) and r.n_cells == 3
    assert Region.from_cells([(0, 0)], shape=(2, 3)).shape == (2, 3)
    with pytest.raises(RegionFormatError, match="too small"):
        Region.from_cells([(4, 4)], shape=(2, 2))
    with pytest.raises(RegionFormatError, match="non-negative"):
        Region.from_cells([(-1, 0)])
    with pytest.raises(RegionFormatError, match="no cells"):
        Region.from_cells([])


def test_colors_and_balance():
    r = Region.rectangle(3, 5)
    black, white = r.color_counts()
    assert (black, white) == (8, 7)
    assert not r.is_balanced
    mask = Region.rectangle(8, 8).mask.copy()
    mask[0, 0] = mask[7, 7] = False
    assert Region(mask).color_counts() == (30, 32)


def test_holes_and_simple_connectivity():
    ring = Region.from_strings(["....", ".##.", "...."])
    assert len(ring.holes) == 1 and ring.holes[0].n_cells == 2
    assert not ring.is_simply_connected
    # a notch open to the outside is not a hole
    notch = Region.from_strings(["....", ".#..", ".#.."])
    assert notch.holes == () and notch.is_simply_connected
    # two cells touching at a corner: not 4-connected
    diag = Region.from_strings([".#", "#."])
    assert diag.n_components == 2 and not diag.is_simply_connected
    two_holes = Region.from_strings([".....", ".#.#.", "....."])
    assert len(two_holes.holes) == 2


def test_transpose():
    r = Region.from_strings(["..#", "..."])
    assert r.transpose().to_strings() == ["..", "..", "#."]
    assert r.transpose().transpose() == r


def test_to_networkx_is_the_grid_graph():
    r = Region.from_strings(ARTICLE_FIGURE)
    g = r.to_networkx()
    assert g.number_of_nodes() == r.n_cells
    for a, b in g.edges:
        assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
        assert g.nodes[a]["color"] != g.nodes[b]["color"]
    full = Region.rectangle(4, 5).to_networkx()
    assert nx.is_isomorphic(full, nx.grid_2d_graph(4, 5))
    assert {full.nodes[v]["color"] for v in full} == {0, 1}
    assert all(full.nodes[v]["color"] == (v[0] + v[1]) % 2 for v in full)


def test_equality_hash_contains_repr():
    a = Region.from_strings(["..", ".#"])
    b = Region.from_mask([[1, 1], [1, 0]])
    assert a == b and hash(a) == hash(b)
    assert a != Region.rectangle(2, 2)
    assert (0, 1) in a and (1, 1) not in a and (5, 5) not in a and "x" not in a
    assert "Region.from_strings" in repr(a)
    assert "cells" in repr(Region.rectangle(50, 50))


def test_png_repr_is_a_png():
    png = Region.from_strings(ARTICLE_FIGURE)._repr_png_()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


# --- issue 13: immutable in fact, hashes computed, refusals before allocation -------------


def test_mask_cannot_be_made_writeable_again():
    r = Region.aztec_diamond(3)
    with pytest.raises(ValueError):
        r.mask.setflags(write=True)
    with pytest.raises(ValueError):
        r.mask.base.setflags(write=True)
    with pytest.raises(ValueError):
        r.mask[0, 0] = True
    assert Region.aztec_diamond(3) == r and r.n_cells == 2 * 3 * 4


def test_sampled_tiling_cannot_corrupt_a_cached_region():
    from dominotiling import sample_aztec

    t = sample_aztec(4, seed=1)
    for arr in (t.region.mask, t.labels):
        with pytest.raises(ValueError):
            arr.setflags(write=True)
    assert Region.aztec_diamond(4).n_cells == 2 * 4 * 5


def test_pickled_region_and_tiling_hash_like_fresh_ones_in_another_interpreter(tmp_path):
    import pickle
    import subprocess
    import sys

    from dominotiling import find_tiling

    r = Region.from_strings(["...#", "....", "#..."])
    t = find_tiling(Region.rectangle(2, 4))
    path = tmp_path / "objs.pkl"
    path.write_bytes(pickle.dumps((r, t)))
    code = (
        "import pickle, sys\n"
        "from dominotiling import Region, find_tiling\n"
        f"r, t = pickle.load(open({str(path)!r}, 'rb'))\n"
        "fresh = Region.from_strings(['...#', '....', '#...'])\n"
        "ft = find_tiling(Region.rectangle(2, 4))\n"
        "assert r == fresh and hash(r) == hash(fresh), 'region hash carried'\n"
        "assert t == ft and hash(t) == hash(ft), 'tiling hash carried'\n"
        "assert len({r, fresh}) == 1 and len({t, ft}) == 1\n"
        "try:\n"
        "    r.mask.setflags(write=True)\n"
        "    sys.exit('mask writeable after unpickling')\n"
        "except ValueError:\n"
        "    pass\n"
    )
    hash(r), hash(t)  # fill any cache before pickling
    env = {**__import__("os").environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr


@pytest.mark.parametrize(
    "build",
    [
        lambda: Region.aztec_diamond(2**62),
        lambda: Region.aztec_diamond(30000),
        lambda: Region.rectangle(1, 10**10),
        lambda: Region.rectangle(100000, 100000),
        lambda: Region.from_cells([(10**6, 10**6)]),
    ],
)
def test_huge_regions_are_refused_before_allocating(build):
    import tracemalloc

    from dominotiling.errors import TooLargeError

    tracemalloc.start()
    try:
        with pytest.raises(TooLargeError, match="memory budget") as info:
            build()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert "set_options" in str(info.value)
    assert peak < 50 * 2**20


def test_memory_budget_is_the_one_setting():
    import dominotiling as dt
    from dominotiling.errors import TooLargeError

    with dt.set_options(memory_limit="1MiB"):
        with pytest.raises(TooLargeError, match="1.0 MiB"):
            Region.rectangle(1000, 1000)
    assert Region.rectangle(1000, 1000).n_cells == 10**6


@pytest.mark.parametrize("cell", [(0.5, 0), (0, 0.0), ("0", 0), (True, 0), None, (0,), (0, 0, 0)])
def test_odd_things_are_not_cells(cell):
    assert cell not in Region.rectangle(2, 2)


# ------------------------------------------------- reading text: memory (issue 27)
def _peak(call):
    import tracemalloc

    tracemalloc.start()
    try:
        out = call()
        return out, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("ending", ["\n", "\r\n"])
@pytest.mark.parametrize("side", [1500, 3000])
def test_reading_text_takes_about_a_byte_per_cell(side, ending):
    """The rows go into the mask a block at a time: the mask and a block, not copies of the text.

    Before, a text took four bytes a cell beyond itself (its lines as strings, the
    joined rows, their bytes, the mask) where three were budgeted, and the lines
    were copied before the budget was asked.
    """
    from dominotiling.model.serialize import _BLOCK_CHARS

    rows = ["".join(".#"[(r * 7 + c) % 3 == 0] for c in range(side)) for r in range(3)] * (
        side // 3
    )
    text = ending.join(rows) + ending
    region, peak = _peak(lambda: Region.from_strings(text))
    assert region.shape == (side, side) and region.to_strings() == rows
    cells = side * side
    assert peak <= 1.1 * cells + 3 * _BLOCK_CHARS, f"{peak / cells:.2f} bytes a cell"
    region, peak = _peak(lambda: Region.from_strings(rows))  # a list of rows: no block at all
    assert region.to_strings() == rows
    assert peak <= 1.1 * cells + 2**16, f"{peak / cells:.2f} bytes a cell"


def test_reading_text_over_the_budget_is_refused_before_the_mask_is_made():
    import dominotiling as dt
    from dominotiling.errors import TooLargeError

    text = "\n".join(["." * 2000] * 2000)
    rows = text.split("\n")
    with dt.set_options(memory_limit="1 MiB"):
        with pytest.raises(TooLargeError, match=r"2000 x 2000 mask read from text"):
            _peak(lambda: Region.from_strings(text))
        _, peak = _peak(lambda: pytest.raises(TooLargeError, Region.from_strings, text))
        _, peak_rows = _peak(lambda: pytest.raises(TooLargeError, Region.from_strings, rows))
    assert peak < 2**18 and peak_rows < 2**18  # nothing of the text's size was copied first


def test_reading_text_is_the_same_by_blocks_and_by_lines():
    """Regular texts are read by blocks, irregular ones line by line: the same regions and errors."""
    from dominotiling.model import serialize

    rng = np.random.default_rng(3)
    for _ in range(300):
        rows = ["".join(rng.choice([".", "#"], 6)) for _ in range(rng.integers(1, 8))]
        if not any("." in r for r in rows):
            continue
        want = Region.from_strings(rows)
        for text in (
            "\n".join(rows),
            "\r\n".join(rows) + "\r\n",
            "\n\n" + "\n".join(rows) + "\n \n",
            "\n".join(rows[:1]) + "\r\n" + "\n".join(rows[1:]),
        ):
            assert Region.from_strings(text) == want
    for bad, message in (
        (".\r.\n.\r.", "line 1, column 2"),
        ("..\n.\n..", "line 2 has 1"),
        ("..\r\n.x\r\n", "line 2, column 2"),
        ("..\n..\n\r\n..", "line 3 has 0"),
    ):
        with pytest.raises(RegionFormatError, match=message):
            serialize.mask_from_text(bad)
