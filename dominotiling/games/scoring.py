"""Score keeping: the score sheet and Kozel rating points.

Inside: :class:`ScoreSheet`, which turns the hands left at the end of each
round into written points by the :class:`~dominotiling.games.Rules` in force
(classic, Kozel with remembered points and fish, Muggins), and
:func:`rating_points`, the rating a finished Kozel game gives.

Examples
--------
>>> from dominotiling.games import Bone, Rules, ScoreSheet
>>> sheet = ScoreSheet(["Ann", "Bob"], Rules.kozel())
>>> sheet.record_round({"Ann": [], "Bob": [Bone(2, 3), Bone(1, 4)]})  # 5 + 5 = 10
{'Ann': 0, 'Bob': 0}
>>> sheet.score("Bob"), sheet.remembered("Bob")
(0, 10)
>>> sheet.record_round({"Ann": [Bone(0, 1)], "Bob": [Bone(6, 6), Bone(1, 2)]})  # 1 and 15
{'Ann': 0, 'Bob': 25}
>>> sheet.score("Bob"), sheet.remembered("Ann")
(25, 1)
"""

from numbers import Integral

from .bones import Bone

__all__ = ["ScoreSheet", "rating_points", "hand_points"]


def hand_points(bones, rules):
    """Return the points a hand left at the end of a round counts.

    The sum of its pips, except that under Kozel rules a hand holding nothing
    but 0-0 counts ``rules.lone_zero_zero`` (10).

    Examples
    --------
    >>> from dominotiling.games import Rules
    >>> hand_points([Bone(0, 0)], Rules.kozel()), hand_points([Bone(0, 0)], Rules.classic())
    (10, 0)
    >>> hand_points([Bone(0, 0), Bone(2, 3)], Rules.kozel())
    5
    """
    bones = list(bones)
    if rules.lone_zero_zero is not None and len(bones) == 1 and bones[0] == Bone(0, 0):
        return rules.lone_zero_zero
    return sum(b.pips for b in bones)


def _round_to_five(x, multiple=5):
    # Nearest multiple; an integer is never exactly halfway when multiple is odd.
    return multiple * ((2 * x + multiple) // (2 * multiple))


class ScoreSheet:
    """The written scores of a match.

    Parameters
    ----------
    players : int or sequence of hashable
        The players in seating order (clockwise), or their number (then they
        are ``0, 1, ...``).
    rules : Rules
        The rules; ``rules.scoring`` picks the scoring system.

    Attributes
    ----------
    players : tuple
    rules : Rules
    rounds : list of dict
        For each recorded round, the points written per player.

    Raises
    ------
    ValueError
        If the players are not distinct or their number is not allowed.

    Notes
    -----
    **Kozel.**  A hand counts its pips (a lone 0-0 counts 10).  A player
    writes nothing while their round totals stay at or below 12: such totals
    are remembered and add up from round to round (the remembered sum may
    exceed 12; only a single round's total opens the account).  The first
    round total above 12 is written together with all remembered points, and
    from then on every round's points are written at once.  A player who
    writes nothing in a round -- the one who went out (empty hand) and, after
    a fish for one, every player who does not take -- loses their remembered
    points.  Fish for all: everyone counts their own pips as usual.  Fish for
    one: the player with the most pips takes the total of all hands (plus
    any carried points) as their round total; on a tie for the most nobody
    writes, remembered points stay, and the whole total is carried.  Carried
    points go on top of the round total of the player with the most pips in
    the next round (fish or not); on a tie they wait again.  The first to
    reach 101 written points is the goat (:attr:`loser`); if several reach it
    in the same round, the highest score is the goat, ties going to the
    earlier seat.  With teams the partners share one account, a team's round
    total is the sum of both hands, and the team of the player who went out
    writes nothing.

    Decisions on ambiguous cases: if a player goes out with the bone that
    also makes a fish, the round is an ordinary one (going out wins);
    ``fish=True`` together with an empty hand is therefore refused.  A round
    with ``fish=False`` in which nobody went out is scored like a fish for
    all.

    **Classic.**  The player who went out scores the sum of the other hands.
    Otherwise (blocked) the unique lowest hand scores the sum of the other
    hands minus its own; on a tie for the lowest nobody scores.

    **Muggins.**  Points scored during play are added with :meth:`add_points`.
    Going out scores the other hands' sum rounded to the nearest 5; a blocked
    round gives the unique lowest hand the others' sum minus its own, rounded
    to the nearest 5.

    For classic and Muggins the match ends when, after a round, someone has
    reached ``rules.target``: the highest score wins (:attr:`winner`), ties
    going to the earlier seat.

    A method that raises leaves the sheet unchanged.

    Examples
    --------
    Fish for one with a tie for the most pips carries the whole total:

    >>> from dominotiling.games import Rules
    >>> sheet = ScoreSheet(3, Rules.kozel("one"))
    >>> _ = sheet.record_round({0: [Bone(4, 5)], 1: [Bone(3, 6)], 2: [Bone(1, 2)]}, fish=True)
    >>> sheet.carried   # 9 + 9 + 3
    21
    """

    def __init__(self, players, rules):
        if isinstance(players, Integral) and not isinstance(players, bool):
            players = tuple(range(int(players)))
        else:
            players = tuple(players)
        if len(set(players)) != len(players):
            raise ValueError(f"the players must be distinct, got {players}")
        rules.check_players(len(players))
        self.players = players
        self.rules = rules
        if rules.teams:
            self._teams = ((players[0], players[2]), (players[1], players[3]))
        else:
            self._teams = tuple((p,) for p in players)
        self._account = {p: i for i, team in enumerate(self._teams) for p in team}
        n = len(self._teams)
        self._written = [0] * n
        self._remembered = [0] * n
        self._opened = [False] * n
        self._carried = 0
        self._end = None  # index of the losing (Kozel) or winning account
        self.rounds = []

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

    def scores(self):
        """Return a dict of written points per player."""
        return {p: self._written[self._account[p]] for p in self.players}

    @property
    def carried(self):
        """Points waiting for the next round after a fish for one with a tie."""
        return self._carried

    @property
    def loser(self):
        """The goat (Kozel), or None.  With teams, the losing pair as a tuple."""
        if self._end is None or not self.rules.target_loses:
            return None
        team = self._teams[self._end]
        return team if self.rules.teams else team[0]

    @property
    def winner(self):
        """The winner when reaching the target wins (classic, Muggins), or None."""
        if self._end is None or self.rules.target_loses:
            return None
        return self._teams[self._end][0]

    @property
    def is_over(self):
        """True once the match has been decided."""
        return self._end is not None

    def copy(self):
        """Return an independent copy of the sheet."""
        new = ScoreSheet.__new__(ScoreSheet)
        new.__dict__.update(self.__dict__)
        for name in ("_written", "_remembered", "_opened", "rounds"):
            setattr(new, name, list(getattr(self, name)))
        return new

    def __str__(self):
        lines = [f"{'player':>10} {'written':>8} {'remembered':>10}"]
        for p in self.players:
            lines.append(f"{str(p):>10} {self.score(p):>8} {self.remembered(p):>10}")
        if self._carried:
            lines.append(f"carried: {self._carried}")
        return "\n".join(lines)

    def __repr__(self):
        return f"<ScoreSheet {self.rules.name}: {self.scores()}>"

    # ------------------------------------------------------------------ updates
    def add_points(self, player, points):
        """Add points scored during play (Muggins: ends adding up to a multiple of 5).

        Raises
        ------
        ValueError
            Under Kozel rules (points there come only from hands), for a
            negative amount, or once the match is over.

        Examples
        --------
        >>> from dominotiling.games import Rules
        >>> sheet = ScoreSheet(2, Rules.muggins())
        >>> sheet.add_points(0, 10); sheet.score(0)
        10
        """
        i = self._index(player)
        if self.rules.scoring == "kozel":
            raise ValueError("Kozel has no points during play; use record_round")
        if isinstance(points, bool) or not isinstance(points, Integral) or points < 0:
            raise ValueError(f"points must be a whole number >= 0, got {points!r}")
        self._check_not_over()
        self._written[i] += int(points)

    def record_round(self, hands, fish=False):
        """Score a finished round from the hands left.

        Parameters
        ----------
        hands : mapping
            Every player mapped to the bones left in their hand (an empty
            list for the player who went out).
        fish : bool, optional
            The round ended on a fish (or was blocked).  Only Kozel's fish
            for one scores a fish differently.

        Returns
        -------
        dict
            Points written in this round per player.

        Raises
        ------
        ValueError
            If a player is missing or unknown, a bone is repeated or not a
            bone of the set, more than one hand is empty, ``fish`` is given
            together with an empty hand, or the match is over.  The sheet is
            unchanged.
        """
        self._check_not_over()
        if set(hands) != set(self.players) or len(hands) != len(self.players):
            raise ValueError(f"hands must map exactly the players {self.players} to their bones, "
                             f"got keys {tuple(hands)}")
        seen = set()
        lists = {}
        for p in self.players:
            bones = list(hands[p])
            for b in bones:
                if not isinstance(b, Bone):
                    raise ValueError(f"hands hold Bone objects, got {b!r} in {p!r}'s hand")
                if b.high > self.rules.max_pip:
                    raise ValueError(f"bone {b} is not in a double-{self.rules.max_pip} set")
                if b in seen:
                    raise ValueError(f"bone {b} appears twice among the hands")
                seen.add(b)
            lists[p] = bones
        empty = [p for p in self.players if not lists[p]]
        if len(empty) > 1:
            raise ValueError(f"only one player can go out in a round, got empty hands for {empty}")
        if fish and empty:
            raise ValueError(f"player {empty[0]!r} went out, so the round is not a fish; "
                             "record it with fish=False")
        n = len(self._teams)
        points = [0] * n
        for p in self.players:
            points[self._account[p]] += hand_points(lists[p], self.rules)
        out = self._account[empty[0]] if empty else None
        if self.rules.scoring == "kozel":
            written = self._kozel(points, out, fish)
        else:
            written = self._winner_takes(points, out)
        self.rounds.append({p: written[self._account[p]] for p in self.players})
        self._settle()
        return dict(self.rounds[-1])

    # ------------------------------------------------------------------ internals
    def _index(self, player):
        try:
            return self._account[player]
        except (KeyError, TypeError):
            raise ValueError(f"unknown player {player!r}; the players are {self.players}") from None

    def _check_not_over(self):
        if self._end is not None:
            raise ValueError("the match is over; start a new ScoreSheet for a new match")

    def _kozel(self, points, out, fish):
        n = len(points)
        written = [0] * n

        def credit(i, total):
            if self._opened[i]:
                written[i] += total
            elif total > self.rules.write_above:
                written[i] += total + self._remembered[i]
                self._remembered[i] = 0
                self._opened[i] = True
            else:
                self._remembered[i] += total

        top = max(points)
        leaders = [i for i in range(n) if points[i] == top]
        if fish and self.rules.fish_mode == "one":
            total = sum(points) + self._carried
            if len(leaders) > 1:
                self._carried = total
            else:
                self._carried = 0
                for i in range(n):
                    if i == leaders[0]:
                        credit(i, total)
                    else:
                        self._remembered[i] = 0
        else:
            points = list(points)
            if self._carried and len(leaders) == 1:
                points[leaders[0]] += self._carried
                self._carried = 0
            for i in range(n):
                if i == out:
                    self._remembered[i] = 0
                else:
                    credit(i, points[i])
        for i in range(n):
            self._written[i] += written[i]
        return written

    def _winner_takes(self, points, out):
        n = len(points)
        written = [0] * n
        total = sum(points)
        muggins = self.rules.scoring == "muggins"
        if out is not None:
            gain = total
            winner = out
        else:
            low = min(points)
            lowest = [i for i in range(n) if points[i] == low]
            if len(lowest) > 1:
                return written
            winner = lowest[0]
            gain = total - 2 * low  # the others' pips minus the winner's own
        if muggins:
            gain = _round_to_five(gain, self.rules.end_multiple)
        written[winner] = gain
        self._written[winner] += gain
        return written

    def _settle(self):
        target = self.rules.target
        reached = [i for i in range(len(self._teams)) if self._written[i] >= target]
        if reached:
            # highest score first, earlier seat on ties (max keeps the first maximum)
            self._end = max(reached, key=lambda i: self._written[i])


def rating_points(score, timeout_score=None):
    """Return the rating points a player gains from a finished Kozel game.

    Parameters
    ----------
    score : int
        The player's written score at the end of the game.
    timeout_score : int or None, optional
        When the game ended because another player's time ran out: that
        player's written score.

    Returns
    -------
    int
        ``round((100 - score) / 10)`` with halves rounded up; after a timeout,
        ``max(1, round((timeout_score - score) / 10))``, halves rounded up.

    Raises
    ------
    ValueError
        If a score is not a whole number >= 0.

    Notes
    -----
    Call it for every player who did not lose.  The goat, and the player
    whose timeout ended the game, gain nothing: do not call it for them.
    A non-loser above 100 (two players passed 101 in the last round) gets
    a negative amount by the same formula.

    Examples
    --------
    >>> rating_points(45), rating_points(55), rating_points(0)
    (6, 5, 10)
    >>> rating_points(30, timeout_score=85), rating_points(80, timeout_score=70)
    (6, 1)
    """
    for name, value in (("score", score), ("timeout_score", timeout_score)):
        if value is None and name == "timeout_score":
            continue
        if isinstance(value, bool) or not isinstance(value, Integral) or value < 0:
            raise ValueError(f"{name} must be a whole number >= 0, got {value!r}")
    if timeout_score is None:
        return (100 - int(score) + 5) // 10
    return max(1, (int(timeout_score) - int(score) + 5) // 10)
