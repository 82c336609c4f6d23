"""Plain-Python reference implementations: a second route for the tests, a baseline for the benchmarks.

Each module is the same algorithm as a part of the library, written the way a
textbook would (Python lists, dicts and ints), and imports nothing from
``dominotiling``, so that agreement with the library means something.

- :mod:`reference.dp` -- the broken-profile DP of ``dominotiling.counting.transfer``
  (exact counts);
- :mod:`reference.cftp` -- coupling from the past on height functions
  (``dominotiling.sampling.mcmc.sample_cftp``), with the same coins;
- :mod:`reference.shuffling` -- domino shuffling on the Aztec diamond
  (``dominotiling.aztec.shuffling.sample_aztec``).

The tests import them as ``reference.<name>`` (pytest puts ``tests/`` on the
path); the benchmarks, run from the repository root, as ``tests.reference.<name>``.
"""
