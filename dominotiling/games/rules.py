"""The rules of a domino game, written as data.

Inside: :class:`Rules`, a frozen dataclass that the game engine
(:class:`~dominotiling.games.Game`) and the score sheet
(:class:`~dominotiling.games.ScoreSheet`) read, and the registry of named rule
sets (:meth:`Rules.by_name`, :meth:`Rules.names`).  Every named rule set is a
preset classmethod (``Rules.kozel()``, ``Rules.telephone()``, ...) whose
docstring cites the file and paragraph of the rule documents it follows
(``shared/sources/games/``; "paragraph N" is line N of the file); the
presets live in :mod:`.variants_block`, :mod:`.variants_kozel`,
:mod:`.variants_fives` and :mod:`.variants_layouts`; the fields are checked in
:mod:`._rules_check`; the names are registered here (:func:`register`, used by
the variants modules, which :mod:`dominotiling.games` imports).

Wherever the package takes rules it also takes a name: ``Game("kozel", 3)``.

Examples
--------
>>> from dominotiling.games import Rules
>>> rules = Rules.kozel(fish_mode="one")
>>> rules.hand_size(3), rules.target, rules.fish_mode
(7, 101, 'one')
>>> Rules.by_name("sea kozel").target
125
>>> Rules.by_name("козёл") == Rules.kozel()
True
"""

import types
from dataclasses import dataclass, field, fields, replace

from .. import _validate
from ..errors import DominoTilingError, DominoTypeError
from . import _rules_check
from .bones import Bone, as_bone, as_bones

__all__ = ["Rules"]

# the names older code imported from here
SCORINGS = _rules_check.SCORINGS
_bone_key = _rules_check.bone_key
_bone_table = _rules_check.bone_table


@dataclass(frozen=True)
class Rules:
    """A complete description of one domino game's rules.

    The presets (``Rules.classic()``, ``Rules.kozel()``, ``Rules.telephone()``,
    ... -- :meth:`names` lists them) are the usual way to get one;
    :meth:`with_` changes single fields.  The engine reads only these fields;
    nothing is tied to a preset's name.

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
    redeal_doubles, redeal_same_value : int or None
        Redeal when a hand holds this many doubles or more, or this many bones
        sharing one value or more (None: never).
    bazaar_reserve : int
        The last bones of the bazaar that are never drawn (Kozel variants
        keep 1 or 2, Bergen 2).
    reserve_by_players : tuple of (int, int)
        Pairs ``(number of players, reserve)`` that replace
        ``bazaar_reserve`` for that many players (Kramer's Draw and Muggins:
        two bones kept with two players, one with three or four).
    opening_bones : tuple of bones
        For a round opened "by rule": the holder of the first of these bones
        that is in a hand must open with it (Telephone: 2-3); checked before
        ``opening_doubles``.
    opening_doubles : tuple of int
        For a round opened "by rule": the holder of the first of these doubles
        that is in a hand must open with it.
    opening_fallback : {"heaviest", "lightest"}
        When no hand holds any of ``opening_doubles``: the holder of the
        heaviest bone (ties broken by the larger half: 3-6 before 4-5) or of
        the lightest (ties broken by the smaller half: 0-3 before 1-2) opens
        with it.
    first_opener : {"rule", "seat"}
        Who opens the first round: by ``opening_doubles`` ("rule"), or seat 0
        with any bone ("seat": the lead decided by lot, seat the players so).
    later_opener : {"rule", "winner", "rotate", "winner_partner"}
        Who opens later rounds: by rule again, the previous round's winner,
        the next seat in turn, or the partner of the previous round's winner.
    later_bone : {"any", "double"}
        The opener of a later round plays any bone, or a double when holding
        one (sport Kozel).
    reopen_after_tie : bool
        After a round that ended in a tie (Kozel's "eggs") the next round is
        opened by rule.
    draw_from_bazaar : bool
        A player who cannot move draws from the bazaar (else knocks).
    draw_limit : int or None
        None: draw until able to move; 1: draw one bone, play it if it fits,
        else pass.
    doubles_per_turn : int
        A player may lay up to this many doubles in one turn, each on a
        different open end.
    chain_turn : bool
        A player may lay any number of bones in one turn (Blitz).
    extra_turn_sum : int or None
        When the two ends add up to this after a play, the player moves again
        (Seven: 6).
    penalty_sum : int or None
        When the two ends add up to this after a turn, the next player takes
        ``penalty_draws`` bones and misses the turn (Seven: 7).
    penalty_draws : int
    streak_two_bones : int or None
        A player whose last moves, this many or more in a row, each laid a
        bone may lay two bones in his next move, one after the other (or stop
        after one with ``end_turn``); Seven: 3, paragraph 748.  The ends are
        then added up (``extra_turn_sum``, ``penalty_sum``) after the move.
    streak_counts : {"turns", "moves"}
        What makes the row of ``streak_two_bones``: the player's moves across
        turns, broken when he draws, knocks or misses a turn (and at a new
        round); or only the moves of one turn (the moves again after the
        ends add up to ``extra_turn_sum``), broken when another player moves.
    closing_doubles : {"none", "any", "same"}
        Whether a double may be laid face down, closing its end: never, each
        at will, or (several doubles in one turn) all closed or all open.
    spinner : bool
        One double becomes a cross (spinner) open on four sides.
    house : {"first_double", "first_covered"}
        Which double is the cross: the first played, or the first covered on
        both long sides (Telephone's "house").
    spinner_opens : {"both_sides", "at_once"}
        The cross's short sides open once both long sides are covered, or at
        once.
    spinner_arms_first : bool
        The first plays on a cross must each start a new arm (Sevastopol).
    cross_count : {"played", "all"}
        Counting the ends: the cross's short sides count only once played on,
        or (once both long sides are covered) each counts the double's value.
    fish_ends_round : bool
        End the round as soon as the line is a fish.
    scoring : {"classic", "kozel", "muggins", "fives", "telephone", "sea_kozel", "general", "seven", "bergen", "pips", "krysha"}
        How the :class:`~dominotiling.games.ScoreSheet` scores a round
        ("muggins" is the old name of "fives"; "pips": everyone writes the
        points left in hand; "krysha": the traditional four-hand Kozel, where
        the winning pair writes the losers' points).
    target : int or None
        The score that ends the match (None: only ``deals`` ends it).
    target_loses : bool
        True: reaching ``target`` loses (Kozel); False: it wins.
    deals : int or None
        A fixed number of deals ends the match; the lowest (``target_loses``)
        or highest score wins.
    fish_mode : {"all", "one", "difference"}
        After a fish: everybody writes their own pips, the player with the
        most pips takes all, or the higher hand writes the difference.
    most_takes_all : bool
        Kozel family: in every round the player with the most pips takes the
        total of all hands (Chechevo).
    eggs : bool
        Kozel, fish for all: a tie for the most pips in a fish writes nothing
        and carries the total to the next round.
    write_above : int
        Kozel family: an account opens with a round total above this; smaller
        totals are remembered (sea Kozel: 24).
    lone_zero_zero : int or None
        A hand holding nothing but 0-0 counts this much (kept for
        compatibility; the same as a ``special_hands`` entry).
    special_hands : tuple of (tuple of bones, int)
        Exact hands with a fixed value, e.g. ``((((0, 0), (6, 6)), 75),)``.
    bone_values : tuple of (bone, int)
        Bones counting more than their pips, e.g. ``(((6, 6), 50),)``.
    several_goats : bool
        Every account at or over ``target`` at the end loses (not only the
        highest).
    opening_bonus, finish_bonus : tuple of (bone, int)
        Opening the round with, or finishing it with, one of these bones adds
        the points to every losing account (sport Kozel, Chechevo).
    finish_ends_match : tuple of bones
        Going out with one of these bones ends the match at once: the finisher
        wins (Chechevo's and sea Kozel's 0-0).
    held_loses : tuple of bones
        Holding one of these bones at the end of a round loses the match at
        once (Chechevo's 0-0).
    end_multiple : int
        Fives family: ends adding up to a multiple of this score (5; 3 in All
        threes).
    per_multiple : bool
        Play points are the number of multiples (1 point per five), not the sum.
    bonus_per_multiple : bool
        The end-of-round bonus is divided by ``end_multiple`` too.
    out_bonus : int or None
        Fives family: going out scores this flat amount (Muggins: 10); None:
        the other hands' pips.
    hand_rounding : {"nearest", "down", "up", "none"}
        How the hand bonus is rounded to a multiple of ``end_multiple``.
    blocked_winner : {"lowest", "fisherman", "fewest_bones"}
        Classic: who wins a blocked round: the lowest hand, the player who
        laid the last bone ("the fisherman takes all"), or the player left
        with the fewest bones (ties broken by the lower hand).
    blocked_score : {"difference", "others", "all"}
        The winner of a blocked round scores the others' pips minus their own,
        the others' pips, or everybody's pips, their own included.
    blocked_tie : {"nobody", "replay", "fewest_bones", "lowest_bone"}
        A tie for the lowest hand in a blocked round: nobody scores, the round
        is replayed (it does not count), the fewest bones win, or the holder
        of the lightest single bone wins.
    teams : bool
        Four players, two against two, partners opposite (seats 0 and 2
        against 1 and 3), sharing one account.
    layout : {"line", "trains", "chicken_foot", "sausage", "five_up"}
        What the bones are laid into: one line (with the fields above for
        the cross); a centre double with a train per player and a common
        train (Mexican train); a set double with six chicks and a foot of
        ``foot_size`` chicks on every later double (Chicken foot); two
        parallel lines from a crosswise head, cut across by a fitting bone
        (Kolbasa, the sausage); a line where every double branches on its
        free sides (Five-Up).  :mod:`dominotiling.games.layouts` tells how.
    set_double : bool
        Each round is built on one double: double-``max_pip`` in the first,
        one lower in each next round down to 0-0, then up again.  With
        ``layout="trains"`` it is taken out of the set and laid in the centre
        before the deal; with ``"chicken_foot"`` its holder opens with it.
    missing_set_double : {"lower", "redeal"}
        Chicken foot, nobody holds the round's double: the next lower double
        held opens, or the bones are dealt again.
    foot_size : int
        Chicken foot: the chicks a later double takes (the set double twice as
        many) before anything else may be played.
    hidden_rows : bool
        Each hand is a face-down row: a player takes the rightmost bone and
        plays it if it fits, else puts it back at the left end and passes
        (:meth:`~dominotiling.games.Game.knock`).  Kolbasa.
    play_until_stuck : bool
        A player who lays a bone moves again; the turn passes only when the
        player cannot play.
    sausage_cuts : {"anywhere", "equal_ends"}
        Kolbasa: a bone may cut the two lines at any depth both reach, or
        only at their ends when they are equally long.
    row_opening : {"first", "double"}
        Kolbasa: the opener lays the first bone of the row, or the first
        double of it (a bone when the row has none).
    lengthwise_doubles : bool
        A double other than the cross may be laid along the line, counting
        one half instead of both (Muggins).
    finish_bonus_all : bool
        The ``finish_bonus`` needs every one of its bones in the last turn
        (the true General: 0-0 and 6-6 at once), not just one.
    reopen_doubles : tuple of int
        After a tie reopened by rule (``reopen_after_tie``) these doubles are
        looked for, in order, instead of ``opening_doubles`` (sea Kozel's eggs
        are played from 1-1).
    egg_attempts : int or None
        Sea Kozel: tied points ("eggs") are carried to the winner of the next
        round; after this many replays ending in eggs again they are
        "rotten": dropped, and the round does not count.  None: an eggs round
        is simply replayed and carries nothing.
    reopen_rots : bool
        Sea Kozel: the eggs rot (are dropped) when no hand of the next deal
        holds any of ``reopen_doubles`` (1-1, 2-2 or 3-3); the round is then
        opened as after any other round.
    six_six_wins : {"one_loser", "losers_total"}
        Sea Kozel, going out on 6-6 wins the match when at least one loser
        holds 25 or more ("one_loser"), or when the losers hold 25 or more
        together ("losers_total").
    hundred_any_time : bool
        Sea Kozel: a player whose account is open and who holds 6-6 when the
        bones are dealt opens the round with it, "on a hundred", whoever
        would open otherwise.
    table_teams : int
        General: the pairs that take turns at the table (2 play, the others
        wait); ``teams`` then means ``2 * table_teams`` players.
    team_leaves : {"two_losses", "general"}
        General with waiting pairs: a pair leaves the table after losing two
        rounds, or as soon as a General is hung on it.
    first_turn_train : bool
        Mexican train: in a player's first turn of a hand, any number of
        bones may be laid on the player's own train, one after the other;
        a player who cannot start the train marks it without drawing; the
        Mexican train is started from the second turn on.
    drop_out : bool
        A player reaching ``target`` leaves the match and the others play on
        (dealt as many bones as at first); the last player left wins.

    Raises
    ------
    DominoTilingError
        If a field is out of range or the fields contradict each other
        (a :class:`~dominotiling.errors.DominoTypeError` for a wrong type).

    See Also
    --------
    Game, simulate, ScoreSheet

    Examples
    --------
    >>> Rules(target=True)
    Traceback (most recent call last):
    ...
    dominotiling.errors.DominoTypeError: target must be an integer, got True (bool)
    """

    name: str = "custom"
    max_pip: int = 6
    min_players: int = 2
    max_players: int = 4
    hand_sizes: tuple = ((2, 7), (3, 5), (4, 5))
    redeal_doubles: "int | None" = None
    redeal_same_value: "int | None" = None
    bazaar_reserve: int = 0
    reserve_by_players: tuple = ()
    opening_bones: tuple = ()
    opening_doubles: tuple = (6, 5, 4, 3, 2, 1, 0)
    opening_fallback: str = "heaviest"
    first_opener: str = "rule"
    later_opener: str = "rule"
    later_bone: str = "any"
    reopen_after_tie: bool = False
    draw_from_bazaar: bool = True
    draw_limit: "int | None" = None
    doubles_per_turn: int = 1
    chain_turn: bool = False
    extra_turn_sum: "int | None" = None
    penalty_sum: "int | None" = None
    penalty_draws: int = 2
    streak_two_bones: "int | None" = None
    streak_counts: str = "turns"
    closing_doubles: str = "none"
    spinner: bool = False
    house: str = "first_double"
    spinner_opens: str = "both_sides"
    spinner_arms_first: bool = False
    cross_count: str = "played"
    fish_ends_round: bool = False
    scoring: str = "classic"
    target: "int | None" = 100
    target_loses: bool = False
    deals: "int | None" = None
    fish_mode: str = "all"
    most_takes_all: bool = False
    eggs: bool = False
    write_above: int = 12
    lone_zero_zero: "int | None" = None
    special_hands: tuple = ()
    bone_values: tuple = ()
    several_goats: bool = False
    opening_bonus: tuple = ()
    finish_bonus: tuple = ()
    finish_ends_match: tuple = ()
    held_loses: tuple = ()
    end_multiple: int = 5
    per_multiple: bool = False
    bonus_per_multiple: bool = False
    out_bonus: "int | None" = None
    hand_rounding: str = "nearest"
    blocked_winner: str = "lowest"
    blocked_score: str = "difference"
    blocked_tie: str = "nobody"
    teams: bool = False
    layout: str = "line"
    set_double: bool = False
    missing_set_double: str = "lower"
    foot_size: int = 3
    hidden_rows: bool = False
    play_until_stuck: bool = False
    sausage_cuts: str = "anywhere"
    row_opening: str = "first"
    lengthwise_doubles: bool = False
    finish_bonus_all: bool = False
    reopen_doubles: tuple = ()
    egg_attempts: "int | None" = None
    reopen_rots: bool = False
    six_six_wins: str = "one_loser"
    hundred_any_time: bool = False
    table_teams: int = 2
    team_leaves: str = "two_losses"
    first_turn_train: bool = False
    drop_out: bool = False
    _hand_size_map: dict = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "_hand_size_map", _rules_check.check(self))

    # ------------------------------------------------------------------ queries
    def hand_size(self, n_players):
        """Return the number of bones dealt to each of ``n_players`` players.

        Raises
        ------
        DominoTilingError
            If the rules do not allow that many players.

        Examples
        --------
        >>> Rules.classic().hand_size(2), Rules.classic().hand_size(3)
        (7, 5)
        """
        n_players = self.check_players(n_players)
        return self._hand_size_map[n_players]

    def reserve(self, n_players):
        """The bones of the bazaar never drawn when ``n_players`` play.

        Examples
        --------
        >>> r = Rules.draw_game()
        >>> r.reserve(2), r.reserve(4)
        (2, 1)
        """
        n_players = _validate.positive_int(n_players, "n_players")
        return dict(self.reserve_by_players).get(n_players, self.bazaar_reserve)

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
        hand = as_bones(hand, "hand")
        if (
            self.redeal_doubles is not None
            and sum(b.is_double for b in hand) >= self.redeal_doubles
        ):
            return True
        if self.redeal_same_value is not None:
            counts = {}
            for b in hand:
                for value in {b.low, b.high}:
                    counts[value] = counts.get(value, 0) + 1
            if counts and max(counts.values()) >= self.redeal_same_value:
                return True
        return False

    def check_players(self, n_players):
        """Return ``n_players`` as an int if the rules allow that many players.

        Raises
        ------
        DominoTilingError
            If they do not (:class:`DominoTypeError` when it is not an integer).
        """
        n = _validate.integer(n_players, "n_players (the number of players)")
        if not self.min_players <= n <= self.max_players:
            if self.min_players == self.max_players:
                allowed = f"exactly {self.min_players}"
            else:
                allowed = f"{self.min_players} to {self.max_players}"
            raise DominoTilingError(f"{self.name} is played by {allowed} players, got {n}")
        return n

    def with_(self, **changes):
        """Return a copy with some fields changed (like :func:`dataclasses.replace`).

        Examples
        --------
        >>> Rules.classic().with_(target=150).target
        150
        """
        known = {f.name for f in fields(self) if f.init}
        unknown = sorted(set(changes) - known)
        if unknown:
            raise DominoTilingError(
                f"Rules has no field {unknown[0]!r}; the fields are {', '.join(sorted(known))}"
            )
        return replace(self, **changes)

    def bone_value(self, bone):
        """The points ``bone`` counts in a hand: its pips, unless ``bone_values`` says otherwise.

        Examples
        --------
        >>> from dominotiling.games import Bone
        >>> Rules.seven().bone_value(Bone(2, 2)), Rules.seven().bone_value(Bone(2, 3))
        (10, 5)
        """
        if type(bone) is not Bone:
            as_bone(bone, "bone")
        key = (bone.low, bone.high)
        for k, points in self.bone_values:
            if k == key:
                return points
        return bone.pips

    def _repr_html_(self):
        from .display import rules_html

        return rules_html(self)

    # ------------------------------------------------------------------ registry
    @staticmethod
    def names():
        """Return the names :meth:`by_name` accepts (one per rule set, sorted).

        Examples
        --------
        >>> "telephone" in Rules.names() and "sea_kozel" in Rules.names()
        True
        """
        return sorted({key for key, (_, canonical) in _REGISTRY.items() if key == canonical})

    @staticmethod
    def canonical_name(name):
        """Return the canonical name of the rule set called ``name`` (an alias, Russian, ...).

        Raises
        ------
        DominoTilingError
            For an unknown name (the message lists the known ones).
        DominoTypeError
            If ``name`` is not a string.

        Examples
        --------
        >>> Rules.canonical_name("Морской козёл"), Rules.canonical_name("block")
        ('sea_kozel', 'block')
        """
        return Rules._lookup(name)[1]

    @staticmethod
    def options(name):
        """Return the options of the preset called ``name``, with their defaults.

        These are the keyword arguments :meth:`by_name` passes on: the
        readings the documents leave open, named.

        Examples
        --------
        >>> opts = Rules.options("sea kozel")
        >>> opts["rotten_eggs"], opts["six_six"], opts["hundred"]
        ('no_double', 'one_loser', 'any_time')
        """
        import inspect

        maker, _ = Rules._lookup(name)
        return {
            p.name: p.default
            for p in inspect.signature(maker).parameters.values()
            if p.default is not inspect.Parameter.empty
        }

    @staticmethod
    def _lookup(name):
        if not isinstance(name, str):
            raise DominoTypeError(f"a rule set's name must be a str, got {type(name).__name__}")
        key = _normalise(name)
        if key not in _REGISTRY:
            raise DominoTilingError(
                f"no rule set named {name!r}; known: {', '.join(Rules.names())}"
            )
        return _REGISTRY[key]

    @staticmethod
    def aliases(name):
        """Return every name :meth:`by_name` accepts for the rule set called ``name``.

        Examples
        --------
        >>> "телефон" in Rules.aliases("telephone")
        True
        """
        canonical = Rules.canonical_name(name)
        return sorted(key for key, (_, c) in _REGISTRY.items() if c == canonical)

    @staticmethod
    def by_name(name, **options):
        """Return the rule set called ``name``, with preset ``options``.

        Names are case-insensitive; spaces, hyphens and underscores are the
        same; Russian names work too (``"козёл"``, ``"морской козёл"``,
        ``"телефон"``).

        Raises
        ------
        DominoTilingError
            For an unknown name (the message lists the known ones).
        DominoTypeError
            If ``name`` is not a string.

        Examples
        --------
        >>> Rules.by_name("Kozel", fish_mode="one").fish_mode
        'one'
        >>> Rules.by_name("muggins").out_bonus
        10
        """
        maker, canonical = Rules._lookup(name)
        known = Rules.options(canonical)
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise DominoTilingError(
                f"{canonical} has no option {unknown[0]!r}; its options are "
                f"{', '.join(known) or 'none'}"
            )
        return maker(**options)


# ---------------------------------------------------------------- the registry of named rule sets
# The variants modules put register() on their preset functions; dominotiling.games
# imports them, so every preset is registered once the package is.


def _normalise(name):
    return "_".join(
        name.strip().lower().replace("ё", "е").replace("-", " ").replace("_", " ").split()
    )


#: name -> (preset function, canonical name); filled by the variants modules
_REGISTRY = {}


def register(canonical, *aliases):
    """Decorator: register a preset function under a canonical name and aliases."""

    def wrap(func):
        for alias in (canonical,) + aliases:
            _REGISTRY[_normalise(alias)] = (func, canonical)

        def preset(cls, *args, **kwargs):
            return func(*args, **kwargs)

        # built with the preset module's globals, so that its doctests run once (there)
        method = types.FunctionType(
            preset.__code__, func.__globals__, canonical, None, preset.__closure__
        )
        method.__doc__ = func.__doc__
        method.__qualname__ = f"Rules.{canonical}"
        method.__module__ = func.__module__
        setattr(Rules, canonical, classmethod(method))
        return func

    return wrap


def as_rules(value, name="rules"):
    """``value`` if it is a :class:`Rules`; a rule set looked up by name for a string."""
    if isinstance(value, Rules):
        return value
    if isinstance(value, str):
        return Rules.by_name(value)
    raise DominoTypeError(
        f"{name} must be a Rules object or the name of a rule set, got "
        f"{type(value).__name__}; try Rules.kozel() or 'kozel' "
        f"(Rules.names() lists them)"
    )
