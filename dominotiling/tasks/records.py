"""Method records: what each method of a task takes, what it costs, and the checked callable it runs.

A front door (:func:`~dominotiling.count_tilings`, :func:`~dominotiling.random_tiling`, ...)
validates its arguments once, then reads its task's table: a tuple of
:class:`MethodRecord`. ``method="auto"`` takes the cheapest record that serves the
region (by each record's cost model); a named method takes the record of that name that
serves it, and a refusal lists the records that would.

Examples
--------
>>> from dominotiling import Region
>>> from dominotiling.tasks.count import COUNT
>>> [r.name for r in serving(COUNT, Region.rectangle(8, 8), "none")]
['transfer', 'kasteleyn']
>>> choose(COUNT, Region.rectangle(8, 8), "none").name
'transfer'
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from .. import _validate
from ..errors import DominoTilingError

__all__ = ["MethodRecord", "serving", "choose", "pick", "weight_kind", "WEIGHT_KINDS"]

#: The kinds of weights a record may take: none (uniform), or a Weights' kind.
WEIGHT_KINDS = frozenset({"none", "int", "fraction", "float", "symbolic"})
_NUMBERS = frozenset({"none", "int", "fraction", "float"})


@dataclass(frozen=True)
class MethodRecord:
    """One method of a task: its name, the checked callable it runs, what it takes and costs.

    Parameters
    ----------
    name : str
        The ``method=`` value that names it.
    run : callable
        The route on checked arguments (never a public, validating function); its
        arguments are the task's (``(region, weights)`` for counts, ``(region, rng,
        weights)`` for samples, ...).
    weights : frozenset of str
        The weight kinds it takes: ``"none"`` (no weights, or uniform ones) and the
        kinds of :class:`~dominotiling.Weights` (``"int"``, ``"fraction"``, ``"float"``,
        ``"symbolic"``).
    surfaces : frozenset of str
        ``"plane"`` and/or ``"periodic"`` (tori and cylinders).
    holes : bool
        Whether it takes regions with holes (looked for only when it is chosen: the
        check costs time).
    max_width : int or None
        The widest narrower side it takes (None: any).
    cost : callable or None
        ``cost(region, kind) -> seconds`` (``inf`` when it cannot run), the measured model
        that ``method="auto"`` reads; None: never chosen by ``"auto"``.
    auto_weights : frozenset of str or None
        The weight kinds under which ``"auto"`` may choose it (None: all it takes).
    exact : bool
        Whether its result is exact (or exactly distributed) rather than a float.
    shape : callable or None
        ``shape(region) -> phrase or None``: why it does not take this region's shape
        (Aztec diamonds only, say), None when it does; None: any shape.
    doc : str
        One line for refusals and the docs: what it is.

    Examples
    --------
    >>> r = MethodRecord("brute", run=lambda region, weights: 0, doc="brute force")
    >>> r.takes_weights("none"), r.takes_weights("float")
    (True, False)
    """

    name: str
    run: Callable
    weights: frozenset = field(default=frozenset({"none"}))
    surfaces: frozenset = field(default=frozenset({"plane"}))
    holes: bool = True
    max_width: int | None = None
    cost: Callable | None = None
    auto_weights: frozenset | None = None
    exact: bool = True
    shape: Callable | None = None
    doc: str = ""

    def takes_weights(self, kind):
        """Whether it takes weights of `kind` (``"none"`` for none)."""
        return kind in self.weights

    def refusal(self, region, kind, width=None):
        """Why it does not serve this region and weight kind (a phrase), or None when it does.

        The holes are not looked at here (see :func:`choose`).
        """
        surface = "periodic" if region.is_periodic else "plane"
        if surface not in self.surfaces:
            return (
                "does not take tori and cylinders"
                if surface == "periodic"
                else "takes tori and cylinders only"
            )
        if not self.takes_weights(kind):
            return "takes no weights" if self.weights == {"none"} else f"takes no {kind} weights"
        if self.max_width is not None:
            w = _narrow_side(region) if width is None else width
            if w > self.max_width:
                return f"takes regions at most {self.max_width} cells wide (this one is {w})"
        if self.shape is not None:
            return self.shape(region)
        return None


def _narrow_side(region):
    mask, _, _ = region.narrow_view()
    return mask.shape[1] if mask.size else 0


def weight_kind(weights):
    """``"none"`` for None or uniform Weights, else the Weights' kind.

    Examples
    --------
    >>> from dominotiling import Weights
    >>> weight_kind(None), weight_kind(Weights.by_orientation((2, 2), 1, 2))
    ('none', 'int')
    """
    if weights is None or weights.is_uniform:
        return "none"
    return weights.kind


def serving(table, region, kind):
    """The records of `table` that serve `region` with weights of `kind` (holes not looked at)."""
    return [r for r in table if r.refusal(region, kind) is None]


def choose(table, region, kind, none=None):
    """The record ``method="auto"`` runs: the cheapest by its cost model (first on a tie).

    Records that ``"auto"`` may not choose for `kind`, or that cannot run (cost
    ``inf``), are left out; a record that takes no holes is dropped when it wins and
    the region has holes (holes are looked for only then: it takes time).

    Raises
    ------
    DominoTilingError
        If no record serves (the message lists what each would need); `none`, an
        exception, is raised instead when given.
    """
    costs = []
    for record in table:
        if record.cost is None or record.refusal(region, kind) is not None:
            continue
        if record.auto_weights is not None and kind not in record.auto_weights:
            continue
        seconds = record.cost(region, kind)
        if seconds != math.inf:
            costs.append((seconds, len(costs), record))
    costs.sort(key=lambda c: (c[0], c[1]))
    holes = None
    for _, _, record in costs:
        if not record.holes:
            holes = region.holes if holes is None else holes
            if holes:
                continue
        return record
    raise none if none is not None else DominoTilingError(_no_record(table, region, kind))


def pick(table, method, region, kind, task):
    """The record of `table` named `method` that serves `region`; ``"auto"``: :func:`choose`.

    Raises
    ------
    DominoTilingError
        If `method` is unknown, or its record does not serve this region and weights:
        the message says why and names the records that would serve.
    """
    names = list(dict.fromkeys(r.name for r in table))
    method = _validate.choice(method, "method", ("auto", *names))
    if method == "auto":
        return choose(table, region, kind)
    reasons = []
    for record in table:
        if record.name == method:
            why = record.refusal(region, kind)
            if why is None:
                return record
            reasons.append(why)
    others = [r.name for r in serving(table, region, kind) if r.name != method]
    alternatives = ", ".join(repr(n) for n in dict.fromkeys(others)) or "none"
    raise DominoTilingError(
        f"{task}(method={method!r}): that method {' / '.join(dict.fromkeys(reasons))}; "
        f"the methods that would serve: {alternatives} (or method='auto')"
    )


def _no_record(table, region, kind):
    parts = [f"{r.name!r} {r.refusal(region, kind) or 'cannot run here'}" for r in table]
    return "no method serves this region: " + "; ".join(parts)


def takes_numbers(kind):
    """Whether `kind` is a kind of numeric weights (or none)."""
    return kind in _NUMBERS
