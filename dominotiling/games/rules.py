"""The rules of a domino game, written as data, and the registry of named rule sets.

:class:`Rules` holds the fields most games share and two hooks, a family and a table;
:func:`register` makes a preset function a rule set known by name everywhere.  The presets, in
the ``variants_*`` modules, cite the file and paragraph of ``shared/sources/games/`` they follow.
"""

import inspect
from dataclasses import dataclass, field, fields, replace
from typing import Literal, get_args, get_origin

from .. import _validate
from ..errors import DominoTilingError, DominoTypeError
from .bones import Bone, as_bone, as_bones, double_set
from .display import rules_html
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
        raise DominoTypeError(f"{name} must hold bones as (a, b) pairs, got {value!r}") from None
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
    pairs = dict(hand_sizes=(v.positive_int,) * 2)
    pairs.update(reserve_by_players=(v.positive_int, v.nonnegative_int))
    try:
        if name in pairs or name in ("bone_values", "opening_bonus", "finish_bonus"):
            first, second = pairs.get(name, (_bone_key, v.integer))
            return tuple((first(a, f"{name} item"), second(b, f"{name} item")) for a, b in value)
        if name in ("opening_doubles", "reopen_doubles"):
            return tuple(v.nonnegative_int(x, f"{name} value", maximum=max_pip) for x in value)
        if name == "special_hands":
            key = lambda h: tuple(sorted(_bone_key(b, name) for b in h))  # noqa: E731
            return tuple((key(h), v.integer(p, name)) for h, p in value)
        return tuple(_bone_key(b, name) for b in value)  # finish_ends_match, held_loses, ...
    except (TypeError, ValueError) as exc:
        if isinstance(exc, DominoTilingError):
            raise
        raise DominoTypeError(f"{name} is malformed (see Rules' fields), got {value!r}") from None


@dataclass(frozen=True, init=False)
class Rules:
    """One domino game's rules: the shared fields, and two hooks the engine calls.

    The presets (``Rules.kozel()``, ...: :meth:`names`) are the usual way to get one;
    :meth:`with_` changes fields.  Nothing is tied to a preset's name.

    Parameters
    ----------
    name : str
        A label used in summaries and plots.
    max_pip, min_players, max_players : int
        The set in play is double-``max_pip``; the numbers of players the rules allow.
    hand_sizes : tuple of (int, int)
        Pairs ``(number of players, bones dealt to each)``; the rest is the bazaar.
    redeal_doubles, redeal_same_value : int or None
        Redeal a hand of this many doubles or more, or of this many bones of one value.
    bazaar_reserve, reserve_by_players : int, tuple of (int, int)
        The last bones of the bazaar never drawn; pairs ``(players, reserve)`` overriding it.
    opening_bones, opening_doubles : tuple
        "By rule", the holder of the first of these bones in a hand opens (Telephone: 2-3),
        else of the first of these doubles.
    opening_fallback : {"heaviest", "lightest"}
        With none dealt, the heaviest bone opens (3-6 before 4-5), or the lightest (0-3 first).
    first_opener, later_opener : str
        The first round by "rule" or by "seat" 0 with any bone; later ones by "rule", the
        last "winner", "rotate" (the next seat) or "winner_partner".
    later_bone : {"any", "double"}
        A later round's opener plays any bone, or a double when holding one.
    draw_from_bazaar, draw_limit : bool, int or None
        Who cannot move draws (else knocks): until able (None) or one bone (1), then passes.
    fish_ends_round : bool
        The round ends as soon as the line is a fish.
    target, target_loses, deals : optional
        The score ending the match (None: only ``deals``), reaching it losing or winning; a
        number of deals, after which the fewest (``target_loses``) or the most points win.
    teams : bool
        Two against two, partners opposite (seats 0 and 2 against 1 and 3).
    special_hands, bone_values : tuple
        Exact hands with a value (``((((0, 0), (6, 6)), 75),)``); bones not counting their pips.
    family, table : hooks, optional
        How rounds are scored (:mod:`~dominotiling.games.families`, or ``scoring=name``) and
        the table (:mod:`~dominotiling.games.layouts`, or ``layout=name``).
    **options
        The hooks' options by name (``fish_mode="one"``); ``rules.fish_mode`` reads them.  An
        option of another family or table than the rules' is an error.

    See Also
    --------
    Game, simulate, ScoreSheet, register

    Examples
    --------
    >>> r = Rules(scoring="fives", spinner=True, target=150)
    >>> r.scoring, r.layout, r.family.end_multiple, r.table.spinner, r.fish_mode
    ('fives', 'line', 5, True, 'all')
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

    __init__ = lambda self, **options: _build(self, options)  # noqa: E731 -- see _build

    def __getattr__(self, name):  # the hooks' options by name, with a default for every Rules
        if name not in _NEUTRAL:
            raise AttributeError(f"'Rules' object has no attribute {name!r}")
        d = self.__dict__
        hooks = [h for h in (d.get("family"), d.get("table")) if hasattr(h, name)]
        return getattr(hooks[0], name) if hooks else _NEUTRAL[name]

    scoring = property(lambda self: self.family.name, doc="The family's name.")
    layout = property(lambda self: self.table.name, doc="The table's name.")
    lone_zero_zero = property(lambda self: dict(self.special_hands).get(((0, 0),)))

    def hand_size(self, n_players):
        """The number of bones dealt to each of ``n_players`` players."""
        return self._hand_size_map[self.check_players(n_players)]

    def reserve(self, n_players):
        """The bones of the bazaar never drawn when ``n_players`` play."""
        n_players = _validate.positive_int(n_players, "n_players")
        return dict(self.reserve_by_players).get(n_players, self.bazaar_reserve)

    def needs_redeal(self, hand):
        """Whether a dealt hand forces a new deal (a double counts once for its value)."""
        hand, doubles, same = as_bones(hand, "hand"), self.redeal_doubles, self.redeal_same_value
        if doubles is not None and sum(b.is_double for b in hand) >= doubles:
            return True
        counts = [sum(v in b for b in hand) for v in range(self.max_pip + 1)]
        return same is not None and bool(hand) and max(counts) >= same

    def check_players(self, n_players):
        """``n_players`` as an int if the rules allow that many players (else an error)."""
        n = _validate.integer(n_players, "n_players (the number of players)")
        low, high = self.min_players, self.max_players
        if not low <= n <= high:
            allowed = f"exactly {low}" if low == high else f"{low} to {high}"
            raise DominoTilingError(f"{self.name} is played by {allowed} players, got {n}")
        return n

    def with_(self, **changes):
        """A copy with some fields (or options of the hooks) changed."""
        values = {f.name: getattr(self, f.name) for f in fields(self) if f.init and f.repr}
        return Rules(**{**values, **changes})

    def bone_value(self, bone):
        """The points ``bone`` counts in a hand: its pips, unless ``bone_values`` says otherwise."""
        key = (as_bone(bone, "bone").low, bone.high)
        return next((points for k, points in self.bone_values if k == key), bone.pips)

    _repr_html_ = rules_html  # the rich display

    @staticmethod
    def names():
        """The canonical names :meth:`by_name` accepts, sorted."""
        return sorted({canonical for _, canonical in _REGISTRY.values()})

    @staticmethod
    def canonical_name(name):
        """The canonical name of the rule set called ``name`` (an alias, Russian, ...)."""
        return Rules._lookup(name)[1]

    @staticmethod
    def aliases(name):
        """Every name :meth:`by_name` accepts for the rule set called ``name``."""
        canonical = Rules.canonical_name(name)
        return sorted(key for key, (_, c) in _REGISTRY.items() if c == canonical)

    @staticmethod
    def options(name):
        """The options of the preset ``name`` with their defaults: the readings the documents
        leave open, named (``Rules.options("sea kozel")["hundred"]`` is ``'any_time'``)."""
        parameters = inspect.signature(Rules._lookup(name)[0]).parameters.values()
        return {p.name: p.default for p in parameters if p.default is not inspect.Parameter.empty}

    @staticmethod
    def _lookup(name):
        if not isinstance(name, str):
            raise DominoTypeError(f"a rule set's name must be a str, got {type(name).__name__}")
        if _key(name) not in _REGISTRY:
            known = ", ".join(Rules.names())
            raise DominoTilingError(f"no rule set named {name!r}; known: {known}")
        return _REGISTRY[_key(name)]

    @staticmethod
    def by_name(name, **options):
        """The rule set called ``name`` (case, spaces, hyphens and underscores aside; Russian
        names too) with preset ``options``: ``Rules.by_name("козёл", fish_mode="one")``."""
        maker, canonical = Rules._lookup(name)
        known = Rules.options(canonical)
        unknown = sorted(set(options) - set(known))
        if unknown:
            listed = ", ".join(known) or "none"
            msg = f"{canonical} has no option {unknown[0]!r}; its options: {listed}"
            raise DominoTilingError(msg)
        return maker(**options)


#: Every option of a hook, with the value a Rules without it reads (the hooks' defaults).
_NEUTRAL = {f.name: f.default for h in [*TABLES.values(), *FAMILIES.values()] for f in fields(h)}
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
    if (lone := options.pop("lone_zero_zero", None)) is not None:
        options["special_hands"] = (*options.get("special_hands", ()), (((0, 0),), lone))
    values = {f.name: options.pop(f.name, f.default) for f in _SHARED}
    hooks = {family: {}, table: {}}
    for name, value in options.items():
        owner = next((h for h in hooks if name in h.__dataclass_fields__), None)
        if owner is not None:
            hooks[owner][name] = value
        elif name not in _NEUTRAL:
            known = ", ".join(sorted([f.name for f in _SHARED] + [*_NEUTRAL, "scoring", "layout"]))
            raise DominoTilingError(f"Rules has no field {name!r}; the fields are {known}")
        elif not _same(value, getattr(family, name, getattr(table, name, _NEUTRAL[name]))):
            msg = f"{name} is an option of another family or table than {family.name} on a {table.name}; choose the scoring or layout it belongs to"
            raise DominoTilingError(msg)
    for f in _SHARED:
        values[f.name] = _normalise(f, values[f.name], values.get("max_pip", 6))
        object.__setattr__(rules, f.name, values[f.name])
    for key, hook in (("family", family), ("table", table)):
        given = {f.name: hooks[hook].get(f.name, getattr(hook, f.name)) for f in fields(hook)}
        given = {f.name: _normalise(f, given[f.name], rules.max_pip) for f in fields(hook)}
        object.__setattr__(rules, key, replace(hook, **given))
    object.__setattr__(rules, "_hand_size_map", _check_together(rules))


def _check_together(rules):
    """The fields against each other; return the map players -> hand size."""
    if rules.target is None and rules.deals is None:
        raise DominoTilingError("a match needs an end: a target score or a number of deals")
    if rules.min_players > rules.max_players:
        msg = f"need min_players <= max_players, got {rules.min_players} > {rules.max_players}"
        raise DominoTilingError(msg)
    n_bones = len(rules.table.pool(double_set(rules.max_pip), rules.max_pip))
    size_map = dict(rules.hand_sizes)
    for n in range(rules.min_players, rules.max_players + 1):
        if n not in size_map:
            raise DominoTilingError(f"hand_sizes gives no hand size for {n} players")
        at_table = 4 if rules.table_teams > 2 else n  # General: two pairs play at a time
        if size_map[n] * at_table > n_bones:
            msg = f"{at_table} hands of {size_map[n]} do not fit in {n_bones} bones"
            raise DominoTilingError(msg)
    for key, _ in rules.bone_values + rules.opening_bonus + rules.finish_bonus:
        if key[1] > rules.max_pip:
            raise DominoTilingError(f"bone {key} is not in a double-{rules.max_pip} set")
    seats = 2 * rules.table_teams
    if rules.teams and not rules.min_players == rules.max_players == seats:
        msg = f"team play is defined for exactly {seats} players, partners opposite; use for example Rules.kozel(players=4, teams=True)"
        raise DominoTilingError(msg)
    if rules.later_opener == "winner_partner" and not rules.teams:
        raise DominoTilingError("later_opener='winner_partner' needs teams=True")
    rules.family.check(rules)
    rules.table.check(rules)
    return size_map


def _key(name):  # the registry of named rule sets: a name's key, case, ё, spaces, hyphens aside
    return "_".join(name.lower().replace("ё", "е").replace("-", " ").replace("_", " ").split())


#: key -> (preset function, canonical name); filled by register (the variants modules, which
#: dominotiling.games imports, and a user's own)
_REGISTRY = {}


def register(canonical, *aliases):
    """Make a preset function a rule set known by name everywhere: a decorator.

    The function returns a :class:`Rules`; its keyword arguments are the rule set's options
    (:meth:`Rules.options`, ``Rules.by_name(name, **options)``, the command line's ``--option``).
    It becomes the static method ``Rules.<canonical>``, and every name is accepted wherever rules
    are: :class:`Game`, :class:`ScoreSheet`, :func:`simulate`, ``dominotiling play --rules``.

    Parameters
    ----------
    canonical : str
        The name; lower-cased, spaces and hyphens as underscores, it must be an identifier.
    *aliases : str
        Other names, compared the same way; a name taken by another rule set is an error
        (registering a canonical name again replaces it, as a notebook cell run twice does).

    Returns
    -------
    callable
        The decorator, which returns the function unchanged.

    See Also
    --------
    Rules.by_name, Rules.names, Rules.options

    Examples
    --------
    A variant of one's own, Kozel to 51 (kozel_and_variants_ru.txt, paragraph 54, 51 for 101):

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
        raise DominoTilingError(f"a canonical name must be an identifier, got {canonical!r}")
    for name in names:
        taken = _REGISTRY.get(_key(name), (None, canonical))[1]
        if taken != canonical:
            raise DominoTilingError(f"{name!r} already names the rule set {taken!r}")

    def wrap(func):
        if not callable(func):
            raise DominoTypeError(f"register decorates a preset function, got {func!r}")
        _REGISTRY.update({_key(name): (func, canonical) for name in names})
        setattr(Rules, canonical, staticmethod(func))  # the function itself: its doctests run once
        return func

    return wrap


def as_rules(value, name="rules"):
    """``value`` if it is a :class:`Rules`; a rule set looked up by name for a string."""
    if isinstance(value, Rules):
        return value
    if isinstance(value, str):
        return Rules.by_name(value)
    msg = f"{name} must be a Rules object or the name of a rule set, got {type(value).__name__}; try Rules.kozel() or 'kozel' (Rules.names() lists them)"
    raise DominoTypeError(msg)
