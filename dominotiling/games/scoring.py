"""Score keeping: the score sheet, hand values and Kozel rating points.

Inside: :class:`ScoreSheet`, which turns the end of each round (the hands
left, or their pip totals) into written points by the
:class:`~dominotiling.games.Rules` in force, and can start from any state
written on paper (written, remembered and carried points), so that the rule
documents' score tables can be typed in as they stand; :func:`hand_points`,
the value of a hand; and :func:`rating_points`, the Kozel rating formula.
The scoring of each family of games lives in :mod:`._scorers`.

Examples
--------
The worked example of kozel_and_variants_ru.txt, paragraphs 37-40: Masha goes
out with 19 points remembered, Alex holds 3, Olya 13 with 7 remembered, Serg
5 with 4 remembered:

>>> from dominotiling.games import Rules, ScoreSheet
>>> sheet = ScoreSheet(["Masha", "Alex", "Olya", "Serg"], Rules.kozel(),
...                    remembered={"Masha": 19, "Olya": 7, "Serg": 4})
>>> sheet.record_totals({"Masha": 0, "Alex": 3, "Olya": 13, "Serg": 5}, out="Masha")
{'Masha': 0, 'Alex': 0, 'Olya': 20, 'Serg': 0}
>>> [sheet.remembered(p) for p in sheet.players]
[0, 3, 0, 9]
"""

from numbers import Integral

from .. import _validate
from ..errors import DominoTilingError, DominoTypeError
from . import _match_end, _scorers
from ._points import hand_points, rating_points
from ._rules_check import MAX_PLAYERS
from .bones import Bone, as_bones
from .rules import as_rules

__all__ = ["ScoreSheet", "hand_points", "rating_points"]


class ScoreSheet:
    """The written scores of a match.

    Parameters
    ----------
    players : int or sequence of hashable
        The players in seating order (clockwise), or their number (then they
        are ``0, 1, ...``).
    rules : Rules or str
        The rules (or a rule set's name); ``rules.scoring`` picks the scoring.
    written : mapping, optional
        Points already written per player (with teams, per player of a team:
        partners must agree, or give one of them).
    remembered : mapping, optional
        Kozel family: points remembered (not yet written) per player.
    carried : int, optional
        Points carried over from a tied fish ("eggs").
    opened : mapping, optional
        Whether each player's account is open (Kozel: has written its first
        total above 12); by default every account with written points is.

    Attributes
    ----------
    players : tuple
    rules : Rules
    rounds : list of dict
        For each recorded round, the points written per player (negative
        when points are written off, as in Telephone).
    round_winners : list
        For each recorded round, the player the rules name as its winner
        (None when nobody is): the one who went out, the fisherman, the
        lowest hand of a blocked round, ...

    Raises
    ------
    DominoTilingError
        If the players are not distinct, their number is not allowed, or a
        starting state is malformed.

    See Also
    --------
    Rules, rating_points, hand_points

    Notes
    -----
    How each family scores is told in :mod:`dominotiling.games._scorers`
    and in the docstrings of the presets (``Rules.kozel``, ...).  Every
    method that raises leaves the sheet unchanged.

    Examples
    --------
    Fish for one with a tie for the most pips carries the whole total
    (kozel_and_variants_ru.txt, paragraph 48: Alex and Olya hold 14 each,
    35 in all):

    >>> from dominotiling.games import Rules
    >>> sheet = ScoreSheet(["Masha", "Alex", "Olya", "Serg"], Rules.kozel("one"))
    >>> _ = sheet.record_totals({"Masha": 2, "Alex": 14, "Olya": 14, "Serg": 5}, fish=True)
    >>> sheet.carried
    35
    """

    def __init__(self, players, rules, *, written=None, remembered=None, carried=0, opened=None):
        rules = as_rules(rules)
        if isinstance(players, Integral) and not isinstance(players, bool):
            players = tuple(range(_validate.positive_int(players, "players", maximum=MAX_PLAYERS)))
        elif isinstance(players, (str, bytes)) or not hasattr(players, "__iter__"):
            raise DominoTypeError(
                f"players must be a number or a sequence of names, got {players!r}"
            )
        else:
            players = tuple(players)
        try:
            distinct = len(set(players)) == len(players)
        except TypeError:
            raise DominoTypeError("players must be hashable (names or seat numbers)") from None
        if not distinct:
            raise DominoTilingError(f"the players must be distinct, got {players}")
        rules.check_players(len(players))
        self.players = players
        self.rules = rules
        if rules.teams:  # partners opposite: pair i is seats i and i + (number of pairs)
            pairs = rules.table_teams
            self._teams = tuple((players[i], players[i + pairs]) for i in range(pairs))
        else:
            self._teams = tuple((p,) for p in players)
        self._account = {p: i for i, team in enumerate(self._teams) for p in team}
        self._written = self._start_values(written, "written", allow_negative=False)
        self._remembered = self._start_values(remembered, "remembered", allow_negative=False)
        self._carried = _validate.nonnegative_int(carried, "carried")
        if opened is None:
            self._opened = [w > 0 for w in self._written]
        else:
            flags = self._start_values(opened, "opened", flags=True)
            self._opened = [bool(f) for f in flags]
        self._losers = ()  # accounts that lost the match
        self._winners = ()  # accounts that won it
        self._draw = False
        self._deals = 0  # rounds that count towards rules.deals
        self._dropped = []  # accounts that left the match (rules.drop_out), in order
        self._waiting = list(range(2, len(self._teams))) if rules.table_teams > 2 else []
        self._losses = [0] * len(self._teams)  # General: rounds lost since a pair sat down
        self._extra = {}  # family-specific bookkeeping (sea Kozel's fisherman, eggs)
        self.last_tie = False  # the last round ended in a tie (eggs, a replayed round)
        self.rounds = []
        self.round_winners = []
        self._log = []  # (points per account, reason) per round, for display
        self._settle()

    def _start_values(self, values, name, allow_negative=True, flags=False):
        n = len(self._teams)
        out = [False if flags else 0] * n
        if values is None:
            return out
        if not hasattr(values, "items"):
            raise DominoTypeError(f"{name} must map players to values, got {type(values).__name__}")
        seen = {}
        for player, value in values.items():
            i = self._index(player)
            if flags:
                value = _validate.boolean(value, f"{name}[{player!r}]")
            elif allow_negative:
                value = _validate.integer(value, f"{name}[{player!r}]")
            else:
                value = _validate.nonnegative_int(value, f"{name}[{player!r}]")
            if i in seen and seen[i] != value:
                raise DominoTilingError(
                    f"partners share one account: {name} gives "
                    f"{seen[i]} and {value} for {self._teams[i]}"
                )
            seen[i] = value
            out[i] = value
        return out

    # ------------------------------------------------------------------ queries
    @property
    def teams(self):
        """The groups of players sharing an account (one player each without teams)."""
        return self._teams

    def score(self, player):
        """Return the points written for ``player`` (their team's, with teams)."""
        return self._written[self._index(player)]

    def remembered(self, player):
        """Return the Kozel points remembered (not yet written) for ``player``."""
        return self._remembered[self._index(player)]

    def is_open(self, player):
        """True once ``player``'s account is open (Kozel: a total above 12 was written)."""
        return self._opened[self._index(player)]

    def scores(self):
        """Return a dict of written points per player."""
        return {p: self._written[self._account[p]] for p in self.players}

    @property
    def carried(self):
        """Points waiting for the next round after a tied fish (eggs)."""
        return self._carried

    @property
    def deals_played(self):
        """The number of rounds that counted (a replayed round does not)."""
        return self._deals

    def _account_players(self, accounts):
        return tuple(p for i in accounts for p in self._teams[i])

    @property
    def losers(self):
        """All players who lost the match (a tuple; empty while it goes on)."""
        return self._account_players(self._losers)

    @property
    def winners(self):
        """All players who won the match (a tuple; empty while it goes on or on a draw)."""
        return self._account_players(self._winners)

    @property
    def loser(self):
        """The goat (Kozel family), or None.  With teams, the losing pair as a tuple.

        When several accounts lose together, the one with the highest score
        (see :attr:`losers` for all of them).
        """
        if not self._losers:
            return None
        team = self._teams[self._losers[0]]
        return team if self.rules.teams else team[0]

    @property
    def winner(self):
        """The winner (the first player of the winning team), or None."""
        if not self._winners:
            return None
        return self._teams[self._winners[0]][0]

    @property
    def is_draw(self):
        """True when the match ended without a winner (Telephone: both reached 225)."""
        return self._draw

    @property
    def active(self):
        """The players still in the match (all but those who dropped out, ``rules.drop_out``)."""
        gone = self._dropped_players()
        return tuple(p for p in self.players if p not in gone)

    def _dropped_players(self):
        """The players not at the table: dropped out (Seven) or waiting their turn (General)."""
        return {p for i in self._dropped + self._waiting for p in self._teams[i]}

    def rot_eggs(self):
        """Drop the eggs: the tied points carried after a fish (sea Kozel's rotten eggs).

        Sea Kozel's eggs are played for from 1-1, 2-2 or 3-3
        (more_rules_ru.txt, "Морской козёл", paragraphs 94-95 and 188); when
        none of them is dealt the eggs are rotten.  The game engine calls this
        as it deals such a round; by hand, call it when the deal shows none.

        Returns
        -------
        int
            The points dropped.

        Examples
        --------
        >>> from dominotiling.games import Rules
        >>> sheet = ScoreSheet(2, Rules.sea_kozel())
        >>> _ = sheet.record_totals({0: 12, 1: 12}, fish=True, fisherman=0)
        >>> sheet.carried, sheet.last_tie
        (24, True)
        >>> sheet.rot_eggs(), sheet.carried, sheet.last_tie
        (24, 0, False)
        """
        dropped = self._carried
        self._carried = 0
        self.last_tie = False
        self._extra.pop("eggs", None)
        return dropped

    @property
    def waiting(self):
        """The pairs waiting their turn at the table (General with more than two pairs).

        Examples
        --------
        >>> from dominotiling.games import Rules
        >>> ScoreSheet(6, Rules.general(pairs=3)).waiting
        ((2, 5),)
        """
        return tuple(self._teams[i] for i in self._waiting)

    @property
    def is_over(self):
        """True once the match has been decided."""
        return bool(self._losers or self._winners or self._draw)

    def copy(self):
        """Return an independent copy of the sheet."""
        new = ScoreSheet.__new__(ScoreSheet)
        new.__dict__.update(self.__dict__)
        for name in (
            "_written",
            "_remembered",
            "_opened",
            "rounds",
            "round_winners",
            "_log",
            "_dropped",
            "_waiting",
            "_losses",
        ):
            setattr(new, name, list(getattr(self, name)))
        new._extra = {k: (dict(v) if isinstance(v, dict) else v) for k, v in self._extra.items()}
        return new

    def _state(self):
        return (
            self._written,
            self._remembered,
            self._opened,
            self._carried,
            self._losers,
            self._winners,
            self._draw,
            self._deals,
            self._extra,
            self.last_tie,
            self.rounds,
            self.round_winners,
            self._dropped,
            self._waiting,
            self._losses,
        )

    def __str__(self):
        lines = [f"{'player':>10} {'written':>8} {'remembered':>10}"]
        for p in self.players:
            lines.append(f"{str(p):>10} {self.score(p):>8} {self.remembered(p):>10}")
        if self._carried:
            lines.append(f"carried: {self._carried}")
        return "\n".join(lines)

    def __repr__(self):
        return f"<ScoreSheet {self.rules.name}: {self.scores()}>"

    def _repr_html_(self):
        from .display import sheet_html

        return sheet_html(self)

    # ------------------------------------------------------------------ updates
    def add_points(self, player, points):
        """Add points scored during play (the fives games, Telephone, Bergen).

        Raises
        ------
        DominoTilingError
            Under rules without points during play (the Kozel family, classic,
            ...), for a negative amount, for an amount the rules cannot give
            (Muggins scores only multiples of 5), or once the match is over.

        Examples
        --------
        >>> from dominotiling.games import Rules
        >>> sheet = ScoreSheet(2, Rules.muggins())
        >>> sheet.add_points(0, 10); sheet.score(0)
        10
        >>> sheet.add_points(0, 7)
        Traceback (most recent call last):
        ...
        dominotiling.errors.DominoTilingError: muggins scores ends adding up to a multiple of 5 during play, not 7
        """
        i = self._index(player)
        rules = self.rules
        if rules.scoring not in ("muggins", "fives", "telephone", "bergen"):
            raise DominoTilingError(
                f"{rules.name} has no points during play; "
                "record the end of each round with record_round"
            )
        points = _validate.nonnegative_int(points, "points")
        if rules.scoring != "bergen" and not rules.per_multiple and points % rules.end_multiple:
            raise DominoTilingError(
                f"{rules.name} scores ends adding up to a multiple of "
                f"{rules.end_multiple} during play, not {points}"
            )
        if rules.scoring == "bergen" and points not in (0, 2, 3):
            raise DominoTilingError(f"Bergen scores 2 or 3 points during play, not {points}")
        self._check_not_over()
        self._written[i] += points

    def record_round(
        self, hands, fish=False, *, fisherman=None, opener=None, opened_with=None, finished_with=()
    ):
        """Score a finished round from the hands left.

        Parameters
        ----------
        hands : mapping
            Every player mapped to the bones left in their hand (an empty
            list for the player who went out).
        fish : bool, optional
            The round ended without anybody going out (a fish, or blocked).
        fisherman : player, optional
            Who laid the last bone of a fish (Kozel: the next round's opener;
            classic with ``blocked_winner="fisherman"``: the winner).
        opener, opened_with : player and Bone, optional
            Who opened the round and with which bone (sport Kozel's 6-6 and
            0-0 bonuses, sea Kozel's "on a hundred").
        finished_with : sequence of Bone, optional
            The bones laid in the round's last turn (a finish in 0-0 or 6-6).

        Returns
        -------
        dict
            Points written in this round per player.

        Raises
        ------
        DominoTilingError
            If a player is missing or unknown, a bone is repeated or not a
            bone of the set, more than one hand is empty, ``fish`` is given
            together with an empty hand, or the match is over.  The sheet is
            unchanged.
        """
        fish = _validate.boolean(fish, "fish")
        self._check_not_over()
        if not hasattr(hands, "items"):
            raise DominoTypeError(
                f"hands must map each player to their bones, got {type(hands).__name__}"
            )
        self._check_keys(hands, "hands")
        seen, lists = set(), {}
        for p in self.players:
            try:
                bones = list(hands[p])
            except TypeError:
                raise DominoTypeError(f"{p!r}'s hand must be a list of Bone objects") from None
            for b in bones:
                if not isinstance(b, Bone):
                    raise DominoTypeError(f"hands hold Bone objects, got {b!r} in {p!r}'s hand")
                if b.high > self.rules.max_pip:
                    raise DominoTilingError(f"bone {b} is not in a double-{self.rules.max_pip} set")
                if b in seen:
                    raise DominoTilingError(f"bone {b} appears twice among the hands")
                seen.add(b)
            lists[p] = bones
        gone = self._dropped_players()
        for p in gone:
            if lists[p]:
                raise DominoTilingError(
                    f"{p!r} has left the match and holds no bones, got {len(lists[p])}"
                )
        empty = [p for p in self.players if not lists[p] and p not in gone]
        if len(empty) > 1 and self.rules.scoring != "pips":  # trains: out in a first turn
            raise DominoTilingError(
                f"only one player can go out in a round, got empty hands for {empty}"
            )
        if fish and empty:
            raise DominoTilingError(
                f"player {empty[0]!r} went out, so the round is not a fish; "
                "record it with fish=False"
            )
        points = {p: hand_points(lists[p], self.rules) for p in self.players}
        return self._record(
            points,
            lists,
            empty[0] if empty else None,
            bool(fish),
            fisherman,
            opener,
            opened_with,
            finished_with,
        )

    def record_totals(
        self,
        totals,
        *,
        out=None,
        fish=False,
        fisherman=None,
        opener=None,
        opened_with=None,
        finished_with=(),
    ):
        """Score a finished round from each player's counted points, as a paper sheet does.

        Parameters
        ----------
        totals : mapping
            Every player mapped to the points their hand counts (already
            counted by the rules: a lone 0-0 as 10 in Kozel, ...).
        out : player, optional
            The player who went out (their total must be 0); None for a fish
            or a blocked round.
        fish, fisherman, opener, opened_with, finished_with
            As for :meth:`record_round`.

        Returns
        -------
        dict
            Points written in this round per player.

        Notes
        -----
        Rules that look inside the hands (Bergen's doubles, Chechevo's held
        0-0, classic's fewest bones) see no bones here: give the hands to
        :meth:`record_round` for those.

        Examples
        --------
        Fish for one, kozel_and_variants_ru.txt, paragraphs 45-46: Masha 2,
        Alex 3, Olya 13 (7 remembered), Serg 5; Olya takes 23 + 7 = 30:

        >>> from dominotiling.games import Rules
        >>> sheet = ScoreSheet(["Masha", "Alex", "Olya", "Serg"], Rules.kozel("one"),
        ...                    remembered={"Olya": 7, "Alex": 1})
        >>> sheet.record_totals({"Masha": 2, "Alex": 3, "Olya": 13, "Serg": 5}, fish=True)
        {'Masha': 0, 'Alex': 0, 'Olya': 30, 'Serg': 0}
        >>> sheet.remembered("Alex")
        0
        """
        fish = _validate.boolean(fish, "fish")
        self._check_not_over()
        if not hasattr(totals, "items"):
            raise DominoTypeError(
                f"totals must map each player to points, got {type(totals).__name__}"
            )
        self._check_keys(totals, "totals")
        points = {p: _validate.nonnegative_int(totals[p], f"totals[{p!r}]") for p in self.players}
        for p in self._dropped_players():
            if points[p]:
                raise DominoTilingError(f"{p!r} has left the match; their total must be 0")
        if out is not None:
            self._index(out, "out")
            if points[out] != 0:
                raise DominoTilingError(
                    f"{out!r} went out, so their total must be 0, got {points[out]}"
                )
            if fish:
                raise DominoTilingError(
                    f"player {out!r} went out, so the round is not a fish; "
                    "record it with fish=False"
                )
        return self._record(
            points, None, out, bool(fish), fisherman, opener, opened_with, finished_with
        )

    # ------------------------------------------------------------------ internals
    def _record(self, points, hands, out, fish, fisherman, opener, opened_with, finished_with):
        for who, name in ((fisherman, "fisherman"), (opener, "opener")):
            if who is not None:
                self._index(who, name)
        if opened_with is not None and not isinstance(opened_with, Bone):
            raise DominoTypeError(f"opened_with must be a Bone, got {opened_with!r}")
        finished_with = tuple(as_bones(finished_with, "finished_with"))
        rnd = _scorers.Round(
            self, points, hands, out, fish, fisherman, opener, opened_with, finished_with
        )
        saved = self.copy()
        try:
            gains, winner = _scorers.FAMILIES[self.rules.scoring](self, rnd)
        except Exception:
            self.__dict__.update(saved.__dict__)
            raise
        if not rnd.replayed:
            self._deals += 1
        written = {p: gains[self._account[p]] for p in self.players}
        self.rounds.append(written)
        self.round_winners.append(winner)
        self._log.append(
            (
                [sum(points[p] for p in team) for team in self._teams],
                "out" if out is not None else "fish",
                written,
            )
        )
        self._settle()
        return dict(written)

    def _check_keys(self, mapping, name):
        keys = list(mapping)
        if set(keys) != set(self.players) or len(keys) != len(self.players):
            raise DominoTilingError(
                f"{name} must map exactly the players {self.players}, got keys {tuple(keys)}"
            )

    def _index(self, player, name="player"):
        try:
            return self._account[player]
        except (KeyError, TypeError):
            raise DominoTilingError(
                f"unknown player {player!r} (as {name}); the players are {self.players}"
            ) from None

    def _check_not_over(self):
        if self.is_over:
            raise DominoTilingError("the match is over; start a new ScoreSheet for a new match")

    def _settle(self):
        """Decide the match from the written scores, unless a rule already did."""
        _match_end.settle(self)
