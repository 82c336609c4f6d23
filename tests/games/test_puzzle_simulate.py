"""The longest-line puzzle against brute force; simulate summaries; pictures."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from dominotiling.games import (
    Bone,
    Line,
    Rules,
    double_set,
    draw_bone,  # noqa: E402
    draw_hand,
    draw_line,
    greedy_player,
    longest_line,
    puzzle,  # noqa: E402
    random_player,
    simulate,
)


def brute_force(bones):
    """Try every line: extend to the right from every first bone, both ways round."""
    bones = list(bones)
    best = 0

    def extend(end, used, length):
        nonlocal best
        best = max(best, length)
        for i, b in enumerate(bones):
            if not used >> i & 1 and end in (b.low, b.high):
                extend(b.other(end), used | 1 << i, length + 1)

    for i, b in enumerate(bones):
        extend(b.high, 1 << i, 1)
        extend(b.low, 1 << i, 1)
    return best


def assert_is_line(pairs, bones):
    pool = list(bones)
    for (_a, b), (c, _c) in zip(pairs, pairs[1:]):
        assert b == c
    for a, b in pairs:
        pool.remove(Bone(a, b))  # each bone used at most as often as given


SMALL_SETS = st.lists(st.sampled_from(double_set(6)), max_size=8, unique=True)


@settings(max_examples=300, deadline=None)
@given(SMALL_SETS)
def test_longest_line_matches_brute_force(bones):
    length, line = longest_line(bones, return_line=True)
    assert length == brute_force(bones)
    assert len(line) == length
    assert_is_line(line, bones)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(double_set(3)), max_size=7))
def test_longest_line_with_repeated_bones(bones):
    length, line = longest_line(bones, return_line=True)
    assert length == brute_force(bones)
    assert_is_line(line, bones)


def test_vasya_seven_bones():
    # two triangles 0-1-2 and 4-5-6 plus 3-3: no line can join them; a triangle is 3 long
    bones = [Bone(0, 1), Bone(1, 2), Bone(2, 0), Bone(4, 5), Bone(5, 6), Bone(6, 4), Bone(3, 3)]
    assert longest_line(bones) == 3
    # add 2-2: it slips into the first triangle's line
    assert longest_line(bones + [Bone(2, 2)]) == 4


def test_longest_line_known_sets():
    assert longest_line([]) == 0
    assert longest_line([Bone(3, 3)]) == 1
    assert longest_line([(3, 3), (3, 3), (4, 4)]) == 2  # the same double twice
    # double-six: every value is on 8 halves -> an Euler circuit uses all 28 bones
    assert longest_line(double_set(6)) == 28
    # double-five: the 15 non-doubles form K6, all six values odd (degree 5); each removed
    # bone fixes at most two, so at least 2 go: 13 non-doubles + 6 doubles = 19
    assert longest_line(double_set(5)) == 19
    # the 21 non-doubles of double-six: K7, every degree 6 -> all 21
    assert longest_line([b for b in double_set(6) if not b.is_double]) == 21


def test_longest_line_double_nine_is_fast():
    # K10, every degree 9 (odd): at least 4 bones go -> 45 - 4 + 10 doubles = 51
    length, line = longest_line(double_set(9), return_line=True)
    assert length == 51
    assert_is_line(line, double_set(9))


def test_longest_line_refuses_too_long_searches(monkeypatch):
    monkeypatch.setattr(puzzle, "_NODE_LIMIT", 10)
    with pytest.raises(ValueError, match="too long a search"):
        longest_line(double_set(9))


def test_longest_line_bad_input():
    with pytest.raises(ValueError, match="pair of values"):
        longest_line([(1, 2, 3)])


# ---------------------------------------------------------------- simulate
PLAYERS = [greedy_player, random_player]


def test_same_seed_equal_summaries():
    a = simulate(Rules.kozel("one"), 40, 2, PLAYERS, seed=5, progress=False)
    b = simulate(Rules.kozel("one"), 40, 2, PLAYERS, seed=5, progress=False)
    c = simulate(Rules.kozel("one"), 40, 2, PLAYERS, seed=6, progress=False)
    assert a == b and str(a) == str(b)
    assert a != c


def test_summary_contents():
    s = simulate(Rules.kozel(several_goats=False), 60, 3, seed=1, progress=False)
    assert s.player_names == ("random_player",) * 3
    assert sum(s.goats) == 60 and sum(s.goat_rates) == pytest.approx(1.0)
    assert sum(s.wins) == pytest.approx(60)
    assert len(s.rounds_per_game) == 60 and sum(s.rounds_per_game) == s.n_rounds
    assert 0 < s.fish_rate < 1 and s.fish_rounds <= s.n_rounds
    assert all(1 <= n <= 28 for n in s.round_lengths)
    text = str(s)
    assert "goat rate" in text and text.count("random_player") == 3


def test_several_goats_are_all_counted():
    # kozel_and_variants_ru.txt, paragraph 88: everyone at 101 or more loses
    s = simulate(Rules.kozel(), 60, 3, seed=1, progress=False)
    assert sum(s.goats) >= 60 and sum(s.wins) <= 60


def test_summary_classic_and_muggins_have_no_goats():
    for rules in (Rules.classic(), Rules.muggins()):
        s = simulate(rules, 20, 4, seed=2, progress=False)
        assert s.goats == (0, 0, 0, 0) and sum(s.wins) == 20


def test_greedy_beats_random_at_kozel():
    s = simulate(Rules.kozel(), 300, 2, PLAYERS, seed=0, progress=False)
    assert s.goat_rates[0] < s.goat_rates[1]


def test_summary_plot():
    s = simulate(Rules.kozel(), 10, 2, PLAYERS, seed=3, progress=False)
    fig, ax = plt.subplots()
    assert s.plot(ax=ax) is ax
    assert len(ax.patches) == 4  # win and goat bars for 2 seats
    assert ax.patches[0].get_height() == pytest.approx(s.win_rates[0])
    plt.close("all")


def test_simulate_bad_arguments():
    with pytest.raises(ValueError, match="n_games"):
        simulate(Rules.kozel(), 0, 2)
    with pytest.raises(ValueError, match="one player function per seat"):
        simulate(Rules.kozel(), 5, 3, PLAYERS)
    with pytest.raises(ValueError, match="players"):
        simulate(Rules.kozel(players=4), 5, 2)


# ---------------------------------------------------------------- pictures
def test_draw_functions_return_axes():
    ax = draw_bone(Bone(6, 6))
    assert len(ax.patches) == 1 + 12
    ax = draw_hand(double_set(2))  # one patch per tile and one per pip
    assert len(ax.patches) == 6 + sum(b.pips for b in double_set(2))
    line = Line(spinner=True)
    for bone, side in [
        ((5, 5), None),
        ((5, 0), "left"),
        ((5, 3), "right"),
        ((5, 6), "up"),
        ((5, 1), "down"),
    ]:
        line.play(Bone(*bone), side)
    ax = draw_line(line, title="spinner")
    assert len(ax.patches) == 5 + sum(b.pips for b in line)
    _, pairs = longest_line(double_set(3), return_line=True)
    fig, ax2 = plt.subplots()
    assert draw_line(pairs, ax=ax2) is ax2
    plt.close("all")
