"""A sample of the Aztec diamond that remembers the weights it was drawn from.

:func:`~dominotiling.aztec.shuffling.sample_aztec` returns an :class:`AztecSample`:
a :class:`~dominotiling.model.tiling.Tiling` (equal to, and used as, any other)
that also keeps the periodic block weights of its measure. Its pictures use them:
a periodically weighted sample displays in the eight colours of its domino types
and block classes (:func:`~dominotiling.viz.views.draw_aztec`'s ``"phases"``), in
which its frozen, liquid and gas regions show at a glance, and
``draw_aztec(sample, curves=True)`` draws the limit shape's curves of the same
weights.

Examples
--------
>>> from dominotiling.aztec import sample_aztec
>>> s = sample_aztec(10, seed=1, weights=(1, 0.5))
>>> s
<AztecSample of order 10, two-periodic a=1, b=0.5: 110 dominoes>
>>> s.block_weights.shape, s.order
((2, 2, 4), 10)
>>> s == sample_aztec(10, seed=1, weights=(1, 0.5))
True
"""

from __future__ import annotations

import functools

import numpy as np

from .._util import frozen
from ..errors import DominoTypeError
from ..model.region import Region
from ..model.tiling import Tiling
from ..model.weighting import block_array, weighting

__all__ = ["AztecSample", "describe_block_weights", "periodic_block_weights"]


def periodic_block_weights(weights, n=None):
    """The ``(p, q, 4)`` float array of (N, S, W, E) block weights that ``sample_aztec`` reads from `weights`.

    Takes any periodic spelling of :ref:`weight-spellings`: ``(a, b)`` (the
    two-periodic model ``[[a, b], [b, a]]``), a ``(p, q)`` array (one weight per
    block) or a ``(p, q, 4)`` array, zeros allowed, or a
    :class:`~dominotiling.theory.WeightPattern` laid on ``Region.aztec_diamond(n)``
    (give `n`); None for None or for weights that are all equal (the uniform measure).

    Raises
    ------
    DominoTilingError
        For a malformed array (the message names the forms), or a negative, NaN or
        infinite weight.
    DominoTypeError
        For a :class:`~dominotiling.Weights` (a weight per placement is not periodic
        block weights), or a WeightPattern without `n`.

    Examples
    --------
    >>> periodic_block_weights((1, 0.5))[:, :, 0].tolist()
    [[1.0, 0.5], [0.5, 1.0]]
    >>> periodic_block_weights(np.ones((2, 3))) is None
    True
    """
    read = weighting(weights)
    if read.kind == "uniform":
        return None
    if read.kind == "weights":
        raise DominoTypeError(
            "a Weights gives every placement its own weight: it has no periodic block weights; "
            "give (a, b), a WeightPattern or a (p, q) / (p, q, 4) block array"
        )
    if read.kind == "pattern":
        if n is None:
            raise DominoTypeError(
                "a WeightPattern's block weights depend on the diamond's order: give n"
            )
        weights = read.on_aztec(n)
    arr = block_array(weights)
    return None if np.all(arr == arr.flat[0]) else arr


def describe_block_weights(block):
    """A short name for ``(p, q, 4)`` block weights: "uniform", "two-periodic a=1, b=0.5", "periodic 3x2".

    Examples
    --------
    >>> describe_block_weights(np.array([[[2.0] * 4, [1.0] * 4], [[1.0] * 4, [2.0] * 4]]))
    'two-periodic a=2, b=1'
    """
    if block is None:
        return "uniform"
    block = np.asarray(block, dtype=float)
    if np.all(block == block.flat[0]):
        return "uniform"
    faces = block[..., :1] == block  # one weight per block: face weights
    if faces.all() and block.shape[:2] == (2, 2):
        a, b = block[0, 0, 0], block[0, 1, 0]
        if block[1, 1, 0] == a and block[1, 0, 0] == b:
            return f"two-periodic a={a:g}, b={b:g}"
    return f"periodic {block.shape[0]}x{block.shape[1]}"


class AztecSample(Tiling):
    """A tiling of ``Region.aztec_diamond(n)`` drawn by shuffling, with its measure's block weights.

    Everything a :class:`~dominotiling.model.tiling.Tiling` does, and compares
    equal to a Tiling of the same dominoes; the weights only change how it is
    drawn and described.

    Attributes
    ----------
    order : int
        ``n``.
    block_weights : numpy.ndarray of float, shape (p, q, 4), or None
        The periodic (N, S, W, E) weights of block ``(i, j)`` at
        ``[i % p, j % q]``, as :func:`~dominotiling.aztec.shuffling.sample_aztec`
        reads them (``(a, b)`` becomes ``[[a, b], [b, a]]`` on all four halves);
        None for the uniform measure and for a
        :class:`~dominotiling.Weights` with a weight of its own per position.
    weights_label : str
        ``"uniform"``, ``"two-periodic a=1, b=0.5"``, ``"periodic 3x3"`` or ``"any weights"``.
    """

    __slots__ = ("_block_weights", "_label", "_planes", "_order")

    @classmethod
    def _of(cls, tiling, block_weights, label=None):
        """The sample `tiling` (trusted labels) with its block weights (or None) and their name."""
        out = cls._trusted(tiling.region, tiling.labels)
        out._planes = None
        out._order = tiling.region.shape[0] // 2
        out._describe(block_weights, label)
        return out

    @classmethod
    def _of_planes(cls, planes, n, block_weights, label=None):
        """The order-`n` sample held as shuffling's bit planes (trusted), its labels and region made on demand.

        ``planes`` are uint64 ``(4, n + 2, ceil(n / 64))`` (``dominotiling._kernels.shuffling``):
        two bits per cell, so that an order-10,000 sample takes 50 MB, not the 2 GB of
        its labels and mask.
        """
        out = object.__new__(cls)
        out._planes = frozen(planes)
        out._order = int(n)
        out._describe(block_weights, label)
        return out

    def _describe(self, block_weights, label):
        self._block_weights = None if block_weights is None else frozen(block_weights)
        self._label = describe_block_weights(block_weights) if label is None else label

    # A sample held as planes makes the Tiling's two slots on first use: these
    # properties shadow them (the slots themselves are Tiling._labels, Tiling._region).
    @property
    def _labels(self):
        try:
            return Tiling._labels.__get__(self)
        except AttributeError:
            from .._kernels.shuffling import aztec_labels
            from .._options import check_memory

            n = self._order
            check_memory(
                5 * (2 * n) ** 2,
                f"the labels and mask of an Aztec sample of order {n} (it keeps two bits a cell "
                "until they are asked for)",
                "the sample's own pictures and exports (draw_aztec, to_png), which read its bits",
            )
            labels, count = aztec_labels(self._planes, n)
            if count != n * (n + 1):
                raise RuntimeError(f"internal error: order {n} has {count} dominoes") from None
            Tiling._labels.__set__(self, frozen(labels))
            return Tiling._labels.__get__(self)  # the frozen view: a first caller cannot write it

    @_labels.setter
    def _labels(self, value):
        Tiling._labels.__set__(self, value)

    @property
    def _region(self):
        try:
            return Tiling._region.__get__(self)
        except AttributeError:
            Tiling._region.__set__(self, _aztec_region(self._order))
            return Tiling._region.__get__(self)

    @_region.setter
    def _region(self, value):
        Tiling._region.__set__(self, value)

    @property
    def planes(self):
        """Shuffling's bit planes of the sample, or None (see ``dominotiling._kernels.shuffling``); read-only."""
        return self._planes

    @property
    def n_dominoes(self):
        return self._order * (self._order + 1)

    @property
    def is_complete(self):
        return True

    def __eq__(self, other):
        mine, theirs = self._planes, getattr(other, "_planes", None)
        if mine is not None and theirs is not None and isinstance(other, AztecSample):
            return self._order == other._order and bool(np.array_equal(mine, theirs))
        return Tiling.__eq__(self, other)

    __hash__ = Tiling.__hash__

    def __reduce__(self):
        block = None if self._block_weights is None else np.array(self._block_weights)
        if self._planes is not None:
            return (_rebuild_planes, (np.array(self._planes), self._order, block, self._label))
        return (_rebuild, (self.region, np.array(self.labels), block, self._label))

    def _wire_extra(self):
        block = self._block_weights
        if block is not None:
            block = (block.shape, block.dtype.str, block.tobytes())
        return (block, self._label)

    @classmethod
    def _from_wire(cls, region, labels, extra):
        block, label = extra
        if block is not None:
            shape, dtype, data = block
            block = np.frombuffer(data, dtype).reshape(shape)
        return cls._of(Tiling._trusted(region, labels), block, label)

    @property
    def order(self):
        return self._order

    @property
    def block_weights(self):
        return self._block_weights

    @property
    def weights_label(self):
        return self._label

    @property
    def is_periodic_weighted(self):
        """True when the measure has periodic block weights that are not all equal."""
        return self._block_weights is not None and self._label != "uniform"

    def to_png(self, path=None, *, color_by="auto", compress_level=6):
        """The full-resolution picture, one pixel a cell, as a palette PNG (no figure is made).

        :func:`dominotiling.viz.raster.aztec_png`: painted from the bit planes a
        band of rows at a time and streamed to `path` (or returned as bytes).

        Examples
        --------
        >>> from dominotiling.aztec import sample_aztec
        >>> sample_aztec(20, seed=1).to_png()[:4]
        b'\\x89PNG'
        """
        from ..viz.raster import aztec_png  # lazy: viz hook

        return aztec_png(self, path, color_by=color_by, compress_level=compress_level)

    save_png = to_png

    def _repr_png_(self):
        # a sample whose cells are smaller than a pixel of the 800-pixel picture: one image
        # painted from the bit planes, averaged down, no figure and no labels
        from ..viz.raster import (
            RASTER_FROM,
            palette_png,
            raster_png,
            tiling_raster,
        )  # lazy: viz hook

        if self._planes is None or 2 * self._order <= RASTER_FROM:
            return Tiling._repr_png_(self)

        color_by = "phases" if self.is_periodic_weighted else "types"
        return palette_png(raster_png(tiling_raster(self, color_by=color_by, width=800)))

    def __repr__(self):
        return f"<AztecSample of order {self.order}, {self._label}: {self.n_dominoes} dominoes>"


def _aztec_region(n):
    """``Region.aztec_diamond(n)``, built row by row (no full-size temporaries); small ones cached."""
    return _small_aztec_region(n) if n <= 256 else _build_aztec_region(n)


@functools.lru_cache(maxsize=32)
def _small_aztec_region(n):
    return _build_aztec_region(n)  # Regions are immutable: safe to share


def _build_aztec_region(n):
    mask = np.zeros((2 * n, 2 * n), bool)
    for r in range(2 * n):
        half = min(r, 2 * n - 1 - r) + 1  # cells on each side of the centre line
        mask[r, n - half : n + half] = True
    return Region(mask)


def _rebuild(region, labels, block, label):
    return AztecSample._of(Tiling._trusted(region, labels), block, label)


def _rebuild_planes(planes, n, block, label):
    return AztecSample._of_planes(planes, n, block, label)
