"""The finding doors: :func:`find_tiling` and :func:`max_cover` over one table of records, :data:`FIND`.

Two methods find tilings and largest partial covers:

- ``"transfer"``: the source article's maximum-cover DP over broken profiles
  (:func:`dominotiling.counting.transfer.max_cover`), narrower side up to 22 cells,
  with or without weights (a maximum-weight cover);
- ``"matching"``: a maximum matching of the cell graph
  (:func:`dominotiling.matching.matchings.maximum_matching`), any size, no weights.

Examples
--------
>>> from dominotiling import Region
>>> find_tiling(Region.rectangle(2, 3)).n_dominoes
3
>>> max_cover(Region.rectangle(3, 3)).n_uncovered
1
>>> find_tiling(Region.rectangle(300, 300)).is_complete   # too wide for the DP: matching
True
"""

from __future__ import annotations

import math

from .. import _validate
from .._util import keyword_only
from ..counting import transfer
from ..errors import DominoTilingError, TooLargeError
from ..matching.matchings import maximum_matching_checked
from ..model.region import Region  # noqa: F401 -- used by the docstring examples
from ..model.weighting import check_weights
from .records import MethodRecord, pick, weight_kind

__all__ = ["find_tiling", "max_cover", "choose_finder", "FIND", "DP_AUTO_WIDTH"]

#: With ``method="auto"``, regions at most this wide (narrow side) go to the DP.
DP_AUTO_WIDTH = transfer.DP_AUTO_WIDTH


def _width(region):
    mask, _, _ = region.narrow_view()
    return mask.shape[1]


def _transfer_route(region, weights, complete):
    if weights is not None:
        if _width(region) > transfer.MAX_WIDTH:
            raise TooLargeError(
                f"maximum-weight covers are found by the profile DP, which accepts regions up to "
                f"{transfer.MAX_WIDTH} cells wide on their narrower side (this one is {_width(region)}); "
                "without weights, maximum_matching(region) finds a largest cover of any region"
            )
        weights._need_numbers("find_tiling" if complete else "max_cover")
        if complete:
            return transfer.find_checked(region, weights)
    return transfer.max_cover_checked(region, weights)


#: The finders: ``run(region, weights, complete)`` gives a largest cover (a tiling, or None,
#: when `complete`); the door keeps a cover only when it is complete.
FIND = (
    MethodRecord(
        "transfer",
        run=_transfer_route,
        weights=frozenset({"none", "int", "fraction", "float", "symbolic"}),
        cost=lambda region, kind: (
            0.0 if kind != "none" or _width(region) <= DP_AUTO_WIDTH else math.inf
        ),
        doc="the maximum-cover DP of the source article (narrower side up to 22 cells; weights)",
    ),
    MethodRecord(
        "matching",
        run=lambda region, weights, complete: maximum_matching_checked(region),
        cost=lambda region, kind: 1.0,  # any size: a million cells in a fraction of a second
        doc="a maximum matching of the cell graph (Pothen--Fan+, any size, no weights)",
    ),
)


def choose_finder(region):
    """The method :func:`find_tiling` and :func:`max_cover` use with ``method="auto"``.

    The profile DP for regions at most :data:`DP_AUTO_WIDTH` cells wide on their
    narrower side (the source article's algorithm, fast at that width), a maximum
    matching for the rest (any size: a million cells take a fraction of a second).

    Parameters
    ----------
    region : Region

    Returns
    -------
    str
        ``"transfer"`` or ``"matching"``.

    See Also
    --------
    find_tiling, max_cover

    Examples
    --------
    >>> choose_finder(Region.rectangle(8, 8)), choose_finder(Region.rectangle(100, 100))
    ('transfer', 'matching')
    """
    _validate.region(region)
    return "transfer" if _width(region) <= DP_AUTO_WIDTH else "matching"


def _cover(region, method, weights, complete):
    region = _validate.region(region)
    names = tuple(r.name for r in FIND)
    method = _validate.choice(method, "method", ("auto", *names))
    weights = check_weights(weights, region) if weights is not None else None
    kind = weight_kind(weights)
    weights = None if kind == "none" else weights
    if weights is not None and method == "matching":
        raise DominoTilingError(
            "maximum-weight covers are found by the profile DP only: use method='transfer' "
            "(or 'auto'), narrower side up to 22 cells"
        )
    if complete and not region.is_balanced:
        return None
    tiling = pick(FIND, method, region, kind, "find_tiling" if complete else "max_cover").run(
        region, weights, complete
    )
    if complete and tiling is not None and not tiling.is_complete:
        return None
    return tiling


@keyword_only("method")
def max_cover(region, *, method="auto", weights=None):
    """A partial tiling covering as many cells of `region` as possible.

    Parameters
    ----------
    region : Region
        Any region.
    method : {"auto", "transfer", "matching"}
        ``"transfer"``: the maximum-cover DP of the source article (narrower side
        at most 22 cells); ``"matching"``: a maximum matching of the cell graph
        (Pothen--Fan+, any size). ``"auto"``: see :func:`choose_finder`.
    weights : Weights, optional, keyword-only
        Int, Fraction or float weights: the cover then maximises the *sum* of
        its dominoes' weights (a maximum-weight matching; a zero weight forbids a
        placement), by the profile DP in the max-plus semiring
        (:func:`dominotiling.counting.transfer.max_cover`); ``method="matching"`` refuses
        weights. Uniform weights are the same as none.

    Returns
    -------
    Tiling
        Uncovered cells are labelled ``-2``; ``tiling.n_uncovered`` is the least
        possible number of uncovered cells (both methods are exact).

    Raises
    ------
    DominoTypeError
        If `region` is not a Region.
    DominoTilingError
        If `method` is unknown.
    TooLargeError
        If ``method="transfer"`` and the region is too wide for the DP.

    See Also
    --------
    dominotiling.counting.transfer.max_cover, dominotiling.matching.matchings.maximum_matching

    Examples
    --------
    >>> t = max_cover(Region.from_strings(["...", ".#.", ".##"]))
    >>> t.n_dominoes, t.n_uncovered
    (3, 0)
    """
    return _cover(region, method, weights, complete=False)


@keyword_only("method")
def find_tiling(region, *, method="auto", weights=None):
    """One tiling of `region`, or None when there is none.

    Parameters
    ----------
    region : Region
        Any region.
    method : {"auto", "transfer", "matching"}
        As for :func:`max_cover`: a largest cover is a tiling exactly when it
        leaves no cell uncovered.
    weights : Weights, optional, keyword-only
        Int, Fraction or float weights: a tiling of largest total (summed)
        weight among those using no zero-weight placement, or None when there is
        none (the profile DP; see :func:`max_cover`).

    Returns
    -------
    Tiling or None
        ``None`` when the region has no tiling; :func:`dominotiling.hall_violator`
        then says why.

    Raises
    ------
    DominoTypeError
        If `region` is not a Region.
    DominoTilingError
        If `method` is unknown.
    TooLargeError
        If ``method="transfer"`` and the region is too wide for the DP.

    See Also
    --------
    max_cover, is_tileable, choose_finder
    random_tiling

    Examples
    --------
    >>> find_tiling(Region.rectangle(2, 2)).is_complete
    True
    >>> find_tiling(Region.rectangle(3, 3)) is None
    True
    """
    return _cover(region, method, weights, complete=True)
