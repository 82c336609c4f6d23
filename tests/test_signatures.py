"""One signature convention: everything after a public function's main argument is keyword-only.

``(region, *, method="auto", weights=None, seed=None, progress=None, client=None)`` as applies.
The walk covers ``dominotiling.__all__`` and every wing's ``__all__``; a parameter that may
still be passed by position after the first is an error unless :data:`SUBJECTS` lists it, with
the reason why the two (or three) leading arguments are all the subject of the question.
Calls in the old positional form keep working for one release with a ``DeprecationWarning``
(:func:`dominotiling._util.keyword_only`).
"""

from __future__ import annotations

import importlib
import inspect
import warnings

import numpy as np
import pytest

import dominotiling
from dominotiling._util import keyword_only

WINGS = [
    "model",
    "counting",
    "sampling",
    "matching",
    "trees",
    "aztec",
    "surfaces",
    "statistics",
    "theory",
    "parallel",
    "viz",
    "viz.export",
]  # the game package stands apart, with its own conventions (issue 45)

#: Function name -> (the parameters after the first that stay positional, why they are the subject).
SUBJECTS = {
    "double_dimer": (("t2",), "a pair of tilings, superimposed"),
    "rectangle_count": (("n",), "the rectangle's two sides"),
    "effective_resistance": (
        ("u", "v"),
        "the graph and the two vertices between which it is measured",
    ),
    "ronkin": (("x", "y"), "the polynomial and the point where its Ronkin function is taken"),
    "surface_tension": (("s", "t"), "the weights and the slope (s, t)"),
    "uniform_surface_tension": (("t",), "the slope (s, t)"),
    "uniform_t_limit": (("v",), "the point (u, v)"),
    "flip": (("cell",), "the tiling and the cell where it is flipped"),
    "height_moments": (("vertex",), "the region and the vertex whose height is asked"),
    "height_variance": (("vertex",), "the region and the vertex whose height is asked"),
    "expected_height": (("vertex",), "the region and the vertex whose height is asked"),
    "expected_height_field": (
        ("probabilities",),
        "the region and the placement probabilities on it",
    ),
    "ensemble": (("seeds",), "map-like: a sampler and the seeds it runs over"),
    "placement_frequencies": (("seeds",), "map-like: a sampler and the seeds it runs over"),
    "height_fluctuations": (("seeds",), "map-like: a sampler and the seeds it runs over"),
    "aztec_boundary_fluctuations": (("seeds",), "map-like: the order and the seeds of the samples"),
    "sweep": (("grid",), "map-like: a function and the grid it runs over"),
    "phase_diagram": (("parameters",), "map-like: a family of weights and its parameters"),
    "draw_certificate": (("cells",), "the region and the Hall set drawn on it"),
    "sector_tiling": (("flux",), "a flux sector is the region with its flux"),
    "sample_sector_cftp": (("flux",), "a flux sector is the region with its flux"),
    "sector_cftp": (("flux",), "the deprecated name of sample_sector_cftp, its signature"),
    "draw_limit_shape": (("sample",), "the limit shape and the sample drawn against it"),
    "height_mesh": (("path",), "a writer: what is written and where (as savefig)"),
    "tiling_svg": (("path",), "a writer: what is written and where (as savefig)"),
    "tiling_pdf": (("path",), "a writer: what is written and where (as savefig)"),
    "tiling_tikz": (("path",), "a writer: what is written and where (as savefig)"),
}


def _public_functions():
    found = {}
    modules = [dominotiling] + [importlib.import_module(f"dominotiling.{w}") for w in WINGS]
    for mod in modules:
        for name in getattr(mod, "__all__", []):
            obj = getattr(mod, name, None)
            if inspect.isfunction(obj):
                found.setdefault(id(obj), (f"{mod.__name__}.{name}", obj))
    return sorted(found.values(), key=lambda po: po[0])


PUBLIC = _public_functions()


def test_the_walk_sees_the_front_doors():
    names = {path.rsplit(".", 1)[1] for path, _ in PUBLIC}
    doors = {"count_tilings", "log_count", "random_tiling", "find_tiling", "max_cover"}
    doors |= {"placement_probabilities"}
    assert doors | {"glauber", "draw_tiling"} <= names
    assert len(PUBLIC) > 100


@pytest.mark.parametrize("path, func", PUBLIC, ids=[p for p, _ in PUBLIC])
def test_everything_after_the_main_argument_is_keyword_only(path, func):
    params = list(inspect.signature(func).parameters.values())[1:]
    allowed, _reason = SUBJECTS.get(func.__name__, ((), ""))
    positional = [
        p.name
        for p in params
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.name not in allowed
    ]
    assert positional == [], f"{path}{inspect.signature(func)}: make {positional} keyword-only"


def test_every_exception_is_still_needed():
    # an exception whose function has gone, or whose parameters are keyword-only now, is dropped
    by_name = {func.__name__: func for _, func in PUBLIC}
    for name, (allowed, reason) in SUBJECTS.items():
        assert name in by_name and reason, name
        params = inspect.signature(by_name[name]).parameters
        for p in allowed:
            assert params[p].kind == params[p].POSITIONAL_OR_KEYWORD, (name, p)


@pytest.mark.parametrize(
    "call, keywords",
    [
        (
            lambda: dominotiling.count_tilings(dominotiling.Region.rectangle(2, 4), "transfer"),
            "method",
        ),
        (
            lambda: dominotiling.find_tiling(dominotiling.Region.rectangle(2, 2), "matching"),
            "method",
        ),
        (lambda: dominotiling.max_cover(dominotiling.Region.rectangle(3, 3), "transfer"), "method"),
        (lambda: dominotiling.random_tiling(dominotiling.Region.rectangle(2, 2), 3), "seed"),
        (
            lambda: dominotiling.log_count(
                dominotiling.Region.rectangle(2, 2),
                dominotiling.Weights.by_orientation((2, 2), 1, 2),
            ),
            "weights",
        ),
        (lambda: dominotiling.aztec_partition_function(2, (1, 2)), "weights"),
        (
            lambda: dominotiling.placement_probabilities(dominotiling.Region.rectangle(2, 2), True),
            "exact",
        ),
    ],
)
def test_the_old_positional_form_still_works_and_warns(call, keywords):
    with pytest.warns(DeprecationWarning, match=keywords):
        old = call()
    assert old is not None


def test_the_old_form_gives_what_the_new_form_gives():
    region = dominotiling.Region.rectangle(4, 5)
    with pytest.warns(DeprecationWarning):
        old = dominotiling.count_tilings(region, "kasteleyn")
    assert old == dominotiling.count_tilings(region, method="kasteleyn")
    with pytest.warns(DeprecationWarning):
        t_old = dominotiling.random_tiling(region, 5, "transfer")
    t_new = dominotiling.random_tiling(region, seed=5, method="transfer")
    assert (t_old.labels == t_new.labels).all()


def test_the_decorator_maps_extra_positions_to_the_old_names():
    @keyword_only("b", "c")
    def f(a, *, b=1, c=2, d=3):
        return a, b, c, d

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert f(0, c=5) == (0, 1, 5, 3)  # the new form: no warning
    with pytest.warns(DeprecationWarning, match=r"f\(\) by keyword \(b=\.\.\., c=\.\.\.\)"):
        assert f(0, 7, 8) == (0, 7, 8, 3)
    with pytest.raises(TypeError):
        f(0, 1, 2, 3)  # more than the old form ever took
    with pytest.raises(TypeError):
        f(0, 1, b=2)  # b twice
    assert list(inspect.signature(f).parameters) == ["a", "b", "c", "d"]


def _old_and_new_forms():
    """(name, old positional call, new keyword call, the keyword named in the warning)."""
    from dominotiling.sampling import choose_sampler
    from dominotiling.surfaces.flux import count_by_flux

    tiling = dominotiling.min_tiling(dominotiling.Region.rectangle(4, 4))
    diamond = dominotiling.Region.aztec_diamond(2)
    w = dominotiling.Weights.by_orientation(diamond, 1, 3)
    region = dominotiling.Region.rectangle(4, 4)
    holed = dominotiling.Region.from_strings(
        ["......", "......", "..##..", "..##..", "......", "......"]
    )
    sector = next(iter(count_by_flux(holed)))
    d = dominotiling
    return [
        (
            "glauber",
            lambda: d.glauber(tiling, 50, seed=1),
            lambda: d.glauber(tiling, steps=50, seed=1),
            "steps",
        ),
        (
            "glauber_frames",
            lambda: [f.tiling for f in d.glauber_frames(tiling, 20, seed=1, max_frames=3)],
            lambda: [f.tiling for f in d.glauber_frames(tiling, steps=20, seed=1, max_frames=3)],
            "steps",
        ),
        (
            "aztec_edge_probabilities",
            lambda: np.nan_to_num(
                d.aztec_edge_probabilities(2, (1.0, 0.5)).horizontal, nan=-1
            ).tolist(),
            lambda: np.nan_to_num(
                d.aztec_edge_probabilities(2, weights=(1.0, 0.5)).horizontal, nan=-1
            ).tolist(),
            "weights",
        ),
        (
            "count_monomer_dimer",
            lambda: d.count_monomer_dimer(dominotiling.Region.rectangle(2, 3), 2),
            lambda: d.count_monomer_dimer(dominotiling.Region.rectangle(2, 3), monomer_weight=2),
            "monomer_weight",
        ),
        (
            "choose_sampler",
            lambda: choose_sampler(diamond, w),
            lambda: choose_sampler(diamond, weights=w),
            "weights",
        ),
        (
            "sector_tiling",
            lambda: d.sector_tiling(holed, sector, "max"),
            lambda: d.sector_tiling(holed, sector, extreme="max"),
            "extreme",
        ),
        (
            "expected_height",
            lambda: d.expected_height(region, (2, 2), (1, 2)),
            lambda: d.expected_height(region, (2, 2), weights=(1, 2)),
            "weights",
        ),
        (
            "height_moments",
            lambda: d.height_moments(region, (2, 2), (1, 2)).variance,
            lambda: d.height_moments(region, (2, 2), weights=(1, 2)).variance,
            "weights",
        ),
        (
            "embed_in_aztec",
            lambda: d.embed_in_aztec(region, dominotiling.Weights.by_orientation(region, 1, 2)).n,
            lambda: (
                d.embed_in_aztec(
                    region, weights=dominotiling.Weights.by_orientation(region, 1, 2)
                ).n
            ),
            "weights",
        ),
        (
            "gibbs_measure",
            lambda: d.gibbs_measure((1.0, 0.5), (0.3, 0.2)).field,
            lambda: d.gibbs_measure((1.0, 0.5), slope=(0.3, 0.2)).field,
            "slope",
        ),
        (
            "animate_glauber",
            lambda: d.animate_glauber(tiling, 20, seed=1, max_frames=3, dpi=20).n_frames,
            lambda: d.animate_glauber(tiling, steps=20, seed=1, max_frames=3, dpi=20).n_frames,
            "steps",
        ),
    ]


def test_the_positional_forms_the_suite_used_still_work_warn_and_agree():
    # the suite calls these with keywords (an error otherwise, pyproject.toml's filterwarnings);
    # their old positional form is checked here, once each
    for name, old, new, keyword in _old_and_new_forms():
        with pytest.warns(DeprecationWarning, match=rf"pass {keyword} to {name}\(\) by keyword"):
            before = old()
        with warnings.catch_warnings():
            warnings.simplefilter("error", DeprecationWarning)
            assert before == new(), name
