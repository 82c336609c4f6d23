"""The engine on hand-made deals: opening rules, turns, drawing, illegal moves, replay."""

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


def B(a, b):
    return Bone(a, b)


FULL = double_set(6)


def deal(*hands):
    """Hands as lists of pairs; every other bone goes to the bazaar, in set order."""
    hands = [[B(*p) for p in h] for h in hands]
    used = {b for h in hands for b in h}
    return hands, [b for b in FULL if b not in used]


def snapshot(game):
    return (
        tuple(game.hand(s) for s in range(game.n_players)),
        game.line.chain(),
        game.line.open_ends(),
        game.turn,
        game.bazaar_size,
        len(game.history),
        game.sheet.scores(),
        game.round_number,
        game.over,
    )


# ---------------------------------------------------------------- opening rules
NO_DOUBLES = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (0, 5),
    (0, 6),
    (1, 2),
    (1, 3),
    (1, 4),
    (1, 5),
    (1, 6),
    (2, 3),
    (2, 4),
    (2, 5),
]


def test_kozel_first_round_opens_with_one_one():
    hands, bazaar = deal(
        [(0, 0), (2, 2), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5)],
        [(1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (2, 3)],
    )
    game = Game.from_deal(Rules.kozel(), 2, hands, bazaar)
    assert game.turn == 1 and game.legal_moves() == [Move(B(1, 1), "right")]


def test_kozel_opening_skips_undealt_doubles():
    # 1-1 is in the bazaar, 2-2 with seat 1
    hands, bazaar = deal(
        [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (0, 6)],
        [(2, 2), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (2, 3)],
    )
    game = Game.from_deal(Rules.kozel(), 2, hands, bazaar)
    assert game.turn == 1 and game.legal_moves() == [Move(B(2, 2), "right")]


def test_kozel_double_zero_comes_after_six_six():
    # only 0-0 and 6-6 dealt: 6-6 opens
    hands, bazaar = deal(
        [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (0, 6)],
        [(6, 6), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (2, 3)],
    )
    assert Game.from_deal(Rules.kozel(), 2, hands, bazaar).legal_moves()[0].bone == B(6, 6)
    # only 0-0 dealt: 0-0 opens
    hands, bazaar = deal(
        [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (0, 6)],
        [(1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (2, 3), (2, 4)],
    )
    game = Game.from_deal(Rules.kozel(), 2, hands, bazaar)
    assert game.turn == 0 and game.legal_moves()[0].bone == B(0, 0)


def test_kozel_without_doubles_heaviest_opens():
    hands, bazaar = deal(NO_DOUBLES[:7], NO_DOUBLES[7:13] + [(5, 6)])
    game = Game.from_deal(Rules.kozel(), 2, hands, bazaar)
    assert game.turn == 1 and game.legal_moves() == [Move(B(5, 6), "right")]
    # 5-6 undealt: 4-6 (10 pips) is the heaviest
    hands, bazaar = deal(NO_DOUBLES[:7], NO_DOUBLES[7:13] + [(4, 6)])
    assert Game.from_deal(Rules.kozel(), 2, hands, bazaar).legal_moves()[0].bone == B(4, 6)
    # neither: 3-6 and 4-5 have 9 pips; the larger half (6) decides
    hands, bazaar = deal(NO_DOUBLES[:6] + [(4, 5)], NO_DOUBLES[7:13] + [(3, 6)])
    game = Game.from_deal(Rules.kozel(), 2, hands, bazaar)
    assert game.legal_moves()[0].bone == B(3, 6) and game.turn == 1


def test_classic_opens_with_six_six_then_highest_double():
    hands, bazaar = deal(
        [(1, 1), (0, 1), (0, 2), (0, 3), (0, 4)],
        [(5, 5), (1, 2), (1, 3), (1, 4), (1, 5)],
        [(6, 6), (2, 3), (2, 4), (2, 5), (2, 6)],
    )
    game = Game.from_deal(Rules.classic(), 3, hands, bazaar)
    assert game.turn == 2 and game.legal_moves() == [Move(B(6, 6), "right")]
    hands, bazaar = deal(
        [(1, 1), (0, 1), (0, 2), (0, 3), (0, 4)],
        [(5, 5), (1, 2), (1, 3), (1, 4), (1, 5)],
        [(0, 5), (2, 3), (2, 4), (2, 5), (2, 6)],
    )
    game = Game.from_deal(Rules.classic(), 3, hands, bazaar)
    assert game.turn == 1 and game.legal_moves() == [Move(B(5, 5), "right")]


def test_wrong_opening_bone_is_refused():
    hands, bazaar = deal(
        [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (0, 6)],
        [(1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (2, 3)],
    )
    game = Game.from_deal(Rules.kozel(), 2, hands, bazaar)
    before = snapshot(game)
    with pytest.raises(IllegalMoveError, match="opened with 1-1"):
        game.play(Move(B(1, 2), "right"))
    assert snapshot(game) == before


def test_kozel_later_round_opened_by_winner_with_any_bone():
    game = Game(Rules.kozel(), [greedy_player] * 3, seed=11)
    first = game.play_round()
    assert game.round_number == 1
    assert game.turn == first.winner
    assert len(game.legal_moves()) == 7  # any of the 7 bones


# ---------------------------------------------------------------- turns, drawing, knocking
def test_draw_until_able():
    # seat 0 opens 1-1; seat 1 holds no 1 and must draw
    hands, bazaar = deal(
        [(1, 1), (0, 2), (0, 3), (0, 4), (0, 5), (0, 6), (2, 3)],
        [(2, 2), (2, 4), (2, 5), (2, 6), (3, 3), (3, 4), (3, 5)],
    )
    bazaar = [B(4, 4), B(1, 6)] + [b for b in bazaar if b not in (B(4, 4), B(1, 6))]
    game = Game.from_deal(Rules.kozel(), 2, hands, bazaar)
    game.play(game.legal_moves()[0])
    assert game.turn == 1 and game.legal_moves() == []
    before = snapshot(game)
    with pytest.raises(IllegalMoveError, match="must draw"):
        game.knock()
    assert snapshot(game) == before
    assert game.draw() == B(4, 4)  # the bazaar is drawn in the given order
    assert game.legal_moves() == []
    assert game.draw() == B(1, 6)
    assert game.legal_moves() == [Move(B(1, 6), "left"), Move(B(1, 6), "right")]
    with pytest.raises(IllegalMoveError, match="must play, not draw"):
        game.draw()
    assert game.bazaar_size == 14 - 2


def test_knock_when_no_bazaar():
    # four players, no bazaar: 1-1 opens; seat 3 holds no 1 ... pass around
    bones = FULL
    hands = [
        [B(1, 1), B(0, 0), B(0, 2), B(0, 3), B(0, 4), B(0, 5), B(0, 6)],
        [B(2, 2), B(2, 3), B(2, 4), B(2, 5), B(2, 6), B(3, 3), B(3, 4)],
        [B(1, 2), B(1, 3), B(1, 4), B(1, 5), B(1, 6), B(0, 1), B(3, 5)],
        [B(3, 6), B(4, 4), B(4, 5), B(4, 6), B(5, 5), B(5, 6), B(6, 6)],
    ]
    assert sorted(b for h in hands for b in h) == bones
    game = Game.from_deal(Rules.kozel(), 4, hands)
    game.play(game.legal_moves()[0])  # seat 0 plays 1-1
    assert game.turn == 1 and game.legal_moves() == []
    before = snapshot(game)
    with pytest.raises(IllegalMoveError, match="nothing to draw"):
        game.draw()
    assert snapshot(game) == before
    game.knock()
    assert game.turn == 2
    with pytest.raises(IllegalMoveError, match="must play, not knock"):
        game.knock()


# ---------------------------------------------------------------- illegal moves change nothing
def test_illegal_plays_change_nothing():
    hands, bazaar = deal(
        [(1, 1), (0, 2), (0, 3), (0, 4), (0, 5), (0, 6), (2, 3)],
        [(2, 2), (2, 4), (2, 5), (2, 6), (3, 3), (3, 4), (1, 5)],
    )
    game = Game.from_deal(Rules.kozel(), 2, hands, bazaar)
    game.play(B(1, 1))
    assert game.turn == 1
    before = snapshot(game)
    with pytest.raises(IllegalMoveError, match="not in the hand"):
        game.play(Move(B(0, 2), "right"))  # seat 0's bone
    with pytest.raises(IllegalMoveError, match="does not match"):
        game.play(Move(B(2, 4), "left"))  # in hand, but the ends show 1 and 1
    with pytest.raises(IllegalMoveError, match="not open"):
        game.play(Move(B(1, 5), "up"))  # no spinner in Kozel
    with pytest.raises(IllegalMoveError):
        game.play("1-5")
    with pytest.raises(IllegalMoveError):
        game.play((B(1, 5), "middle"))
    with pytest.raises(IllegalMoveError, match="must play, not draw"):
        game.draw()
    with pytest.raises(IllegalMoveError, match="must play, not knock"):
        game.knock()
    assert snapshot(game) == before
    game.play(B(1, 5), "left")  # the legal move still works
    assert game.line.chain() == [(5, 1), (1, 1)]


def test_bad_strategy_move_changes_nothing():
    def cheat(view):  # a bone that is not in the hand
        return Move(next(b for b in FULL if b not in view.hand), "right")

    game = Game(Rules.classic(), [cheat, cheat], seed=2)
    before = snapshot(game)
    with pytest.raises(IllegalMoveError, match="not in the hand"):
        game.step()
    assert snapshot(game) == before


def test_no_moves_after_the_match():
    game = Game(Rules.kozel(), [greedy_player, random_player], seed=4)
    game.play_match()
    assert game.over and game.legal_moves() == []
    before = snapshot(game)
    for action in (game.draw, game.knock, game.step, lambda: game.play(B(0, 0))):
        with pytest.raises(IllegalMoveError, match="over"):
            action()
    assert snapshot(game) == before


def test_manual_seat_cannot_step():
    hands, bazaar = deal(
        [(1, 1), (0, 2), (0, 3), (0, 4), (0, 5), (0, 6), (2, 3)],
        [(2, 2), (2, 4), (2, 5), (2, 6), (3, 3), (3, 4), (1, 5)],
    )
    game = Game.from_deal(Rules.kozel(), [None, greedy_player], hands, bazaar)
    before = snapshot(game)
    with pytest.raises(ValueError, match="no player function"):
        game.step()
    assert snapshot(game) == before
    game.play(B(1, 1))
    game.step()  # seat 1 plays its only fitting bone, 1-5 ...
    assert game.line.chain() == [(5, 1), (1, 1)] and game.turn == 0  # first legal side: left


def test_bad_game_arguments():
    with pytest.raises(ValueError, match="players"):
        Game(Rules.kozel(), 5)
    with pytest.raises(TypeError):
        Game(Rules.kozel(), ["me", "you"])
    hands, bazaar = deal(NO_DOUBLES[:7], NO_DOUBLES[7:14])
    with pytest.raises(ValueError, match="exactly once"):
        Game.from_deal(Rules.kozel(), 2, hands, bazaar[:-1])
    with pytest.raises(ValueError, match="hands"):
        Game.from_deal(Rules.kozel(), 3, hands, bazaar)


# ---------------------------------------------------------------- views, replay, seeds
def test_view_hides_other_hands_and_cannot_change_the_game():
    checks = []

    def spy(view):
        n_line = len(view.line)
        assert sum(view.hand_sizes) + view.bazaar_size + n_line == 28
        view.line.play(view.legal_moves[0].bone, view.legal_moves[0].side)  # on a copy
        checks.append(len(view.line) == n_line)
        history = view.history
        checks.append(all(e.info is None for e in history if e.kind == "deal"))
        checks.append(
            all(e.bone is None for e in history if e.kind == "draw" and e.seat != view.seat)
        )
        with pytest.raises(AttributeError):
            view.hand = ()
        return view.legal_moves[0]

    game = Game(Rules.classic(), [spy, spy], seed=8)
    game.play_round()
    game.play_round()
    assert len(checks) >= 3 and all(checks)
    assert any(e.kind == "draw" for e in game.history)  # so the hiding was exercised


def test_same_seed_same_game_and_replay():
    a = Game(Rules.muggins(), [greedy_player, random_player, random_player], seed=21)
    b = Game(Rules.muggins(), [greedy_player, random_player, random_player], seed=21)
    a.play_match()
    b.play_match()
    assert a.history == b.history and a.sheet.scores() == b.sheet.scores()
    c = Game(Rules.muggins(), [greedy_player, random_player, random_player], seed=22)
    c.play_match()
    assert c.history != a.history
    r = Game.replay(Rules.muggins(), 3, a.history)
    assert r.over and r.sheet.scores() == a.sheet.scores() and r.history == a.history


def test_replay_rejects_a_doctored_history():
    game = Game(Rules.kozel(), [greedy_player, greedy_player], seed=6)
    game.play_round()
    history = list(game.history)
    i = next(k for k, e in enumerate(history) if e.kind == "play" and k > 2)
    other = next(b for b in FULL if b != history[i].bone)
    history[i] = history[i]._replace(bone=other)
    with pytest.raises(IllegalMoveError):
        Game.replay(Rules.kozel(), 2, history)


def test_replay_of_a_cut_history():
    game = Game(Rules.kozel(), [greedy_player, random_player], seed=9)
    game.play_round()
    game.step()
    game.step()
    history = list(game.history)
    # cut in the middle of the second round: same position
    again = Game.replay(Rules.kozel(), 2, history)
    assert snapshot(again)[:5] == snapshot(game)[:5] and again.round_number == 1
    # cut right after the first round's end: no deal is known for the next round
    end = next(k for k, e in enumerate(history) if e.kind == "end")
    between = Game.replay(Rules.kozel(), 2, history[: end + 1])
    assert len(between.rounds) == 1 and between.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="between two rounds"):
        between.knock()
