"""Rule sets of the fives family: Muggins, Kramer's Muggins, Five-Up, Pyaterochka (fives), All
threes, Straight, Telephone (presets of :class:`~dominotiling.games.Rules`; in full: the guide).

>>> from dominotiling.games import Rules
>>> Rules.muggins().out_bonus, Rules.fives().cross_count, Rules.telephone().house
(10, 'all', 'first_covered')
"""

from .. import _validate
from .rules import Rules, register

_FIVES = dict(scoring="fives", first_opener="seat", end_multiple=5, hand_rounding="nearest")
_KRAMER = dict(_FIVES, hand_sizes=((2, 5), (3, 5), (4, 5)), later_opener="rotate")
_KRAMER.update(reserve_by_players=((2, 2), (3, 1), (4, 1)), per_multiple=True)
_KRAMER.update(bonus_per_multiple=True, blocked_score="others")
_CROSS = dict(spinner=True, spinner_opens="at_once")


@register("muggins", "all fives", "маггинс", "muggin's")
def muggins(target=200, lengthwise=True, at_target="hand_end"):
    """Muggins (kozel_and_variants_ru.txt, paragraphs 271-277 and 348-350).

    A cross on the first double (paragraph 273); ends adding up to a multiple of five score their
    sum (paragraphs 274 and 350), going out 10 (paragraph 275), blocked the lowest hand
    rounded to five (paragraph 276); to 200 (paragraph 277)."""
    r = dict(_FIVES, **_CROSS, name="muggins", later_opener="winner", target=target, out_bonus=10)
    r.update(lengthwise_doubles=_validate.boolean(lengthwise, "lengthwise"), at_target=at_target)
    return Rules(**r)


@register("kramer_muggins", "muggins kramer", "kramer muggins", "маггинс крамера")
def kramer_muggins(target=61, first_double_ends=False, teams=False, at_target="hand_end"):
    """Alex Kramer's Muggins (more_rules_ru.txt, "Алекс Крамер Домино", paragraphs 413-445).

    5 bones each (paragraph 417); no cross (paragraph 419); a point per five of the ends (paragraphs
    421-423); two keep two bones of the boneyard, more one (paragraph 427); the fewest pips score a
    point per five in the opponents' hands (paragraphs 431-438); 61 wins (paragraph 440)."""
    spinner = _validate.boolean(first_double_ends, "first_double_ends")
    r = dict(_KRAMER, name="Kramer's muggins", min_players=4 if teams else 2, spinner=spinner)
    r.update(spinner_opens="at_once", target=target, teams=_validate.boolean(teams, "teams"))
    return Rules(**r, at_target=at_target)


@register("five_up", "five up", "fiveup", "файв ап")
def five_up(target=61, teams=False, at_target="hand_end"):
    """Five-Up (more_rules_ru.txt, "Алекс Крамер Домино", paragraphs 446-473): every double
    starts new lines (paragraphs 452-461), the lines' ends count (paragraphs 457-463), scored as
    Kramer's Muggins (paragraph 462), 61 wins (paragraph 473); the options as for
    :func:`kramer_muggins`.  Read here: a double nothing is played on counts both halves."""
    r = dict(_KRAMER, name="five-up", min_players=4 if teams else 2, layout="five_up")
    return Rules(**r, target=target, teams=_validate.boolean(teams, "teams"), at_target=at_target)


@register("fives", "pyaterochka", "пятерочка", "пятёрочка")
def fives(target=100, cross="all", divide=True, spinner=True, teams=False, at_target="hand_end"):
    """Pyaterochka, fives (classic_rules_2_ru.txt, paragraphs 155-195).

    The first double a cross (paragraph 171); ends adding up to a multiple of 5 score their sum, a
    cross covered on both long sides counting four ends (paragraphs 174-185); the deal's winner gets
    the opponents' points rounded to 5 and divided by 5 (paragraph 187).

    Parameters
    ----------
    at_target : {"hand_end", "at_once"}, optional
        The target reached during play, in the middle of a hand: is the match over at once?
        "hand_end": the hand is played out and scored, and the match decided at its end -- the
        points of play are kept "regardless of the win" (paragraph 187: «Независимо от победы все
        игроки сохраняют свои баллы, которые они получили в игре»).  "at_once": "the game ends when
        a player or team reaches 61 points" (more_rules_ru.txt, paragraph 473: «Игра заканчивается,
        когда один игрок или команда набирает 61 очко»; paragraph 440: «На этом игра
        заканчивается»): the match ends on that play, the hand unscored (reason "target").
    """
    divide = _validate.boolean(divide, "divide")
    r = dict(_FIVES, name="fives", min_players=4 if teams else 2, spinner=spinner, teams=teams)
    r.update(spinner_opens="at_once", cross_count=cross, target=target, bonus_per_multiple=divide)
    r.update(blocked_score="difference" if divide else "others", later_opener="winner")
    return Rules(**r, at_target=at_target)


@register("all_threes", "все тройки")
def all_threes(target=100, cross="all", divide=True, at_target="hand_end"):
    """All threes (classic_rules_2_ru.txt, paragraphs 197-199): Pyaterochka with multiples of 3."""
    rules = fives(target=target, cross=cross, divide=divide, at_target=at_target)
    return rules.with_(name="all threes", end_multiple=3)


@register("straight", "straight dominoes", "прямое домино")
def straight(target=250, teams=False, at_target="hand_end"):
    """Straight dominoes (classic_rules_1_ru.txt, paragraphs 223-240): the first double a spinner,
    its long sides first; multiples of five score (paragraph 238); the winner gets the opponents'
    pips rounded to five (paragraphs 238 and 240); to 250 (paragraph 240); the options as for
    :func:`fives`."""
    r = dict(_FIVES, name="straight", hand_sizes=((2, 7), (3, 7), (4, 7)), spinner=True)
    r.update(min_players=4 if teams else 2, later_opener="winner", blocked_score="others")
    return Rules(**r, target=target, teams=teams, at_target=at_target)


@register("telephone", "phone", "domiki", "blokha", "телефон", "домики", "блоха", "telefon")
def telephone(teams=False, doubles=1, per_five=False, target=None, opening="2-3"):
    """Telephone, Domiki, Blokha (kozel_and_variants_ru.txt, paragraphs 261-268 and 341-347).

    2-3 opens the first round (paragraphs 263 and 343); the first double covered on both sides is
    the "house", a cross (paragraph 263); multiples of five score (paragraphs 135-138 and 264); who
    is left with bones writes off their points rounded down to five (paragraphs 139
    and 265); to 225, both at 225 a draw (paragraphs 267 and 347)."""
    opening = _validate.choice(opening, "opening", ("2-3", "0-0"))
    per_five = _validate.boolean(per_five, "per_five")
    n = 4 if teams else 2
    r = dict(name="telephone", min_players=n, max_players=n, teams=teams, spinner=True)
    r.update(hand_sizes=((2, 7), (4, 7)), opening_bones=((2, 3) if opening == "2-3" else (0, 0),))
    r.update(doubles_per_turn=_validate.integer(doubles, "doubles", minimum=1, maximum=4))
    r.update(later_opener="winner", house="first_covered", end_multiple=5)
    r.update(target=(72 if per_five else 225) if target is None else target)
    if per_five:
        r.update(per_multiple=True, bonus_per_multiple=True)
        r.update(hand_rounding="up", blocked_score="others")
    return Rules(**r, scoring="fives" if per_five else "telephone")
