"""The one front door for finding: :func:`find_tiling` and :func:`max_cover` pick a method.

Two methods find tilings and largest partial covers:

- ``"transfer"``: the source article's maximum-cover DP over broken profiles
  (:func:`dominotiling.counting.transfer.max_cover`), narrower side up to 22 cells;
- ``"matching"``: a maximum matching of the cell graph
  (:func:`dominotiling.matching.matchings.maximum_matching`), any size.

Examples
--------
>>> from dominotiling import Region, find_tiling, max_cover
>>> find_tiling(Region.rectangle(2, 3)).n_dominoes
3
>>> max_cover(Region.rectangle(3, 3)).n_uncovered
1
>>> find_tiling(Region.rectangle(300, 300)).is_complete   # too wide for the DP: matching
True
"""

from __future__ import annotations

from .. import _validate
from .._util import keyword_only
from ..counting import transfer
from ..errors import DominoTilingError, TooLargeError
from ..model.region import Region  # noqa: F401 -- used by the docstring examples
from . import matchings
from .matchings import (  # the old dominotiling.matching module's names, kept at its path
    ALGORITHMS,  # noqa: F401 -- re-exported at the wing's old path
    FRAMES_MAX_CELLS,  # noqa: F401 -- re-exported at the wing's old path
    KuhnFrame,  # noqa: F401 -- re-exported at the wing's old path
    hall_neighbourhood,  # noqa: F401 -- re-exported at the wing's old path
    hall_violator,  # noqa: F401 -- re-exported at the wing's old path
    is_tileable,  # noqa: F401 -- re-exported at the wing's old path
    kuhn_frames,  # noqa: F401 -- re-exported at the wing's old path
    maximum_matching,  # noqa: F401 -- re-exported at the wing's old path
)

__all__ = ["find_tiling", "max_cover", "choose_finder", "METHODS", "DP_AUTO_WIDTH"]

#: Finding methods by name: each maps a region to a largest partial cover.
METHODS = {"transfer": transfer.max_cover, "matching": matchings.maximum_matching}
#: Their unweighted routes on a region checked by the front door.
_CHECKED = {
    "transfer": lambda region: transfer.max_cover_checked(region, None),
    "matching": lambda region: matchings.maximum_matching(region),
}
#: With ``method="auto"``, regions at most this wide (narrow side) go to the DP.
DP_AUTO_WIDTH = 12


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
    mask, _, _ = region.narrow_view()
    return "transfer" if mask.shape[1] <= DP_AUTO_WIDTH else "matching"


def _cover(region, method, weights=None, complete=False):
    _validate.region(region)
    method = _validate.choice(method, "method", ("auto", *METHODS))
    if weights is not None:
        from ..model.weighting import check_weights

        weights = check_weights(weights, region)
        if weights.is_uniform:
            weights = None
    if weights is None:
        if method == "auto":
            method = choose_finder(region)
        tiling = _CHECKED[method](region)
        return tiling if not complete or tiling.is_complete else None
    if method == "matching":
        raise DominoTilingError(
            "maximum-weight covers are found by the profile DP only: use method='transfer' "
            "(or 'auto'), narrower side up to 22 cells"
        )
    mask, _, _ = region.narrow_view()
    if mask.shape[1] > transfer.MAX_WIDTH:
        raise TooLargeError(
            f"maximum-weight covers are found by the profile DP, which accepts regions up to "
            f"{transfer.MAX_WIDTH} cells wide on their narrower side (this one is {mask.shape[1]}); "
            "without weights, maximum_matching(region) finds a largest cover of any region"
        )
    weights._need_numbers("find_tiling" if complete else "max_cover")
    if complete:
        return transfer.find_checked(region, weights)
    return transfer.max_cover_checked(region, weights)


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
    return _cover(region, method, weights)


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
    _validate.region(region)
    _validate.choice(method, "method", ("auto", *METHODS))
    if not region.is_balanced:
        if weights is not None:
            from ..model.weighting import check_weights

            check_weights(weights, region)
        return None
    return _cover(region, method, weights, complete=True)
