import numpy as np
import pytest

from dominotiling import Region, Tiling
from dominotiling.errors import DominoTilingError


def square():
    return Region.rectangle(2, 2)


def test_labels_are_renumbered_row_major():
    t = Tiling(square(), [[7, 3], [7, 3]])
    assert t.labels.tolist() == [[0, 1], [0, 1]]
    assert t.labels.dtype == np.int32
    assert t.n_dominoes == 2 and t.is_complete


def test_dominoes_and_orientations():
    t = Tiling.from_dominoes(
        Region.rectangle(2, 3), [((0, 0), (1, 0)), ((0, 1), (0, 2)), ((1, 2), (1, 1))]
    )
    d = t.dominoes
    assert d.shape == (3, 2, 2)
    assert sorted(map(lambda x: tuple(map(tuple, x)), d.tolist())) == [
        ((0, 0), (1, 0)),
        ((0, 1), (0, 2)),
        ((1, 1), (1, 2)),
    ]
    assert sorted(t.orientations().tolist()) == [0, 0, 1]
    m = t.to_matching()
    assert len(m) == 3 and all((a[0] + a[1]) % 2 == 0 for a, _ in m)


@pytest.mark.parametrize(
    "labels, words",
    [
        ([[0, 0], [0, 1]], ["overlaps", "3 cell"]),
        ([[0, 1], [2, 2]], ["only", "1 cell"]),
        ([[0, 1], [1, 0]], ["not neighbours"]),
        ([[0, 0], [-1, -2]], ["in the region but labelled -1"]),
        ([[0, 0], [-3, -2]], ["labelled -3"]),
    ],
)
def test_validate_errors(labels, words):
    with pytest.raises(DominoTilingError) as info:
        Tiling(square(), labels)
    for w in words:
        assert w in str(info.value)


def test_cells_outside_the_region():
    r = Region.from_strings(["..", ".#"])
    with pytest.raises(DominoTilingError, match="outside the region"):
        Tiling(r, [[0, 0], [1, 1]])
    t = Tiling(r, [[0, 0], [-2, -1]])
    assert t.n_uncovered == 1 and not t.is_complete


def test_shape_and_type_errors():
    with pytest.raises(DominoTilingError, match="shape"):
        Tiling(square(), [[0, 0]])
    with pytest.raises(DominoTilingError, match="integers"):
        Tiling(square(), [[0.0, 0.0], [1.0, 1.0]])
    with pytest.raises(TypeError, match="Region"):
        Tiling([[1, 1]], [[0, 0]])


def test_from_dominoes_errors():
    r = Region.rectangle(2, 2)
    with pytest.raises(DominoTilingError, match="not neighbours"):
        Tiling.from_dominoes(r, [((0, 0), (1, 1))])
    with pytest.raises(DominoTilingError, match="overlaps"):
        Tiling.from_dominoes(r, [((0, 0), (0, 1)), ((0, 1), (1, 1))])
    with pytest.raises(DominoTilingError, match="not in the region"):
        Tiling.from_dominoes(r, [((0, 1), (0, 2))])
    with pytest.raises(DominoTilingError, match="give each domino"):
        Tiling.from_dominoes(r, [(0, 1)])


def test_labels_read_only_and_equality():
    t = Tiling(square(), [[0, 0], [1, 1]])
    with pytest.raises(ValueError):
        t.labels[0, 0] = 5
    assert t == Tiling(square(), [[5, 5], [2, 2]])
    assert t != Tiling(square(), [[0, 1], [0, 1]])
    assert "2 dominoes" in repr(t)
    assert t._repr_png_()[:4] == b"\x89PNG"


# --- issue 13 -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "region, pairs",
    [
        (Region.rectangle(1, 2).mask, [((0, 0), (0, 1))]),  # an array, not a Region
        ("..", [((0, 0), (0, 1))]),
        (Region.rectangle(1, 2), 5),  # not an iterable of dominoes
        (Region.rectangle(1, 2), [((0, 0.5), (0, 1))]),  # a coordinate that is no integer
    ],
)
def test_from_dominoes_refuses_wrong_types_clearly(region, pairs):
    from dominotiling.errors import DominoTilingError

    with pytest.raises(DominoTilingError) as info:
        Tiling.from_dominoes(region, pairs)
    assert not isinstance(info.value, AttributeError)


def test_labels_cannot_be_made_writeable():
    t = Tiling.from_dominoes(Region.rectangle(1, 2), [((0, 0), (0, 1))])
    with pytest.raises(ValueError):
        t.labels.setflags(write=True)
