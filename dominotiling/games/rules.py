"""The rules of a domino game, written as data.

Inside: :class:`Rules`, a frozen dataclass that the game engine
(:class:`~dominotiling.games.Game`) and the score sheet
(:class:`~dominotiling.games.ScoreSheet`) read, with three presets:

* :meth:`Rules.classic` -- the draw game: 7 bones each for two players,
  5 for three or four, the winner scores what the others hold;
* :meth:`Rules.kozel` -- Kozel ("the goat"), the Russian game in which the
  first to write 101 points loses;
* :meth:`Rules.muggins` -- Muggins (all fives), with a spinner and points for
  ends that add up to a multiple of five.

Examples
--------
>>> from dominotiling.games import Rules
>>> rules = Rules.kozel(fish_mode="one")
>>> rules.hand_size(3), rules.target, rules.fish_mode
(7, 101, 'one')
>>> Rules.classic().hand_size(4)
5
"""

from dataclasses import dataclass, field, replace

__all__ = ["Rules"]

_SCORINGS = ("classic", "kozel", "muggins")
_OPENERS = ("rule", "winner")
_FISH_MODES = ("all", "one")


@dataclass(frozen=True)
class Rules:
    """A complete description of one domino game's rules.

    The presets :meth:`classic`, :meth:`kozel` and :meth:`muggins` are the
    usual way to get one; :func:`dataclasses.replace` (or :meth:`with_`)
    changes single fields.

    Parameters
    ----------
    name : str
        A label used in summaries and plots.
    max_pip : int
        The set in play is double-``max_pip``.
    min_players, max_players : int
        The numbers of players the rules allow.
    hand_sizes : tuple of (int, int)
        Pairs ``(number of players, bones dealt to each)``; the rest of the
        set is the bazaar (boneyard).
    redeal_doubles : int or None
        Redeal when a hand holds this many doubles or more (None: never).
    redeal_same_value : int or None
        Redeal when a hand holds this many bones sharing one value or more.
    opening_doubles : tuple of int
        For the opening of a round opened "by rule": the holder of the first
        of these doubles that is in a hand opens with it; when no hand holds
        any of them, the holder of the heaviest bone opens with it (heaviest
        by pips, ties broken by the larger half: 3-6 before 4-5).
    later_opener : {"rule", "winner"}
        Who opens the rounds after the first: again by ``opening_doubles``
        ("rule"), or the previous round's winner with any bone ("winner").
    draw_from_bazaar : bool
        A player who cannot move draws from the bazaar, one bone at a time,
        until able; with the bazaar empty (or when False) the player knocks.
    fish_ends_round : bool
        End the round as soon as the line is a fish (see
        :meth:`~dominotiling.games.Line.is_fish`).
    spinner : bool
        The first double played is a spinner, open on four sides.
    scoring : {"classic", "kozel", "muggins"}
        How the :class:`~dominotiling.games.ScoreSheet` scores a round.
    target : int
        The score that ends the match.
    target_loses : bool
        True: the first player to reach ``target`` loses (Kozel); False: the
        first to reach it wins.
    fish_mode : {"all", "one"}
        Kozel: after a fish everybody writes their own pips ("all"), or the
        player with the most pips takes everything ("one").
    write_above : int
        Kozel: a round total is written only when it is above this (12);
        smaller totals are remembered.
    lone_zero_zero : int or None
        Kozel: a hand holding nothing but 0-0 counts this many points (10).
    end_multiple : int
        Muggins: ends adding up to a multiple of this (5) score.
    teams : bool
        Kozel with four players, two against two, partners sitting opposite
        (seats 0 and 2 against 1 and 3) and sharing one account.

    Raises
    ------
    ValueError
        If a field is out of range or the fields contradict each other.

    Notes
    -----
    The engine reads only these fields; there is no hidden behaviour tied to
    a preset's name.
    """

    name: str = "custom"
    max_pip: int = 6
    min_players: int = 2
    max_players: int = 4
    hand_sizes: tuple = ((2, 7), (3, 5), (4, 5))
    redeal_doubles: "int | None" = None
    redeal_same_value: "int | None" = None
    opening_doubles: tuple = (6, 5, 4, 3, 2, 1, 0)
    later_opener: str = "rule"
    draw_from_bazaar: bool = True
    fish_ends_round: bool = False
    spinner: bool = False
    scoring: str = "classic"
    target: int = 100
    target_loses: bool = False
    fish_mode: str = "all"
    write_above: int = 12
    lone_zero_zero: "int | None" = None
    end_multiple: int = 5
    teams: bool = False
    _hand_size_map: dict = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "hand_sizes", tuple(tuple(p) for p in self.hand_sizes))
        object.__setattr__(self, "opening_doubles", tuple(self.opening_doubles))
        if self.scoring not in _SCORINGS:
            raise ValueError(f"scoring must be one of {_SCORINGS}, got {self.scoring!r}")
        if self.later_opener not in _OPENERS:
            raise ValueError(f"later_opener must be one of {_OPENERS}, got {self.later_opener!r}")
        if self.fish_mode not in _FISH_MODES:
            raise ValueError(f"fish_mode must be 'all' (fish for all) or 'one' (fish for one), "
                             f"got {self.fish_mode!r}")
        if not isinstance(self.max_pip, int) or self.max_pip < 1:
            raise ValueError(f"max_pip must be a whole number >= 1, got {self.max_pip!r}")
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError(f"need 1 <= min_players <= max_players, got "
                             f"{self.min_players} and {self.max_players}")
        if self.target < 1:
            raise ValueError(f"target must be positive, got {self.target}")
        n_bones = (self.max_pip + 1) * (self.max_pip + 2) // 2
        sizes = dict(self.hand_sizes)
        for n in range(self.min_players, self.max_players + 1):
            if n not in sizes:
                raise ValueError(f"hand_sizes gives no hand size for {n} players; "
                                 f"add a pair ({n}, size)")
            if not 1 <= sizes[n] or sizes[n] * n > n_bones:
                raise ValueError(f"{n} hands of {sizes[n]} bones do not fit in a "
                                 f"double-{self.max_pip} set of {n_bones} bones")
        if any(not 0 <= v <= self.max_pip for v in self.opening_doubles):
            raise ValueError(f"opening_doubles must be values 0..{self.max_pip}, "
                             f"got {self.opening_doubles}")
        if self.teams and (self.scoring != "kozel" or self.min_players != 4
                           or self.max_players != 4):
            raise ValueError("team play is defined for Kozel with exactly 4 players; "
                             "use Rules.kozel(players=4, teams=True)")
        object.__setattr__(self, "_hand_size_map", sizes)

    def hand_size(self, n_players):
        """Return the number of bones dealt to each of ``n_players`` players.

        Raises
        ------
        ValueError
            If the rules do not allow that many players.

        Examples
        --------
        >>> Rules.classic().hand_size(2), Rules.classic().hand_size(3)
        (7, 5)
        """
        self.check_players(n_players)
        return self._hand_size_map[n_players]

    def needs_redeal(self, hand):
        """Tell whether a dealt hand forces a new deal.

        Parameters
        ----------
        hand : iterable of Bone

        Returns
        -------
        bool
            True when the hand holds ``redeal_doubles`` doubles or more, or
            ``redeal_same_value`` bones or more sharing one value (a double
            counts once for its value).

        Examples
        --------
        >>> from dominotiling.games import Bone
        >>> fives = [Bone(5, v) for v in range(6)]          # 5-0 ... 5-5
        >>> Rules.kozel().needs_redeal(fives), Rules.classic().needs_redeal(fives)
        (True, False)
        """
        hand = list(hand)
        if self.redeal_doubles is not None and \
                sum(b.is_double for b in hand) >= self.redeal_doubles:
            return True
        if self.redeal_same_value is not None:
            counts = {}
            for b in hand:
                for v in {b.low, b.high}:
                    counts[v] = counts.get(v, 0) + 1
            if counts and max(counts.values()) >= self.redeal_same_value:
                return True
        return False

    def check_players(self, n_players):
        """Raise ValueError unless the rules allow ``n_players`` players."""
        if not isinstance(n_players, int) or not self.min_players <= n_players <= self.max_players:
            if self.min_players == self.max_players:
                allowed = f"exactly {self.min_players}"
            else:
                allowed = f"{self.min_players} to {self.max_players}"
            raise ValueError(f"{self.name} is played by {allowed} players, got {n_players!r}")

    def with_(self, **changes):
        """Return a copy with some fields changed (like :func:`dataclasses.replace`).

        Examples
        --------
        >>> Rules.classic().with_(target=150).target
        150
        """
        return replace(self, **changes)

    # ------------------------------------------------------------------ presets
    @classmethod
    def classic(cls, target=100):
        """The classic draw game.

        Two players get 7 bones, three or four get 5; the rest is the bazaar.
        The holder of 6-6 opens with it, else the holder of the highest
        double, else of the heaviest bone -- in every round.  A player who
        cannot move draws from the bazaar until able, or passes when it is
        empty.  The player who goes out scores the pips left in the others'
        hands.  A blocked round (nobody can move, bazaar empty) is won by the
        lowest hand, who scores the others' pips minus their own; when two
        or more tie for the lowest hand nobody scores.  The first to reach
        ``target`` wins.

        Parameters
        ----------
        target : int, optional
            The agreed winning score (default 100).

        Notes
        -----
        Not covered: keeping the last bones of the bazaar undrawn, a limit on
        draws, scoring "in fives", and partnership play.

        Examples
        --------
        >>> r = Rules.classic(target=50)
        >>> r.target, r.opening_doubles[0], r.later_opener
        (50, 6, 'rule')
        """
        return cls(name="classic", hand_sizes=((2, 7), (3, 5), (4, 5)),
                   opening_doubles=(6, 5, 4, 3, 2, 1, 0), later_opener="rule",
                   scoring="classic", target=target, target_loses=False)

    @classmethod
    def kozel(cls, fish_mode="all", players=None, teams=False):
        """Kozel ("the goat").

        Everyone gets 7 bones; the deal is redone when a hand has five or more
        doubles, or six or more bones sharing one value.  In the first round
        the holder of 1-1 opens with it; failing that 2-2, ..., 6-6, then 0-0;
        with no double in any hand, the heaviest bone (5-6, then down).
        Later rounds are opened with any bone by the previous round's winner
        or by the player who made the fish.  A player who can move must; one
        who cannot draws one bone at a time until able; with no bazaar the
        player knocks.  A round ends when a player goes out or on a fish.
        The first player to write 101 points is the goat and loses; see
        :class:`~dominotiling.games.ScoreSheet` for the scoring.

        Parameters
        ----------
        fish_mode : {"all", "one"}, optional
            Fish for all (everyone writes their own pips) or fish for one
            (the player with the most pips takes all).
        players : int or None, optional
            Fix the number of players (2 to 4); None allows 2 to 4.
        teams : bool, optional
            Two against two, partners opposite; needs ``players=4``.

        Notes
        -----
        Regional extras are not covered: "on a hundred", "eggs", the
        "bald goat" (losing without a written point), and variants in which
        the deal or the scoring of doubles differ.

        Examples
        --------
        >>> r = Rules.kozel("one", players=4, teams=True)
        >>> r.min_players, r.max_players, r.teams, r.opening_doubles
        (4, 4, True, (1, 2, 3, 4, 5, 6, 0))
        """
        if players is None:
            low, high = 2, 4
        elif isinstance(players, int) and 2 <= players <= 4:
            low = high = players
        else:
            raise ValueError(f"Kozel is played by 2 to 4 players, got players={players!r}")
        if teams and players != 4:
            raise ValueError("team Kozel needs four players: "
                             "use Rules.kozel(players=4, teams=True)")
        label = "Kozel (fish for all)" if fish_mode == "all" else "Kozel (fish for one)"
        if teams:
            label += ", teams"
        return cls(name=label, min_players=low, max_players=high,
                   hand_sizes=((2, 7), (3, 7), (4, 7)), redeal_doubles=5, redeal_same_value=6,
                   opening_doubles=(1, 2, 3, 4, 5, 6, 0), later_opener="winner",
                   fish_ends_round=True, scoring="kozel", target=101, target_loses=True,
                   fish_mode=fish_mode, write_above=12, lone_zero_zero=10, teams=teams)

    @classmethod
    def muggins(cls, target=200):
        """Muggins (all fives).

        Two players get 7 bones, three or four get 5.  The first round is
        opened as in the classic game, later rounds by the previous round's
        winner.  The first double played is a spinner open on four sides.
        Whenever the open ends add up to a multiple of 5 the mover scores that
        sum.  Going out scores the opponents' pips rounded to the nearest 5;
        a blocked round gives the lowest hand the others' pips minus their
        own, rounded to the nearest 5 (nothing on a tie).  The first to reach
        ``target`` (checked at the end of each round) wins.

        Notes
        -----
        Not covered: "muggins" claims of points an opponent forgot, scoring
        a point per five (the 1-per-5 count), and the Sniff/Five-Up variants.

        Examples
        --------
        >>> r = Rules.muggins()
        >>> r.spinner, r.target, r.end_multiple
        (True, 200, 5)
        """
        return cls(name="muggins", hand_sizes=((2, 7), (3, 5), (4, 5)),
                   opening_doubles=(6, 5, 4, 3, 2, 1, 0), later_opener="winner",
                   spinner=True, scoring="muggins", target=target, target_loses=False,
                   end_multiple=5)
