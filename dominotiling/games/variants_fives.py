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

__all__ = ["muggins", "kramer_muggins", "five_up", "fives", "all_threes", "straight", "telephone"]


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
        name="muggins",
        hand_sizes=((2, 7), (3, 5), (4, 5)),
        first_opener="seat",
        later_opener="winner",
        spinner=True,
        spinner_opens="at_once",
        scoring="fives",
        target=target,
        end_multiple=5,
        out_bonus=10,
        hand_rounding="nearest",
        blocked_score="difference",
        lengthwise_doubles=_validate.boolean(lengthwise, "lengthwise"),
    )


_KRAMER_DEAL = dict(
    hand_sizes=((2, 5), (3, 5), (4, 5)), reserve_by_players=((2, 2), (3, 1), (4, 1))
)


@register("kramer_muggins", "muggins kramer", "kramer muggins", "маггинс крамера")
def kramer_muggins(target=61, first_double_ends=False, teams=False):
    """Alex Kramer's Muggins (more_rules_ru.txt, "Алекс Крамер Домино", paragraphs 413-445).

    Two, three or four play, four alone or in two pairs (paragraph 414);
    each draws 5 bones (paragraph 417).  Bones match as in Block: singles
    end to end, doubles across, and nothing is played on a double's ends
    (paragraph 419) -- no cross.  After every bone the open ends are added
    up; for each multiple of 5 the player scores one point; a double counts
    only at the end of the line, both halves (paragraphs 421-423).  A player
    who cannot play draws until able; with two players all but two bones of
    the boneyard may be drawn, with three or four all but one (paragraph
    427).  The hand ends when a player lays the last bone, or nobody can
    play with the boneyard down to those bones (paragraph 429).  The player
    or pair with the fewest pips left then scores one point for each five
    in the opponents' hands, rounding 1 or 2 over a multiple of 5 down and
    3 or 4 up: 5 -> 1, 7 -> 1, 8 -> 2, 12 -> 2, 18 -> 4 (paragraphs
    431-438).  61 points win; 100 or 200 for a longer game (paragraph 440).
    Who leads follows Block (paragraphs 387 and 399: seat 0 leads, then the
    lead goes round).

    Parameters
    ----------
    target : int, optional
        61 (paragraph 440).
    first_double_ends : bool, optional
        Variant 1: the first double is also played on its ends, a cross
        (paragraph 443).  (Variant 2, calling "Muggins" on points a player
        missed, paragraph 445, does not arise: the engine misses nothing.)
    teams : bool, optional

    Examples
    --------
    >>> r = Rules.kramer_muggins()
    >>> r.hand_size(2), r.target, r.spinner, r.per_multiple, r.reserve(2), r.reserve(4)
    (5, 61, False, True, 2, 1)
    """
    spinner = _validate.boolean(first_double_ends, "first_double_ends")
    return Rules(
        name="Kramer's muggins",
        **_KRAMER_DEAL,
        min_players=4 if teams else 2,
        first_opener="seat",
        later_opener="rotate",
        spinner=spinner,
        spinner_opens="at_once",
        scoring="fives",
        target=target,
        end_multiple=5,
        per_multiple=True,
        bonus_per_multiple=True,
        hand_rounding="nearest",
        blocked_score="others",
        teams=_validate.boolean(teams, "teams"),
    )


@register("five_up", "five up", "fiveup", "файв ап")
def five_up(target=61, teams=False):
    """Five-Up (more_rules_ru.txt, "Алекс Крамер Домино", paragraphs 446-473).

    Two, three or four play, four alone or in two pairs (paragraph 447); 5
    bones each (paragraph 450); the lead as in Block.  The difference from
    Muggins is where bones go (paragraph 452): every double, played across
    the line, may be played on both sides and on both ends before it is
    cut off (paragraph 459), so each double starts new lines of play
    (paragraph 461).  "Each side of a bone can be played only once, after
    which the numbers on that bone are cut off for the count": only the
    ends of the lines count (paragraph 457) -- with 5-5 played on all four
    sides and the lines ending in 2, 4, 1 and 0 the count is 7, no points
    (paragraph 460); ends 6 + 5 + 4 + 0 = 15 give 3 points (paragraph 463).
    Scoring, drawing and the end of a hand as in Muggins (paragraph 462,
    :func:`kramer_muggins`): one point per five during play, and the
    winner's points from the opponents' hands, a partner's hand not counted
    (paragraphs 465-472).  61 points win (paragraph 473).

    The text leaves open, and this preset reads so: a double at the end of
    a line that nothing has been played on yet counts both halves (as in
    Muggins, paragraph 423); once anything is played on it, it counts no
    more.  The places are named in :class:`~dominotiling.games.layouts.FiveUp`.

    Examples
    --------
    >>> r = Rules.five_up()
    >>> r.layout, r.hand_size(3), r.target, r.per_multiple
    ('five_up', 5, 61, True)
    """
    return Rules(
        name="five-up",
        **_KRAMER_DEAL,
        min_players=4 if teams else 2,
        first_opener="seat",
        later_opener="rotate",
        layout="five_up",
        scoring="fives",
        target=target,
        end_multiple=5,
        per_multiple=True,
        bonus_per_multiple=True,
        hand_rounding="nearest",
        blocked_score="others",
        teams=_validate.boolean(teams, "teams"),
    )


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
        name="fives",
        hand_sizes=((2, 7), (3, 5), (4, 5)),
        min_players=4 if teams else 2,
        first_opener="seat",
        later_opener="winner",
        spinner=spinner,
        spinner_opens="at_once",
        cross_count=cross,
        scoring="fives",
        target=target,
        end_multiple=5,
        bonus_per_multiple=divide,
        hand_rounding="nearest",
        blocked_score="difference" if divide else "others",
        teams=teams,
    )


@register("all_threes", "все тройки")
def all_threes(target=100, cross="all", divide=True):
    """All threes (classic_rules_2_ru.txt, paragraphs 197-199): Pyaterochka with multiples of 3.

    Examples
    --------
    >>> Rules.all_threes().end_multiple
    3
    """
    return fives(target=target, cross=cross, divide=divide).with_(name="all threes", end_multiple=3)


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
        name="straight",
        hand_sizes=((2, 7), (3, 7), (4, 7)),
        min_players=4 if teams else 2,
        first_opener="seat",
        later_opener="winner",
        spinner=True,
        spinner_opens="both_sides",
        scoring="fives",
        target=target,
        end_multiple=5,
        hand_rounding="nearest",
        blocked_score="others",
        teams=teams,
    )


@register("telephone", "phone", "domiki", "blokha", "телефон", "домики", "блоха", "telefon")
def telephone(teams=False, doubles=1, per_five=False, target=None, opening="2-3"):
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
    opening : {"2-3", "0-0"}, optional
        The bone whose holder opens the first round: 2-3, or "the one who
        has 0-0 (blank, empty-empty)" (more_rules_ru.txt, "Телефон",
        paragraph 130).

    Notes
    -----
    When a side reaches the target, "the player with the fewest points has
    lost" (more_rules_ru.txt, paragraph 137): the score sheet names the other
    side as the loser (:attr:`~dominotiling.games.ScoreSheet.loser`).  The
    same page allows "up to four doubles at once, one on each side"
    (paragraph 130): ``doubles=4``.

    Examples
    --------
    >>> r = Rules.telephone()
    >>> r.opening_bones, r.target, r.scoring
    (((2, 3),), 225, 'telephone')
    >>> Rules.telephone(per_five=True).per_multiple
    True
    >>> Rules.telephone(opening="0-0").opening_bones
    ((0, 0),)
    """
    opening = _validate.choice(opening, "opening", ("2-3", "0-0"))
    per_five = _validate.boolean(per_five, "per_five")
    if target is None:
        target = 72 if per_five else 225
    common = dict(
        name="telephone",
        min_players=4 if teams else 2,
        max_players=4 if teams else 2,
        hand_sizes=((2, 7), (4, 7)),
        opening_bones=((2, 3),) if opening == "2-3" else ((0, 0),),
        later_opener="winner",
        doubles_per_turn=_validate.integer(doubles, "doubles", minimum=1, maximum=4),
        spinner=True,
        house="first_covered",
        spinner_opens="both_sides",
        target=target,
        end_multiple=5,
        teams=teams,
    )
    if per_five:
        return Rules(
            scoring="fives",
            per_multiple=True,
            bonus_per_multiple=True,
            hand_rounding="up",
            blocked_score="others",
            **common,
        )
    return Rules(scoring="telephone", **common)
