"""The rules of a domino game, written as data, and the registry of named rule sets.

:class:`Rules` holds the fields most games share and two hooks, a family
(:mod:`~dominotiling.games.families`) and a table (:mod:`~dominotiling.games.layouts`);
:func:`register` makes a preset function a rule set known by name everywhere.  Every preset's
docstring cites the file and paragraph (line) of ``shared/sources/games/`` it follows; the
presets live in the ``variants_*`` modules.

Examples
--------
>>> from dominotiling.games import Rules
>>> rules = Rules.kozel(fish_mode="one")
>>> rules.hand_size(3), rules.target, rules.fish_mode, Rules.by_name("козёл") == Rules.kozel()
(7, 101, 'one', True)
"""

import inspect
import types
from dataclasses import dataclass, field, fields, replace
from typing import Literal, get_args, get_origin

from .. import _validate
from ..errors import DominoTilingError, DominoTypeError
from .bones import Bone, as_bone, as_bones, double_set
from .families import FAMILIES, Classic, Family
from .layouts import MAX_PLAYERS, TABLES, LineTable, TableRules

__all__ = ["Rules", "register"]

#: ints of at least 1 (with their largest value), and optional ints that may be 0
_POSITIVE = dict(max_pip=18, min_players=MAX_PLAYERS, max_players=MAX_PLAYERS, penalty_draws=None)
_POSITIVE.update(doubles_per_turn=None, end_multiple=None, foot_size=None)
_MAY_BE_0 = ("extra_turn_sum", "penalty_sum", "out_bonus")


def _bone_key(value, name):
    """A bone written as a Bone or an (a, b) pair, as a sorted (low, high) pair."""
    try:
        bone = value if isinstance(value, Bone) else Bone(*value)
    except (TypeError, ValueError) as exc:
        if isinstance(exc, DominoTilingError) and not isinstance(exc, DominoTypeError):
            raise
        raise DominoTypeError(
            f"{name} must hold bones written as (a, b) pairs, got {value!r}"
        ) from None
    return (bone.low, bone.high)


def _normalise(f, value, max_pip):
    """The value of field ``f`` checked, by its annotation, and in its normal form."""
    v, name, kind = _validate, f.name, f.type
    if get_origin(kind) is Literal:
        return v.choice(value, name, get_args(kind))
    if kind is bool:
        return v.boolean(value, name)
    if kind == int | None:
        check = v.nonnegative_int if name in _MAY_BE_0 else v.positive_int
        return None if value is None else check(value, name)
    if kind is int:
        if name == "table_teams":
            return v.integer(value, name, minimum=2, maximum=4)
        check = v.positive_int if name in _POSITIVE else v.nonnegative_int
        return check(value, name, maximum=_POSITIVE.get(name))
    if kind is str:
        return v.instance(value, name, str)
    pairs = dict(
        hand_sizes=(v.positive_int, v.positive_int),
        reserve_by_players=(v.positive_int, v.nonnegative_int),
    )
    try:
        if name in pairs or name in ("bone_values", "opening_bonus", "finish_bonus"):
            first, second = pairs.get(name, (_bone_key, v.integer))
            return tuple((first(a, f"{name} item"), second(b, f"{name} item")) for a, b in value)
        if name in ("opening_doubles", "reopen_doubles"):
            return tuple(v.nonnegative_int(x, f"{name} value", maximum=max_pip) for x in value)
        if name == "special_hands":
            return tuple(
                (tuple(sorted(_bone_key(b, name) for b in h)), v.integer(p, name)) for h, p in value
            )
        return tuple(_bone_key(b, name) for b in value)  # finish_ends_match, held_loses, ...
    except (TypeError, ValueError) as exc:
        if isinstance(exc, DominoTilingError):
            raise
        raise DominoTypeError(f"{name} is malformed (see Rules' fields), got {value!r}") from None


@dataclass(frozen=True, init=False)
class Rules:
    """A complete description of one domino game's rules: the shared fields, and two hooks.

    The presets (``Rules.classic()``, ``Rules.kozel()``, ...: :meth:`names` lists them) are the
    usual way to get one; :meth:`with_` changes single fields.  The engine reads only these
    fields and calls the hooks; nothing is tied to a preset's name.

    Parameters
    ----------
    name : str
        A label used in summaries and plots.
    max_pip, min_players, max_players : int
        The set in play is double-``max_pip``; the numbers of players the rules allow.
    hand_sizes : tuple of (int, int)
        Pairs ``(number of players, bones dealt to each)``; the rest is the bazaar (boneyard).
    redeal_doubles, redeal_same_value : int or None
        Redeal a hand of this many doubles or more, or of this many bones sharing one value.
    bazaar_reserve : int
        The last bones of the bazaar that are never drawn.
    reserve_by_players : tuple of (int, int)
        Pairs ``(number of players, reserve)`` replacing ``bazaar_reserve`` for that many.
    opening_bones, opening_doubles : tuple
        A round opened "by rule" is opened by the holder of the first of these bones that is
        in a hand (Telephone: 2-3), else of the first of these doubles.
    opening_fallback : {"heaviest", "lightest"}
        With none dealt, the holder of the heaviest bone (ties: the larger half, 3-6 before
        4-5) or of the lightest (ties: the smaller half, 0-3 before 1-2) opens with it.
    first_opener : {"rule", "seat"}
        The first round is opened by rule, or by seat 0 with any bone (the lead drawn by lot).
    later_opener : {"rule", "winner", "rotate", "winner_partner"}
        Later rounds: by rule, by the previous round's winner, by the next seat in turn, or by
        the partner of the previous round's winner.
    later_bone : {"any", "double"}
        The opener of a later round plays any bone, or a double when holding one.
    draw_from_bazaar : bool
        A player who cannot move draws from the bazaar (else knocks).
    draw_limit : int or None
        None: draw until able to move; 1: draw one bone, play it if it fits, else pass.
    fish_ends_round : bool
        The round ends as soon as the line is a fish.
    target, target_loses, deals : optional
        The score that ends the match (None: only ``deals``), reaching it losing (Kozel) or
        winning; a fixed number of deals, after which the fewest (``target_loses``) or the most
        points win.
    teams : bool
        Four players, two against two, partners opposite (seats 0 and 2 against 1 and 3).
    special_hands, bone_values : tuple
        Exact hands with a fixed value (``((((0, 0), (6, 6)), 75),)``) and bones counting more
        than their pips (``(((6, 6), 50),)``).
    family, table : hooks, optional
        How rounds are scored (:mod:`~dominotiling.games.families`; ``scoring=name`` picks one
        by its name) and the table (:mod:`~dominotiling.games.layouts`; ``layout=name``).
    **options
        The options of the family and of the table by name (``fish_mode="one"``,
        ``spinner=True``, ...); reading ``rules.fish_mode`` gives the hook's value.

    Raises
    ------
    DominoTilingError
        If a field is out of range, the fields contradict each other, or an option belongs to
        another family or table (a :class:`~dominotiling.errors.DominoTypeError` for a type).

    See Also
    --------
    Game, simulate, ScoreSheet, register

    Examples
    --------
    >>> r = Rules(scoring="fives", spinner=True, target=150)
    >>> r.scoring, r.layout, r.family.end_multiple, r.table.spinner
    ('fives', 'line', 5, True)
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
    redeal_doubles: int | None = None
    redeal_same_value: int | None = None
    bazaar_reserve: int = 0
    reserve_by_players: tuple = ()
    opening_bones: tuple = ()
    opening_doubles: tuple = (6, 5, 4, 3, 2, 1, 0)
    opening_fallback: Literal["heaviest", "lightest"] = "heaviest"
    first_opener: Literal["rule", "seat"] = "rule"
    later_opener: Literal["rule", "winner", "rotate", "winner_partner"] = "rule"
    later_bone: Literal["any", "double"] = "any"
    draw_from_bazaar: bool = True
    draw_limit: int | None = None
    fish_ends_round: bool = False
    target: int | None = 100
    target_loses: bool = False
    deals: int | None = None
    teams: bool = False
    special_hands: tuple = ()
    bone_values: tuple = ()
    family: Family = Classic()
    table: TableRules = LineTable()
    _hand_size_map: dict = field(default=None, repr=False, compare=False)

    def __init__(self, **options):
        _build(self, options)

    def __getattr__(self, name):  # the hooks' options by name, with a default for every Rules
        if name not in _NEUTRAL:
            raise AttributeError(f"'Rules' object has no attribute {name!r}")
        hook = next(
            (
                h
                for h in (self.__dict__.get("family"), self.__dict__.get("table"))
                if hasattr(h, name)
            ),
            None,
        )
        return _NEUTRAL[name] if hook is None else getattr(hook, name)

    scoring = property(lambda self: self.family.name, doc="The family's name.")
    layout = property(lambda self: self.table.name, doc="The table's name.")
    lone_zero_zero = property(
        lambda self: dict(self.special_hands).get(((0, 0),)), doc="A lone 0-0's value, or None."
    )

    def hand_size(self, n_players):
        """The number of bones dealt to each of ``n_players`` players.

        Examples
        --------
        >>> Rules.classic().hand_size(2), Rules.classic().hand_size(3)
        (7, 5)
        """
        return self._hand_size_map[self.check_players(n_players)]

    def reserve(self, n_players):
        """The bones of the bazaar never drawn when ``n_players`` play."""
        n_players = _validate.positive_int(n_players, "n_players")
        return dict(self.reserve_by_players).get(n_players, self.bazaar_reserve)

    def needs_redeal(self, hand):
        """Whether a dealt hand forces a new deal: ``redeal_doubles`` doubles or more, or
        ``redeal_same_value`` bones or more sharing one value (a double counts once).

        Examples
        --------
        >>> fives = [Bone(5, v) for v in range(6)]          # 5-0 ... 5-5
        >>> Rules.kozel().needs_redeal(fives), Rules.classic().needs_redeal(fives)
        (True, False)
        """
        hand, doubles, same = as_bones(hand, "hand"), self.redeal_doubles, self.redeal_same_value
        if doubles is not None and sum(b.is_double for b in hand) >= doubles:
            return True
        counts = [sum(v in b for b in hand) for v in range(self.max_pip + 1)]
        return same is not None and bool(hand) and max(counts) >= same

    def check_players(self, n_players):
        """``n_players`` as an int if the rules allow that many players (else an error)."""
        n, low, high = (
            _validate.integer(n_players, "n_players (the number of players)"),
            self.min_players,
            self.max_players,
        )
        if not low <= n <= high:
            allowed = f"exactly {low}" if low == high else f"{low} to {high}"
            raise DominoTilingError(f"{self.name} is played by {allowed} players, got {n}")
        return n

    def with_(self, **changes):
        """A copy with some fields (or options of the hooks) changed.

        Examples
        --------
        >>> Rules.classic().with_(target=150).target
        150
        """
        values = {f.name: getattr(self, f.name) for f in fields(self) if f.init and f.repr}
        return Rules(**{**values, **changes})

    def bone_value(self, bone):
        """The points ``bone`` counts in a hand: its pips, unless ``bone_values`` says otherwise."""
        key = (as_bone(bone, "bone").low, bone.high)
        return next((points for k, points in self.bone_values if k == key), bone.pips)

    def _repr_html_(self):
        from .display import rules_html

        return rules_html(self)

    @staticmethod
    def names():
        """The canonical names :meth:`by_name` accepts, sorted."""
        return sorted({canonical for _, canonical in _REGISTRY.values()})

    @staticmethod
    def canonical_name(name):
        """The canonical name of the rule set called ``name`` (an alias, Russian, ...).

        Examples
        --------
        >>> Rules.canonical_name("Морской козёл"), Rules.canonical_name("block")
        ('sea_kozel', 'block')
        """
        return Rules._lookup(name)[1]

    @staticmethod
    def aliases(name):
        """Every name :meth:`by_name` accepts for the rule set called ``name``."""
        canonical = Rules.canonical_name(name)
        return sorted(key for key, (_, c) in _REGISTRY.items() if c == canonical)

    @staticmethod
    def options(name):
        """The options of the preset called ``name`` with their defaults: the keyword arguments
        :meth:`by_name` passes on, the readings the documents leave open, named.

        Examples
        --------
        >>> Rules.options("sea kozel")["hundred"]
        'any_time'
        """
        parameters = inspect.signature(Rules._lookup(name)[0]).parameters.values()
        return {p.name: p.default for p in parameters if p.default is not inspect.Parameter.empty}

    @staticmethod
    def _lookup(name):
        if not isinstance(name, str):
            raise DominoTypeError(f"a rule set's name must be a str, got {type(name).__name__}")
        if _key(name) not in _REGISTRY:
            raise DominoTilingError(
                f"no rule set named {name!r}; known: {', '.join(Rules.names())}"
            )
        return _REGISTRY[_key(name)]

    @staticmethod
    def by_name(name, **options):
        """The rule set called ``name``, with preset ``options`` (names are case-insensitive,
        spaces, hyphens and underscores the same; Russian names work too).

        Examples
        --------
        >>> Rules.by_name("Kozel", fish_mode="one").fish_mode, Rules.by_name("muggins").out_bonus
        ('one', 10)
        """
        maker, canonical = Rules._lookup(name)
        known = Rules.options(canonical)
        unknown = sorted(set(options) - set(known))
        if unknown:
            listed = ", ".join(known) or "none"
            raise DominoTilingError(
                f"{canonical} has no option {unknown[0]!r}; its options are {listed}"
            )
        return maker(**options)


#: Every option of a hook, with the value a Rules without it reads (the hooks' defaults).
_NEUTRAL = {
    f.name: f.default for hook in [*TABLES.values(), *FAMILIES.values()] for f in fields(hook)
}
_NEUTRAL.update(set_double=False, hidden_rows=False)
_SHARED = [f for f in fields(Rules) if f.repr and f.name not in ("family", "table")]


def _same(a, b):
    try:
        return type(a) is type(b) and bool(a == b)
    except Exception:  # an array, or anything that does not compare to one answer
        return False


def _build(rules, options):
    """Rules.__init__: route the options to the fields and the hooks, check them, set them."""
    family, table = options.pop("family", Classic()), options.pop("table", LineTable())
    scoring, layout = options.pop("scoring", None), options.pop("layout", None)
    if scoring is not None:
        cls = FAMILIES[_validate.choice(scoring, "scoring", tuple(FAMILIES))]
        family = family if type(family) is cls else cls()
    if layout is not None:
        cls = TABLES[_validate.choice(layout, "layout", tuple(TABLES))]
        table = table if type(table) is cls else cls()
    _validate.instance(family, "family", Family, "give a hook of dominotiling.games.families")
    _validate.instance(table, "table", TableRules, "give a hook of dominotiling.games.layouts")
    if options.get("lone_zero_zero") is not None:
        options["special_hands"] = (
            *options.get("special_hands", ()),
            (((0, 0),), options["lone_zero_zero"]),
        )
    options.pop("lone_zero_zero", None)
    values = {f.name: options.pop(f.name, f.default) for f in _SHARED}
    hooks = {family: {}, table: {}}
    for name, value in options.items():
        owner = next((h for h in hooks if name in h.__dataclass_fields__), None)
        if owner is not None:
            hooks[owner][name] = value
        elif name not in _NEUTRAL:
            known = ", ".join(
                sorted([f.name for f in _SHARED] + list(_NEUTRAL) + ["scoring", "layout"])
            )
            raise DominoTilingError(f"Rules has no field {name!r}; the fields are {known}")
        elif not _same(
            value, next((getattr(h, name) for h in hooks if hasattr(h, name)), _NEUTRAL[name])
        ):
            raise DominoTilingError(
                f"{name} is an option of another family or table than {family.name} on a "
                f"{table.name}; choose the scoring or layout it belongs to"
            )
    for f in _SHARED:
        values[f.name] = _normalise(f, values[f.name], values.get("max_pip", 6))
        object.__setattr__(rules, f.name, values[f.name])
    for key, hook in (("family", family), ("table", table)):
        given = {
            f.name: _normalise(f, hooks[hook].get(f.name, getattr(hook, f.name)), rules.max_pip)
            for f in fields(hook)
        }
        object.__setattr__(rules, key, replace(hook, **given))
    object.__setattr__(rules, "_hand_size_map", _check_together(rules))


def _check_together(rules):
    """The fields against each other; return the map players -> hand size."""
    if rules.target is None and rules.deals is None:
        raise DominoTilingError(
            "a match needs an end: give a target score or a number of deals (target=None needs deals=...)"
        )
    if rules.min_players > rules.max_players:
        raise DominoTilingError(
            f"need min_players <= max_players, got {rules.min_players} and {rules.max_players}"
        )
    n_bones, size_map = (
        len(rules.table.pool(double_set(rules.max_pip), rules.max_pip)),
        dict(rules.hand_sizes),
    )
    for n in range(rules.min_players, rules.max_players + 1):
        if n not in size_map:
            raise DominoTilingError(
                f"hand_sizes gives no hand size for {n} players; add a pair ({n}, size)"
            )
        at_table = 4 if rules.table_teams > 2 else n  # General: two pairs play at a time
        if size_map[n] * at_table > n_bones:
            raise DominoTilingError(
                f"{at_table} hands of {size_map[n]} bones do not fit in a double-{rules.max_pip} set of {n_bones} bones"
            )
    for key, _ in rules.bone_values + rules.opening_bonus + rules.finish_bonus:
        if key[1] > rules.max_pip:
            raise DominoTilingError(f"bone {key} is not in a double-{rules.max_pip} set")
    seats = 2 * rules.table_teams
    if rules.teams and not rules.min_players == rules.max_players == seats:
        raise DominoTilingError(
            f"team play is defined for exactly {seats} players, partners opposite; use for example "
            "Rules.kozel(players=4, teams=True)"
        )
    if rules.later_opener == "winner_partner" and not rules.teams:
        raise DominoTilingError("later_opener='winner_partner' needs teams=True")
    rules.family.check(rules)
    rules.table.check(rules)
    return size_map


# ---------------------------------------------------------------- the registry of named rule sets
def _key(name):
    return "_".join(
        name.strip().lower().replace("ё", "е").replace("-", " ").replace("_", " ").split()
    )


#: key -> (preset function, canonical name); filled by register (the variants modules, which
#: dominotiling.games imports, and a user's own)
_REGISTRY = {}


def register(canonical, *aliases):
    """Make a preset function a rule set known by name everywhere: a decorator.

    The function returns a :class:`Rules`; its keyword arguments become the rule set's options
    (:meth:`Rules.options`, ``Rules.by_name(name, **options)``, the command line's ``--option``).
    It becomes a classmethod of :class:`Rules` named ``canonical``, and every name -- the
    canonical one and the aliases, Russian ones too -- is accepted wherever rules are:
    :class:`Game`, :class:`ScoreSheet`, :func:`simulate`, ``dominotiling play --rules``.

    Parameters
    ----------
    canonical : str
        The canonical name; lower-cased, with spaces and hyphens as underscores (``"Kozel 51"``
        is ``"kozel_51"``), it must be a Python identifier.
    *aliases : str
        Other names for it, compared the same way.

    Returns
    -------
    callable
        The decorator, which returns the function unchanged.

    Raises
    ------
    DominoTilingError
        If a name is taken by another rule set (registering a canonical name again replaces
        it, as when a notebook cell runs twice).

    See Also
    --------
    Rules.by_name, Rules.names, Rules.options

    Examples
    --------
    A variant of one's own: Kozel to 51 for a short lunch break, an account opening from 13
    as usual (kozel_and_variants_ru.txt, paragraphs 29 and 54, with 51 for 101):

    >>> from dominotiling.games import Game, Rules, greedy_player, register
    >>> @register("kozel_51", "short goat", "короткий козёл")
    ... def kozel_51(fish_mode="all"):
    ...     '''Kozel to 51 (kozel_and_variants_ru.txt, paragraph 54, with 51 for 101).'''
    ...     return Rules.kozel(fish_mode, target=51).with_(name="Kozel to 51")
    >>> Rules.by_name("Short goat", fish_mode="one").target, Rules.options("kozel 51")
    (51, {'fish_mode': 'all'})
    >>> Game("короткий козёл", [greedy_player] * 2, seed=1).play_match().loser in (0, 1)
    True
    """
    names = (canonical, *aliases)
    for k, name in enumerate(names):
        if not isinstance(name, str) or not _key(name):
            what = "canonical (the rule set's name)" if k == 0 else f"aliases[{k - 1}]"
            raise DominoTypeError(f"{what} must be a non-empty str, got {type(name).__name__}")
    canonical = _key(canonical)
    if not canonical.isidentifier():
        raise DominoTilingError(
            f"a canonical name must be an identifier once normalised, got {canonical!r}"
        )
    for name in names:
        taken = _REGISTRY.get(_key(name), (None, canonical))[1]
        if taken != canonical:
            raise DominoTilingError(
                f"{name!r} already names the rule set {taken!r}; choose another"
            )

    def wrap(func):
        if not callable(func):
            raise DominoTypeError(f"register decorates a preset function, got {func!r}")
        _REGISTRY.update({_key(name): (func, canonical) for name in names})

        def preset(cls, *args, **kwargs):
            return func(*args, **kwargs)

        # built with the preset module's globals, so that its doctests run once (there)
        method = types.FunctionType(
            preset.__code__, func.__globals__, canonical, None, preset.__closure__
        )
        method.__doc__, method.__qualname__, method.__module__ = (
            func.__doc__,
            f"Rules.{canonical}",
            func.__module__,
        )
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
        f"{name} must be a Rules object or the name of a rule set, got {type(value).__name__}; "
        "try Rules.kozel() or 'kozel' (Rules.names() lists them)"
    )
