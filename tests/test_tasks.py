"""The dispatch layer: each front door over one table of method records (dominotiling.tasks)."""

from __future__ import annotations

import importlib
import inspect

import pytest

import dominotiling
from dominotiling import Region, Weights
from dominotiling.counting.closed_forms import rectangle_count
from dominotiling.errors import DominoTilingError
from dominotiling.tasks import COUNT, FIND, LOG_COUNT, PLACEMENT, SAMPLE, MethodRecord
from dominotiling.tasks.records import choose, pick

TABLES = {
    "COUNT": COUNT,
    "LOG_COUNT": LOG_COUNT,
    "SAMPLE": SAMPLE,
    "FIND": FIND,
    "PLACEMENT": PLACEMENT,
}


def _public_functions():
    out = {id(getattr(dominotiling, n)) for n in dominotiling.__all__}
    for wing in ("model", "counting", "sampling", "matching", "trees", "aztec", "surfaces"):
        mod = importlib.import_module(f"dominotiling.{wing}")
        out |= {id(getattr(mod, n)) for n in getattr(mod, "__all__", [])}
    return out


@pytest.mark.parametrize("table", sorted(TABLES))
def test_no_record_runs_a_public_validating_function(table):
    public = _public_functions()
    for record in TABLES[table]:
        assert isinstance(record, MethodRecord)
        assert id(record.run) not in public, (table, record.name)
        # a lambda or a helper of the layer: none of the names it calls is a public function
        # (a wing's checked route is the wing's business)
        module = inspect.getmodule(record.run)
        if not module.__name__.startswith("dominotiling.tasks"):
            assert record.run.__name__.endswith("_checked"), (table, record.name)
            continue
        code = record.run.__code__
        called = [getattr(module, n, None) for n in code.co_names]
        bad = [
            n for n, f in zip(code.co_names, called) if inspect.isfunction(f) and id(f) in public
        ]
        assert bad == [], (table, record.name, bad)


def test_every_record_says_what_it_is():
    for name, table in TABLES.items():
        for record in table:
            assert record.doc and record.surfaces <= {"plane", "periodic"}, (name, record.name)
            assert record.weights <= {"none", "int", "fraction", "float", "symbolic"}


@pytest.mark.parametrize(
    "record", [r for r in COUNT if "plane" in r.surfaces], ids=lambda r: r.name
)
def test_every_plane_counting_record_counts_a_rectangle(record):
    # against the closed form (Kasteleyn's product formula, exact in integers)
    region = Region.rectangle(6, 7)
    assert dominotiling.count_tilings(region, method=record.name) == rectangle_count(6, 7)


@pytest.mark.parametrize(
    "record", [r for r in COUNT if "periodic" in r.surfaces], ids=lambda r: r.name
)
def test_every_periodic_counting_record_counts_a_torus(record):
    # the two periodic routes are independent (profile DP with a periodic profile; four
    # twisted determinants): they agree, and with the 2 x 2 torus's 8 tilings (A335586)
    assert dominotiling.count_tilings(Region.torus(2, 2), method=record.name) == 8
    other = next(r for r in COUNT if "periodic" in r.surfaces and r is not record)
    torus = Region.torus(4, 6)
    assert record.run(torus, None) == other.run(torus, None)


def test_auto_reads_the_records():
    assert choose(COUNT, Region.rectangle(8, 8), "none").name == "transfer"
    assert choose(COUNT, Region.rectangle(60, 60), "none").name == "kasteleyn"
    assert choose(SAMPLE, Region.aztec_diamond(12), "none").name == "shuffling"
    holed = Region.from_strings(["." * 30] * 14 + ["." * 14 + "##" + "." * 14] + ["." * 30] * 15)
    assert choose(SAMPLE, holed, "none").name == "kasteleyn"  # CFTP and embedding take no holes
    big = Region.rectangle(40, 40)
    assert choose(SAMPLE, big, "float").name == "embedding"  # no holes: the embedding wins the tie
    assert choose(FIND, Region.rectangle(100, 100), "none").name == "matching"


def test_a_refusal_lists_the_records_that_would_serve():
    region = Region.rectangle(4, 4)
    with pytest.raises(DominoTilingError, match="takes no weights") as caught:
        pick(SAMPLE, "temperley", region, "float", "random_tiling")
    for name in ("'shuffling'", "'transfer'", "'embedding'", "'kasteleyn'", "'cftp'"):
        assert name in str(caught.value)
    assert "'sectors'" not in str(caught.value)
    with pytest.raises(DominoTilingError, match="unknown method"):
        pick(COUNT, "bogus", region, "none", "count_tilings")


def test_the_doors_method_choices_are_the_table_names():
    w = Weights.by_orientation((2, 4), 1, 2)
    for name in dict.fromkeys(r.name for r in SAMPLE if r.takes_weights("int")):
        if name in ("shuffling", "embedding"):
            continue  # Aztec diamonds; regions whose rest in a diamond is tileable
        tiling = dominotiling.random_tiling(Region.rectangle(2, 4), seed=1, method=name, weights=w)
        assert tiling.is_complete, name
    with pytest.raises(DominoTilingError, match="uniform measure only"):
        dominotiling.random_tiling(Region.rectangle(2, 4), seed=1, method="sectors", weights=w)


def test_the_wings_answer_the_old_names_with_the_same_objects():
    from dominotiling import counting, matching, sampling, tasks

    assert counting.count_tilings is tasks.count_tilings is dominotiling.count_tilings
    assert counting.log_count is tasks.log_count
    assert sampling.random_tiling is tasks.random_tiling
    assert sampling.choose_sampler is tasks.choose_sampler
    assert matching.find_tiling is tasks.find_tiling and matching.max_cover is tasks.max_cover
    assert counting.placement_probabilities is tasks.placement_probabilities
    assert counting.placement.placement_probabilities is dominotiling.placement_probabilities
    with pytest.raises(AttributeError):
        counting.no_such_name  # noqa: B018
