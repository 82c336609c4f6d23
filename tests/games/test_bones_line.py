"""Bones, sets and the line on the table: matching, illegal plays, fish, spinner."""

import copy
import pickle

import pytest

from dominotiling.games import Bone, IllegalMoveError, Line, double_set


def B(a, b):
    return Bone(a, b)


def build(plays, **kwargs):
    line = Line(**kwargs)
    for (a, b), side in plays:
        line.play(B(a, b), side)
    return line


# ---------------------------------------------------------------- bones
def test_bone_is_unordered_and_prints_low_high():
    assert Bone(2, 5) == Bone(5, 2)
    assert hash(Bone(2, 5)) == hash(Bone(5, 2))
    assert str(Bone(5, 2)) == "2-5"
    assert repr(Bone(5, 2)) == "Bone(2, 5)"
    assert Bone(2, 5) != Bone(2, 6)


def test_bone_attributes():
    b = Bone(6, 4)
    assert (b.low, b.high, b.pips, b.is_double) == (4, 6, 10, False)
    assert Bone(3, 3).is_double and Bone(3, 3).pips == 6
    assert 6 in b and 5 not in b
    assert b.other(6) == 4 and b.other(4) == 6 and Bone(3, 3).other(3) == 3
    with pytest.raises(ValueError, match="no half showing 5"):
        b.other(5)


def test_bone_is_immutable_and_survives_copy_and_pickle():
    b = Bone(1, 2)
    with pytest.raises(AttributeError):
        b.low = 0
    assert copy.deepcopy(b) is b
    assert pickle.loads(pickle.dumps(b)) == b


@pytest.mark.parametrize("bad", [(-1, 2), (1.5, 2), ("1", 2), (True, 2)])
def test_bone_rejects_bad_values(bad):
    with pytest.raises((TypeError, ValueError)):
        Bone(*bad)


def test_bones_sort_by_low_then_high():
    assert sorted([B(6, 6), B(0, 3), B(1, 1), B(0, 0)]) == [B(0, 0), B(0, 3), B(1, 1), B(6, 6)]


@pytest.mark.parametrize("n", [0, 1, 2, 6, 9])
def test_double_set_sizes(n):
    bones = double_set(n)
    assert len(bones) == (n + 1) * (n + 2) // 2
    assert len(set(bones)) == len(bones)
    assert sum(b.is_double for b in bones) == n + 1
    # every value appears on n + 2 halves ... counting a double twice
    for v in range(n + 1):
        assert sum((b.low == v) + (b.high == v) for b in bones) == n + 2


def test_double_six_set():
    bones = double_set(6)
    assert len(bones) == 28
    assert sum(b.is_double for b in bones) == 7
    assert sum(b.pips for b in bones) == 168  # each value appears 8 times: 8 * (0 + ... + 6)


def test_double_set_rejects_bad_n():
    with pytest.raises(ValueError, match="double_set"):
        double_set(-1)


# ---------------------------------------------------------------- line
def test_first_bone_and_ends():
    line = Line()
    assert line.ends == () and len(line) == 0
    line.play(B(5, 3))
    assert line.ends == (3, 5)
    line.play(B(5, 1), "right")
    line.play(B(6, 3), "left")
    assert line.ends == (6, 1)
    assert len(line) == 3
    assert line.chain() == [(6, 3), (3, 5), (5, 1)]
    assert B(3, 5) in line and B(2, 2) not in line


def test_default_side_prefers_right():
    line = build([((3, 4), None)])
    line.play(B(3, 3))  # fits only the left end
    assert line.ends == (3, 4)
    line.play(B(4, 6))
    assert line.ends == (3, 6)
    assert line.playable_sides(B(3, 6)) == ["left", "right"]


def test_can_play():
    line = build([((2, 5), None)])
    assert line.can_play(B(5, 6)) and line.can_play(B(0, 2))
    assert not line.can_play(B(1, 3))
    assert not line.can_play(B(2, 5))  # already on the table


def snapshot(line):
    return (line.chain(), line.ends, len(line), line.bones_on_table, line.open_ends())


@pytest.mark.parametrize(
    "bone, side, message",
    [
        ((1, 3), "left", "does not match"),
        ((1, 3), None, "matches no open end"),
        ((2, 5), "right", "already on the table"),
        ((5, 7), "right", "not in a double-6 set"),
        ((5, 6), "up", "not open"),
        ((5, 6), "middle", "side must be one of"),
    ],
)
def test_illegal_play_raises_and_changes_nothing(bone, side, message):
    line = build([((2, 5), None), ((5, 5), "right")])
    before = snapshot(line)
    with pytest.raises(IllegalMoveError, match=message):
        line.play(B(*bone), side)
    assert snapshot(line) == before


def test_play_needs_a_bone():
    with pytest.raises(TypeError):
        Line().play((2, 5))


def test_copy_is_independent():
    line = build([((2, 5), None)])
    other = line.copy()
    other.play(B(5, 6), "right")
    assert len(line) == 1 and len(other) == 2
    assert line != other and line == build([((2, 5), None)])


# ---------------------------------------------------------------- fish
def line_with_all_twos(double_on_table=False):
    # chain: 2-0 0-1 1-2 2-3 3-4 4-2 2-5 5-6 6-2 ; ends 2 and 2
    plays = [
        ((0, 1), None),
        ((1, 2), "right"),
        ((0, 2), "left"),
        ((2, 3), "right"),
        ((3, 4), "right"),
        ((4, 2), "right"),
        ((2, 5), "right"),
        ((5, 6), "right"),
        ((6, 2), "right"),
    ]
    if double_on_table:
        plays.append(((2, 2), "left"))
    return build(plays)


def test_fish_when_double_is_still_out():
    line = line_with_all_twos()
    assert line.ends == (2, 2)
    assert B(2, 2) not in line
    assert line.is_fish()


def test_fish_with_double_on_table():
    line = line_with_all_twos(double_on_table=True)
    assert line.ends == (2, 2) and line.is_fish()


def test_not_fish_when_a_non_double_is_missing():
    # ends 2 and 2 but 2-5 and 2-6 are not on the table
    line = build(
        [
            ((0, 1), None),
            ((1, 2), "right"),
            ((0, 2), "left"),
            ((2, 3), "right"),
            ((3, 4), "right"),
            ((4, 2), "right"),
        ]
    )
    assert line.ends == (2, 2)
    assert not line.is_fish()


def test_not_fish_when_ends_differ():
    # all six non-doubles with 2 are on the table, but the ends show 0 and 2
    line = build(
        [
            ((0, 2), None),
            ((2, 1), "right"),
            ((1, 3), "right"),
            ((3, 2), "right"),
            ((2, 4), "right"),
            ((4, 5), "right"),
            ((5, 2), "right"),
            ((2, 6), "right"),
            ((6, 0), "right"),
        ]
    )
    assert line.ends == (0, 0)
    assert not line.is_fish()  # 0-1, 0-3, 0-4, 0-5 are out
    other = build([((0, 1), None), ((1, 2), "right")])
    assert other.ends == (0, 2) and not other.is_fish()
    assert not Line().is_fish()


def test_single_double_is_not_fish():
    assert not build([((4, 4), None)]).is_fish()


def test_fish_respects_max_pip():
    line = build([((0, 1), None), ((0, 2), "left"), ((1, 2), "right")], max_pip=2)
    # chain 2-0 0-1 1-2: ends 2, 2; the non-doubles with 2, 0-2 and 1-2, are on the table
    assert line.ends == (2, 2) and line.is_fish()


# ---------------------------------------------------------------- spinner and count
def test_spinner_opens_after_both_long_sides():
    line = build([((5, 5), None)], spinner=True)
    assert line.count() == 10  # a lone 5-5 counts all its pips
    line.play(B(5, 0), "left")
    assert "up" not in line.open_ends()
    assert line.count() == 0 + 10  # left 0, right end is the spinner double: 5 + 5
    line.play(B(5, 3), "right")
    assert line.open_ends() == {"left": 0, "right": 3, "up": 5, "down": 5}
    assert line.count() == 0 + 3  # empty spinner arms do not count
    line.play(B(5, 6), "up")
    assert line.count() == 0 + 3 + 6
    line.play(B(5, 4), "down")
    assert line.count() == 0 + 3 + 6 + 4
    assert line.arm("up") == [(5, 6)]


def test_spinner_later_in_the_line():
    line = build([((2, 4), None), ((4, 4), "right")], spinner=True)
    assert line.spinner_index() == 1
    assert line.count() == 2 + 8  # left 2, the double 4-4 at the right counts 4 + 4
    line.play(B(4, 1), "right")
    assert line.open_ends() == {"left": 2, "right": 1, "up": 4, "down": 4}


def test_no_spinner_without_option():
    line = build([((5, 5), None), ((5, 0), "left"), ((5, 3), "right")])
    assert "up" not in line.open_ends() and line.spinner_index() is None
    with pytest.raises(IllegalMoveError):
        line.play(B(5, 6), "up")
