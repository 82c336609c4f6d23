"""The families of games as hooks: what only each family needs, and how it scores a round.

:class:`Family` is the protocol the engine and the score sheet call; each family is a small
frozen dataclass of its options, picked by ``Rules(scoring=name)`` (or ``Rules(family=...)``, a
subclass of one's own), keeping its state in the sheet's public attributes."""

from dataclasses import dataclass
from typing import Literal

from .. import _validate
from ..errors import DominoTilingError
from .bones import Bone
from .records import Event

__all__ = ["Family", "Round", "FAMILIES"]
_SIX, _BLANK = Bone(6, 6), ((0, 0),)


class Round:
    """The end of one round as a family sees it: ``points`` per account, ``player_points``,
    ``hands`` per player (or None: totals only), who went ``out`` (and ``out_account``), ``fish``,
    the ``fisherman``, the ``opener`` (each with its ``*_account``), ``opened_with``,
    ``finished_with``, and ``replayed`` (set True when the round does not count as a deal)."""

    def __init__(self, sheet, points, hands, out, fish, fisherman, opener, opened_with, finished):
        account = lambda p: None if p is None else sheet.account(p)  # noqa: E731
        self.player_points, self.hands, self.fish, self.replayed = points, hands, fish, False
        self.points = [sum(points[p] for p in a.players) for a in sheet.accounts]
        self.out, self.out_account = out, account(out)
        self.fisherman, self.fisherman_account = fisherman, account(fisherman)
        self.opener, self.opener_account = opener, account(opener)
        self.opened_with, self.finished_with = opened_with, finished

    def finished_with_any(self, keys):
        """True when a bone of the last turn is one of ``keys`` (``(low, high)`` pairs)."""
        return any((b.low, b.high) in keys for b in self.finished_with)

    holds = lambda self, player, key: self.hands is not None and Bone(*key) in self.hands[player]  # noqa: E731


_player = lambda sheet, i: None if i is None else sheet.accounts[i].players[0]  # noqa: E731


def _round_to(x, m, how):
    if how == "nearest":
        return m * ((2 * x + m) // (2 * m))
    return m * (x // m) if how == "down" else m * (-(-x // m)) if how == "up" else x


def _lowest(points, among=None):
    among = range(len(points)) if among is None else among
    return [i for i in among if points[i] == min(points[j] for j in among)]


def _out_or_alone(sheet, rnd, dropped=()):
    """Who went out, else the player of the one lowest account (None on a tie)."""
    lowest = _lowest(rnd.points, [i for i in range(len(rnd.points)) if i not in dropped])
    alone = _player(sheet, lowest[0]) if len(lowest) == 1 else None
    return rnd.out if rnd.out is not None else alone


@dataclass(frozen=True)
class Family:
    """What the engine and the score sheet ask of a family of games; the base of every hook.

    Each method has a default, so a family overrides what it needs: :meth:`score` (required),
    :meth:`settle` and :meth:`reached` (the end of a match), :meth:`turn_points`,
    :meth:`check_points` and :meth:`after_points` (points during play), :meth:`reopens` and
    :meth:`opener` (who opens), :meth:`fisherman`, :meth:`continuing`, :meth:`again`,
    :meth:`passed` (how a turn goes on) and :meth:`round_ends`.  ``name`` is ``rules.scoring``.
    """

    name = "family"
    several_out = False  # several players may go out in a round (Mexican train's first turns)

    def check(self, rules):
        """Refuse rules that contradict this family (raise DominoTilingError)."""

    def score(self, sheet, rnd):
        """Score the finished round ``rnd`` on ``sheet``: return the points written per account,
        which the sheet then adds to them, and the round's winner (a player or None)."""
        raise NotImplementedError(f"{type(self).__name__} must score a round")

    def settle(self, sheet):
        """Decide the match from the written scores (a target reached, the deals played)."""
        if sheet.is_over:
            return
        rules, w = sheet.rules, [a.written for a in sheet.accounts]
        order = sorted(range(len(w)), key=lambda i: (-w[i], i))  # the highest first
        reached = [i for i in order if rules.target is not None and w[i] >= rules.target]
        if reached:
            return self.reached(sheet, reached, order)
        if rules.deals is None or sheet.deals_played < rules.deals:
            return
        top, bottom = w[order[0]], w[order[-1]]
        if top == bottom or not rules.target_loses and w[order[1]] == top:
            sheet.end(draw=True)
        elif rules.target_loses:  # the most points lose, the fewest win
            sheet.end([i for i in order if w[i] == bottom], [i for i in order if w[i] == top])
        else:
            sheet.end(winners=order[:1])

    def reached(self, sheet, reached, order):
        """The accounts ``reached`` (highest first) are at the target: who wins or loses."""
        sheet.end(losers=reached[:1]) if sheet.rules.target_loses else sheet.end(reached[:1])

    def check_points(self, rules, points):
        """``points`` scored during play, checked (an error when the rules cannot give them)."""
        msg = f"{rules.name} has no points during play; record rounds with record_round"
        raise DominoTilingError(msg)

    # The other hooks, each with what it answers by default:
    turn_points = lambda self, line: 0  # noqa: E731 -- the points of the turn just finished
    after_points = lambda self, sheet: None  # noqa: E731 -- points written in play (at_target)
    reopens = lambda self, game, hands: None  # noqa: E731 -- a round by rule: True, False, None
    opener = lambda self, game, hands, previous, seat: None  # noqa: E731 -- (seat, bones)
    fisherman = lambda self, last, last_nondouble: last  # noqa: E731 -- who laid the last bone
    continuing = lambda self, game, move: None  # noqa: E731 -- "pair" (Seven): a bone may follow
    again = lambda self, game: False  # noqa: E731 -- the player moves again (Seven)
    passed = lambda self, game, seat: None  # noqa: E731 -- the turn passed (Seven's penalty)
    round_ends = lambda self, game, reason, fisherman: None  # noqa: E731 -- before the scoring


def _multiples(family, line):
    """Ends adding up to a multiple of ``end_multiple``: their sum, or the number of multiples."""
    count, m = line.count(), family.end_multiple
    return (count // m if family.per_multiple else count) if count and count % m == 0 else 0


def _check_multiple(family, rules, points):
    points, m = _validate.nonnegative_int(points, "points"), family.end_multiple
    if not family.per_multiple and points % m:
        msg = f"{rules.name} scores ends adding up to a multiple of {m} during play, not {points}"
        raise DominoTilingError(msg)
    return points


@dataclass(frozen=True)
class Classic(Family):
    """The winner of a round writes the others' points (the block and draw games); who wins a
    blocked round, what they score, and who wins a tie for the lowest hand are options."""

    blocked_winner: Literal["lowest", "fisherman", "fewest_bones"] = "lowest"
    blocked_score: Literal["difference", "others", "all"] = "difference"
    blocked_tie: Literal["nobody", "replay", "fewest_bones", "lowest_bone"] = "nobody"
    name = "classic"

    def score(self, sheet, rnd):
        written, sheet.last_tie = [0] * len(rnd.points), False
        winner = rnd.out_account if rnd.out_account is not None else self._blocked(sheet, rnd)
        if winner is None:
            return written, None
        written[winner] = max(0, self.gain(rnd, winner))
        if rnd.out is not None:
            return written, rnd.out
        fisher = self.blocked_winner == "fisherman" and rnd.fisherman is not None
        return written, rnd.fisherman if fisher else _player(sheet, winner)

    def gain(self, rnd, winner):
        """What the winner of the round writes, before any rounding."""
        points = rnd.points
        others = sum(points) - points[winner]
        if rnd.out_account is not None or self.blocked_score == "others":
            return others
        return others - points[winner] if self.blocked_score == "difference" else sum(points)

    def _blocked(self, sheet, rnd):
        """The account that wins a blocked round, or None (a tie)."""
        points, hands = rnd.points, rnd.hands
        count = lambda i: sum(len(hands[p]) for p in sheet.accounts[i].players)  # noqa: E731
        if self.blocked_winner == "fisherman" and rnd.fisherman_account is not None:
            return rnd.fisherman_account
        if self.blocked_winner == "fewest_bones":
            if hands is None:
                msg = "blocked_winner='fewest_bones' needs the hands: use record_round"
                raise DominoTilingError(msg)
            fewest = _lowest([count(i) for i in range(len(points))])
            lowest = _lowest(points, fewest)  # a tie on bones: the lower hand
        else:
            lowest = _lowest(points)
            if len(lowest) > 1 and self.blocked_tie == "fewest_bones" and hands is not None:
                counts = [count(i) for i in range(len(points))]
                lowest = lowest if len(_lowest(counts, lowest)) > 1 else _lowest(counts, lowest)
            if len(lowest) > 1 and self.blocked_tie == "lowest_bone" and hands is not None:
                acc = sheet.accounts
                light = lambda i: min((b.pips, b.low) for p in acc[i].players for b in hands[p])  # noqa: E731
                return min(lowest, key=light)
        if len(lowest) == 1:
            return lowest[0]
        rnd.replayed = self.blocked_winner != "fewest_bones" and self.blocked_tie == "replay"
        sheet.last_tie = True
        return None


@dataclass(frozen=True)
class Fives(Classic):
    """Points during play when the ends add up to a multiple of ``end_multiple`` (their sum, or
    with ``per_multiple`` their number); going out scores ``out_bonus`` (None: the other hands,
    rounded as ``hand_rounding`` says, divided with ``bonus_per_multiple``); ``at_target``: a
    score reaching the target during play ends the match at the hand's end or at once."""

    end_multiple: int = 5
    per_multiple: bool = False
    bonus_per_multiple: bool = False
    out_bonus: int | None = None
    hand_rounding: Literal["nearest", "down", "up", "none"] = "nearest"
    at_target: Literal["hand_end", "at_once"] = "hand_end"
    name = "fives"
    turn_points, check_points = _multiples, _check_multiple

    def gain(self, rnd, winner):
        if rnd.out_account is not None and self.out_bonus is not None:
            return self.out_bonus
        gain = _round_to(super().gain(rnd, winner), self.end_multiple, self.hand_rounding)
        return gain // self.end_multiple if self.bonus_per_multiple else gain

    def after_points(self, sheet):
        if self.at_target == "at_once":
            self.settle(sheet)


@dataclass(frozen=True)
class Telephone(Family):
    """Points during play as in :class:`Fives`; whoever is left with bones writes off the points
    left, rounded down to a multiple of ``end_multiple`` (divided by it with ``per_multiple``),
    never below zero; a target reached by both is a draw, and the fewest points lose."""

    end_multiple: int = 5
    per_multiple: bool = False
    name = "telephone"
    turn_points, check_points = _multiples, _check_multiple

    def score(self, sheet, rnd):
        written, sheet.last_tie, m = [0] * len(rnd.points), False, self.end_multiple
        for i, account in enumerate(sheet.accounts):
            if i != rnd.out_account:
                loss = _round_to(rnd.points[i], m, "down") // (m if self.per_multiple else 1)
                written[i] = -min(loss, account.written)  # no debts
        return written, _out_or_alone(sheet, rnd)

    def reached(self, sheet, reached, order):
        if sheet.rules.target_loses:
            return super().reached(sheet, reached, order)
        if len(reached) > 1:
            return sheet.end(draw=True)
        # "the player with the fewest points has lost" (more_rules_ru.txt, paragraph 137)
        w = [a.written for a in sheet.accounts]
        low = min(w[i] for i in order if i != reached[0])
        sheet.end(reached[:1], [i for i in order if i != reached[0] and w[i] == low])


def _credit(sheet, i, total, written, write_above):
    """Kozel: write ``total`` for account ``i``, or remember it while the account is closed."""
    account = sheet.accounts[i]
    if account.opened:
        written[i] += total
    elif total > write_above:
        written[i] += total + account.remembered
        account.remembered, account.opened = 0, True
    else:
        account.remembered += total


@dataclass(frozen=True)
class Kozel(Family):
    """The first to the target loses; small totals are remembered (the Kozel family): who went
    out writes nothing, a total up to ``write_above`` is remembered until one above it opens the
    account; after a fish (``fish_mode``) everyone writes their own, the highest takes all, or
    the higher write the difference; ``fish_bazaar``: the player after the fisherman takes the
    bazaar."""

    fish_mode: Literal["all", "one", "difference"] = "all"
    most_takes_all: bool = False
    eggs: bool = False
    write_above: int = 12
    several_goats: bool = False
    opening_bonus: tuple = ()
    finish_bonus: tuple = ()
    finish_ends_match: tuple = ()
    held_loses: tuple = ()
    reopen_after_tie: bool = False
    reopen_doubles: tuple = ()
    fish_bazaar: bool = False
    name = "kozel"
    reopens = lambda self, game, hands: (self.reopen_after_tie and game.sheet.last_tie) or None  # noqa: E731

    def reached(self, sheet, reached, order):
        if not sheet.rules.target_loses:
            return sheet.end(reached[:1])
        sheet.end(losers=reached if self.several_goats else reached[:1])

    def round_ends(self, game, reason, fisherman):
        taker = game._next(fisherman) if self.fish_bazaar and reason != "out" else None
        while taker is not None and game._bazaar:  # the player after the fisherman takes it
            bone = game._bazaar.pop()
            game._hands[taker].append(bone)
            game.history.append(Event("take", game.round_number, taker, bone, None, "bazaar"))

    def score(self, sheet, rnd):
        points, out, n = list(rnd.points), rnd.out_account, len(rnd.points)
        written, leaders = [0] * n, [i for i in range(n) if points[i] == max(points)]
        credit = lambda i, total: _credit(sheet, i, total, written, self.write_above)  # noqa: E731
        sheet.last_tie, takers = False, ()
        if self.most_takes_all or (rnd.fish and self.fish_mode == "one"):
            total = sum(points) + sheet.carried
            sheet.carried, sheet.last_tie = (total, True) if len(leaders) > 1 else (0, False)
            for i in range(n) if len(leaders) == 1 else ():
                credit(i, total) if i == leaders[0] else setattr(sheet.accounts[i], "remembered", 0)
            takers = tuple(leaders) if len(leaders) == 1 else ()
        elif rnd.fish and self.fish_mode == "difference":
            takers = tuple(i for i in range(n) if points[i] > min(points))
            for i in takers:
                credit(i, points[i] - min(points))
        elif rnd.fish and self.eggs and len(leaders) > 1:
            sheet.carried, sheet.last_tie = sheet.carried + sum(points), True
        else:
            if sheet.carried and len(leaders) == 1:
                points[leaders[0]], sheet.carried = points[leaders[0]] + sheet.carried, 0
            for i in range(n):
                credit(i, points[i]) if i != out else setattr(sheet.accounts[i], "remembered", 0)
            takers = tuple(i for i in range(n) if i != out)
        # the round's losers get the bonuses for special opening and finishing bones
        opened = rnd.opened_with and (rnd.opened_with.low, rnd.opened_with.high)
        bonus = sum(p for key, p in self.opening_bonus if key == opened)
        if out is not None:
            bonus += sum(p for key, p in self.finish_bonus if rnd.finished_with_any((key,)))
        for i in (takers if out is None else [i for i in range(n) if i != out]) if bonus else ():
            written[i] += bonus
            sheet.accounts[i].opened = True
        if out is not None and rnd.finished_with_any(self.finish_ends_match):  # the match ends
            sheet.end([out], [i for i in range(n) if i != out])
        for key in self.held_loses:
            holders = [sheet.account(p) for p in sheet.players if rnd.holds(p, key)]
            sheet.end(losers=holders) if holders else None
        return written, rnd.out if out is not None else rnd.fisherman


@dataclass(frozen=True)
class SeaKozel(Family):
    """Sea Kozel: the winner writes the others' points from ``write_above + 1`` up, all being
    erased when another scores; 0-0 (or 6-6 with 25 left to a loser, or to the losers together,
    ``six_six_wins``) last wins the match; a fish goes to the lowest hand; tied hands are eggs,
    played from ``reopen_doubles``, rotting when none of them is dealt (``reopen_rots``) or after
    ``egg_attempts`` replays; a fisherman with the most and 25 writes the fish off, losing at the
    third; "on a hundred" (``hundred_any_time``) going out wins and 25 left loses."""

    write_above: int = 12
    reopen_after_tie: bool = False
    reopen_doubles: tuple = ()
    egg_attempts: int | None = None
    reopen_rots: bool = False
    six_six_wins: Literal["one_loser", "losers_total"] = "one_loser"
    hundred_any_time: bool = False
    name = "sea_kozel"
    fisherman = lambda self, last, nondouble: last if nondouble is None else nondouble  # noqa: E731 -- a double is no fish

    def reopens(self, game, hands):
        if not (self.reopen_after_tie and game.sheet.last_tie):
            return None
        held = {b for h in hands for b in h}
        if self.reopen_rots and not any(Bone(v, v) in held for v in self.reopen_doubles):
            game.sheet.rot_eggs()  # no 1-1, 2-2 or 3-3 dealt: the eggs rot
            return None
        return True

    def opener(self, game, hands, previous, seat):
        """An open account dealt 6-6 opens "on a hundred" when another seat would open (the
        players have no way to decline it; one who opens anyway chooses any bone)."""
        if not self.hundred_any_time or game.rules.max_pip < 6:
            return None
        start = previous.winner if previous.winner in game._active() else previous.opener
        for s in [start] + [game._next(start, k) for k in range(1, len(game._active()))]:
            if _SIX in hands[s] and game.sheet.is_open(game.sheet.players[s]):
                return None if s == seat else (s, frozenset([_SIX]))
        return None

    def score(self, sheet, rnd):
        points, out, accounts, notes = rnd.points, rnd.out_account, sheet.accounts, sheet.notes
        n, threshold, o = len(points), self.write_above + 1, rnd.opener_account
        written, sheet.last_tie = [0] * n, False
        attempts = notes.setdefault("write_offs", {})
        due = notes.pop("hundred", None)  # a 6-6 finisher's next round is on a hundred
        hundred = o is not None and ((rnd.opened_with == _SIX and accounts[o].opened) or due == o)
        eggs = sheet.carried  # tied points waiting for the next winner

        def write(i, gain):
            if gain < threshold and not accounts[i].opened:
                return
            if any(accounts[j].written > 0 for j in range(n) if j != i):  # all written off
                for j, account in enumerate(accounts):
                    written[j], account.opened = -account.written, False
                return
            written[i], accounts[i].opened = written[i] + gain, True

        if out is not None:
            others = sum(points[j] for j in range(n) if j != out)
            away = sheet.absent()
            losers = [p for p in sheet.players if sheet.account(p) != out and p not in away]
            losing = [rnd.player_points[p] for p in losers]
            # 6-6 wins with 25 in one loser's hand (or in all the losers' hands together)
            six_six = max(losing, default=0) if self.six_six_wins == "one_loser" else others
            attempts.clear()
            notes.pop("eggs", None)
            sheet.carried = 0
            six, blank = rnd.finished_with_any(((6, 6),)), rnd.finished_with_any(_BLANK)
            if hundred and o == out or blank or six and six_six >= threshold:
                sheet.end(winners=[out])  # after 0-0 the loser is a bald goat
            elif hundred and points[o] >= threshold:
                sheet.end(losers=[o])
            elif six:
                notes["hundred"] = out  # less than 25 left: the next round on a hundred
            if not sheet.is_over:
                write(out, others + eggs)
            elif sheet.winners:
                written[out] += others + eggs
            return written, rnd.out
        lowest, f = _lowest(points), rnd.fisherman_account
        if len(lowest) > 1:  # eggs: replayed from 1-1
            sheet.last_tie = rnd.replayed = True
            if self.reopen_rots or self.egg_attempts is not None:
                # carried to the next winner; rotten when no 1-1, 2-2 or 3-3 opens the next round
                # (the engine drops them then), or after egg_attempts replays in eggs again
                sheet.carried += sum(points)
            if not self.reopen_rots and self.egg_attempts is not None:
                notes["eggs"] = notes["eggs"] + 1 if "eggs" in notes else 0
                if notes["eggs"] >= self.egg_attempts:
                    del notes["eggs"]
                    sheet.carried, sheet.last_tie = 0, False
            return written, None
        if f is not None and points[f] == max(points) >= threshold and f not in lowest:
            attempts[f] = attempts.get(f, 0) + 1  # the fisherman writes the fish off
            sheet.end(losers=[f]) if attempts[f] >= 3 else None
            return written, rnd.fisherman
        attempts.clear()
        notes.pop("eggs", None)
        w, winner, sheet.carried = lowest[0], _player(sheet, lowest[0]), 0
        if f == w:
            winner = rnd.fisherman
            if points[w] < threshold <= max(points[j] for j in range(n) if j != w):
                notes["hundred"] = w  # the fisherman's next round is "on a hundred"
        write(w, sum(points) - points[w] + eggs)
        return written, winner


@dataclass(frozen=True)
class Krysha(Family):
    """The traditional four-hand Kozel: the winning pair writes the losers' points, remembered
    up to ``write_above`` while it has written nothing (1-1 opening next); a blocked "krysha"
    goes to the lower pair, equal pairs passing the hands on; reaching the target wins."""

    write_above: int = 12
    name = "krysha"
    reopens = lambda self, game, hands: False if game.sheet.notes.get("by_rule") else None  # noqa: E731
    reached = lambda self, sheet, r, order: sheet.end(r[:1], [i for i in order if i != r[0]])  # noqa: E731

    def score(self, sheet, rnd):
        points, lowest = rnd.points, _lowest(rnd.points)
        written, sheet.last_tie, sheet.notes["by_rule"] = [0] * len(points), False, False
        opener = rnd.out if rnd.out is not None else rnd.fisherman
        if rnd.out_account is None and len(lowest) > 1:
            sheet.carried, sheet.last_tie = sheet.carried + sum(points), True
            return written, opener
        w = rnd.out_account if rnd.out_account is not None else lowest[0]
        _credit(sheet, w, sum(points) - points[w] + sheet.carried, written, self.write_above)
        sheet.carried, sheet.notes["by_rule"] = 0, not sheet.accounts[w].opened
        return written, opener


@dataclass(frozen=True)
class General(Family):
    """General: the player after the finisher loses, a General (a point) when the last bone is
    one of ``finish_bonus`` (all at once with ``finish_bonus_all``); more Generals lose.
    ``table_teams`` pairs take turns at the table, leaving as ``team_leaves`` says."""

    finish_bonus: tuple = ()
    finish_bonus_all: bool = False
    table_teams: int = 2
    team_leaves: Literal["two_losses", "general"] = "two_losses"
    name = "general"

    def check(self, rules):
        if self.table_teams != 2 and not rules.teams:
            raise DominoTilingError("table_teams (pairs waiting their turn) needs teams=True")

    def score(self, sheet, rnd):
        written, sheet.last_tie = [0] * len(rnd.points), False
        if rnd.out is None:  # a fish does not count
            rnd.replayed = True
            return written, None
        away = sheet.absent()
        players = [p for p in sheet.players if p not in away]  # the two pairs at the table
        i = sheet.account(players[(players.index(rnd.out) + 1) % len(players)])
        keys = [key for key, _ in self.finish_bonus]
        every = bool(keys) and all(rnd.finished_with_any((key,)) for key in keys)
        written[i] = hit = int(every if self.finish_bonus_all else rnd.finished_with_any(keys))
        if sheet.waiting:  # more than two pairs: the losers may give their place
            sheet.accounts[i].losses += 1
            seated = sheet.notes.setdefault("rounds_at_table", {})
            for team in {sheet.account(p) for p in players}:
                seated[team] = seated.get(team, 0) + 1
            if self.team_leaves == "two_losses":  # two lost rounds, or a General at once
                hit = sheet.accounts[i].losses >= 2 or (hit and seated[i] == 1)
            for team in (i, sheet.give_place(i)) if hit else ():
                sheet.accounts[team].losses = seated[team] = 0
        return written, rnd.out


@dataclass(frozen=True)
class Seven(Family):
    """Seven: the most points in hand take a stick; the ends added up after a turn (a double at
    an end counting both halves or one, ``double_end``) give another move (``extra_turn_sum``)
    or a penalty (``penalty_sum``); a row of moves lets two bones go; with ``drop_out`` a
    player at the target leaves, the last one wins."""

    extra_turn_sum: int | None = None
    penalty_sum: int | None = None
    penalty_draws: int = 2
    streak_two_bones: int | None = None
    streak_counts: Literal["turns", "moves"] = "turns"
    drop_out: bool = False
    double_end: Literal["both", "one"] = "both"
    name = "seven"

    def check(self, rules):
        if self.drop_out and (rules.teams or rules.target is None or not rules.target_loses):
            raise DominoTilingError("drop_out needs a target that loses and no teams")

    def total(self, line):
        """The sum of the two ends (None unless exactly two are open)."""
        ends = line.open_ends()
        if len(ends) == 2:
            return sum(ends.values()) if self.double_end == "one" else line.count()

    def continuing(self, game, move):
        row = game._streak[game.turn]  # paragraph 748: a second bone may follow
        pair = self.streak_two_bones is not None and row >= self.streak_two_bones
        return "pair" if pair and len(game._turn_plays) == 1 and game._turn_draws == 0 else None

    def again(self, game):
        return self.extra_turn_sum is not None and self.total(game.line) == self.extra_turn_sum

    def passed(self, game, seat):
        if self.streak_counts == "moves":
            game._streak[seat] = 0  # the row was the moves of this turn only
        if self.penalty_sum is not None and self.total(game.line) == self.penalty_sum:
            game._penalty(seat, self.penalty_draws)

    def score(self, sheet, rnd):
        written, sheet.last_tie = [0] * len(rnd.points), False
        playing = [i for i in range(len(written)) if i not in sheet.dropped]
        for i in playing:
            if rnd.points[i] == max(rnd.points[j] for j in playing):
                written[i] = 1
        return written, rnd.out if rnd.out is not None else rnd.fisherman

    def settle(self, sheet):
        if not self.drop_out or sheet.is_over:
            return super().settle(sheet)
        # players at the target leave; the match ends when one (the winner) or none is left
        for i in sorted(range(len(sheet.accounts)), key=lambda i: -sheet.accounts[i].written):
            if sheet.accounts[i].written >= sheet.rules.target and i not in sheet.dropped:
                sheet.dropped.append(i)
        left = [i for i in range(len(sheet.accounts)) if i not in sheet.dropped]
        sheet.end(left, sheet.dropped) if len(left) == 1 else sheet.end(draw=not left)


@dataclass(frozen=True)
class Bergen(Family):
    """Bergen: 2 points in play for a double opening or both ends alike, 3 with a double at an
    end; 2 for going out, or as the blocked-round rule says."""

    name = "bergen"

    def turn_points(self, line):
        if len(line) == 1:
            return 2 if line.first.is_double else 0
        ends, chain = line.open_ends(), line.chain()
        if len(ends) != 2 or ends.get("left") != ends.get("right"):
            return 0
        return 3 if chain[0][0] == chain[0][1] or chain[-1][0] == chain[-1][1] else 2

    def check_points(self, rules, points):
        points = _validate.nonnegative_int(points, "points")
        if points not in (0, 2, 3):
            raise DominoTilingError(f"Bergen scores 2 or 3 points during play, not {points}")
        return points

    def score(self, sheet, rnd):
        n, winner = len(rnd.points), rnd.out_account
        written, sheet.last_tie = [0] * n, False
        if winner is None:
            if rnd.hands is None:
                msg = "Bergen scores a blocked round from the hands; use record_round"
                raise DominoTilingError(msg)
            held = [[b for p in a.players for b in rnd.hands[p]] for a in sheet.accounts]
            doubles = [[b for b in bones if b.is_double] for bones in held]
            without = [i for i in range(n) if not doubles[i]]
            if len(without) == 1 or not without:
                winner = without[0] if without else min(range(n), key=lambda i: min(doubles[i]).low)
            elif len(_lowest(rnd.points, without)) == 1:
                winner = _lowest(rnd.points, without)[0]
        if winner is None:
            sheet.last_tie = True
            return written, None
        written[winner] = 2
        return written, _player(sheet, winner) if rnd.out is None else rnd.out


@dataclass(frozen=True)
class Pips(Family):
    """Everyone writes the points left in hand; the lowest total wins the match."""

    name, several_out = "pips", True

    def score(self, sheet, rnd):
        sheet.last_tie = False
        return list(rnd.points), _out_or_alone(sheet, rnd, sheet.dropped)


#: The families by ``rules.scoring`` ("muggins" is the old name of "fives").
FAMILIES = {f.name: f for f in (Classic, Fives, Telephone, Kozel, SeaKozel, Krysha, General, Seven)}
FAMILIES.update(bergen=Bergen, pips=Pips, muggins=Fives)
