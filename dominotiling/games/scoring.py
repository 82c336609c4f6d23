"""Score keeping: :class:`ScoreSheet` writes each round's points (from the hands left, or their
totals) through its family, from any state on paper; :class:`Account` is one line of it;
:func:`hand_points` and :func:`rating_points` count hands and Kozel ratings."""

from dataclasses import dataclass, replace
from numbers import Integral

from .. import _validate
from ..errors import DominoTilingError, DominoTypeError
from .bones import Bone, as_bones
from .display import sheet_html
from .families import Round
from .layouts import MAX_PLAYERS
from .rules import as_rules

__all__ = ["ScoreSheet", "Account", "hand_points", "rating_points"]


@dataclass(eq=False, slots=True)
class Account:
    """One account of a score sheet, a player or partners: ``players``, ``written``,
    ``remembered`` (Kozel: not yet written), ``opened`` (Kozel: a first total above 12 was
    written) and ``losses`` (General: rounds lost since the pair sat down)."""

    players: tuple
    written: int = 0
    remembered: int = 0
    opened: bool = False
    losses: int = 0
    copy = replace  # an independent copy


class ScoreSheet:
    """The written scores of a match.

    Parameters
    ----------
    players : int or sequence of hashable
        The players clockwise, or their number (then ``0, 1, ...``); distinct.
    rules : Rules or str
        ``rules.family`` scores the rounds.
    written, remembered, opened : mapping, optional
        A starting state per player (partners agree): points written, Kozel points remembered,
        accounts open (by default those with points written).
    carried : int, optional
        Points carried over from a tied fish ("eggs").

    Attributes
    ----------
    accounts : list of Account
        One per player or pair: what the families score on, with ``carried``, ``last_tie``,
        ``notes`` (a family's own bookkeeping, a dict) and ``dropped`` (accounts gone).
    rounds, round_winners, log : list
        Per round: the points written per player; the winner the rules name (or None); the
        points in hand per account, "out" or "fish", and the points written.

    See Also
    --------
    Rules, rating_points, hand_points

    Notes
    -----
    Every method that raises leaves the sheet unchanged.

    Examples
    --------
    kozel_and_variants_ru.txt, paragraph 48, fish for one: Alex and Olya tie at 14, 35 carried:

    >>> from dominotiling.games import Rules
    >>> sheet = ScoreSheet(["Masha", "Alex", "Olya", "Serg"], Rules.kozel("one"))
    >>> _ = sheet.record_totals({"Masha": 2, "Alex": 14, "Olya": 14, "Serg": 5}, fish=True)
    >>> sheet.carried
    35
    """

    def __init__(self, players, rules, *, written=None, remembered=None, carried=0, opened=None):
        rules = as_rules(rules)
        if isinstance(players, Integral) and not isinstance(players, bool):
            players = range(_validate.positive_int(players, "players", maximum=MAX_PLAYERS))
        elif isinstance(players, (str, bytes)) or not hasattr(players, "__iter__"):
            msg = f"players must be a number or a sequence of names, got {players!r}"
            raise DominoTypeError(msg)
        players = tuple(players)
        try:
            distinct = len(set(players)) == len(players)
        except TypeError:
            raise DominoTypeError("players must be hashable (names or seat numbers)") from None
        if not distinct:
            raise DominoTilingError(f"the players must be distinct, got {players}")
        rules.check_players(len(players))
        self.players, self.rules = players, rules
        pairs = rules.table_teams if rules.teams else len(players)
        seats = [players[i::pairs] if rules.teams else (p,) for i, p in enumerate(players[:pairs])]
        self.accounts = [Account(s) for s in seats]
        self._account = {p: i for i, a in enumerate(self.accounts) for p in a.players}
        written = self._start(written, "written", _validate.nonnegative_int)
        remembered = self._start(remembered, "remembered", _validate.nonnegative_int)
        self.carried = _validate.nonnegative_int(carried, "carried")
        if opened is None:
            opened = [w > 0 for w in written]
        else:
            opened = self._start(opened, "opened", _validate.boolean)
        for a, w, r, o in zip(self.accounts, written, remembered, opened):
            a.written, a.remembered, a.opened = w, r, bool(o)
        self._losers = self._winners = ()  # accounts that lost and won the match
        self._draw = self.last_tie = False
        self._deals, self.dropped, self.notes = 0, [], {}  # rounds that count towards rules.deals
        self._waiting = list(range(2, len(self.accounts))) if rules.table_teams > 2 else []
        self.rounds, self.round_winners, self.log = [], [], []
        self.rules.family.settle(self)

    def _start(self, values, name, check):
        out = [check is not _validate.boolean and 0] * len(self.accounts)
        if values is not None and not hasattr(values, "items"):
            raise DominoTypeError(f"{name} must map players to values, got {type(values).__name__}")
        seen = {}
        for player, value in (values or {}).items():
            i, value = self.account(player), check(value, f"{name}[{player!r}]")
            if seen.setdefault(i, value) != value:
                who = self.accounts[i].players
                msg = f"partners share one account: {name} gives {seen[i]} and {value} for {who}"
                raise DominoTilingError(msg)
            out[i] = value
        return out

    teams = property(lambda self: tuple(a.players for a in self.accounts))  # players by account

    def account(self, player, name="player"):
        """The index in :attr:`accounts` of ``player``'s account."""
        try:
            return self._account[player]
        except (KeyError, TypeError):
            who = f"unknown player {player!r} (as {name})"
            raise DominoTilingError(f"{who}; the players are {self.players}") from None

    def score(self, player):
        """The points written for ``player`` (their team's, with teams)."""
        return self.accounts[self.account(player)].written

    def remembered(self, player):
        """The Kozel points remembered (not yet written) for ``player``."""
        return self.accounts[self.account(player)].remembered

    def is_open(self, player):
        """True once ``player``'s account is open (Kozel: a total above 12 was written)."""
        return self.accounts[self.account(player)].opened

    def scores(self):
        """A dict of the points written per player."""
        return {p: self.accounts[self._account[p]].written for p in self.players}

    # the rounds that counted (not those replayed); all players who lost, and who won, the match
    deals_played = property(lambda self: self._deals)
    losers = property(lambda self: tuple(p for i in self._losers for p in self.accounts[i].players))
    winners = property(lambda self: tuple(p for i in self._winners for p in self.teams[i]))

    @property
    def loser(self):
        """The goat (with teams, the losing pair as a tuple), or None; of several, the highest."""
        team = self.accounts[self._losers[0]].players if self._losers else None
        return team if team is None or self.rules.teams else team[0]

    @property
    def winner(self):
        """The winner (the first player of the winning team), or None."""
        return self.accounts[self._winners[0]].players[0] if self._winners else None

    is_draw = property(lambda self: self._draw)  # no winner (Telephone: both reached 225)
    is_over = property(lambda self: bool(self._losers or self._winners or self._draw))

    def end(self, winners=None, losers=None, draw=False):
        """Decide the match: the accounts (indices) that won and lost, or a draw."""
        self._winners = self._winners if winners is None else tuple(winners)
        self._losers = self._losers if losers is None else tuple(losers)
        self._draw = self._draw or draw

    active = property(lambda self: tuple(p for p in self.players if p not in self.absent()))

    def absent(self):
        """The players not at the table: dropped out (Seven) or waiting their turn (General)."""
        return {p for i in self.dropped + self._waiting for p in self.accounts[i].players}

    # the pairs waiting their turn at the table (General with more than two pairs)
    waiting = property(lambda self: tuple(self.accounts[i].players for i in self._waiting))

    def give_place(self, i):
        """General: account ``i``'s pair leaves the table; return the account that sits down."""
        self._waiting.append(i)
        return self._waiting.pop(0)

    def rot_eggs(self):
        """Drop and return the eggs (points carried after a tied fish): sea Kozel's eggs rot when
        no 1-1, 2-2 or 3-3 is dealt (more_rules_ru.txt, paragraphs 94-95 and 188)."""
        dropped, self.carried, self.last_tie = self.carried, 0, False
        self.notes.pop("eggs", None)
        return dropped

    def copy(self):
        """An independent copy of the sheet."""
        new = ScoreSheet.__new__(ScoreSheet)
        new.__dict__.update({k: list(v) if type(v) is list else v for k, v in vars(self).items()})
        new.accounts = [a.copy() for a in self.accounts]
        new.notes = {k: (dict(v) if isinstance(v, dict) else v) for k, v in self.notes.items()}
        return new

    def __str__(self):
        lines = [f"{'player':>10} {'written':>8} {'remembered':>10}"]
        lines += [f"{str(p):>10} {self.score(p):>8} {self.remembered(p):>10}" for p in self.players]
        return "\n".join(lines + ([f"carried: {self.carried}"] if self.carried else []))

    __repr__ = lambda self: f"<ScoreSheet {self.rules.name}: {self.scores()}>"  # noqa: E731
    _repr_html_ = sheet_html  # the rich display

    def add_points(self, player, points):
        """Add points scored during play (fives, Telephone, Bergen); an error for an amount the
        rules cannot give (Muggins: multiples of 5) or once the match is over."""
        i, points = self.account(player), self.rules.family.check_points(self.rules, points)
        self._check_not_over()
        self.accounts[i].written += points
        self.rules.family.after_points(self)

    def record_round(self, hands, fish=False, *, fisherman=None, opener=None, opened_with=None, finished_with=()):  # fmt: skip
        """Score a finished round from the hands left.

        Parameters
        ----------
        hands, fish : mapping and bool
            Every player's bones left in hand; whether nobody went out (a fish, or blocked).
        fisherman, opener, opened_with, finished_with : optional
            Who laid a fish's last bone; who opened, with which Bone (sport Kozel's bonuses);
            the bones of the last turn (a finish in 0-0 or 6-6).

        Returns
        -------
        dict
            The points written in this round per player.
        """
        self._check_keys(hands, "hands", "their bones")
        seen, lists, gone = set(), {}, self.absent()
        for p in self.players:
            try:
                lists[p] = bones = list(hands[p])
            except TypeError:
                raise DominoTypeError(f"{p!r}'s hand must be a list of Bone objects") from None
            for b in bones:
                if not isinstance(b, Bone):
                    raise DominoTypeError(f"hands hold Bone objects, got {b!r} in {p!r}'s hand")
                if b.high > self.rules.max_pip or b in seen:
                    why = f"is not in a double-{self.rules.max_pip} set"
                    why = "appears twice among the hands" if b in seen else why
                    raise DominoTilingError(f"bone {b} {why}")
                seen.add(b)
            if p in gone and bones:
                msg = f"{p!r} has left the match and holds no bones, got {len(bones)}"
                raise DominoTilingError(msg)
        empty = [p for p in self.players if not lists[p] and p not in gone]
        if len(empty) > 1 and not self.rules.family.several_out:  # trains: out in a first turn
            msg = f"only one player can go out in a round, got empty hands for {empty}"
            raise DominoTilingError(msg)
        points = {p: hand_points(lists[p], self.rules) for p in self.players}
        out = empty[0] if empty else None
        return self._record(points, lists, out, fish, fisherman, opener, opened_with, finished_with)

    def record_totals(
        self, totals, *, out=None, fish=False, fisherman=None, opener=None, opened_with=None,
        finished_with=(),
    ):  # fmt: skip
        """Score a finished round from each player's counted points, as a paper sheet does.

        Parameters
        ----------
        totals, out : mapping and player
            Every player's points in hand (a lone 0-0 as 10 in Kozel, ...); who went out.
        fish, fisherman, opener, opened_with, finished_with
            As for :meth:`record_round` (rules that look inside hands need that one).

        Returns
        -------
        dict
            The points written in this round per player.
        """
        self._check_keys(totals, "totals", "points")
        points = {p: _validate.nonnegative_int(totals[p], f"totals[{p!r}]") for p in self.players}
        for p in self.absent():
            if points[p]:
                raise DominoTilingError(f"{p!r} has left the match; their total must be 0")
        if out is not None and self.account(out, "out") is not None and points[out]:
            msg = f"{out!r} went out, so their total must be 0, got {points[out]}"
            raise DominoTilingError(msg)
        return self._record(points, None, out, fish, fisherman, opener, opened_with, finished_with)

    def _record(self, points, hands, out, fish, fisherman, opener, opened_with, finished_with):
        fish = _validate.boolean(fish, "fish")
        if fish and out is not None:
            raise DominoTilingError(f"player {out!r} went out, so the round is not a fish")
        for who, name in ((fisherman, "fisherman"), (opener, "opener")):
            if who is not None:
                self.account(who, name)
        if opened_with is not None and not isinstance(opened_with, Bone):
            raise DominoTypeError(f"opened_with must be a Bone, got {opened_with!r}")
        finished_with = tuple(as_bones(finished_with, "finished_with"))
        rnd = Round(self, points, hands, out, fish, fisherman, opener, opened_with, finished_with)
        saved = self.copy()
        try:
            gains, winner = self.rules.family.score(self, rnd)
        except Exception:
            self.__dict__.update(saved.__dict__)
            raise
        for account, gain in zip(self.accounts, gains):
            account.written += gain
        self._deals += not rnd.replayed
        written = {p: gains[self._account[p]] for p in self.players}
        self.rounds.append(written)
        self.round_winners.append(winner)
        self.log.append((list(rnd.points), "out" if out is not None else "fish", written))
        self.rules.family.settle(self)
        return dict(written)

    def _check_keys(self, mapping, name, values):
        self._check_not_over()
        if not hasattr(mapping, "items"):
            msg = f"{name} must map each player to {values}, got {type(mapping).__name__}"
            raise DominoTypeError(msg)
        keys = list(mapping)
        if set(keys) != set(self.players) or len(keys) != len(self.players):
            msg = f"{name} must map exactly the players {self.players}, got {tuple(keys)}"
            raise DominoTilingError(msg)

    def _check_not_over(self):
        if self.is_over:
            raise DominoTilingError("the match is over; start a new ScoreSheet for a new match")


def hand_points(bones, rules):
    """Return what a hand left at the end of a round counts under ``rules``.

    Parameters
    ----------
    bones, rules : iterable of Bone, and Rules or str

    Returns
    -------
    int
        The value of a matching ``rules.special_hands`` entry (Kozel: a lone 0-0 counts 10),
        else the sum of the bones' values (pips, or ``rules.bone_values``).

    See Also
    --------
    rating_points, ScoreSheet

    Examples
    --------
    >>> from dominotiling.games import Bone, Rules
    >>> hand_points([Bone(0, 0)], Rules.kozel()), hand_points([Bone(0, 0), Bone(6, 6)], Rules.sea_kozel())
    (10, 75)
    """
    rules, bones = as_rules(rules), as_bones(bones, "bones")
    key = tuple(sorted((b.low, b.high) for b in bones))
    special = next((points for hand, points in rules.special_hands if hand == key), None)
    return sum(rules.bone_value(b) for b in bones) if special is None else special


def rating_points(score, timeout_score=None):
    """Return the rating points a player gains from a finished Kozel game.

    Parameters
    ----------
    score, timeout_score : int, and int or None
        The player's score at the end; that of a player whose time ran out, ending the game.

    Returns
    -------
    int
        ``(100 - score) / 10`` (``timeout_score`` for 100 after a timeout), halves up, at least
        1 (classic_rules_2_ru.txt, paragraphs 305 and 313; kozel_and_variants_ru.txt,
        paragraphs 56-75); the goat and whoever timed out gain nothing.

    See Also
    --------
    hand_points, ScoreSheet

    Examples
    --------
    The documents' examples: 25 gives 7.5, so 8; after a timeout at 32, 30 gives 1 and 13 gives 2:

    >>> rating_points(25), rating_points(30, timeout_score=32), rating_points(13, timeout_score=32)
    (8, 1, 2)
    """
    score, top = _validate.nonnegative_int(score, "score"), timeout_score
    top = 100 if top is None else _validate.nonnegative_int(top, "timeout_score")
    return max(1, (top - score + 5) // 10)
