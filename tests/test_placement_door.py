"""The placement door: placement_probabilities over its table of records, PLACEMENT (issue 40).

Expected values come from routes the door does not take: the ratio of two counts by the
profile DP (``count_tilings(..., method="transfer")``), and Kenyon's formula on an exact dense
inverse of the complex Kasteleyn matrix (sympy).
"""

from __future__ import annotations

import inspect
import warnings
from fractions import Fraction

import numpy as np
import pytest
import sympy

import dominotiling
from dominotiling import Region, Weights
from dominotiling.errors import DominoTilingError, DominoTypeError, NoTilingError
from dominotiling.tasks import PLACEMENT, choose_placement, placement_probabilities
from dominotiling.tasks.records import choose, pick

REGIONS = {
    "2x3": Region.rectangle(2, 3),
    "4x4": Region.rectangle(4, 4),
    "L": Region.from_strings(["..##", "..##", "....", "...."]),
    "holed": Region.from_strings(["....", ".##.", "....", "....", "...."]),
    "ring": Region.from_strings(["....", ".##.", ".##.", "...."]),
    "aztec3": Region.aztec_diamond(3),
    "odd-shape": Region.from_strings([".....", "..#..", ".....", "...#."]),
}


def _ratio_of_counts(region, weights=None):
    """``{(orientation, r, c): w(e) Z(R - e) / Z(R)}`` by the profile DP (exact Fractions)."""
    total = dominotiling.count_tilings(region, method="transfer", weights=weights)
    mask = region.mask
    out = {}
    for orient, (dr, dc) in (("h", (0, 1)), ("v", (1, 0))):
        for r, c in np.argwhere(mask):
            r2, c2 = r + dr, c + dc
            if r2 >= mask.shape[0] or c2 >= mask.shape[1] or not mask[r2, c2]:
                continue
            rest = mask.copy()
            rest[r, c] = rest[r2, c2] = False
            w = 1 if weights is None else weights.value(int(r), int(c), orient)
            count = dominotiling.count_tilings(Region(rest), method="transfer", weights=weights)
            out[orient, int(r), int(c)] = Fraction(w) * Fraction(count) / Fraction(total)
    return out


def _kenyon_sympy(region):
    """``K(b, w) K^{-1}(w, b)`` from an exact inverse of the complex Kasteleyn matrix (1 across, i down)."""
    mask = region.mask
    black = [tuple(x) for x in np.argwhere(mask) if (x[0] + x[1]) % 2 == 0]
    white = [tuple(x) for x in np.argwhere(mask) if (x[0] + x[1]) % 2 == 1]
    col = {cell: j for j, cell in enumerate(white)}
    k = sympy.zeros(len(black), len(white))
    for i, (r, c) in enumerate(black):
        for dr, dc, entry in ((0, 1, 1), (0, -1, 1), (1, 0, sympy.I), (-1, 0, sympy.I)):
            if (r + dr, c + dc) in col:
                k[i, col[r + dr, c + dc]] = entry
    inv = k.inv()
    out = {}
    for i, (r, c) in enumerate(black):
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            w = (r + dr, c + dc)
            if w in col:
                p = sympy.nsimplify(sympy.simplify(k[i, col[w]] * inv[col[w], i]))
                top = (min(r, w[0]), min(c, w[1]))
                out["h" if dr == 0 else "v", int(top[0]), int(top[1])] = Fraction(str(p))
    return out


def _as_dict(probs):
    out = {}
    for orient, arr in (("h", probs.horizontal), ("v", probs.vertical)):
        for idx in np.ndindex(arr.shape):
            x = arr[idx]
            if x is not None and not (isinstance(x, float) and np.isnan(x)):
                out[(orient, *idx)] = x
    return out


@pytest.mark.parametrize("name", sorted(REGIONS))
def test_every_record_gives_the_ratio_of_counts(name):
    region = REGIONS[name]
    want = _ratio_of_counts(region)
    exact = _as_dict(placement_probabilities(region, method="exact"))
    assert exact == want
    assert all(isinstance(x, Fraction) for x in exact.values())
    floats = _as_dict(placement_probabilities(region, method="kasteleyn"))
    assert floats.keys() == want.keys()
    assert max(abs(floats[k] - float(want[k])) for k in want) < 1e-12
    auto = _as_dict(placement_probabilities(region))
    assert auto == exact  # up to EXACT_MAX_CELLS cells "auto" is the exact record


def test_the_aztec_record_gives_the_ratio_of_counts():
    for n in (1, 2, 3, 4):
        region = Region.aztec_diamond(n)
        want = _ratio_of_counts(region)
        got = _as_dict(placement_probabilities(region, method="aztec"))
        assert got.keys() == want.keys()
        assert max(abs(got[k] - float(want[k])) for k in want) < 1e-12, n


@pytest.mark.parametrize("name", ["2x3", "L", "aztec3"])
def test_the_exact_record_is_kenyons_formula_on_an_exact_inverse(name):
    region = REGIONS[name]  # simply connected: 1 across, i down is a Kasteleyn weighting
    assert _as_dict(placement_probabilities(region, method="exact")) == _kenyon_sympy(region)


def test_weighted_records_give_the_ratio_of_weighted_counts():
    region = Region.rectangle(3, 4)
    w = Weights.by_orientation((3, 4), 2, Fraction(1, 3))
    want = _ratio_of_counts(region, w)
    assert _as_dict(placement_probabilities(region, weights=w)) == want
    floats = _as_dict(placement_probabilities(region, weights=w, method="kasteleyn"))
    assert max(abs(floats[k] - float(want[k])) for k in want) < 1e-12


def test_auto_reads_the_records():
    assert choose(PLACEMENT, Region.rectangle(4, 4), "none").name == "exact"
    assert choose(PLACEMENT, Region.rectangle(20, 20), "none").name == "kasteleyn"
    assert choose(PLACEMENT, Region.rectangle(4, 4), "float").name == "kasteleyn"
    assert choose_placement(Region.rectangle(4, 4)) == "exact"
    assert choose_placement(Region.rectangle(4, 4), exact=False) == "kasteleyn"
    assert choose_placement(Region.rectangle(20, 20), exact=True) == "exact"
    assert choose_placement(Region.aztec_diamond(10)) == "kasteleyn"  # never "aztec"
    floats = Weights.by_orientation((4, 4), 0.5, 2.0)
    assert choose_placement(Region.rectangle(4, 4), weights=floats) == "kasteleyn"
    # uniform weights are no weights
    assert choose_placement(Region.rectangle(4, 4), weights=Weights.uniform((4, 4))) == "exact"


def test_a_refusal_lists_the_records_that_would_serve():
    square = Region.rectangle(4, 4)
    with pytest.raises(DominoTilingError, match="takes Aztec diamonds only") as caught:
        placement_probabilities(square, method="aztec")
    assert "'exact', 'kasteleyn'" in str(caught.value)
    with pytest.raises(DominoTilingError, match="takes no float weights") as caught:
        pick(PLACEMENT, "exact", Region.aztec_diamond(2), "float", "placement_probabilities")
    assert (
        "'kasteleyn', 'aztec'" in str(caught.value)
        and "'exact'" not in str(caught.value).split("serve:")[1]
    )
    with pytest.raises(DominoTilingError, match="unknown method|method must be"):
        placement_probabilities(square, method="bogus")


def test_method_and_exact_must_agree():
    square = Region.rectangle(2, 2)
    with pytest.raises(DominoTilingError, match="gives floats"):
        placement_probabilities(square, method="kasteleyn", exact=True)
    with pytest.raises(DominoTilingError, match="gives exact rationals"):
        placement_probabilities(square, method="exact", exact=False)
    w = Weights.by_orientation((2, 2), 0.5, 2.0)
    with pytest.raises(DominoTypeError, match="exact=True gives rationals"):
        placement_probabilities(square, weights=w, exact=True)


def test_no_tiling_is_refused_by_every_record():
    for method in ("exact", "kasteleyn"):
        with pytest.raises(NoTilingError):
            placement_probabilities(Region.rectangle(3, 3), method=method)
    zeros = Weights.by_orientation((4, 4), 0, 1)  # no horizontal domino: still tileable
    p = placement_probabilities(Region.rectangle(4, 4), weights=zeros)
    assert p.horizontal[0, 0] == 0 and p.vertical[0, 0] == 1
    nothing = Weights(np.zeros((2, 1), dtype=int), np.zeros((1, 2), dtype=int))
    for method in ("exact", "kasteleyn", "aztec"):  # every placement forbidden
        with pytest.raises(NoTilingError):
            placement_probabilities(Region.aztec_diamond(1), method=method, weights=nothing)


def test_the_signature_is_keyword_only_after_the_region():
    params = list(inspect.signature(placement_probabilities).parameters.values())
    assert [p.name for p in params][:3] == ["region", "method", "weights"]
    assert all(p.kind == p.KEYWORD_ONLY for p in params[1:])
    assert params[1].default == "auto"


def test_the_old_positional_form_warns_and_gives_the_same():
    region = Region.rectangle(2, 3)
    with pytest.warns(DeprecationWarning, match="exact"):
        old = placement_probabilities(region, True)
    assert _as_dict(old) == _as_dict(placement_probabilities(region, exact=True))


def test_the_old_import_paths_give_the_door():
    from dominotiling import counting
    from dominotiling.counting import placement

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        from dominotiling.counting.placement import placement_probabilities as old
    assert old is placement.placement_probabilities is counting.placement_probabilities
    assert old is dominotiling.placement_probabilities is placement_probabilities
