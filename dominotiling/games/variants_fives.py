"""Rule sets of the fives family: Muggins, Pyaterochka (fives), All threes, Straight, Telephone.

Points come during play, whenever the open ends add up to a multiple of 5
(of 3 in All threes), and at the end of a round.  Each function returns a
:class:`~dominotiling.games.Rules` and is also a classmethod of it and a name
for :meth:`~dominotiling.games.Rules.by_name`.  Citations name a file of
``shared/sources/games/`` and a paragraph (a line of that file).

Examples
--------
>>> from dominotiling.games import Rules
>>> Rules.muggins().out_bonus, Rules.fives().cross_count, Rules.telephone().house
(10, 'all', 'first_covered')
"""

from .. import _validate
from .rules import Rules, register

__all__ = ["muggins", "fives", "all_threes", "straight", "telephone"]


@register("muggins", "all fives", "маггинс", "muggin's")
def muggins(target=200, lengthwise=True):
    """Muggins (kozel_and_variants_ru.txt, paragraphs 271-277 and 348-350).

    Two players get 7 bones, three or four 5; the first player may open with
    any bone (paragraphs 273 and 349).  The first double opens a cross, and
    from then on bones join all four ends (paragraph 273).  Whenever the open
    ends add up to a multiple of five the player scores: 5 points for each
    five, that is the sum (paragraphs 274 and 350).  Going out scores 10
    (paragraphs 275 and 350).  A blocked round is won by the lowest hand,
    who scores the difference between the others' points and their own,
    rounded to five (paragraphs 276 and 350).  The game goes to 200
    (paragraph 277).  Later rounds are opened by the previous round's winner.
    Doubles other than the first are laid along or across the line as the
    player likes (paragraph 350): across, a double at an end counts both
    halves; along (``Move(..., lengthwise=True)``), one.

    Parameters
    ----------
    target : int, optional
    lengthwise : bool, optional
        False: every double lies across.

    Examples
    --------
    >>> r = Rules.muggins()
    >>> r.spinner, r.target, r.end_multiple, r.out_bonus, r.first_opener
    (True, 200, 5, 10, 'seat')
    """
    return Rules(
        name="muggins", hand_sizes=((2, 7), (3, 5), (4, 5)), first_opener="seat",
        later_opener="winner", spinner=True, spinner_opens="at_once", scoring="fives",
        target=target, end_multiple=5, out_bonus=10, hand_rounding="nearest",
        blocked_score="difference",
        lengthwise_doubles=_validate.boolean(lengthwise, "lengthwise"))


@register("fives", "pyaterochka", "пятерочка", "пятёрочка")
def fives(target=100, cross="all", divide=True, spinner=True, teams=False):
    """Pyaterochka, fives (classic_rules_2_ru.txt, paragraphs 155-195).

    Two to four players, also two against two (paragraph 157); two get 7
    bones, three or four 5 (paragraphs 163-167).  The lead is drawn by lot
    and any bone may open (paragraph 171: seat the players so; seat 0
    leads).  The first double is the base of a cross, open on all four sides
    (paragraph 171).  A player who cannot move draws until able, or passes
    (paragraph 173).  Whenever the open ends add up to a multiple of 5 the
    player scores that sum (paragraph 174); a double at an end counts both
    halves, and once the cross is covered on both long sides it counts all
    four ends (paragraph 175; the steps of paragraphs 179-185).  The winner
    of the deal -- the lowest hand when blocked -- gets the opponents' points
    rounded to a multiple of 5 (3 to 5) and divided by 5; when blocked, minus
    their own: 5 + 11 + 13 - 3 = 26, rounded to 25, gives 5 (paragraph 187).

    Parameters
    ----------
    target : int, optional
        100, 250 or 500 (paragraph 174).
    cross : {"all", "played"}, optional
        "played": the cross counts only its played sides (paragraph 191).
    divide : bool, optional
        False: the losers' points are written in full after rounding, and a
        blocked round counts them without the winner's (paragraph 195).
    spinner : bool, optional
        False: without a cross (paragraph 193).
    teams : bool, optional

    Examples
    --------
    >>> r = Rules.fives()
    >>> r.per_multiple, r.bonus_per_multiple, r.cross_count, r.spinner_opens
    (False, True, 'all', 'at_once')
    """
    divide = _validate.boolean(divide, "divide")
    return Rules(
        name="fives", hand_sizes=((2, 7), (3, 5), (4, 5)), min_players=4 if teams else 2,
        first_opener="seat", later_opener="winner", spinner=spinner, spinner_opens="at_once",
        cross_count=cross, scoring="fives", target=target, end_multiple=5,
        bonus_per_multiple=divide, hand_rounding="nearest",
        blocked_score="difference" if divide else "others", teams=teams)


@register("all_threes", "все тройки")
def all_threes(target=100, cross="all", divide=True):
    """All threes (classic_rules_2_ru.txt, paragraphs 197-199): Pyaterochka with multiples of 3.

    Examples
    --------
    >>> Rules.all_threes().end_multiple
    3
    """
    return fives(target=target, cross=cross, divide=divide).with_(name="all threes",
                                                                   end_multiple=3)


@register("straight", "straight dominoes", "прямое домино")
def straight(target=250, teams=False):
    """Straight dominoes (classic_rules_1_ru.txt, paragraphs 223-240).

    Two to four play, four possibly as partners sitting opposite (paragraph
    230); 7 bones each, the rest to draw from (paragraph 234).  The player
    who drew the highest double leads, with any bone (paragraphs 232 and
    236: seat 0 leads).  Ends adding up to a multiple of five score their
    sum; the first double is a spinner, its long sides first; later doubles
    lie across and count both ends (paragraph 238).  Going out scores the
    opponents' pips rounded to the nearest five; a partner's pips do not
    count (paragraph 238).  A blocked round gives the lowest hand (or pair)
    the opponents' pips, rounded to five (paragraph 240).  250 wins; the
    winner leads the next game (paragraph 240).

    Examples
    --------
    >>> r = Rules.straight()
    >>> r.target, r.out_bonus, r.blocked_score, r.spinner_opens
    (250, None, 'others', 'both_sides')
    """
    return Rules(
        name="straight", hand_sizes=((2, 7), (3, 7), (4, 7)), min_players=4 if teams else 2,
        first_opener="seat", later_opener="winner", spinner=True, spinner_opens="both_sides",
        scoring="fives", target=target, end_multiple=5, hand_rounding="nearest",
        blocked_score="others", teams=teams)


@register("telephone", "phone", "domiki", "blokha", "телефон", "домики", "блоха", "telefon")
def telephone(teams=False, doubles=1, per_five=False, target=None):
    """Telephone, also Domiki and Blokha (kozel_and_variants_ru.txt, paragraphs 261-268 and 341-347).

    Two players, or two pairs, get 7 bones each (paragraphs 263 and 343).
    The first double covered on both sides is the "house", and bones may
    then be joined to all four of its sides (paragraph 263).  The holder of
    2-3 opens the first round with it (paragraphs 263 and 343); later rounds
    are opened by the previous winner with any bone -- 6-4 or 3-2 score 10 or
    5 at once (paragraph 344).  Whenever the ends add up to a multiple of
    five the player writes that sum (paragraph 264; paragraphs 135-138: with
    a house 4-4 and ends 6 and 3, laying 6-6 scores 15, then 4-5 on the
    house 20).  The player left with bones writes off the points left,
    rounded down to a multiple of five, and never below zero: 6-4 and 5-3
    leave 18, and 15 are written off (paragraphs 265 and 139).  Pairs score
    and write off together (paragraph 266).  The game goes to 225; when both
    reach 225 it is a draw (paragraphs 267 and 347).

    Parameters
    ----------
    teams : bool, optional
    doubles : {1, 2, 4}, optional
        Up to this many doubles at once, one on each side of the cross
        (paragraph 268; kozel_sport_rules_tr.txt, paragraphs 695-699).
    per_five : bool, optional
        The Turkish text's reading: one point per five during play, and the
        winner writes the others' points divided by 5, rounded up; the game
        to 72 (kozel_sport_rules_tr.txt, paragraphs 914-921).
    target : int, optional
        225 (72 with ``per_five``).

    Examples
    --------
    >>> r = Rules.telephone()
    >>> r.opening_bones, r.target, r.scoring
    (((2, 3),), 225, 'telephone')
    >>> Rules.telephone(per_five=True).per_multiple
    True
    """
    per_five = _validate.boolean(per_five, "per_five")
    if target is None:
        target = 72 if per_five else 225
    common = dict(
        name="telephone", min_players=4 if teams else 2, max_players=4 if teams else 2,
        hand_sizes=((2, 7), (4, 7)), opening_bones=((2, 3),), later_opener="winner",
        doubles_per_turn=_validate.integer(doubles, "doubles", minimum=1, maximum=4),
        spinner=True, house="first_covered", spinner_opens="both_sides", target=target,
        end_multiple=5, teams=teams)
    if per_five:
        return Rules(scoring="fives", per_multiple=True, bonus_per_multiple=True,
                     hand_rounding="up", blocked_score="others", **common)
    return Rules(scoring="telephone", **common)
