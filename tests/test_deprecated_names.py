"""The names of before: each old sampler name warns and gives what its new name gives.

Samplers are named ``sample_<what>`` (issue 40); the old names are kept for one release
(:func:`dominotiling._util.renamed`). Each alias warns (``DeprecationWarning``, naming
the new name) and returns the new name's result for the same arguments and seed.
"""

from __future__ import annotations

import inspect

import pytest

import dominotiling
from dominotiling import Region
from dominotiling.counting import monomer_dimer
from dominotiling.sampling import mcmc
from dominotiling.surfaces.flux import sample_sector_cftp, sample_sectors

RING = Region.from_strings(["......", "......", "..##..", "..##..", "......", "......"])

#: old name -> (new function, arguments, keyword arguments)
RENAMED = {
    "cftp_sample": (mcmc.sample_cftp, (Region.rectangle(6, 6),), {"seed": 4, "progress": False}),
    "sector_cftp": (sample_sector_cftp, (RING, (4,)), {"seed": 1, "progress": False}),
    "random_tiling_sectors": (sample_sectors, (RING,), {"seed": 2}),
    "random_monomer_dimer": (
        monomer_dimer.sample_monomer_dimer,
        (Region.rectangle(4, 5),),
        {"seed": 3, "monomer_weight": 2},
    ),
}


@pytest.mark.parametrize("old", sorted(RENAMED))
def test_the_old_name_warns_and_gives_the_new_names_result(old):
    new, args, kwargs = RENAMED[old]
    alias = getattr(dominotiling, old)
    message = f"{old} is now {new.__name__}; the old name goes in the next release"
    with pytest.warns(DeprecationWarning, match=message) as caught:
        result = alias(*args, **kwargs)
    assert caught[0].filename == __file__  # the warning names the caller's line
    assert result == new(*args, **kwargs)
    assert getattr(dominotiling, new.__name__) is new and new.__name__.startswith("sample_")


@pytest.mark.parametrize("old", sorted(RENAMED))
def test_the_old_name_is_exported_with_the_new_signature(old):
    new = RENAMED[old][0]
    alias = getattr(dominotiling, old)
    assert old in dominotiling.__all__ and new.__name__ in dominotiling.__all__
    assert alias.__name__ == old and new.__name__ in alias.__deprecated__
    assert inspect.signature(alias) == inspect.signature(new)
    home = inspect.getmodule(new)
    assert getattr(home, old) is alias and old in home.__all__
