"""What every function gives for a region with no tiling, as the table of docs/guide/errors.md says.

The test reads the two tables of the section "When there is no tiling" -- the rule of each
kind of function, and one row per call -- and runs every call on regions without a tiling,
so the page cannot drift from the behaviour. A row must follow its kind's rule.
"""

from __future__ import annotations

import math
import pathlib
import re
import warnings

import networkx as nx
import numpy as np
import pytest

import dominotiling
from dominotiling import Region, Tiling, Weights
from dominotiling.errors import NoTilingError

PAGE = pathlib.Path(__file__).resolve().parents[1] / "docs" / "guide" / "errors.md"
SECTION = "## When there is no tiling"


def _tables():
    """``(rules, rows)``: ``{kind: gives}`` and ``[(call, kind, gives)]`` from the page."""
    text = PAGE.read_text()
    assert SECTION in text, f"{PAGE} has no section {SECTION!r}"
    section = text.split(SECTION, 1)[1].split("\n## ", 1)[0]
    tables, current = [], None
    for line in section.splitlines():
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if current is None:
                current = {"header": cells, "rows": []}
                tables.append(current)
            elif not set("".join(cells)) <= set("-: "):
                current["rows"].append(cells)
        else:
            current = None
    by_header = {tuple(t["header"]): t["rows"] for t in tables}
    # a kind is named by its words before any parenthesis: "finders (a tiling, ...)"
    rules = {
        kind.split("(")[0].strip(): _gives(g) for kind, g in by_header[("kind", "no tiling gives")]
    }
    rows = [
        (_code(call), kind, _gives(g)) for call, kind, g in by_header[("call", "kind", "gives")]
    ]
    return rules, rows


def _code(cell):
    match = re.fullmatch(r"`([^`]+)`", cell)
    assert match, f"a call must be one code span: {cell!r}"
    return match.group(1)


def _gives(cell):
    """The checkable head of a 'gives' cell: its first code span, or its words before '('."""
    match = re.match(r"`([^`]+)`", cell)
    return match.group(1) if match else cell.split("(")[0].strip()


RULES, ROWS = _tables()


def _mutilated():
    mask = np.ones((8, 8), bool)
    mask[0, 0] = mask[7, 7] = False
    return Region.from_mask(mask)


def _holed():
    mask = np.ones((6, 6), bool)
    mask[2, 2] = mask[3, 3] = False
    return Region.from_mask(mask)


#: The regions without a tiling that the page names ``region``, each in turn.
REGIONS = {
    "odd": Region.rectangle(3, 3),
    "mutilated": _mutilated(),
    "isolated": Region.from_strings(["##.", ".##", "#.."]),
}


def _deficiency(region):
    """Cells a largest partial cover leaves uncovered, by networkx's bipartite matching."""
    graph = nx.Graph()
    cells = [tuple(map(int, c)) for c in np.argwhere(region.mask)]
    graph.add_nodes_from(cells)
    cellset = set(cells)
    for r, c in cells:
        for nb in ((r + 1, c), (r, c + 1)):
            if nb in cellset:
                graph.add_edge((r, c), nb)
    black = {c for c in cells if sum(c) % 2 == 0}
    matching = nx.bipartite.hopcroft_karp_matching(graph, top_nodes=black)
    return len(cells) - len(matching)  # the dict holds each matched pair twice


def _check(gives, run, region):
    """Assert that `run()` behaves as `gives` says."""
    if gives == "NoTilingError":
        with pytest.raises(NoTilingError):
            run()
        return
    got = run()
    if gives == "0":
        assert not isinstance(got, (bool, dict)) and got == 0, got
    elif gives == "{}":
        assert isinstance(got, dict) and got == {}, got
    elif gives == "-inf":
        assert got == -math.inf, got
    elif gives == "False":
        assert got is False, got
    elif gives == "None":
        assert got is None, got
    elif gives == "a largest partial cover":
        assert isinstance(got, Tiling) and not got.is_complete, got
        got.validate()
        assert got.n_uncovered == _deficiency(region), (got.n_uncovered, _deficiency(region))
    elif gives == "a Hall violator":
        cells = set(map(tuple, np.argwhere(region.mask).tolist()))
        s = set(got)
        assert s and s <= cells and len({(r + c) % 2 for r, c in s}) == 1, got
        around = {(r + dr, c + dc) for r, c in s for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))}
        assert len(around & cells) < len(s), (s, around & cells)
    else:
        raise AssertionError(f"the page promises {gives!r}, which this test cannot check")


def _namespace(region):
    names = {n: getattr(dominotiling, n) for n in dominotiling.__all__}
    names.update(
        dominotiling=dominotiling,
        Region=Region,
        Weights=Weights,
        np=np,
        region=region,
        holed=_holed(),
        torus=Region.torus(3, 3),
        nothing=Weights(np.zeros((2, 1)), np.zeros((1, 2))),
    )
    return names


def _cases():
    for call, kind, gives in ROWS:
        names = REGIONS if re.search(r"\bregion\b", call) else {"-": None}
        for name, region in names.items():
            yield pytest.param(call, kind, gives, region, id=f"{call} [{name}]")


@pytest.mark.parametrize("call, kind, gives, region", list(_cases()))
def test_every_row_behaves_as_the_page_says(call, kind, gives, region):
    names = _namespace(region)
    subject = region if region is not None else names["holed"]

    def run():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            return eval(call, names)  # noqa: S307 -- the page's own code spans

    _check(gives, run, subject)


def test_every_row_follows_its_kinds_rule():
    for call, kind, gives in ROWS:
        assert kind in RULES, (call, kind)
        assert gives == RULES[kind], (call, kind, gives, RULES[kind])


def test_the_table_names_every_front_door_and_every_kind():
    doors = ("count_tilings", "log_count", "random_tiling", "find_tiling", "max_cover")
    doors += ("placement_probabilities", "maximum_matching", "is_tileable", "hall_violator")
    doors += ("sample_cftp", "sample_sectors", "sample_aztec", "min_tiling", "max_tiling")
    calls = " ".join(call for call, _, _ in ROWS)
    for door in doors:
        assert re.search(rf"\b{door}\(", calls), door
    assert {kind for _, kind, _ in ROWS} == set(RULES)


def test_the_regions_have_no_tiling():
    for region in (*REGIONS.values(), _holed(), Region.torus(3, 3)):
        assert dominotiling.count_tilings(region) == 0
    assert dominotiling.count_tilings(Region.aztec_diamond(1)) == 2  # `nothing` forbids both
