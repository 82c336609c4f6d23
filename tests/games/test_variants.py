"""The engine features the variants need: several doubles in a turn, closing doubles, the
cross, arms first, penalties, openers; the registry of rule sets."""

import pytest

from dominotiling.games import (
    Bone,
    Game,
    IllegalMoveError,
    Move,
    Rules,
    double_set,
    greedy_player,
    random_player,
)

FULL = double_set(6)


def B(a, b):
    return Bone(a, b)


def deal(*hands):
    hands = [[B(*p) for p in h] for h in hands]
    used = {b for h in hands for b in h}
    return hands, [b for b in FULL if b not in used]


def first_player(view):
    return view.legal_moves[0]


# ---------------------------------------------------------------- the registry
def test_every_rule_set_has_a_name_a_preset_and_a_cited_docstring():
    names = Rules.names()
    assert len(names) >= 17
    for name in names:
        preset = getattr(Rules, name)
        rules = preset()
        assert rules == Rules.by_name(name)
        assert ".txt" in preset.__doc__ and "paragraph" in preset.__doc__, name


def test_presets_are_frozen_hashable_data():
    r = Rules.telephone()
    assert r == Rules.telephone() and hash(r) == hash(Rules.telephone())
    assert r != Rules.telephone(doubles=4)
    assert r.with_(target=100).target == 100 and r.target == 225


# ---------------------------------------------------------------- several doubles at once
def test_sea_kozel_lays_two_doubles_at_once_but_not_three():
    hands, bazaar = deal(
        [(2, 3), (0, 4), (0, 5), (0, 6), (1, 4), (1, 5), (1, 6)],
        [(2, 2), (3, 3), (1, 1), (0, 0), (0, 1), (0, 2), (0, 3)],
    )
    rules = Rules.sea_kozel().with_(opening_doubles=(), opening_bones=((2, 3),))
    game = Game.from_deal(rules, 2, hands, bazaar)
    game.play(B(2, 3))
    game.play(B(2, 2), "left")
    assert game.can_end_turn and game.legal_moves() == [Move(B(3, 3), "right")]
    game.play(B(3, 3), "right")
    assert game.turn == 0 and not game.can_end_turn  # two is the limit


def test_a_non_double_ends_the_turn():
    hands, bazaar = deal(
        [(2, 3), (0, 4), (0, 5), (0, 6), (1, 4), (1, 5), (1, 6)],
        [(2, 2), (3, 3), (1, 2), (0, 0), (0, 1), (0, 2), (0, 3)],
    )
    rules = Rules.sea_kozel().with_(opening_doubles=(), opening_bones=((2, 3),))
    game = Game.from_deal(rules, 2, hands, bazaar)
    game.play(B(2, 3))
    game.play(B(1, 2), "left")
    assert game.turn == 0


def test_greedy_and_random_players_handle_turns_that_may_go_on():
    for name in ("sea_kozel", "osel", "chechevo", "blitz", "general"):
        rules = Rules.by_name(name)
        n = rules.min_players
        game = Game(
            rules, [greedy_player, random_player] * (n // 2) + [greedy_player] * (n % 2), seed=5
        )
        game.play_match()
        assert game.over and any(e.kind in ("play", "end_turn") for e in game.history)


# ---------------------------------------------------------------- closing doubles (Osel)
def osel_game():
    hands, bazaar = deal(
        [(1, 2), (1, 3), (0, 4), (0, 5), (0, 6), (3, 4), (3, 5)],
        [(1, 1), (2, 2), (0, 3), (1, 4), (2, 3), (2, 4), (2, 5)],
    )
    rules = Rules.osel().with_(opening_doubles=(), opening_bones=((1, 2),))
    return Game.from_deal(rules, 2, hands, bazaar)


def test_osel_two_closed_doubles_end_the_round_K259():
    # K 259: the first bone not a double, the next player closes both ends with two
    # doubles, which ends the round; it is then counted as usual (a fish for all)
    game = osel_game()
    game.play(B(1, 2))
    game.play([Move(B(1, 1), "left", True), Move(B(2, 2), "right", True)])
    result = game.rounds[0]
    assert result.reason == "blocked" and game.round_number == 1
    assert result.line.closed_ends() == {"left": 1, "right": 2}


def test_osel_a_closed_double_is_no_cross_and_an_open_one_is():
    game = osel_game()
    game.play(B(1, 2))
    game.play([Move(B(1, 1), "left", True), Move(B(2, 2), "right")])
    ends = game.line.open_ends()
    assert ends == {"right": 2, "up": 2, "down": 2}  # 2-2 face up: the cross
    assert game.line.spinner_value() == 2


def test_chechevo_doubles_of_one_turn_all_closed_or_all_open_T655():
    hands, bazaar = deal(
        [(1, 2), (1, 3), (0, 4), (0, 5), (0, 6), (3, 4)],
        [(1, 1), (2, 2), (0, 3), (1, 4), (2, 3), (2, 4)],
    )
    rules = Rules.chechevo().with_(
        opening_doubles=(), opening_bones=((1, 2),), hand_sizes=((2, 6), (3, 7), (4, 6))
    )
    game = Game.from_deal(rules, 2, hands, bazaar)
    game.play(B(1, 2))
    game.play(Move(B(1, 1), "left", True))
    assert Move(B(2, 2), "right", True) in game.legal_moves()
    assert Move(B(2, 2), "right") not in game.legal_moves()
    with pytest.raises(IllegalMoveError):
        game.play(Move(B(2, 2), "right"))


def test_the_first_bone_is_never_closed_T653():
    hands, bazaar = deal(
        [(1, 1), (1, 3), (0, 4), (0, 5), (0, 6), (3, 4), (3, 5)],
        [(1, 2), (2, 2), (0, 3), (1, 4), (2, 3), (2, 4), (2, 5)],
    )
    game = Game.from_deal(Rules.chechevo(), 2, hands, bazaar)
    assert all(not m.closed for m in game.legal_moves())
    with pytest.raises(IllegalMoveError, match="face down"):
        game.play(Move(B(1, 1), "right", True))


# ---------------------------------------------------------------- the cross
def test_sevastopol_starts_the_four_sides_first_C2_203():
    hands = [
        [B(6, 6), B(0, 1), B(0, 2), B(0, 3), B(0, 4), B(0, 5), B(0, 0)],
        [B(6, 5), B(5, 5), B(1, 1), B(1, 2), B(1, 3), B(1, 4), B(1, 5)],
        [B(6, 4), B(4, 5), B(2, 2), B(2, 3), B(2, 4), B(2, 5), B(3, 3)],
        [B(6, 3), B(6, 2), B(6, 1), B(6, 0), B(3, 4), B(3, 5), B(4, 4)],
    ]
    game = Game.from_deal(Rules.sevastopol(), 4, hands)
    game.play(B(6, 6))
    game.play(B(6, 5), "left")
    assert {m.side for m in game.legal_moves()} <= {"right", "up", "down"}
    with pytest.raises(IllegalMoveError, match="empty arms"):
        game.play(B(5, 4), "left")
    game.play(B(6, 4), "up")
    game.play(B(6, 3), "right")
    game.knock()  # seat 0 holds no 6
    assert game.turn == 1 and game.legal_moves() == []  # 5-5 must wait for the down arm
    with pytest.raises(IllegalMoveError, match="empty arms"):
        game.play(B(5, 5), "left")
    game.knock()
    game.knock()
    game.play(B(6, 2), "down")  # the four sides are started: any end now
    assert game.turn == 0
    assert {m.side for m in game.legal_moves()} == {"left", "up", "right", "down"}


def test_house_is_the_first_double_covered_on_both_sides_K263():
    from dominotiling.games import Line

    line = Line.for_rules(Rules.telephone())
    for bone, side in [((3, 4), None), ((4, 4), "right"), ((3, 3), "left")]:
        line.play(B(*bone), side)
    assert "up" not in line.open_ends()
    line.play(B(4, 1), "right")  # 4-4 is covered on both sides: the house
    assert line.open_ends() == {"left": 3, "right": 1, "up": 4, "down": 4}


# ---------------------------------------------------------------- openers
def test_later_rounds_opened_in_turn():
    game = Game(Rules.classic(later_opener="rotate"), [greedy_player] * 3, seed=4)
    openers = []
    for _ in range(4):
        if game.over:
            break
        openers.append(game.turn)
        game.play_round()
    assert openers[1:] == [(o + 1) % 3 for o in openers[:-1]]


def test_eggs_round_is_reopened_with_one_one():
    hits = 0
    for seed in range(40):
        game = Game(Rules.kozel(eggs=True), [greedy_player, random_player], seed=seed)
        while not game.over and game.round_number < 12:
            game.play_round()
            if game.over:
                break
            if game.sheet.last_tie:
                hits += 1
                dealt = game.history[-1].info[0]
                first = next(
                    Bone(v, v) for v in (1, 2, 3, 4, 5, 6, 0) if any(Bone(v, v) in h for h in dealt)
                )
                assert game.legal_moves() == [Move(first, "right")]
    assert hits > 0


def test_muggins_first_round_led_by_seat_zero_with_any_bone_K273():
    game = Game(Rules.muggins(), 2, seed=1)
    assert game.turn == 0 and len(game.legal_moves()) == 7


def test_telephone_first_round_opened_with_two_three_K263():
    for seed in range(5):
        game = Game(Rules.telephone(), 2, seed=seed)
        holder = [s for s in range(2) if B(2, 3) in game.hand(s)]
        if holder:
            assert game.turn == holder[0] and game.legal_moves() == [Move(B(2, 3), "right")]
        else:  # 2-3 in the bazaar: the highest double opens
            assert len(game.legal_moves()) == 1 and game.legal_moves()[0].bone.is_double


# ---------------------------------------------------------------- the blocked-round winner
def test_muggins_blocked_round_is_won_and_next_opened_by_the_lowest_hand():
    """Issue 19: the blocked round's winner was the last player to lay a bone."""
    checked = 0
    for seed in range(60):
        game = Game(Rules.muggins(), [greedy_player, random_player, random_player], seed=seed)
        game.play_match()
        for k, r in enumerate(game.rounds[:-1]):
            if r.reason != "blocked":
                continue
            pips = [sum(b.pips for b in h) for h in r.hands]
            low = min(pips)
            if pips.count(low) == 1:
                lowest = pips.index(low)
                assert r.winner == lowest
                assert game.rounds[k + 1].opener == lowest
                checked += lowest != r.fisherman
    assert checked > 0  # cases where the last player to lay a bone was not the winner


# ---------------------------------------------------------------- Seven's penalty
def test_seven_penalty_takes_from_the_makers_hand_when_the_bazaar_is_dry_and_replays():
    for seed in range(200):
        game = Game(Rules.seven(), [greedy_player, random_player, random_player], seed=seed)
        game.play_match()
        takes = [e for e in game.history if e.kind == "take" and e.info != "bazaar"]
        if takes:
            again = Game.replay("seven", 3, game.history)
            assert again.history == game.history
            return
    pytest.fail("no penalty was ever taken from a hand")


# ---------------------------------------------------------------- General and fixed deals
def test_general_ends_after_its_deals_and_ignores_fish():
    game = Game(Rules.general(deals=4), [first_player] * 4, seed=3)
    sheet = game.play_match()
    counted = [r for r in game.rounds if r.reason == "out"]
    assert len(counted) == 4 and sheet.deals_played == 4 and sheet.is_over


def test_sport_kozel_deals_must_be_a_multiple_of_four():
    with pytest.raises(ValueError, match="multiple of four"):
        Rules.sport_kozel(deals=6)
    sheet = Game(Rules.sport_kozel(deals=4, target=1000), [first_player] * 4, seed=1).play_match()
    assert sheet.deals_played == 4
