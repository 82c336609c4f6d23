"""Checking the fields of :class:`~dominotiling.games.Rules` (its ``__post_init__``).

Every field is brought to its normal form (bones as ``(low, high)`` pairs,
tables as tuples) and checked alone, then against the others.  Nothing here
is public: :class:`~dominotiling.games.Rules` documents the fields.
"""

from .. import _validate
from ..errors import DominoTilingError, DominoTypeError
from .bones import Bone

__all__ = []

SCORINGS = (
    "classic",
    "kozel",
    "muggins",
    "fives",
    "telephone",
    "sea_kozel",
    "general",
    "seven",
    "bergen",
    "pips",
    "krysha",
)
LAYOUTS = ("line", "trains", "chicken_foot", "sausage", "five_up")
CHOICES = {
    "scoring": SCORINGS,
    "layout": LAYOUTS,
    "later_opener": ("rule", "winner", "rotate", "winner_partner"),
    "first_opener": ("rule", "seat"),
    "opening_fallback": ("heaviest", "lightest"),
    "later_bone": ("any", "double"),
    "fish_mode": ("all", "one", "difference"),
    "closing_doubles": ("none", "any", "same"),
    "house": ("first_double", "first_covered"),
    "spinner_opens": ("both_sides", "at_once"),
    "cross_count": ("played", "all"),
    "hand_rounding": ("nearest", "down", "up", "none"),
    "blocked_winner": ("lowest", "fisherman", "fewest_bones"),
    "blocked_score": ("difference", "others", "all"),
    "six_six_wins": ("one_loser", "losers_total"),
    "team_leaves": ("two_losses", "general"),
    "blocked_tie": ("nobody", "replay", "fewest_bones", "lowest_bone"),
    "missing_set_double": ("lower", "redeal"),
    "sausage_cuts": ("anywhere", "equal_ends"),
    "row_opening": ("first", "double"),
    "streak_counts": ("turns", "moves"),
}
_OPTIONAL_POSITIVE = (
    "redeal_doubles",
    "redeal_same_value",
    "draw_limit",
    "deals",
    "target",
    "egg_attempts",
    "streak_two_bones",
)
_OPTIONAL_NONNEGATIVE = ("extra_turn_sum", "penalty_sum", "lone_zero_zero", "out_bonus")
_BOOLEANS = (
    "reopen_after_tie",
    "draw_from_bazaar",
    "chain_turn",
    "spinner",
    "spinner_arms_first",
    "fish_ends_round",
    "target_loses",
    "most_takes_all",
    "eggs",
    "several_goats",
    "per_multiple",
    "bonus_per_multiple",
    "teams",
    "set_double",
    "hidden_rows",
    "play_until_stuck",
    "lengthwise_doubles",
    "finish_bonus_all",
    "drop_out",
    "reopen_rots",
    "hundred_any_time",
    "first_turn_train",
)

#: The most players at one table (of a rule set, a layout, a score sheet).
MAX_PLAYERS = 12


def bone_key(value, name):
    """A bone written as a Bone or an (a, b) pair, as a sorted (low, high) pair."""
    if isinstance(value, Bone):
        return (value.low, value.high)
    try:
        a, b = value
    except (TypeError, ValueError):
        raise DominoTypeError(
            f"{name} must hold bones written as (a, b) pairs, got {value!r}"
        ) from None
    bone = Bone(a, b)
    return (bone.low, bone.high)


def bone_table(value, name):
    """``((bone, points), ...)`` normalised: bones as (low, high) pairs, points as ints."""
    try:
        items = tuple(value)
    except TypeError:
        raise DominoTypeError(
            f"{name} must be a tuple of (bone, points) pairs, got {value!r}"
        ) from None
    out = []
    for item in items:
        try:
            bone, points = item
        except (TypeError, ValueError):
            raise DominoTypeError(
                f"{name} must be a tuple of (bone, points) pairs, got {item!r}"
            ) from None
        out.append((bone_key(bone, name), _validate.integer(points, f"{name} points")))
    return tuple(out)


def _values(value, name, max_pip):
    try:
        return tuple(_validate.nonnegative_int(x, f"{name} value", maximum=max_pip) for x in value)
    except TypeError:
        raise DominoTypeError(f"{name} must be a tuple of values, got {value!r}") from None


def check(rules):
    """Normalise and check every field of ``rules`` in place; return the hand-size map."""
    v = _validate
    put = lambda name, value: object.__setattr__(rules, name, value)  # noqa: E731
    if not isinstance(rules.name, str):
        raise DominoTypeError(f"name must be a str, got {type(rules.name).__name__}")
    put("max_pip", v.positive_int(rules.max_pip, "max_pip", maximum=18))
    put("min_players", v.positive_int(rules.min_players, "min_players", maximum=MAX_PLAYERS))
    put("max_players", v.positive_int(rules.max_players, "max_players", maximum=MAX_PLAYERS))
    for name in _OPTIONAL_POSITIVE + _OPTIONAL_NONNEGATIVE:
        value = getattr(rules, name)
        if value is not None:
            check_one = v.positive_int if name in _OPTIONAL_POSITIVE else v.nonnegative_int
            put(name, check_one(value, name))
    for name in ("bazaar_reserve", "write_above"):
        put(name, v.nonnegative_int(getattr(rules, name), name))
    put("table_teams", v.integer(rules.table_teams, "table_teams", minimum=2, maximum=4))
    try:
        reserves = tuple(
            (
                v.positive_int(n, "reserve_by_players players"),
                v.nonnegative_int(k, "reserve_by_players reserve"),
            )
            for n, k in rules.reserve_by_players
        )
    except (TypeError, ValueError) as exc:
        if isinstance(exc, DominoTilingError):
            raise
        raise DominoTypeError(
            f"reserve_by_players must be pairs (players, reserve), got {rules.reserve_by_players!r}"
        ) from None
    put("reserve_by_players", reserves)
    for name in ("doubles_per_turn", "penalty_draws", "end_multiple", "foot_size"):
        put(name, v.positive_int(getattr(rules, name), name))
    for name in _BOOLEANS:
        put(name, v.boolean(getattr(rules, name), name))
    for name, options in CHOICES.items():
        v.choice(getattr(rules, name), name, options)
    if rules.target is None and rules.deals is None:
        raise DominoTilingError(
            "a match needs an end: give a target score or a number of "
            "deals (target=None needs deals=...)"
        )
    # tables of bones
    try:
        sizes = tuple(
            (v.positive_int(n, "hand_sizes players"), v.positive_int(k, "hand size"))
            for n, k in rules.hand_sizes
        )
    except (TypeError, ValueError) as exc:
        if isinstance(exc, DominoTilingError):
            raise
        raise DominoTypeError(
            f"hand_sizes must be pairs (players, bones each), got {rules.hand_sizes!r}"
        ) from None
    put("hand_sizes", sizes)
    put("opening_doubles", _values(rules.opening_doubles, "opening_doubles", rules.max_pip))
    put("reopen_doubles", _values(rules.reopen_doubles, "reopen_doubles", rules.max_pip))
    for name in ("bone_values", "opening_bonus", "finish_bonus"):
        put(name, bone_table(getattr(rules, name), name))
    for name in ("finish_ends_match", "held_loses", "opening_bones"):
        try:
            put(name, tuple(bone_key(b, name) for b in getattr(rules, name)))
        except TypeError:
            raise DominoTypeError(f"{name} must be a tuple of bones") from None
    specials = []
    try:
        for bones, points in rules.special_hands:
            key = tuple(sorted(bone_key(b, "special_hands") for b in bones))
            specials.append((key, v.integer(points, "special_hands points")))
    except (TypeError, ValueError) as exc:
        if isinstance(exc, DominoTilingError):
            raise
        raise DominoTypeError(
            f"special_hands must be a tuple of (bones, points) pairs, got {rules.special_hands!r}"
        ) from None
    put("special_hands", tuple(specials))
    size_map = _check_together(rules, sizes)
    return size_map


def _check_together(rules, sizes):
    """The fields against each other; return the map players -> hand size."""
    if rules.min_players > rules.max_players:
        raise DominoTilingError(
            f"need min_players <= max_players, got {rules.min_players} and {rules.max_players}"
        )
    n_bones = (rules.max_pip + 1) * (rules.max_pip + 2) // 2
    if rules.layout == "trains":
        n_bones -= 1  # the engine double lies in the centre
    size_map = dict(sizes)
    for n in range(rules.min_players, rules.max_players + 1):
        if n not in size_map:
            raise DominoTilingError(
                f"hand_sizes gives no hand size for {n} players; add a pair ({n}, size)"
            )
        at_table = 4 if rules.table_teams > 2 else n  # General: two pairs play at a time
        if size_map[n] * at_table > n_bones:
            raise DominoTilingError(
                f"{at_table} hands of {size_map[n]} bones do not fit in a "
                f"double-{rules.max_pip} set of {n_bones} bones"
            )
    for key, _ in rules.bone_values + rules.opening_bonus + rules.finish_bonus:
        if key[1] > rules.max_pip:
            raise DominoTilingError(f"bone {key} is not in a double-{rules.max_pip} set")
    if rules.table_teams != 2 and (not rules.teams or rules.scoring != "general"):
        raise DominoTilingError(
            "table_teams (pairs waiting their turn) is General's rule: "
            "it needs teams=True and scoring='general'"
        )
    seats = 2 * rules.table_teams
    if rules.teams and not rules.min_players == rules.max_players == seats:
        raise DominoTilingError(
            f"team play is defined for exactly {seats} players, partners "
            "opposite; use for example Rules.kozel(players=4, teams=True)"
        )
    if rules.later_opener == "winner_partner" and not rules.teams:
        raise DominoTilingError("later_opener='winner_partner' needs teams=True")
    if rules.layout != "line":
        clash = [
            name
            for name, default in (
                ("spinner", False),
                ("closing_doubles", "none"),
                ("doubles_per_turn", 1),
                ("chain_turn", False),
                ("lengthwise_doubles", False),
            )
            if getattr(rules, name) != default
        ]
        if clash:
            raise DominoTilingError(
                f"layout={rules.layout!r} has no cross, closed, lengthwise "
                f"or several doubles per turn; {clash[0]} must keep its "
                "default"
            )
    if rules.layout in ("trains", "chicken_foot") and not rules.set_double:
        raise DominoTilingError(
            f"layout={rules.layout!r} is built on a set double each round; it needs set_double=True"
        )
    if rules.set_double and rules.layout not in ("trains", "chicken_foot"):
        raise DominoTilingError("set_double=True is for layout='trains' or 'chicken_foot'")
    if rules.layout == "sausage" and not rules.min_players == rules.max_players == 2:
        raise DominoTilingError(
            "the sausage layout is for exactly two players (a cut goes to the opponent)"
        )
    if rules.hidden_rows and rules.draw_from_bazaar:
        raise DominoTilingError(
            "hidden_rows (a face-down row taken from the right) has no "
            "bazaar: set draw_from_bazaar=False"
        )
    if rules.lengthwise_doubles and not rules.spinner:
        raise DominoTilingError(
            "lengthwise_doubles lays later doubles along the line, "
            "after the first double's cross: it needs spinner=True"
        )
    if rules.drop_out and (rules.teams or rules.target is None or not rules.target_loses):
        raise DominoTilingError(
            "drop_out (players reaching the target leave the match) needs "
            "a target that loses and no teams"
        )
    if rules.first_turn_train and rules.layout != "trains":
        raise DominoTilingError(
            "first_turn_train is Mexican train's rule: it needs layout='trains'"
        )
    if rules.egg_attempts is not None and rules.scoring != "sea_kozel":
        raise DominoTilingError("egg_attempts (rotten eggs) belongs to sea Kozel's scoring")
    return size_map
