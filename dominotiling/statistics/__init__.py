"""Measuring samples: double-dimer loops, height fields and variances, arctic boundary fluctuations.

What the dimer literature measures on random tilings, each checked against a
known constant in ``notebooks/11_fluctuations.ipynb``:

- :func:`double_dimer`: the superposition of two tilings of one region splits
  into doubled dominoes and loops (:class:`DoubleDimer`: per loop its cells,
  length, nesting depth, whether it surrounds a point; length distribution;
  box-counting dimension). For uniform tilings the loops converge to CLE(4),
  whose loops have dimension 3/2 [3]_, [4]_.
- :func:`height_field` and :func:`fluctuation_field`: Thurston's heights as float
  arrays with a stated unit, and ``h - E h`` over an ensemble.
  :func:`height_moments` (:func:`expected_height`, :func:`height_variance`): the
  exact mean and variance of the height at any vertex from the inverse
  Kasteleyn matrix [1]_; in the bulk the variance grows like
  :data:`KENYON_VARIANCE_SLOPE` ``* log n`` (the Gaussian free field [2]_);
  :func:`expected_height_field`: ``E h`` at every vertex at once, from placement
  probabilities.
- :func:`boundary_positions` and :func:`aztec_boundary_fluctuations`: where the
  frozen corners of an Aztec diamond end along its two centre lines; rescaled by
  ``n**(1/3)`` they fluctuate like the GUE Tracy--Widom law [5]_, whose density
  :func:`tracy_widom_pdf` computes (Bornemann's quadrature [6]_).

Units: heights are Thurston's (:mod:`dominotiling.matching.height`), in which a flip moves
one height by 4, unless ``unit="flip"`` is asked for (heights divided by 4: a flip
moves one height by 1, Kenyon's normalisation).

Examples
--------
>>> from dominotiling import Region, random_tiling
>>> r = Region.rectangle(6, 6)
>>> dd = double_dimer(random_tiling(r, seed=1), random_tiling(r, seed=2))
>>> int(dd.lengths.sum() + 2 * dd.n_doubled) == r.n_cells
True
>>> round(height_variance(Region.rectangle(2, 2), (1, 1)), 6)   # +2 or -2 with even odds
4.0

References
----------
.. [1] R. Kenyon, "Local statistics of lattice dimers", Ann. Inst. H. Poincaré
   Probab. Statist. 33 (1997), 591-618.
.. [2] R. Kenyon, "Dominos and the Gaussian free field", Ann. Probab. 29 (2001),
   1128-1137.
.. [3] R. Kenyon, "Conformal invariance of loops in the double-dimer model",
   Comm. Math. Phys. 326 (2014), 477-497; J. Dubédat, "Double dimers, conformal
   loop ensembles and isomonodromic deformations", J. Eur. Math. Soc. 21 (2019).
.. [4] V. Beffara, "The dimension of the SLE curves", Ann. Probab. 36 (2008):
   SLE(kappa) curves have dimension ``1 + kappa / 8``, 3/2 for kappa = 4.
.. [5] K. Johansson, "The arctic circle boundary and the Airy process", Ann.
   Probab. 33 (2005), 1-30.
.. [6] F. Bornemann, "On the numerical evaluation of distributions in random
   matrix theory: a review", Markov Process. Related Fields 16 (2010), 803-866.
"""

from .boundary import (
    TRACY_WIDOM_GUE,
    BoundaryFluctuations,
    aztec_boundary_fluctuations,
    boundary_positions,
    tracy_widom_cdf,
    tracy_widom_pdf,
)
from .double_dimers import DoubleDimer, double_dimer
from .heights import (
    KENYON_VARIANCE_SLOPE,
    HeightMoments,
    expected_height,
    expected_height_field,
    fluctuation_field,
    height_field,
    height_moments,
    height_variance,
)

__all__ = [
    "DoubleDimer",
    "double_dimer",
    "height_field",
    "fluctuation_field",
    "HeightMoments",
    "height_moments",
    "expected_height",
    "expected_height_field",
    "height_variance",
    "KENYON_VARIANCE_SLOPE",
    "boundary_positions",
    "BoundaryFluctuations",
    "aztec_boundary_fluctuations",
    "tracy_widom_cdf",
    "tracy_widom_pdf",
    "TRACY_WIDOM_GUE",
]
