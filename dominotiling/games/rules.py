"""The rules of a domino game, written as data.

Inside: :class:`Rules`, a frozen dataclass that the game engine
(:class:`~dominotiling.games.Game`) and the score sheet
(:class:`~dominotiling.games.ScoreSheet`) read, and the registry of named rule
sets (:meth:`Rules.by_name`, :meth:`Rules.names`).  Every named rule set is a
preset classmethod (``Rules.kozel()``, ``Rules.telephone()``, ...) whose
docstring cites the file and paragraph of the rule documents it follows
(``shared/sources/games/``; "paragraph N" is line N of the file); the
presets live in :mod:`.variants_block`, :mod:`.variants_kozel` and
:mod:`.variants_fives`.

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
from .bones import Bone

__all__ = ["Rules"]

SCORINGS = ("classic", "kozel", "muggins", "fives", "telephone", "sea_kozel", "general",
            "seven", "bergen")
_OPENERS = ("rule", "winner", "rotate", "winner_partner")
_FIRST = ("rule", "seat")
_FALLBACKS = ("heaviest", "lightest")
_LATER_BONES = ("any", "double")
_FISH_MODES = ("all", "one", "difference")
_CLOSING = ("none", "any", "same")
_HOUSES = ("first_double", "first_covered")
_OPENS = ("both_sides", "at_once")
_CROSS = ("played", "all")
_ROUNDINGS = ("nearest", "down", "up", "none")
_BLOCKED_WINNERS = ("lowest", "fisherman")
_BLOCKED_SCORES = ("difference", "others")
_BLOCKED_TIES = ("nobody", "replay", "fewest_bones", "lowest_bone")


def _bone_key(value, name):
    """A bone written as a Bone or an (a, b) pair, as a sorted (low, high) pair."""
    if isinstance(value, Bone):
        return (value.low, value.high)
    try:
        a, b = value
    except (TypeError, ValueError):
        raise DominoTypeError(f"{name} must hold bones written as (a, b) pairs, "
                              f"got {value!r}") from None
    bone = Bone(a, b)
    return (bone.low, bone.high)


def _bone_table(value, name):
    """``((bone, points), ...)`` normalised: bones as (low, high) pairs, points as ints."""
    try:
        items = tuple(value)
    except TypeError:
        raise DominoTypeError(f"{name} must be a tuple of (bone, points) pairs, "
                              f"got {value!r}") from None
    out = []
    for item in items:
        try:
            bone, points = item
        except (TypeError, ValueError):
            raise DominoTypeError(f"{name} must be a tuple of (bone, points) pairs, "
                                  f"got {item!r}") from None
        out.append((_bone_key(bone, name), _validate.integer(points, f"{name} points")))
    return tuple(out)


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
    scoring : {"classic", "kozel", "muggins", "fives", "telephone", "sea_kozel", "general", "seven", "bergen"}
        How the :class:`~dominotiling.games.ScoreSheet` scores a round
        ("muggins" is the old name of "fives").
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
    blocked_winner : {"lowest", "fisherman"}
        Classic: who wins a blocked round: the lowest hand, or the player who
        laid the last bone ("the fisherman takes all").
    blocked_score : {"difference", "others"}
        The winner of a blocked round scores the others' pips minus their own,
        or the others' pips.
    blocked_tie : {"nobody", "replay", "fewest_bones", "lowest_bone"}
        A tie for the lowest hand in a blocked round: nobody scores, the round
        is replayed (it does not count), the fewest bones win, or the holder
        of the lightest single bone wins.
    teams : bool
        Four players, two against two, partners opposite (seats 0 and 2
        against 1 and 3), sharing one account.

    Raises
    ------
    DominoTilingError
        If a field is out of range or the fields contradict each other
        (a :class:`~dominotiling.errors.DominoTypeError` for a wrong type).

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
    _hand_size_map: dict = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self):
        v = _validate
        put = lambda name, value: object.__setattr__(self, name, value)  # noqa: E731
        if not isinstance(self.name, str):
            raise DominoTypeError(f"name must be a str, got {type(self.name).__name__}")
        put("max_pip", v.positive_int(self.max_pip, "max_pip", maximum=18))
        put("min_players", v.positive_int(self.min_players, "min_players", maximum=12))
        put("max_players", v.positive_int(self.max_players, "max_players", maximum=12))
        for name in ("redeal_doubles", "redeal_same_value", "draw_limit", "extra_turn_sum",
                     "penalty_sum", "lone_zero_zero", "out_bonus", "deals", "target"):
            value = getattr(self, name)
            if value is not None:
                if name in ("redeal_doubles", "redeal_same_value", "draw_limit", "deals", "target"):
                    put(name, v.positive_int(value, name))
                else:
                    put(name, v.nonnegative_int(value, name))
        for name in ("bazaar_reserve", "write_above"):
            put(name, v.nonnegative_int(getattr(self, name), name))
        for name in ("doubles_per_turn", "penalty_draws", "end_multiple"):
            put(name, v.positive_int(getattr(self, name), name))
        for name in ("reopen_after_tie", "draw_from_bazaar", "chain_turn", "spinner",
                     "spinner_arms_first", "fish_ends_round", "target_loses", "most_takes_all",
                     "eggs", "several_goats", "per_multiple", "bonus_per_multiple", "teams"):
            put(name, v.boolean(getattr(self, name), name))
        for name, options in (("scoring", SCORINGS), ("later_opener", _OPENERS),
                              ("first_opener", _FIRST), ("opening_fallback", _FALLBACKS),
                              ("later_bone", _LATER_BONES), ("fish_mode", _FISH_MODES),
                              ("closing_doubles", _CLOSING), ("house", _HOUSES),
                              ("spinner_opens", _OPENS), ("cross_count", _CROSS),
                              ("hand_rounding", _ROUNDINGS), ("blocked_winner", _BLOCKED_WINNERS),
                              ("blocked_score", _BLOCKED_SCORES), ("blocked_tie", _BLOCKED_TIES)):
            v.choice(getattr(self, name), name, options)
        if self.target is None and self.deals is None:
            raise DominoTilingError("a match needs an end: give a target score or a number of "
                                    "deals (target=None needs deals=...)")
        # tables of bones
        try:
            sizes = tuple((v.positive_int(n, "hand_sizes players"), v.positive_int(k, "hand size"))
                          for n, k in self.hand_sizes)
        except (TypeError, ValueError) as exc:
            if isinstance(exc, DominoTilingError):
                raise
            raise DominoTypeError(f"hand_sizes must be pairs (players, bones each), "
                                  f"got {self.hand_sizes!r}") from None
        put("hand_sizes", sizes)
        try:
            doubles = tuple(v.nonnegative_int(x, "opening_doubles value", maximum=self.max_pip)
                            for x in self.opening_doubles)
        except TypeError:
            raise DominoTypeError(f"opening_doubles must be a tuple of values, "
                                  f"got {self.opening_doubles!r}") from None
        put("opening_doubles", doubles)
        for name in ("bone_values", "opening_bonus", "finish_bonus"):
            put(name, _bone_table(getattr(self, name), name))
        for name in ("finish_ends_match", "held_loses", "opening_bones"):
            try:
                put(name, tuple(_bone_key(b, name) for b in getattr(self, name)))
            except TypeError:
                raise DominoTypeError(f"{name} must be a tuple of bones") from None
        specials = []
        try:
            for bones, points in self.special_hands:
                key = tuple(sorted(_bone_key(b, "special_hands") for b in bones))
                specials.append((key, v.integer(points, "special_hands points")))
        except (TypeError, ValueError) as exc:
            if isinstance(exc, DominoTilingError):
                raise
            raise DominoTypeError("special_hands must be a tuple of (bones, points) pairs, "
                                  f"got {self.special_hands!r}") from None
        put("special_hands", tuple(specials))
        # consistency
        if self.min_players > self.max_players:
            raise DominoTilingError(f"need min_players <= max_players, got "
                                    f"{self.min_players} and {self.max_players}")
        n_bones = (self.max_pip + 1) * (self.max_pip + 2) // 2
        size_map = dict(sizes)
        for n in range(self.min_players, self.max_players + 1):
            if n not in size_map:
                raise DominoTilingError(f"hand_sizes gives no hand size for {n} players; "
                                        f"add a pair ({n}, size)")
            if size_map[n] * n > n_bones:
                raise DominoTilingError(f"{n} hands of {size_map[n]} bones do not fit in a "
                                        f"double-{self.max_pip} set of {n_bones} bones")
        for key, _ in self.bone_values + self.opening_bonus + self.finish_bonus:
            if key[1] > self.max_pip:
                raise DominoTilingError(f"bone {key} is not in a double-{self.max_pip} set")
        if self.teams and not self.min_players == self.max_players == 4:
            raise DominoTilingError("team play is defined for exactly 4 players, partners "
                                    "opposite; use for example Rules.kozel(players=4, teams=True)")
        if self.later_opener == "winner_partner" and not self.teams:
            raise DominoTilingError("later_opener='winner_partner' needs teams=True")
        object.__setattr__(self, "_hand_size_map", size_map)

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
        n = _validate.integer(n_players, "the number of players")
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
            raise DominoTilingError(f"Rules has no field {unknown[0]!r}; the fields are "
                                    f"{', '.join(sorted(known))}")
        return replace(self, **changes)

    def bone_value(self, bone):
        """The points ``bone`` counts in a hand: its pips, unless ``bone_values`` says otherwise.

        Examples
        --------
        >>> from dominotiling.games import Bone
        >>> Rules.seven().bone_value(Bone(2, 2)), Rules.seven().bone_value(Bone(2, 3))
        (10, 5)
        """
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
        if not isinstance(name, str):
            raise DominoTypeError(f"a rule set's name must be a str, got {type(name).__name__}")
        key = _normalise(name)
        if key not in _REGISTRY:
            raise DominoTilingError(f"no rule set named {name!r}; known: "
                                    f"{', '.join(Rules.names())}")
        maker, _ = _REGISTRY[key]
        return maker(**options)


def _normalise(name):
    return "_".join(name.strip().lower().replace("ё", "е").replace("-", " ")
                    .replace("_", " ").split())


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
        method = types.FunctionType(preset.__code__, func.__globals__, canonical, None,
                                    preset.__closure__)
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
    raise DominoTypeError(f"{name} must be a Rules object or the name of a rule set, got "
                          f"{type(value).__name__}; try Rules.kozel() or 'kozel' "
                          f"(Rules.names() lists them)")


# the presets register themselves (they import Rules and register from here)
from . import variants_block, variants_kozel, variants_fives  # noqa: E402,F401
