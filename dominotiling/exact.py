"""Deprecated alias of :mod:`dominotiling._exact` (word-sized primes, CRT, bounds).

The module became private; its functions are internals of the exact counts.
Importing it warns (``DeprecationWarning``) and gives the same functions.
"""

import warnings

from ._exact import *  # noqa: F401,F403
from ._exact import __all__  # noqa: F401
from ._exact import SMALL_PRIME_TOP, WORD_TOP  # noqa: F401

warnings.warn(
    "dominotiling.exact is private now (dominotiling._exact); its functions are internals "
    "of the exact counts and may change: count with dominotiling.count_tilings",
    DeprecationWarning,
    stacklevel=2,
)
