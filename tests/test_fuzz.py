"""Fuzzing every public function: a correct result or a DominoTilingError, nothing else.

Each public function is called with arguments drawn from pools of good and bad
values (random small regions, wrong types, negative, fractional, NaN and huge
numbers, unknown method names, foreign objects). Whatever happens, the call must
either return or raise a :class:`~dominotiling.errors.DominoTilingError` -- never a
bare ``TypeError``, ``IndexError``, ``ZeroDivisionError``, ``MemoryError``, ... --
and, with the memory budget set to 64 MiB, it must never allocate (as traced by
``tracemalloc``, which sees numpy's buffers) much more than that budget.
"""

from __future__ import annotations

import tracemalloc
import warnings

import networkx as nx
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import dominotiling as dt
from dominotiling import Region, Tiling
from dominotiling.errors import DominoTilingError

BUDGET = 64 * 2**20
SLACK = 16 * 2**20  # the interpreter's own small objects, caches, compiled code


# ------------------------------------------------------------------ value pools
def _regions():
    return [
        Region.rectangle(2, 2),
        Region.rectangle(3, 4),
        Region.rectangle(3, 3),  # no tiling
        Region.aztec_diamond(2),
        Region.from_strings(["...", ".#.", "..."]),  # a hole
        Region.from_strings([".#.", "###", ".#."]),  # disconnected, no tiling
        Region(np.zeros((2, 2), dtype=bool)),  # no cell at all
        Region.torus(4, 4),  # periodic: counted and sampled, refused by the plane-only functions
        Region.cylinder(3, 5),  # an odd seam: not bipartite
        Region.torus(3, 3),  # no tiling
    ]


BAD = [
    None,
    True,
    -1,
    0,
    2.5,
    float("nan"),
    float("inf"),
    2**62,
    10**30,
    "x",
    "",
    b"\x00\xff",
    [1, 2],
    (1,),
    {},
    object(),
    np.float64(1.5),
    np.array([[1, 2], [3, 4]]),
    1j,
]


def mask_regions():
    return arrays(bool, st.tuples(st.integers(1, 5), st.integers(1, 5))).map(Region)


def tilings():
    return mask_regions().map(lambda r: dt.max_cover(r))


def ints():
    return st.one_of(
        st.integers(-3, 6), st.sampled_from([2**31, 2**62, 2**64, 10**30]), st.sampled_from(BAD)
    )


def seeds():
    return st.one_of(
        st.none(),
        st.integers(0, 50),
        st.sampled_from([-1, 1.5, "s", 2**70]),
        st.builds(np.random.default_rng, st.integers(0, 9)),
    )


def steps():
    # valid step counts stay small (a huge valid count is a long job, not an error)
    return st.one_of(
        st.integers(-2, 200), st.sampled_from([2**63, 2**64, 10**30, 1.5, "10", None, True])
    )


def regions():
    return st.one_of(
        mask_regions(),
        st.sampled_from(_regions()),
        st.sampled_from(BAD),
        st.just(Tiling.from_dominoes(Region.rectangle(1, 2), [((0, 0), (0, 1))])),
    )


def methods(*good):
    return st.sampled_from([*good, "auto", "bogus", None, 3, True])


def graphs():
    return st.one_of(
        st.builds(lambda m, n: nx.grid_2d_graph(m, n), st.integers(1, 4), st.integers(1, 4)),
        st.sampled_from(
            [
                nx.DiGraph([(0, 1)]),
                nx.Graph(),
                nx.MultiGraph([(0, 1), (0, 1)]),
                nx.Graph([(0, 0), (0, 1)]),
                nx.cycle_graph(6),
                nx.complete_graph(4),
            ]
        ),
        st.sampled_from(BAD),
    )


def anything():
    return st.one_of(st.sampled_from(BAD), regions(), tilings(), ints(), seeds())


# ------------------------------------------------------------- the functions
# name -> strategy of (args, kwargs)
def _call(*args, **kwargs):
    return st.tuples(st.tuples(*args), st.fixed_dictionaries(kwargs))


CASES = {
    "Region": _call(
        st.one_of(
            arrays(
                st.sampled_from([bool, np.int8, np.float64, np.uint8]),
                st.tuples(st.integers(0, 4), st.integers(0, 4)),
            ),
            st.sampled_from(BAD),
        )
    ),
    "Region.rectangle": _call(ints(), ints()),
    "Region.aztec_diamond": _call(ints()),
    "Region.from_strings": _call(
        st.one_of(
            st.lists(st.text(".#x", max_size=4), max_size=4),
            st.text(".#\n", max_size=12),
            st.sampled_from(BAD),
        )
    ),
    "Region.from_cells": _call(
        st.one_of(st.lists(st.tuples(ints(), ints()), max_size=4), st.sampled_from(BAD))
    ),
    "Tiling": _call(
        regions(),
        st.one_of(st.sampled_from(BAD), arrays(np.int64, (2, 2), elements=st.integers(-3, 3))),
    ),
    "Tiling.from_dominoes": _call(
        regions(),
        st.one_of(
            st.sampled_from(BAD),
            st.lists(st.tuples(st.tuples(ints(), ints()), st.tuples(ints(), ints())), max_size=3),
        ),
    ),
    "count_tilings": _call(regions(), method=methods("transfer", "kasteleyn")),
    "find_tiling": _call(regions(), method=methods("transfer", "matching")),
    "max_cover": _call(regions(), method=methods("transfer", "matching")),
    "random_tiling": _call(
        regions(), seed=seeds(), method=methods("transfer", "cftp", "temperley", "shuffling")
    ),
    "sample_aztec": _call(
        st.one_of(st.integers(-1, 6), st.sampled_from(BAD)),
        seed=seeds(),
        weights=st.one_of(
            st.none(),
            st.sampled_from(
                [
                    (1.0, 0.5),
                    (1.0, 1e-200),
                    (0, 1),
                    (-1, 1),
                    (float("nan"), 1),
                    "uniform",
                    [[1, 2, 3]],
                ]
            ),
        ),
    ),
    "aztec_types": _call(anything()),
    "arctic_circle": _call(ints(), num=ints()),
    "maximum_matching": _call(
        regions(), methods("kuhn", "hopcroft-karp", "pothen-fan"), seed=seeds()
    ),
    "is_tileable": _call(regions()),
    "hall_violator": _call(regions()),
    "log_count": _call(regions()),
    "placement_probabilities": _call(regions(), exact=st.sampled_from([None, True, False, "yes"])),
    "kasteleyn_matrix": _call(regions(), kind=st.sampled_from(["real", "complex", "bogus", None])),
    "min_tiling": _call(regions()),
    "max_tiling": _call(regions()),
    "flip": _call(tilings(), st.one_of(st.tuples(ints(), ints()), st.sampled_from(BAD))),
    "color_dominoes": _call(st.one_of(tilings(), st.sampled_from(BAD))),
    "count_spanning_trees": _call(graphs()),
    "laplacian": _call(graphs()),
    "uniform_spanning_tree": _call(graphs(), seed=seeds()),
    "count_perfect_matchings": _call(graphs()),
    "rectangle_count": _call(ints(), ints()),
    "aztec_count": _call(ints()),
    "strip_generating_function": _call(ints()),
    "draw_region": _call(regions()),
    "draw_tiling": _call(st.one_of(tilings(), st.sampled_from(BAD), regions())),
    "set_options": _call(
        memory_limit=st.sampled_from([0, -5, "lots", "2GiB", float("nan"), None, True])
    ),
    "glauber": _call(
        st.one_of(tilings(), st.sampled_from(BAD)),
        steps(),
        seed=seeds(),
        every=st.sampled_from([1, 3, 0, -1, 2**64, 1.5, None]),
    ),
    "glauber_frames": _call(
        st.one_of(tilings(), st.sampled_from(BAD)),
        steps(),
        seed=seeds(),
        max_frames=st.sampled_from([None, 2, 1, 0, -1, 2**64, "x"]),
    ),
    "sample_cftp": _call(regions(), seed=seeds(), progress=st.just(False)),
    "kuhn_frames": _call(regions(), seed=seeds()),
    "shuffle_frames": _call(st.one_of(st.integers(-1, 5), st.sampled_from(BAD)), seed=seeds()),
    "wilson_frames": _call(graphs(), seed=seeds()),
    "color_frames": _call(st.one_of(tilings(), st.sampled_from(BAD)), ints()),
    "effective_resistance": _call(
        graphs(),
        st.sampled_from([(0, 0), (1, 1), 0, "a", None]),
        st.sampled_from([(0, 1), (1, 0), 5, None]),
        method=st.sampled_from(["auto", "exact", "float", "bogus"]),
    ),
    "temperley_graph": _call(graphs()),
    "tree_to_tiling": _call(
        st.one_of(graphs(), st.sampled_from(BAD)),
        shape=st.sampled_from([None, (2, 2), (0, 3), "x", (2.5, 2)]),
    ),
    "tiling_to_tree": _call(st.one_of(tilings(), st.sampled_from(BAD))),
    "draw_placement": _call(st.one_of(st.sampled_from(BAD), regions())),
    "draw_certificate": _call(
        regions(), st.one_of(st.sampled_from(BAD), st.lists(st.tuples(ints(), ints()), max_size=3))
    ),
    "Weights.by_orientation": _call(
        st.one_of(st.tuples(ints(), ints()), regions()), ints(), ints()
    ),
    "Weights.random": _call(
        st.one_of(
            st.tuples(st.integers(-1, 4), st.integers(-1, 4)), regions(), st.sampled_from(BAD)
        ),
        st.sampled_from(["bernoulli", "uniform", "gamma", "lognormal", "bogus", None]),
        seed=seeds(),
    ),
    "count_tilings_weighted": _call(
        regions(),
        weights=st.one_of(
            st.sampled_from(BAD),
            st.builds(
                lambda m, n, a, b: dt.Weights.by_orientation((m, n), a, b),
                st.integers(1, 4),
                st.integers(1, 4),
                st.sampled_from([0, 1, 2, 0.5]),
                st.sampled_from([0, 3, 1.5]),
            ),
        ),
    ),
    "games.Game": _call(
        st.sampled_from(["kozel", "classic", "bogus", None, 3]), ints(), seed=seeds()
    ),
    # issue 27: values outside float64, wrapped ints, huge jobs, names that are arrays
    "count_tilings_float_range": _call(
        st.sampled_from([Region.rectangle(4, 4), Region.rectangle(2, 6), Region.rectangle(30, 30)]),
        method=methods("transfer", "kasteleyn"),
        weights=st.sampled_from([(1e-160, 1e-160), (1e160, 1e160), (1e-300, 1.0), (1e-10, 1e-10)]),
    ),
    "Weights.from_function": _call(
        st.sampled_from([(40, 3), (3, 3), (0, 2), "x"]),
        st.sampled_from(
            [
                lambda r, c, o: 4**r,
                lambda r, c, o: np.exp(40.0 * r),
                lambda r, c, o: np.float32(1e-30) ** (r + 2),
                lambda r, c, o: "w",
                None,
            ]
        ),
    ),
    "Weights.by_orientation_longdouble": _call(
        st.sampled_from([(2, 2), (3, 4)]),
        st.sampled_from(
            [np.longdouble("1e4000"), np.longdouble("1e-4000"), np.longdouble("1e300"), 1.0]
        ),
        st.sampled_from([np.longdouble("1e-330"), 2.0]),
    ),
    "Weights.periodic_faces": _call(
        st.sampled_from([(4, 4), (3, 5)]),
        faces=st.sampled_from(
            [[[1e-200, 1e-200], [1.0, 1.0]], [[1e200, 1e200]], [[2, 3], [1, 1]], [[np.nan]], "x"]
        ),
    ),
    "weights_narrow": _call(
        st.sampled_from([0, np.ones((2, 2), bool), np.ones(3, bool), "m"]),
        st.sampled_from([0, (0, 0), (0, -1), (0,), None]),
        st.sampled_from([False, True, 0, "yes"]),
    ),
    "tracy_widom_pdf": _call(
        st.sampled_from(
            [
                -12.0,
                -40.0,
                -1e6,
                0.0,
                3.0,
                float("nan"),
                "x",
                [-9.0, -7.9, 1.0],
                np.array([[-20.0]]),
            ]
        )
    ),
    "count_monomer_dimer": _call(
        regions(), st.sampled_from([1, 0, 1e300, 1e-300, 0.5, -1, float("inf"), "x"])
    ),
    "aztec_partition_function": _call(
        st.integers(1, 12), st.sampled_from([None]), log=st.sampled_from([False, True])
    ),
    "embed_in_aztec": _call(
        st.one_of(
            regions(),
            st.sampled_from(
                [Region.from_strings(["...", ".#.", "..."]), Region.rectangle(20000, 2)]
            ),
        )
    ),
    "uniform_spanning_tree_grid": _call(
        st.sampled_from(
            [(1, 10**6), (2, 10**6), (40000, 40000), (3, 3), (1, 1), (0, 5), (10**9, 10**9)]
        ),
        seed=seeds(),
    ),
    "count_tilings_names": _call(
        st.sampled_from([Region.rectangle(2, 2)]),
        method=st.sampled_from([np.array(["auto"]), np.array(["auto", "x"]), ["auto"], b"auto"]),
        client=st.sampled_from([None, "tcp://nonsense:::", "", "x" * 2000]),
    ),
    "set_options_hostile": _call(
        memory_limit=st.sampled_from(
            [10**400, "1e-3", 0.5, "x" * 200, np.array([1]), 2**70, "1e400"]
        )
    ),
    "sample_aztec_huge": _call(st.sampled_from([12000, 10**6]), seed=seeds()),
    "aztec_edge_probabilities": _call(st.sampled_from([2, 7000, 10**5, 0, "x"])),
}


def _float_range_count(region, method="auto", weights=(1.0, 1.0)):
    return dt.count_tilings(
        region, method=method, weights=dt.Weights.by_orientation(region, *weights)
    )


_ALIASES = {
    "count_tilings_float_range": lambda: _float_range_count,
    "Weights.by_orientation_longdouble": lambda: dt.Weights.by_orientation,
    "Weights.periodic_faces": lambda: dt.Weights.periodic,
    "weights_narrow": lambda: dt.Weights.uniform((4, 4)).narrow,
    "uniform_spanning_tree_grid": lambda: dt.uniform_spanning_tree,
    "count_tilings_names": lambda: dt.count_tilings,
    "set_options_hostile": lambda: dt.set_options,
    "sample_aztec_huge": lambda: dt.sample_aztec,
}


def _resolve(name):
    if name in _ALIASES:
        return _ALIASES[name]()
    if name == "count_tilings_weighted":
        return dt.count_tilings
    if name.startswith("games."):
        import dominotiling.games as games

        return getattr(games, name.split(".", 1)[1])
    obj = dt
    for part in name.split("."):
        obj = getattr(obj, part)
    return obj


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_public_function_answers_or_raises_a_library_error(name):
    func = _resolve(name)

    @settings(
        max_examples=12,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    @given(CASES[name])
    def check(call):
        args, kwargs = call
        import matplotlib.pyplot as plt

        tracemalloc.start()
        try:
            with dt.set_options(memory_limit=BUDGET), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                try:
                    func(*args, **kwargs)
                except DominoTilingError as err:
                    assert str(err), "an error must say what was wrong"
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
            plt.close("all")
        assert peak <= BUDGET + SLACK, f"{name} allocated {peak} bytes with a {BUDGET}-byte budget"

    check()
