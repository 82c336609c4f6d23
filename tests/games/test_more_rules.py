"""The rules and worked examples of more_rules_ru.txt, replayed.

Each test names the page of ``shared/sources/games/more_rules_ru.txt`` (its
heading) and the paragraph (the line of the file) it follows; the expected
numbers come from the document, not from the code.  M = more_rules_ru.txt.
"""

import pytest

from dominotiling.games import (
    Bone,
    Game,
    IllegalMoveError,
    Line,
    Rules,
    ScoreSheet,
    double_set,
    greedy_player,
    hand_points,
    random_player,
)
from dominotiling.games.layouts import FiveUp


def B(a, b):
    return Bone(a, b)


def H(*pairs):
    return [Bone(a, b) for a, b in pairs]


def deal(*hands, max_pip=6, without=()):
    """Hands as lists of pairs; every other bone goes to the bazaar, in set order."""
    hands = [H(*h) for h in hands]
    used = {b for h in hands for b in h} | set(without)
    return hands, [b for b in double_set(max_pip) if b not in used]


# ---------------------------------------------------------------- the sets
def test_the_sets_M60_M801_M814_M817_M822():
    # M 60: (n+1)(n+2)/2 bones -- 28 for double-6; M 483-485: 55, 136, 190; M 801: 91;
    # M 817: the double-18 set holds 3420 pips in all; M 144: the double-6 set 168
    assert [len(double_set(n)) for n in (6, 9, 12, 15, 18)] == [28, 55, 91, 136, 190]
    assert sum(b.pips for b in double_set(18)) == 3420
    assert sum(b.pips for b in double_set(6)) == 168


def test_the_fish_of_the_general_rules_M169():
    # M 169: all the fives are out -- 5-4, 5-0, 3-5, 5-2, 5-5 in the chain, one end 5-1, the
    # other the fisherman's 6-5: a fish
    line = Line()
    for bone, side in [
        ((4, 5), None),
        ((5, 5), "right"),
        ((5, 0), "right"),
        ((0, 3), "right"),
        ((3, 5), "right"),
        ((5, 2), "right"),
        ((2, 6), "right"),
        ((1, 4), "left"),
    ]:
        line.play(B(*bone), side)
    line.play(B(5, 1), "left")
    assert not line.is_fish()
    line.play(B(6, 5), "right")
    assert line.ends == (5, 5) and line.is_fish()


# ---------------------------------------------------------------- 1. sea Kozel redeals
def test_sea_kozel_redeals_five_doubles_M327():
    # M 327: "if a player has 5 doubles or more, the bones are mixed and dealt again"
    sea = Rules.sea_kozel()
    five = H((0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (0, 1), (2, 5))
    four = H((0, 0), (1, 1), (2, 2), (3, 3), (0, 4), (0, 1), (2, 5))
    assert sea.needs_redeal(five) and not sea.needs_redeal(four)
    assert not Rules.sea_kozel(redeal_doubles=None).needs_redeal(five)
    for seed in range(30):
        game = Game(sea, [random_player] * 2, seed=seed)
        hands = game.history[0].info[0]
        assert all(sum(b.is_double for b in h) < 5 for h in hands)


# ---------------------------------------------------------------- 2. rotten eggs
def test_eggs_are_played_from_one_one_to_three_three_and_rot_otherwise_M95_M188():
    # M 94-95 and 188: the eggs are played from 1-1; "not played in three attempts (no
    # double from 1-1 to 3-3 was laid)" -- the next round not opened with 1-1, 2-2 or 3-3 --
    # they are rotten: dropped
    played = rotten = 0
    for seed in range(400):
        game = Game(Rules.sea_kozel(), [greedy_player, random_player], seed=seed)
        while not game.over and game.round_number < 15:
            before = len(game.rounds)
            game.play_round()
            if (
                game.over
                or not game.rounds[before:]
                or game.rounds[-1].winner is not None
                or game.rounds[-1].reason != "fish"
            ):
                continue
            if not game.sheet.last_tie and game.sheet.carried == 0:
                held = {b for h in game.history[-1].info[0] for b in h}
                assert not any(B(v, v) in held for v in (1, 2, 3))
                rotten += 1
                continue
            held = {b for h in game.history[-1].info[0] for b in h}
            first = next(v for v in (1, 2, 3) if B(v, v) in held)
            moves = game.legal_moves()
            assert [m.bone for m in moves] == [B(first, first)] and game.sheet.carried > 0
            played += 1
        if played and rotten:
            return
    pytest.fail(f"eggs played {played} times, rotten {rotten} times: both are needed")


def test_rot_eggs_drops_the_carried_points_M95():
    sheet = ScoreSheet(["A", "B"], Rules.sea_kozel())
    sheet.record_totals({"A": 14, "B": 14}, fish=True, fisherman="A")
    assert sheet.carried == 28 and sheet.last_tie
    assert sheet.rot_eggs() == 28 and sheet.carried == 0 and not sheet.last_tie
    # the next round that counts gives its winner only what it writes
    assert sheet.record_totals({"A": 0, "B": 30}, out="A") == {"A": 30, "B": 0}


# ---------------------------------------------------------------- 3. 6-6 and one loser
def test_out_on_six_six_wins_when_one_loser_holds_25_M185_M364():
    # M 185: "at least one of the losers" holds 25 or more; M 364: "if at least one of the
    # losers kept more than 25"
    sheet = ScoreSheet(list("ABC"), Rules.sea_kozel())
    sheet.record_totals({"A": 0, "B": 25, "C": 3}, out="A", finished_with=[B(6, 6)])
    assert sheet.winner == "A"
    # 13 and 12: 25 together, but no loser holds 25: no win, A opens on a hundred next
    sheet = ScoreSheet(list("ABC"), Rules.sea_kozel())
    sheet.record_totals({"A": 0, "B": 13, "C": 12}, out="A", finished_with=[B(6, 6)])
    assert not sheet.is_over
    # the other reading, the losers' total, wins there
    sheet = ScoreSheet(list("ABC"), Rules.sea_kozel(six_six="losers_total"))
    sheet.record_totals({"A": 0, "B": 13, "C": 12}, out="A", finished_with=[B(6, 6)])
    assert sheet.winner == "A"


# ---------------------------------------------------------------- 4. on a hundred, any time
def _hundred_deals(rules, limit):
    """(game, previous winner) at each deal after the first where a seat with an open
    account holds 6-6 and no eggs are pending."""
    for seed in range(limit):
        game = Game(rules, [greedy_player, random_player, greedy_player], seed=seed)
        while not game.over and game.round_number < 20:
            game.play_round()
            if game.over or game.sheet.last_tie:
                continue
            hands = game.history[-1].info[0]
            holder = next((s for s in range(3) if B(6, 6) in hands[s]), None)
            winner = game.rounds[-1].winner
            if (
                holder is not None
                and winner is not None
                and holder != winner
                and game.sheet.is_open(holder)
            ):
                yield game, holder
                break


def test_a_writing_player_opens_on_a_hundred_at_any_time_M83_M183_M363():
    # M 83: "the player who has started writing may open the round with 6-6 ('on a
    # hundred')"; M 363: "at any moment, when the double six comes to him, he may open the
    # round first" -- even when another player would open
    found = 0
    for game, holder in _hundred_deals(Rules.sea_kozel(), 300):
        assert game.turn == holder and [m.bone for m in game.legal_moves()] == [B(6, 6)]
        found += 1
        if found == 3:
            break
    assert found == 3
    # hundred="opener": only the previous winner opens, with any bone
    for game, holder in _hundred_deals(Rules.sea_kozel(hundred="opener"), 300):
        assert game.turn == game.rounds[-1].winner != holder
        break
    else:
        pytest.fail("no deal gave 6-6 to a writing player who would not open")


# ---------------------------------------------------------------- 5. Kramer's Muggins
@pytest.mark.parametrize("pips, points", [(5, 1), (7, 1), (8, 2), (12, 2), (18, 4)])
def test_kramer_muggins_end_of_hand_points_M434_M438(pips, points):
    # M 431-438: one point per five in the opponents' hands, 1-2 over rounded down, 3-4 up
    sheet = ScoreSheet(["A", "B"], Rules.kramer_muggins())
    assert sheet.record_totals({"A": 0, "B": pips}, out="A")["A"] == points


def test_kramer_muggins_blocked_hand_goes_to_the_fewest_pips_M431():
    # M 431: the player with the fewest pips gets points for the opponents' hands (only)
    sheet = ScoreSheet(list("ABC"), Rules.kramer_muggins())
    assert sheet.record_totals({"A": 3, "B": 8, "C": 10}, fish=True) == {"A": 4, "B": 0, "C": 0}


def test_kramer_muggins_is_five_bones_no_cross_to_61_M417_M419_M440():
    r = Rules.kramer_muggins()
    assert [r.hand_size(n) for n in (2, 3, 4)] == [5, 5, 5] and r.target == 61
    # M 427: all but two bones of the boneyard may be drawn by two, all but one by three/four
    assert (r.reserve(2), r.reserve(3), r.reserve(4)) == (2, 1, 1)
    # M 421-423: one point per five on the open ends; a double counts at an end
    hands, bazaar = deal(
        [(1, 4), (4, 4), (0, 0), (0, 2), (2, 3)], [(1, 1), (5, 6), (6, 6), (3, 6), (2, 6)]
    )
    game = Game.from_deal(r, 2, hands, bazaar)
    game.play(B(1, 4))  # ends 1 and 4: 5, one point
    assert game.sheet.scores() == {0: 1, 1: 0}
    game.play(B(1, 1))  # 1-1 at the end: 2 + 4 = 6
    assert game.line.count() == 6 and game.sheet.scores() == {0: 1, 1: 0}
    game.play(B(4, 4))  # 2 + 8 = 10: two points
    assert game.line.count() == 10 and game.sheet.scores() == {0: 3, 1: 0}
    # M 419: nothing is played on the ends of a double (no cross)
    assert all(s in ("left", "right") for s in game.line.open_ends())
    # M 427: with two players two bones stay in the boneyard
    assert game.bazaar_size == len(bazaar) - 2
    # M 443, variant 1: the first double's ends may be played
    assert Rules.kramer_muggins(first_double_ends=True).spinner


# ---------------------------------------------------------------- 6. Five-Up
def test_five_up_double_cut_off_after_four_sides_M460():
    # M 459-460: a double is played on both sides and both ends before it is cut off; the
    # original 5-5 cut off, the count is 2 + 4 + 1 + 0 = 7, no points
    up = FiveUp(6)
    up.play(B(5, 5))
    for k in (2, 4, 1, 0):
        up.play(B(5, k), "set")
    assert up.count() == 7 and "set" not in up.open_ends()


def test_five_up_scores_during_play_M454_M463():
    rules = Rules.five_up()
    # M 454: 4 + 6 = 10, two points -- the set 4-6 alone
    hands, bazaar = deal(
        [(4, 6), (0, 1), (0, 2), (1, 1), (1, 2)], [(0, 0), (2, 2), (1, 3), (2, 3), (3, 3)]
    )
    game = Game.from_deal(rules, 2, hands, bazaar)
    game.play(B(4, 6))
    assert game.sheet.scores() == {0: 2, 1: 0}
    # M 463: open ends 6 + 5 + 4 + 0 = 15, three points -- on the four sides of 3-3
    hands, bazaar = deal(
        [(3, 3), (3, 5), (3, 0), (1, 1), (1, 2)], [(3, 6), (3, 4), (2, 2), (1, 6), (0, 0)]
    )
    game = Game.from_deal(rules, 2, hands, bazaar)
    for bone in [(3, 3), (3, 6), (3, 5), (3, 4), (3, 0)]:
        game.play(B(*bone), "set")
    # laid in turn by seats 0, 1, 0, 1, 0: 3-3 alone counts 6; then 6; 6 + 5; 6 + 5 + 4 = 15
    # (three points to seat 1); 6 + 5 + 4 + 0 = 15 (three points to seat 0)
    assert game.line.count() == 15
    assert game.sheet.scores() == {0: 3, 1: 3}


def test_five_up_winner_counts_only_the_opponents_hands_M465():
    # M 465: in teams the partner's pips do not count; 5 -> 1, 7 -> 1, 8 -> 2, 12 -> 2,
    # 18 -> 4 (M 467-471)
    sheet = ScoreSheet(list("ABCD"), Rules.five_up(teams=True))  # A and C together
    written = sheet.record_totals({"A": 0, "B": 7, "C": 20, "D": 5}, out="A")
    assert written == {"A": 2, "B": 0, "C": 2, "D": 0}


# ---------------------------------------------------------------- 7. Kramer's Block and Draw
def test_block_is_kramers_block_M399_M401():
    block = Rules.by_name("block")
    assert block == Rules.block() and block.name == "block"
    assert not block.draw_from_bazaar and block.later_opener == "rotate"
    # M 401: "if a player cannot play, he is blocked and misses the turn; he may not draw"
    hands, bazaar = deal(
        [(6, 6), (0, 1), (0, 2), (0, 3), (1, 1), (1, 2), (1, 6)],
        [(2, 2), (2, 3), (3, 3), (0, 4), (1, 4), (2, 4), (3, 4)],
    )
    game = Game.from_deal(block, 2, hands, bazaar)
    assert game.turn == 0 and len(game.legal_moves()) == 7  # M 399: any bone leads
    game.play(B(6, 6))
    assert game.legal_moves() == []
    before = (game.hand(1), game.bazaar_size)
    with pytest.raises(IllegalMoveError):
        game.draw()
    assert (game.hand(1), game.bazaar_size) == before
    game.knock()
    assert game.turn == 0


def test_block_scores_M403_M405():
    # M 403: going out scores the pips left in the others' hands
    sheet = ScoreSheet(list("ABC"), Rules.block())
    assert sheet.record_totals({"A": 0, "B": 9, "C": 6}, out="A")["A"] == 15
    # M 405: blocked, the lowest hand scores the opponents' pips; the variant, minus its own
    assert sheet.record_totals({"A": 3, "B": 9, "C": 6}, fish=True)["A"] == 15
    variant = ScoreSheet(list("ABC"), Rules.block(score="difference"))
    assert variant.record_totals({"A": 3, "B": 9, "C": 6}, fish=True)["A"] == 12
    # M 405: a tie goes to the holder of the single lightest bone
    tie = ScoreSheet(["A", "B"], Rules.block())
    tie.record_round({"A": H((2, 3), (0, 1)), "B": H((0, 2), (1, 3))}, fish=True)
    assert tie.round_winners == ["A"] and tie.score("A") == 6  # 6 pips each; 0-1 lightest


def test_block_lead_goes_round_M399():
    game = Game(Rules.block(), [greedy_player] * 3, seed=4)
    game.play_round()
    assert game.rounds[0].opener == 0 and game.turn == 1


def test_draw_keeps_two_bones_with_two_players_M408():
    # M 408: draw until a bone fits; two players never draw the last two, four the last one
    r = Rules.draw_game()
    assert r.draw_from_bazaar and (r.reserve(2), r.reserve(4)) == (2, 1)
    game = Game(r, 2, seed=3)
    assert game.bazaar_size == 28 - 14 - 2 and game.reserve_size == 2


# ---------------------------------------------------------------- 8. Mexican train
@pytest.mark.parametrize(
    "max_pip, each, players", [(6, 5, (2, 3)), (9, 7, (2, 4)), (15, 9, (3, 5)), (18, 11, (6, 9))]
)
def test_mexican_train_deals_for_every_set_M504_M512_M518_M525(max_pip, each, players):
    r = Rules.mexican_train(max_pip=max_pip)
    for n in range(players[0], players[1] + 1):
        assert r.hand_size(n) == each
    assert r.deals == max_pip + 1  # M 527: as many hands as doubles (19 for double-18)


def test_mexican_train_penalty_points_M601():
    # M 601: a player left with 6/7 and 2/3 writes 18; who went out writes nothing
    r = Rules.mexican_train()
    assert hand_points(H((6, 7), (2, 3)), r) == 18
    sheet = ScoreSheet(["A", "B"], r)
    assert sheet.record_round({"A": [], "B": H((6, 7), (2, 3))}) == {"A": 0, "B": 18}


def test_mexican_train_a_whole_train_in_the_first_turn_M553_M556_M577():
    r = Rules.mexican_train(max_pip=6, first_turn_train=True)
    hands, bazaar = deal(
        [(6, 1), (1, 2), (2, 3), (3, 4), (6, 5)],
        [(0, 1), (0, 2), (0, 3), (1, 1), (2, 2)],
        without=[B(6, 6)],
    )
    game = Game.from_deal(r, 2, hands, bazaar)
    # M 553: only in the first turn, as many bones as form a train; M 577: the Mexican
    # train is started from the second turn on
    for bone in [(6, 1), (1, 2), (2, 3), (3, 4)]:
        assert all(m.side == "train 0" for m in game.legal_moves())
        game.play(B(*bone), "train 0")
    assert game.line.train("train 0") == [(6, 1), (1, 2), (2, 3), (3, 4)]
    assert game.turn == 1  # nothing left to lay on it: the turn is over
    # M 556: a player who cannot start a train marks it and does not draw
    assert game.legal_moves() == []
    with pytest.raises(IllegalMoveError):
        game.draw()
    game.knock()
    assert game.line.markers == {1}
    # the second turn: one bone, on any open train, the Mexican train too
    assert {"mexican", "train 1"} <= {m.side for m in game.legal_moves()}
    # without the rule the first bone ends the turn
    plain = Game.from_deal(Rules.mexican_train(max_pip=6), 2, hands, bazaar)
    plain.play(B(6, 1), "train 0")
    assert plain.turn == 1


def test_mexican_train_out_in_the_first_turn_waits_for_the_others_M558():
    # M 558: a player who lays the whole hand in the first turn does not end the hand at
    # once: it goes on until every player has had a first turn
    r = Rules.mexican_train(max_pip=6, first_turn_train=True)
    hands, bazaar = deal(
        [(6, 1), (1, 2), (2, 3), (3, 4), (4, 5)],
        [(6, 0), (0, 2), (0, 3), (1, 1), (2, 2)],
        without=[B(6, 6)],
    )
    game = Game.from_deal(r, 2, hands, bazaar)
    for bone in [(6, 1), (1, 2), (2, 3), (3, 4), (4, 5)]:
        game.play(B(*bone), "train 0")
    assert not game.rounds and game.turn == 1
    game.play(B(6, 0), "train 1")
    game.play(B(0, 2), "train 1")
    game.end_turn()
    result = game.rounds[0]
    assert result.reason == "out" and result.winner == 0
    assert result.written == (0, 3 + 2 + 4)  # 0-3, 1-1 and 2-2 left to seat 1


# ---------------------------------------------------------------- 9. General, waiting pairs
def test_general_three_pairs_one_waits_M142():
    # M 142: "pairs A,C and B,D play while pair E,F waits"; "a pair that loses twice gives
    # its place to the others"
    sheet = ScoreSheet(6, Rules.general(pairs=3))
    assert sheet.teams == ((0, 3), (1, 4), (2, 5)) and sheet.waiting == ((2, 5),)
    at_table = {0: 0, 1: 5, 2: 0, 3: 7, 4: 2, 5: 0}
    sheet.record_totals(at_table, out=0)  # seat 1 follows 0: pair (1, 4) loses
    assert sheet.waiting == ((2, 5),)
    sheet.record_totals(at_table, out=0)  # pair (1, 4) loses again: it leaves
    assert sheet.waiting == ((1, 4),)


def test_general_at_once_leaves_the_table_M142_K286():
    # M 142: "a pair that gets a General at the very start gives its place to the next"
    sheet = ScoreSheet(6, Rules.general(pairs=3))
    sheet.record_totals({0: 0, 1: 5, 2: 0, 3: 7, 4: 2, 5: 0}, out=0, finished_with=[B(0, 0)])
    assert sheet.score(1) == 1 and sheet.waiting == ((1, 4),)
    # a game deals to the two pairs at the table only
    game = Game(Rules.general(pairs=3), [greedy_player] * 6, seed=1)
    assert [len(game.hand(s)) for s in range(6)] == [7, 7, 0, 7, 7, 0]


# ---------------------------------------------------------------- 10. the fewest bones
def test_fewest_bones_win_a_blocked_game_C1_402_or_fewest_pips_M69():
    hands = {"A": H((1, 2), (0, 1), (0, 0)), "B": H((6, 6))}
    few = ScoreSheet(["A", "B"], Rules.classic(blocked_winner="fewest_bones"))
    few.record_round(hands, fish=True)
    assert few.round_winners == ["B"]  # one bone left against three
    pips = ScoreSheet(["A", "B"], Rules.classic())
    pips.record_round(hands, fish=True)
    assert pips.round_winners == ["A"]  # M 69: "the one with the fewest points"
    assert pips.score("A") == 12 - 4  # "the difference of the points"


# ---------------------------------------------------------------- 11. named readings
def test_the_fisherman_takes_his_own_points_too_M169():
    # M 169: "all the players' points are written to the fisherman's account"
    own = ScoreSheet(list("ABC"), Rules.classic(blocked_winner="fisherman", fisherman_own=True))
    assert own.record_totals({"A": 4, "B": 20, "C": 9}, fish=True, fisherman="B")["B"] == 33
    others = ScoreSheet(list("ABC"), Rules.classic(blocked_winner="fisherman"))
    assert others.record_totals({"A": 4, "B": 20, "C": 9}, fish=True, fisherman="B")["B"] == 13


def test_kozel_to_125_writing_from_25_M175_M177_M356_M358():
    rules = Rules.kozel(target=125, write_from=25)
    sheet = ScoreSheet(["A", "B"], rules)
    assert sheet.record_totals({"A": 0, "B": 24}, out="A")["B"] == 0 and sheet.remembered("B") == 24
    sheet = ScoreSheet(["A", "B"], rules, written={"B": 100})
    sheet.record_totals({"A": 0, "B": 24}, out="A")
    assert not sheet.is_over
    sheet.record_totals({"A": 0, "B": 1}, out="A")
    assert sheet.loser == "B"  # 125 and more: the goat


def test_kozel_smallest_double_opens_M74_M166():
    # M 74: 1-1 when four play, "the smallest double in the other cases"; M 166: 0-0 first
    hands, bazaar = deal(
        [(0, 0), (2, 3), (2, 4), (2, 5), (2, 6), (3, 4), (3, 5)],
        [(1, 1), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (0, 6)],
    )
    assert Game.from_deal(Rules.kozel(), 2, hands, bazaar).legal_moves()[0].bone == B(1, 1)
    game = Game.from_deal(Rules.kozel(first_double="smallest"), 2, hands, bazaar)
    assert game.turn == 0 and game.legal_moves()[0].bone == B(0, 0)


def test_telephone_opened_by_zero_zero_M130():
    # M 130: "the holder of 0-0 (blank, empty-empty) begins the game"
    hands, bazaar = deal(
        [(2, 3), (1, 4), (1, 5), (1, 6), (2, 4), (2, 5), (2, 6)],
        [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (0, 6)],
    )
    assert Game.from_deal(Rules.telephone(), 2, hands, bazaar).turn == 0
    game = Game.from_deal(Rules.telephone(opening="0-0"), 2, hands, bazaar)
    assert game.turn == 1 and [m.bone for m in game.legal_moves()] == [B(0, 0)]


def test_telephone_example_M132_M134():
    # M 132-134: 3-2 scores 5; 2-2 and 3-3 at once 10; 2-4 on the house 2-2: 3 + 3 + 4 = 10;
    # 3-1 on 3-3: 1 + 4 = 5 -- with up to four doubles at once (M 130)
    hands, bazaar = deal(
        [(2, 3), (2, 4), (6, 6), (5, 5), (0, 6), (1, 6), (0, 5)],
        [(2, 2), (3, 3), (1, 3), (0, 0), (0, 1), (1, 1), (4, 4)],
    )
    game = Game.from_deal(Rules.telephone(doubles=4), 2, hands, bazaar)
    game.play(B(2, 3))
    assert game.sheet.scores() == {0: 5, 1: 0}
    game.play([(B(2, 2), "left"), (B(3, 3), "right")])
    assert game.sheet.scores() == {0: 5, 1: 10}
    game.play(B(2, 4), "left")
    assert game.sheet.scores() == {0: 15, 1: 10}
    game.play(B(1, 3), "right")
    assert game.sheet.scores() == {0: 15, 1: 15}


def test_telephone_write_off_and_its_loser_M136_M137():
    # M 136: 6-4 and 5-3 left, 18: 15 written off, no debts
    sheet = ScoreSheet(["A", "B"], Rules.telephone(), written={"A": 220, "B": 40})
    sheet.record_round({"A": [], "B": H((6, 4), (5, 3))})
    assert sheet.score("B") == 25
    # M 137: to 225; "the player with the fewest points has lost"
    sheet.add_points("A", 5)
    sheet.record_totals({"A": 0, "B": 1}, out="A")
    assert sheet.winner == "A" and sheet.loser == "B" and sheet.losers == ("B",)


def test_chechevo_most_points_take_all_M110():
    # M 110: Vasya 23, Alena 25: Alena is written 25 + 23 = 48
    sheet = ScoreSheet(["Vasya", "Alena"], Rules.chechevo())
    assert sheet.record_totals({"Vasya": 23, "Alena": 25}, fish=True)["Alena"] == 48


def test_sea_kozel_zero_and_six_in_hand_M86_M186():
    # M 86 and 186: 0-0 alone 25, 6-6 alone 50, both 75
    sea = Rules.sea_kozel()
    assert [hand_points(h, sea) for h in (H((0, 0)), H((6, 6)), H((0, 0), (6, 6)))] == [25, 50, 75]


def test_rounds_are_counted_alike_in_repr_and_html():
    game = Game("kozel", [greedy_player, random_player], seed=2)
    assert "round 1," in repr(game) and "round 1," in game._repr_html_()
    game.play_round()
    assert "round 2," in repr(game) and "round 2," in game._repr_html_()


def _state(game):
    return (
        game.line.copy(),
        [game.hand(s) for s in range(game.n_players)],
        game.bazaar_size,
        game.turn,
        list(game.history),
        game.sheet.scores(),
    )


def test_illegal_moves_on_the_new_layouts_change_nothing():
    # Five-Up: a bone that fits no free place, a place that is not open
    hands, bazaar = deal(
        [(3, 3), (3, 5), (3, 0), (1, 1), (1, 2)], [(3, 6), (3, 4), (2, 2), (1, 6), (0, 0)]
    )
    game = Game.from_deal(Rules.five_up(), 2, hands, bazaar)
    game.play(B(3, 3))
    before = _state(game)
    for move in [(B(1, 6), "set"), (B(3, 6), "line 1"), (B(3, 6), "double 1")]:
        with pytest.raises(IllegalMoveError):
            game.play(*move)
        assert _state(game) == before
    # Mexican train's first turn: not on the Mexican train yet, and no drawing
    hands, bazaar = deal(
        [(6, 1), (1, 2), (2, 3), (3, 4), (6, 5)],
        [(0, 1), (0, 2), (0, 3), (1, 1), (2, 2)],
        without=[B(6, 6)],
    )
    game = Game.from_deal(Rules.mexican_train(max_pip=6, first_turn_train=True), 2, hands, bazaar)
    before = _state(game)
    with pytest.raises(IllegalMoveError):
        game.play(B(6, 1), "mexican")
    with pytest.raises(IllegalMoveError):
        game.draw()
    assert _state(game) == before


def test_wrong_types_raise_the_library_type_error():
    from dominotiling.errors import DominoTypeError

    for call in [
        lambda: Rules.general(pairs="3"),
        lambda: Rules.kramer_muggins(teams=1),
        lambda: Rules.options(3),
        lambda: Rules.kozel(write_from=12.5),
    ]:
        with pytest.raises(DominoTypeError):
            call()


def test_a_fisherman_under_25_plays_the_next_round_on_a_hundred_M89_M187_M241():
    # M 89: "if the fisherman has less than 25 and the other more, the fisherman wins and
    # makes the move 'on a hundred'" (M 187, M 241 and kozel_and_variants_ru.txt 120 alike)
    sheet = ScoreSheet(["A", "B"], Rules.sea_kozel())
    assert sheet.record_totals({"A": 10, "B": 30}, fish=True, fisherman="A")["A"] == 30
    sheet.record_totals({"A": 0, "B": 5}, out="A", opener="A")
    assert sheet.winner == "A"  # going out on a hundred wins the match
    # the other way round: lost on a hundred with 25 or more left loses it
    sheet = ScoreSheet(["A", "B"], Rules.sea_kozel())
    sheet.record_totals({"A": 10, "B": 30}, fish=True, fisherman="A")
    sheet.record_totals({"A": 25, "B": 0}, out="B", opener="A")
    assert sheet.loser == "A"
    # a fisherman under 25 against less than 25: an ordinary next round
    sheet = ScoreSheet(["A", "B"], Rules.sea_kozel(), written={"A": 30})
    sheet.record_totals({"A": 10, "B": 20}, fish=True, fisherman="A")
    sheet.record_totals({"A": 0, "B": 5}, out="A", opener="A")
    assert not sheet.is_over


def test_classic_opened_from_zero_zero_or_six_six_M66_M166():
    # M 66: "the holder of 6-6 or of 0-0 opens, depending on the rules"; M 166: the
    # smallest double, and with none dealt the smallest bone, "for example 0-1 or 1-2"
    hands, bazaar = deal(
        [(0, 0), (1, 2), (1, 3), (1, 4), (1, 5), (2, 3), (2, 4)],
        [(6, 6), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (0, 6)],
    )
    assert Game.from_deal(Rules.classic(), 2, hands, bazaar).turn == 1
    game = Game.from_deal(Rules.classic(first_double="0-0"), 2, hands, bazaar)
    assert game.turn == 0 and [m.bone for m in game.legal_moves()] == [B(0, 0)]
    # no double dealt (all seven lie in the bazaar): the lightest bone, 0-1, opens; by
    # default the heaviest, 2-6 (M 67: "the bone with the most points, e.g. 6-5")
    hands, bazaar = deal(
        [(1, 2), (2, 3), (2, 4), (2, 5), (2, 6), (3, 4), (3, 5)],
        [(0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (0, 6), (1, 3)],
    )
    assert not any(b.is_double for h in hands for b in h)
    game = Game.from_deal(Rules.classic(first_double="0-0"), 2, hands, bazaar)
    assert game.turn == 1 and [m.bone for m in game.legal_moves()] == [B(0, 1)]
    game = Game.from_deal(Rules.classic(), 2, hands, bazaar)
    assert game.turn == 0 and [m.bone for m in game.legal_moves()] == [B(2, 6)]


def test_classic_lone_blank_counts_25_M310():
    # M 310: "if the opponent is left with 0:0 it counts 25; with any other bone the blank
    # double is not counted"
    rules = Rules.classic(lone_blank=True)
    assert hand_points(H((0, 0)), rules) == 25
    assert hand_points(H((0, 0), (1, 2)), rules) == 3
