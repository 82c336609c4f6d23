"""Invariants over thousands of simulated games, for every preset.

Each game is played step by step; after every action the test checks, with
its own bookkeeping rather than the engine's: bones are conserved and hands
disjoint, every accepted play was legal (the bone was in the mover's hand and
matched the end it was played on; the opening bone followed the rule), draws
and knocks happened only when no play was possible, and the points written
each round follow the scoring rules (an independent re-implementation below).
"""

import pytest

from dominotiling.games import (
    Bone,
    Game,
    Line,
    Rules,
    double_set,
    doubles_first_player,
    greedy_player,
    random_player,
)
from dominotiling.games.layouts import ChickenFoot, FiveUp, Sausage, Trains

FULL = frozenset(double_set(6))
STRATEGIES = [random_player, greedy_player, doubles_first_player, random_player]


def expected_opening(rules, hands):
    if rules.first_opener == "seat":
        return 0, None
    dealt = {b: s for s, h in enumerate(hands) for b in h}
    for v in rules.opening_doubles:
        if Bone(v, v) in dealt:
            return dealt[Bone(v, v)], Bone(v, v)
    heaviest = max(dealt, key=lambda b: (b.pips, b.high))
    return dealt[heaviest], heaviest


def fits(bone, ends):
    return any(v in (bone.low, bone.high) for v in ends)


class ReferenceKozel:
    """The Kozel sheet rules, written again for checking (accounts = teams or players)."""

    def __init__(self, accounts, fish_mode):
        self.accounts = accounts
        self.fish_mode = fish_mode
        self.written = {a: 0 for a in accounts}
        self.memory = {a: 0 for a in accounts}
        self.open = {a: False for a in accounts}
        self.pot = 0

    def take(self, a, pts, gained):
        if self.open[a] or pts > 12:
            gained[a] = pts + self.memory[a]
            self.memory[a] = 0
            self.open[a] = True
        else:
            self.memory[a] += pts

    def round(self, pts, out_account, fish):
        gained = {a: 0 for a in self.accounts}
        most = max(pts.values())
        top = [a for a in self.accounts if pts[a] == most]
        if fish and self.fish_mode == "one":
            if len(top) == 1:
                everything = sum(pts.values()) + self.pot
                self.pot = 0
                for a in self.accounts:
                    if a == top[0]:
                        self.take(a, everything, gained)
                    else:
                        self.memory[a] = 0
            else:
                self.pot += sum(pts.values())
        else:
            if self.pot and len(top) == 1:
                pts = dict(pts)
                pts[top[0]] += self.pot
                self.pot = 0
            for a in self.accounts:
                if a == out_account:
                    self.memory[a] = 0
                else:
                    self.take(a, pts[a], gained)
        for a in self.accounts:
            self.written[a] += gained[a]
        return gained


def kozel_points(hand):
    if list(hand) == [Bone(0, 0)]:
        return 10
    return sum(b.pips for b in hand)


def is_fish(ends, table):
    values = set(ends)
    if len(values) != 1:
        return False
    v = values.pop()
    return all(Bone(v, w) in table for w in range(7) if w != v)


def round_to_five(x):
    return 5 * round(x / 5)  # never a tie: x is a whole number


def check_match(rules, n, seed):
    """Play one match step by step and check everything; return counters."""
    game = Game(rules, STRATEGIES[:n], seed=seed)
    teams = [(0, 2), (1, 3)] if rules.teams else [(s,) for s in range(n)]
    account = {s: i for i, t in enumerate(teams) for s in t}
    ref = ReferenceKozel(range(len(teams)), rules.fish_mode)
    totals = [0] * n  # classic and Muggins: written points per seat
    stats = {
        "rounds": 0,
        "redeals": 0,
        "fish": 0,
        "draws": 0,
        "knocks": 0,
        "plays": 0,
        "carries": 0,
        "blocked": 0,
    }
    bazaar_order = list(game.history[0].info[1])
    first_in_round = True
    while not game.over:
        seat = game.turn
        hands = [game.hand(s) for s in range(n)]
        ends = game.line.open_ends()
        start = len(game.history)
        number = game.round_number
        if first_in_round:
            deal = game.history[-1]
            assert deal.kind == "deal"
            dealt = deal.info[0]
            assert [tuple(sorted(h)) for h in dealt] == [tuple(sorted(h)) for h in hands]
            assert all(len(h) == rules.hand_size(n) for h in dealt)
            assert not any(rules.needs_redeal(h) for h in dealt)
            stats["redeals"] += deal.info[2]
            bazaar_order = list(deal.info[1])
            if number == 0 or rules.later_opener == "rule":
                opener, bone = expected_opening(rules, dealt)
                assert seat == opener
            else:  # opened by the previous round's winner (out, fisherman, lowest hand)
                previous = game.rounds[-1]
                assert seat == (previous.winner if previous.winner is not None else previous.opener)
        game.step()
        action = game.history[start]
        assert action.seat == seat
        if action.kind == "play":
            stats["plays"] += 1
            assert action.bone in hands[seat]
            if first_in_round:
                if (number == 0 or rules.later_opener == "rule") and bone is not None:
                    assert action.bone == bone
            else:
                assert action.side in ends and ends[action.side] in (
                    action.bone.low,
                    action.bone.high,
                )
            if rules.scoring == "fives":
                assert action.info % 5 == 0
                totals[seat] += action.info
        else:
            assert ends and not any(fits(b, ends.values()) for b in hands[seat])
            if action.kind == "draw":
                stats["draws"] += 1
                assert action.bone == bazaar_order.pop(0)
                assert game.hand(seat) == hands[seat] + (action.bone,)
            else:
                stats["knocks"] += 1
                assert action.kind == "knock" and not bazaar_order
        first_in_round = False
        if game.round_number == number and not game.over:
            held = [set(game.hand(s)) for s in range(n)]
            table = game.line.bones_on_table
            assert sum(map(len, held)) + len(table) + len(bazaar_order) == len(FULL)
            assert set().union(*held, table, bazaar_order) == FULL
            assert len(bazaar_order) == game.bazaar_size
            if rules.fish_ends_round and action.kind == "play":
                assert not is_fish(game.line.ends, table)  # a fish would have ended the round
            continue
        # the round ended on this action
        first_in_round = True
        stats["rounds"] += 1
        result = game.rounds[-1]
        left = [set(h) for h in result.hands]
        table = set(result.line)
        assert sum(map(len, left)) + len(table) + len(bazaar_order) == len(FULL)
        assert set().union(*left, table, bazaar_order) == FULL
        empty = [s for s in range(n) if not left[s]]
        if result.reason == "out":
            assert empty == [seat]
        elif result.reason == "fish":
            stats["fish"] += 1
            assert not empty and rules.fish_ends_round
            assert is_fish(result.line.ends, table)
        else:
            stats["blocked"] += 1
            assert not empty and not bazaar_order
            assert not any(fits(b, result.line.ends) for h in left for b in h)
        if rules.scoring == "kozel":
            pts = {a: sum(kozel_points(result.hands[s]) for s in t) for a, t in enumerate(teams)}
            out = account[empty[0]] if empty else None
            gained = ref.round(pts, out, result.reason != "out")
            assert result.written == tuple(gained[account[s]] for s in range(n))
            stats["carries"] += ref.pot > 0
            # the match goes on exactly while nobody has written 101
            assert game.over == (max(ref.written.values()) >= 101)
        else:
            pips = [sum(b.pips for b in h) for h in result.hands]
            gain = [0] * n
            if empty:
                # Muggins: going out scores a flat 10 (kozel_and_variants_ru.txt, paragraph 275)
                gain[seat] = 10 if rules.scoring == "fives" else sum(pips)
                assert result.winner == seat
            else:
                low = min(pips)
                if pips.count(low) == 1:
                    lowest = pips.index(low)
                    gain[lowest] = sum(pips) - 2 * low
                    # the winner of a blocked round is the lowest hand, who opens next
                    assert result.winner == lowest
                else:
                    assert result.winner is None
            if rules.scoring == "fives" and not empty:
                gain = [round_to_five(g) for g in gain]
            assert result.written == tuple(gain)
            for s in range(n):
                totals[s] += gain[s]
            assert game.over == (max(totals) >= rules.target)
    # the end of the match
    if rules.scoring == "kozel":
        assert {s: ref.written[account[s]] for s in range(n)} == game.sheet.scores()
        loser = game.sheet.loser
        goat_account = account[loser[0] if rules.teams else loser]
        assert ref.written[goat_account] >= 101
        assert ref.written[goat_account] == max(ref.written.values())
        assert game.sheet.carried == ref.pot
        for s in range(n):
            assert game.sheet.remembered(s) == ref.memory[account[s]]
    else:
        assert totals == [game.sheet.score(s) for s in range(n)]
        assert max(totals) >= rules.target and game.sheet.winner == totals.index(max(totals))
    return stats


def run_many(rules, counts, seed0):
    stats = {}
    for n, games in counts:
        for k in range(games):
            for key, value in check_match(rules, n, seed0 + 1000 * n + k).items():
                stats[key] = stats.get(key, 0) + value
    return stats


def test_kozel_fish_for_all_invariants():
    stats = run_many(Rules.kozel("all"), [(2, 120), (3, 120), (4, 120)], seed0=1)
    assert stats["fish"] > 0 and stats["draws"] > 0 and stats["knocks"] > 0
    assert stats["redeals"] > 0  # the redeal rule was exercised (and held: see check_match)


def test_kozel_fish_for_one_invariants():
    stats = run_many(Rules.kozel("one"), [(2, 120), (3, 120), (4, 120)], seed0=2)
    assert stats["fish"] > 0 and stats["redeals"] > 0
    assert stats["carries"] > 0  # tied fish for one happened and was carried


def test_kozel_teams_invariants():
    stats = run_many(Rules.kozel("one", players=4, teams=True), [(4, 150)], seed0=3)
    assert stats["fish"] > 0


def test_classic_invariants():
    stats = run_many(Rules.classic(), [(2, 120), (3, 100), (4, 100)], seed0=4)
    assert stats["fish"] == 0 and stats["draws"] > 0 and stats["knocks"] > 0


def test_muggins_invariants():
    stats = run_many(Rules.muggins(), [(2, 100), (3, 80), (4, 80)], seed0=5)
    assert stats["plays"] > 0 and stats["draws"] > 0 and stats["blocked"] > 0


@pytest.mark.parametrize(
    "rules", [Rules.kozel(), Rules.classic(), Rules.muggins()], ids=["kozel", "classic", "muggins"]
)
def test_replay_of_simulated_games(rules):
    for seed in range(30):
        game = Game(rules, STRATEGIES[:3], seed=seed)
        game.play_match()
        again = Game.replay(rules, 3, game.history)
        assert again.history == game.history
        assert again.sheet.scores() == game.sheet.scores()
        assert [r.written for r in again.rounds] == [r.written for r in game.rounds]


# ---------------------------------------------------------------- every rule set
# (Mexican train and Chicken foot play 13 and 10 deals a match: 4 here; whole matches are
# played in test_layouts.py)
EVERY = [
    (
        name,
        Rules.by_name(name).with_(deals=4)
        if Rules.by_name(name).set_double
        else Rules.by_name(name),
    )
    for name in Rules.names()
] + [
    ("kozel teams eggs reserve", Rules.kozel("one", players=4, teams=True, eggs=True, reserve=1)),
    (
        "classic fisherman draw one",
        Rules.classic(blocked_winner="fisherman", draw_one=True, heavy_doubles=True),
    ),
    (
        "classic replay rotate",
        Rules.classic(blocked_tie="replay", later_opener="rotate", opening_fallback="lightest"),
    ),
    ("fives played undivided", Rules.fives(cross="played", divide=False)),
    ("fives without cross, teams", Rules.fives(spinner=False, teams=True)),
    ("telephone per five, 4 doubles", Rules.telephone(per_five=True, doubles=4)),
    ("telephone teams", Rules.telephone(teams=True)),
    ("sea kozel teams", Rules.sea_kozel(players=4, teams=True)),
    ("straight teams", Rules.straight(teams=True)),
    ("sport kozel 4 deals", Rules.sport_kozel(deals=4)),
    ("general, 0-0 only", Rules.general(deals=3, only_zero=True)),
    ("general, strict", Rules.general(deals=3, strict=True)),
    ("seven, first to three loses", Rules.seven(drop_out=False)),
    ("seven, two bones after three turns", Rules.seven(two_bones="turns")),
    ("seven without two bones", Rules.seven(two_bones=False)),
    ("sea kozel, eggs replayed", Rules.sea_kozel(egg_attempts=None)),
    ("muggins across only", Rules.muggins(lengthwise=False)),
    ("mexican train, double-9", Rules.mexican_train(max_pip=9, deals=4)),
    (
        "mexican train, double-6, a train in the first turn",
        Rules.mexican_train(max_pip=6, first_turn_train=True),
    ),
    (
        "mexican train, double-15, a train in the first turn",
        Rules.mexican_train(max_pip=15, deals=3, first_turn_train=True),
    ),
    ("mexican train, double-18", Rules.mexican_train(max_pip=18, deals=2)),
    (
        "sea kozel, eggs rot after replays, 6-6 on the losers' total, hundred by the opener",
        Rules.sea_kozel(rotten_eggs="replays", six_six="losers_total", hundred="opener"),
    ),
    ("general, three pairs", Rules.general(deals=6, pairs=3)),
    ("general, four pairs leaving on a General", Rules.general(deals=6, pairs=4, leaves="general")),
    ("kramer's muggins, first double a cross", Rules.kramer_muggins(first_double_ends=True)),
    ("classic, fewest bones win", Rules.classic(blocked_winner="fewest_bones")),
    ("classic from 0-0, a lone blank 25", Rules.classic(first_double="0-0", lone_blank=True)),
    ("kozel from the smallest double", Rules.kozel(first_double="smallest", eggs=True)),
    (
        "classic, the fisherman takes his own too",
        Rules.classic(blocked_winner="fisherman", fisherman_own=True),
    ),
    ("kozel to 125 from 25", Rules.kozel(target=125, write_from=25)),
    ("telephone opened by 0-0", Rules.telephone(opening="0-0")),
    ("block, the difference", Rules.block(score="difference")),
    ("chicken foot, redeal", Rules.chicken_foot(missing="redeal", deals=4)),
    (
        "kolbasa, equal ends, double first, one bone a turn",
        Rules.kolbasa(cuts="equal_ends", open_with_double=True, turn_goes_on=False),
    ),
]
DECREASING = ("telephone", "sea_kozel")  # these rules write points off


def check_chain(pairs, start=None):
    """Oriented pairs, each touching the next with equal halves (the first on ``start``)."""
    if pairs and start is not None:
        assert pairs[0][0] == start
    assert all(a[1] == b[0] for a, b in zip(pairs, pairs[1:]))
    return [Bone(a, b) for a, b in pairs]


def check_table(table):
    """Whatever lies on the table is legal: a line, trains, a chicken foot or a sausage."""
    if isinstance(table, Line):
        return check_line(table)
    if isinstance(table, Trains):
        e = table.engine
        bones = [Bone(e, e)]
        for name in table.open_ends():
            bones += check_chain(table.train(name), start=e)
    elif isinstance(table, ChickenFoot):
        if not len(table):
            return
        root = table.first
        assert root.is_double
        bones = [root]
        toes, parents = table.toes(), table.parents()
        for toe, parent in zip(toes, parents):
            if parent is None:
                bones += check_chain(toe, start=root.low)
            else:
                a, b = toes[parent - 1][-1]
                assert a == b  # a foot grows on a double only
                bones += check_chain(toe, start=a)
        on_root = parents.count(None)
        assert on_root <= 2 * table.foot_size
        for k in set(parents) - {None}:
            assert parents.count(k) <= table.foot_size
    elif isinstance(table, FiveUp):
        if not len(table):
            return
        first = table.first
        bones = [first]
        starts = {}  # a line starts on the set or on a double
        for k, pairs in enumerate(table.lines()):
            assert pairs or not first.is_double
            bones += check_chain(pairs)
            starts[k] = pairs[0][0] if pairs else None
        doubles = [first] if first.is_double else []
        doubles += [
            Bone(*pairs[-1]) for pairs in table.lines() if pairs and pairs[-1][0] == pairs[-1][1]
        ]
        for k, start in starts.items():
            if start is not None and not first.is_double and k < 2:
                assert start in (first.low, first.high)
            elif start is not None:
                assert any(d.low == start for d in doubles)
    else:
        assert isinstance(table, Sausage)
        if table.head is None:
            return
        a, b = table.head
        bones = (
            [Bone(a, b)]
            + check_chain(table.line("top"), start=a)
            + check_chain(table.line("bottom"), start=b)
        )
    assert len(bones) == len(set(bones)) == len(table)
    assert set(bones) == table.bones_on_table


def check_line(line):
    """The line is a legal chain: neighbours match, arms grow from the right values."""
    chain = line.chain()
    assert all(a[1] == b[0] for a, b in zip(chain, chain[1:]))
    bones = [Bone(a, b) for a, b in chain]
    for side in ("up", "down"):
        arm = line.arm(side)
        if arm:
            assert arm[0][0] == line.spinner_value()
            assert all(a[1] == b[0] for a, b in zip(arm, arm[1:]))
            bones += [Bone(a, b) for a, b in arm]
    assert len(bones) == len(set(bones)) == len(line)
    assert set(bones) == line.bones_on_table


def check_generic(rules, n, seed):
    players = [random_player, greedy_player, doubles_first_player, random_player] * 2
    game = Game(rules, players[:n], seed=seed)
    full = frozenset(double_set(rules.max_pip))
    steps = 0
    while not game.over:
        steps += 1
        assert steps < 20000, "the match does not end"
        seat, number = game.turn, game.round_number
        hand, ends = set(game.hand(seat)), game.line.open_ends()
        scores = game.sheet.scores()
        start = len(game.history)
        game.step()
        new = game.history[start:]
        action = new[0]
        assert action.seat == seat
        if action.kind == "play":
            assert action.bone in hand
            if ends and rules.layout == "line":
                assert ends[action.side] in (action.bone.low, action.bone.high)
        after = game.sheet.scores()
        assert all(v >= 0 for v in after.values())
        round_ended = game.round_number != number or game.over
        if rules.scoring not in DECREASING or not round_ended:
            assert all(after[p] >= scores[p] for p in scores)  # never decreasing
        if not round_ended:
            held = [set(game.hand(s)) for s in range(n)]
            table = game.line.bones_on_table
            count = sum(map(len, held)) + len(table) + game.bazaar_size + game.reserve_size
            assert count == len(full)
            assert set().union(*held, table) <= full and len(set().union(*held, table)) == sum(
                map(len, held)
            ) + len(table)
            check_table(game.line)
        else:
            for r in game.rounds[-1:]:
                check_table(r.line)
                left = [set(h) for h in r.hands]
                assert not set().union(*left) & r.line.bones_on_table
    assert game.sheet.is_over
    return game


@pytest.mark.parametrize("name, rules", EVERY, ids=[name for name, _ in EVERY])
def test_every_rule_set_keeps_the_invariants(name, rules):
    """28 bones once each, legal chains, scores non-negative and (except where the rules write
    points off) never decreasing, and every match ends -- for every rule set and size."""
    sizes = sorted({rules.min_players, max(rules.min_players, min(rules.max_players, 5))})
    for n in sizes:
        for seed in range(10):
            game = check_generic(rules, n, seed=100 * n + seed)
            if seed == 0:
                again = Game.replay(rules, n, game.history)
                assert again.history == game.history
