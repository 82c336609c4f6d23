"""Rule sets of the Kozel family: Kozel, the traditional four-hand Kozel, sea Kozel, sport Kozel,
Osel, Chechevo, General (presets of :class:`~dominotiling.games.Rules`; in full: the guide).

>>> from dominotiling.games import Rules
>>> Rules.osel().closing_doubles, Rules.sport_kozel().later_opener, Rules.general().scoring
('any', 'winner_partner', 'general')
"""

from .. import _validate
from ..errors import DominoTilingError
from .rules import Rules, register

_KOZEL = dict(scoring="kozel", fish_ends_round=True, target_loses=True, later_opener="winner")
_DEAL = dict(hand_sizes=((2, 7), (3, 7), (4, 7)), redeal_doubles=5, redeal_same_value=6)
_UP = (1, 2, 3, 4, 5, 6, 0)  # 1-1 first, 0-0 last
_CROSS = dict(spinner=True, spinner_opens="at_once", doubles_per_turn=4)


def _players(players, teams):
    """(min_players, max_players) of a preset for 2 to 4 (Rules refuses teams of other than 4)."""
    if players is None:
        return (4, 4) if teams else (2, 4)
    players = _validate.integer(players, "players", minimum=2, maximum=4)
    return players, players


@register("kozel", "goat", "козел", "козёл", "keçi")
def kozel(
    fish_mode="all", players=None, teams=False, *, eggs=False, reserve=0, fish_bazaar=False,
    several_goats=True, target=101, write_from=13, first_double="1-1",
):  # fmt: skip
    """Kozel ("the goat"), as kozel_and_variants_ru.txt, paragraphs 13-54 tell it.

    7 bones each, a new deal for five doubles or six of one value (paragraphs 14-15); 1-1 opens,
    else 2-2, ..., 0-0 (paragraph 17); who went out or made the fish opens next (paragraph 22); a
    lone 0-0 counts 10, totals up to 12 are remembered (paragraphs 28-52); the first to 101 is the
    goat (paragraph 54).

    Parameters
    ----------
    reserve : {0, 1, 2}, optional
        The last bones of the bazaar never drawn in play.  0: a player draws "one at a time ...
        until finding a bone with the needed value", until the bazaar "has ended" (paragraph 19:
        «вытягивает по одной ... пока игрок не найдет кость с необходимым значением»); 1: "it is
        forbidden to take the last bone from the bazaar" (paragraph 224: «Последнюю костяшку «из
        базара» забирать запрещается»; more_rules_ru.txt, paragraph 354: «последняя костяшка
        остаётся в “базаре”, её никогда не забирают», "it is never taken"); 2: "the last two bones
        of the bazaar are not taken" (paragraph 165).  When nobody can move with only the reserve
        left, the round is blocked, scored as a fish.
    fish_bazaar : bool, optional
        The reading the documents leave open: is the reserve ever drawn?  False (paragraph 354's
        "never"): what is left in the bazaar at a fish stays there.  True: the general rule of
        more_rules_ru.txt, "Правила игры", paragraph 68 -- "if there is a bazaar, the player after
        the one who made the fish must take all of it" («Если есть базар то игрок после игрока
        который зарыбачил должен взять его весь»; kozel_sport_rules_tr.txt, paragraph 603) -- the
        reserve included, its points counting in that hand.

    Examples
    --------
    >>> Rules.kozel(target=125, write_from=25).write_above, Rules.kozel(reserve=2).bazaar_reserve
    (24, 2)
    """
    low, high = _players(players, teams)
    fish_mode = _validate.choice(fish_mode, "fish_mode", ("all", "one"))
    first = _validate.choice(first_double, "first_double", ("1-1", "smallest"))
    label = f"Kozel (fish for {fish_mode})" + (", teams" if teams else "")
    r = dict(_KOZEL, **_DEAL, name=label, min_players=low, max_players=high, teams=teams)
    r.update(bazaar_reserve=_validate.integer(reserve, "reserve", minimum=0, maximum=2))
    r.update(opening_doubles=_UP if first == "1-1" else sorted(_UP), reopen_doubles=_UP)
    r.update(reopen_after_tie=_validate.boolean(eggs, "eggs"), eggs=eggs, fish_mode=fish_mode)
    r.update(write_above=_validate.positive_int(write_from, "write_from") - 1, target=target)
    r.update(special_hands=((((0, 0),), 10),), several_goats=several_goats, fish_bazaar=fish_bazaar)
    return Rules(**r)


@register("kozel_traditional", "krysha", "traditional kozel", "традиционный козёл", "крыша")
def kozel_traditional(target=101):
    """The traditional four-hand Kozel (kozel_and_variants_ru.txt, paragraphs 189-196): two
    pairs, no bazaar; the winners write the losers' points, under 13 kept while they have written
    nothing (paragraph 193); a blocked "krysha" goes to the lower pair (paragraph 194);
    a pair reaching 101 (paragraph 196) wins by paragraph 193's scoring, the others the goats."""
    r = dict(name="traditional Kozel", min_players=4, max_players=4, hand_sizes=((4, 7),))
    r.update(opening_doubles=(1,), later_opener="winner", draw_from_bazaar=False, teams=True)
    return Rules(**r, scoring="krysha", target=target, write_above=12)


@register("sea_kozel", "sea goat", "морской козел", "морской козёл", "deniz keçisi")
def sea_kozel(
    players=None, teams=False, target=None, egg_attempts=3, *, rotten_eggs="no_double",
    six_six="one_loser", hundred="any_time", redeal_doubles=5,
):  # fmt: skip
    """Sea Kozel (kozel_and_variants_ru.txt, paragraphs 109-126, 197-201 and 226-246).

    The winner writes the others' points, an account opening from 25, all written erased when
    another scores (paragraphs 110-111 and 230-232); 125 wins, 202 for pairs (paragraphs 112 and
    198); "on a hundred", 0-0 and 6-6 finishes, the fisherman's write-offs and the eggs as
    :class:`~dominotiling.games.families.SeaKozel` tells (more_rules_ru.txt, paragraphs 83, 89,
    94-95, 185-188, 327 and 363-364)."""
    rotten = _validate.choice(rotten_eggs, "rotten_eggs", ("no_double", "replays")) == "no_double"
    hundred = _validate.choice(hundred, "hundred", ("any_time", "opener")) == "any_time"
    low, high = _players(players, teams)
    r = dict(name="sea Kozel" + (", teams" if teams else ""), min_players=low, max_players=high)
    r.update(hand_sizes=((2, 7), (3, 5), (4, 5)), opening_doubles=sorted(_UP), teams=teams)
    r.update(reopen_doubles=(1, 2, 3) if rotten else _UP, reopen_rots=rotten, fish_ends_round=True)
    r.update(egg_attempts=None if rotten else egg_attempts, redeal_doubles=redeal_doubles)
    r.update(six_six_wins=six_six, hundred_any_time=hundred, doubles_per_turn=2, write_above=24)
    r.update(opening_fallback="lightest", later_opener="winner", reopen_after_tie=True)
    r.update(special_hands=((((0, 0),), 25), (((6, 6),), 50), (((0, 0), (6, 6)), 75)))
    r.update(target=(202 if teams else 125) if target is None else target)
    return Rules(**r, scoring="sea_kozel")


@register("sport_kozel", "sport domino", "спортивный козел", "спортивное домино", "spor domino")
def sport_kozel(target=101, deals=None):
    """Sport Kozel, the 1985 rules (classic_rules_2_ru.txt, paragraphs 73-94).

    Two pairs, no bazaar (paragraphs 76 and 80); the last winner's partner opens with a double
    (paragraph 84); the losing pair writes both hands (paragraph 90); opening or finishing with
    6-6 or 0-0 gives the losers 50 or 25 more (paragraphs 92-94); over 100 loses (paragraph 78)."""
    if deals is not None and _validate.positive_int(deals, "deals") % 4:
        raise DominoTilingError(f"sport Kozel plays a multiple of four deals, got {deals}")
    bonus = (((6, 6), 50), ((0, 0), 25))
    r = dict(_KOZEL, name="sport Kozel", min_players=4, max_players=4, hand_sizes=((4, 7),))
    r.update(redeal_doubles=5, opening_doubles=(1,), later_opener="winner_partner", teams=True)
    r.update(later_bone="double", draw_from_bazaar=False, fish_mode="one", write_above=0)
    r.update(target=target, deals=deals, opening_bonus=bonus, finish_bonus=bonus)
    return Rules(**r, special_hands=((((6, 6),), 50), (((0, 0),), 25)))


@register("osel", "donkey", "осел", "осёл", "eşek")
def osel(players=None):
    """Osel, the donkey (kozel_and_variants_ru.txt, paragraphs 254-260 and 337-340): Kozel with
    a cross on the first double (paragraph 256), several doubles at once, one a side (paragraph 257;
    "2, 3 or 4", kozel_sport_rules_tr.txt, paragraph 685), each face down or open
    (paragraph 258)."""
    low, high = _players(players, False)
    r = dict(_KOZEL, **_DEAL, **_CROSS, name="osel", min_players=low, max_players=high)
    r.update(opening_doubles=_UP, closing_doubles="any", special_hands=((((0, 0),), 10),))
    return Rules(**r, target=101)


@register("chechevo", "чечево", "çeçev")
def chechevo(players=None):
    """Chechevo (kozel_sport_rules_tr.txt, paragraphs 648-665), a Kozel each for oneself: a
    cross, a turn's doubles all closed or all open (paragraphs 653-655); out with 0-0 every other is
    a goat, with 6-6 they get 50; a 0-0 left loses, a 6-6 counts 50 (paragraphs
    658-661); the most points take all (paragraph 663); over 101 is the goat (paragraph 662)."""
    low, high = _players(players, False)
    r = dict(_KOZEL, **_CROSS, name="chechevo", min_players=low, max_players=high)
    r.update(hand_sizes=((2, 7), (3, 7), (4, 6)), closing_doubles="same", most_takes_all=True)
    r.update(write_above=0, target=102, bone_values=(((6, 6), 50),), finish_bonus=(((6, 6), 50),))
    return Rules(**r, finish_ends_match=((0, 0),), held_loses=((0, 0),), opening_doubles=_UP)


@register("general", "генерал", "генеральский козел", "genel")
def general(deals=10, only_zero=False, strict=False, pairs=2, leaves="two_losses"):
    """General, the general's goat (kozel_and_variants_ru.txt, paragraphs 278-285 and 351-352).

    Two pairs; 1-1 opens every round; two doubles may go together; the player after the one who went
    out loses, a General when the last bone was 0-0 or 6-6 (paragraphs 282-283 and 352); a
    fish does not count (paragraph 280); after the deals more Generals lose."""
    pairs = _validate.integer(pairs, "pairs", minimum=2, maximum=4)
    leaves = _validate.choice(leaves, "leaves", ("two_losses", "general"))
    bones = ((0, 0), 1), ((6, 6), 1)
    r = dict(name="general" + (f", {pairs} pairs" if pairs > 2 else ""))
    r.update(min_players=2 * pairs, max_players=2 * pairs, table_teams=pairs, team_leaves=leaves)
    r.update(opening_doubles=(1,), draw_from_bazaar=False, doubles_per_turn=2, fish_ends_round=True)
    r.update(target=None, target_loses=True, deals=_validate.positive_int(deals, "deals"))
    r.update(finish_bonus=bones[:1] if _validate.boolean(only_zero, "only_zero") else bones)
    r.update(finish_bonus_all=_validate.boolean(strict, "strict"), teams=True)
    return Rules(**r, scoring="general", hand_sizes=((2 * pairs, 7),))
