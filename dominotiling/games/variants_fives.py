"""Rule sets of the fives family: Muggins, Kramer's Muggins, Five-Up, Pyaterochka (fives), All
threes, Straight, Telephone.

Points come during play, whenever the open ends add up to a multiple of 5 (of 3 in All threes),
and at the end of a round.  Each function returns a :class:`~dominotiling.games.Rules`, and is a
classmethod of it and a name for :meth:`~dominotiling.games.Rules.by_name`.  Citations name a
file of ``shared/sources/games/`` and a paragraph (a line of that file).

Examples
--------
>>> from dominotiling.games import Rules
>>> Rules.muggins().out_bonus, Rules.fives().cross_count, Rules.telephone().house
(10, 'all', 'first_covered')
"""

from .. import _validate
from .rules import Rules, register

__all__ = ["muggins", "kramer_muggins", "five_up", "fives", "all_threes", "straight", "telephone"]

_FIVES = dict(scoring="fives", first_opener="seat", end_multiple=5, hand_rounding="nearest")
_KRAMER = dict(
    _FIVES, hand_sizes=((2, 5), (3, 5), (4, 5)), reserve_by_players=((2, 2), (3, 1), (4, 1))
)
_KRAMER.update(
    later_opener="rotate", per_multiple=True, bonus_per_multiple=True, blocked_score="others"
)
_CROSS = dict(spinner=True, spinner_opens="at_once")


@register("muggins", "all fives", "маггинс", "muggin's")
def muggins(target=200, lengthwise=True, at_target="hand_end"):
    """Muggins (kozel_and_variants_ru.txt, paragraphs 271-277 and 348-350).

    Two players get 7 bones, three or four 5; the first player opens with any bone (paragraphs
    273 and 349).  The first double opens a cross, bones then joining all four ends (paragraph
    273).  Ends adding up to a multiple of five score 5 for each five, the sum (paragraphs 274
    and 350); going out scores 10 (paragraphs 275 and 350); a blocked round gives the lowest hand
    the others' points minus its own, rounded to five (paragraphs 276 and 350).  The game goes to
    200 (paragraph 277); the previous winner opens.  Doubles other than the first lie along or
    across as the player likes (paragraph 350): across, a double at an end counts both halves;
    along (``Move(..., lengthwise=True)``), one.

    Parameters
    ----------
    target : int, optional
    lengthwise : bool, optional
        False: every double lies across.
    at_target : {"hand_end", "at_once"}, optional
        As for :func:`fives`.

    Examples
    --------
    >>> r = Rules.muggins()
    >>> r.spinner, r.target, r.end_multiple, r.out_bonus, r.first_opener
    (True, 200, 5, 10, 'seat')
    """
    r = dict(_FIVES, **_CROSS, name="muggins", later_opener="winner", target=target, out_bonus=10)
    r.update(lengthwise_doubles=_validate.boolean(lengthwise, "lengthwise"), at_target=at_target)
    return Rules(**r)


@register("kramer_muggins", "muggins kramer", "kramer muggins", "маггинс крамера")
def kramer_muggins(target=61, first_double_ends=False, teams=False, at_target="hand_end"):
    """Alex Kramer's Muggins (more_rules_ru.txt, "Алекс Крамер Домино", paragraphs 413-445).

    Two, three or four play, four alone or in pairs (paragraph 414); 5 bones each (paragraph
    417).  Bones match as in Block, nothing played on a double's ends (paragraph 419).  After
    every bone the open ends are added up, each multiple of 5 scoring one point; a double counts
    at the end of the line, both halves (paragraphs 421-423).  Who cannot play draws until able;
    two players keep two bones of the boneyard, three or four one (paragraph 427).  The hand
    ends when a player lays the last bone, or nobody can play (paragraph 429); the fewest pips
    then score one point per five in the opponents' hands, 1 or 2 over a multiple of 5 rounded
    down, 3 or 4 up: 5 -> 1, 7 -> 1, 8 -> 2, 12 -> 2, 18 -> 4 (paragraphs 431-438).  61 points
    win; 100 or 200 for a longer game (paragraph 440).  The lead follows Block (paragraphs 387
    and 399).

    Parameters
    ----------
    target : int, optional
        61 (paragraph 440).
    first_double_ends : bool, optional
        Variant 1: the first double is played on its ends too, a cross (paragraph 443).
        (Variant 2, calling "Muggins" on missed points, paragraph 445, does not arise here.)
    teams : bool, optional
    at_target : {"hand_end", "at_once"}, optional
        As for :func:`fives`.

    Examples
    --------
    >>> r = Rules.kramer_muggins()
    >>> r.hand_size(2), r.target, r.spinner, r.per_multiple, r.reserve(2), r.reserve(4)
    (5, 61, False, True, 2, 1)
    """
    spinner = _validate.boolean(first_double_ends, "first_double_ends")
    r = dict(_KRAMER, name="Kramer's muggins", min_players=4 if teams else 2, spinner=spinner)
    r.update(spinner_opens="at_once", target=target, teams=_validate.boolean(teams, "teams"))
    return Rules(**r, at_target=at_target)


@register("five_up", "five up", "fiveup", "файв ап")
def five_up(target=61, teams=False, at_target="hand_end"):
    """Five-Up (more_rules_ru.txt, "Алекс Крамер Домино", paragraphs 446-473).

    Two, three or four play, four alone or in pairs (paragraph 447); 5 bones each (paragraph
    450); the lead as in Block.  Unlike Muggins (paragraph 452), every double played across may
    be played on both sides and both ends before it is cut off (paragraph 459), starting new
    lines (paragraph 461).  "Each side of a bone can be played only once, after which the numbers
    on that bone are cut off for the count": only the ends of the lines count (paragraph 457) --
    5-5 played on all four sides with lines ending in 2, 4, 1 and 0 counts 7 (paragraph 460);
    ends 6 + 5 + 4 + 0 = 15 give 3 points (paragraph 463).  Scoring, drawing and the end of a
    hand as in Kramer's Muggins (paragraph 462): one point per five, the opponents' hands for
    the winner, a partner's not counted (paragraphs 465-472); 61 wins (paragraph 473).  Read
    here: a double at the end of a line nothing has been played on counts both halves (as in
    Muggins, paragraph 423), and no more once anything is.

    Parameters
    ----------
    target : int, optional
    teams : bool, optional
    at_target : {"hand_end", "at_once"}, optional
        As for :func:`fives`.

    Examples
    --------
    >>> r = Rules.five_up()
    >>> r.layout, r.hand_size(3), r.target, r.per_multiple
    ('five_up', 5, 61, True)
    """
    r = dict(
        _KRAMER, name="five-up", min_players=4 if teams else 2, layout="five_up", target=target
    )
    return Rules(**r, teams=_validate.boolean(teams, "teams"), at_target=at_target)


@register("fives", "pyaterochka", "пятерочка", "пятёрочка")
def fives(target=100, cross="all", divide=True, spinner=True, teams=False, at_target="hand_end"):
    """Pyaterochka, fives (classic_rules_2_ru.txt, paragraphs 155-195).

    Two to four players, also two against two (paragraph 157); two get 7 bones, three or four 5
    (paragraphs 163-167).  The lead is drawn by lot and any bone may open (paragraph 171: seat 0
    leads).  The first double is the base of a cross, open on four sides (paragraph 171).  Who
    cannot move draws until able, or passes (paragraph 173).  Ends adding up to a multiple of 5
    score that sum (paragraph 174); a double at an end counts both halves, and a cross covered
    on both long sides counts all four ends (paragraph 175; the steps of paragraphs 179-185).
    The winner of the deal -- the lowest hand when blocked -- gets the opponents' points rounded
    to a multiple of 5 (3 to 5) and divided by 5, when blocked minus their own: 5 + 11 + 13 - 3
    = 26, rounded to 25, gives 5 (paragraph 187).

    Parameters
    ----------
    target : int, optional
        100, 250 or 500 (paragraph 174).
    cross : {"all", "played"}, optional
        "played": the cross counts only its played sides (paragraph 191).
    divide : bool, optional
        False: the losers' points are written in full after rounding, and a blocked round
        counts them without the winner's (paragraph 195).
    spinner : bool, optional
        False: without a cross (paragraph 193).
    teams : bool, optional
    at_target : {"hand_end", "at_once"}, optional
        A score reaching the target during play, in the middle of a hand -- is the match over at
        once, or is the hand played out?  "hand_end" (the default): the hand is played out and
        scored, and the match is decided at its end -- the points of play are kept "regardless
        of the win" and the hand's winner gets its prize on top (paragraph 187: «Независимо от
        победы все игроки сохраняют свои баллы, которые они получили в игре»).  "at_once": "the
        game ends when a player or team reaches 61 points" (more_rules_ru.txt, paragraph 473:
        «Игра заканчивается, когда один игрок или команда набирает 61 очко»; paragraph 440:
        «На этом игра заканчивается»): the match ends on the play that reaches the target, the
        hand unscored (its round's reason is ``"target"``).

    Examples
    --------
    >>> r = Rules.fives()
    >>> r.per_multiple, r.bonus_per_multiple, r.cross_count, r.spinner_opens, r.at_target
    (False, True, 'all', 'at_once', 'hand_end')
    """
    divide = _validate.boolean(divide, "divide")
    r = dict(
        _FIVES, name="fives", min_players=4 if teams else 2, later_opener="winner", spinner=spinner
    )
    r.update(spinner_opens="at_once", cross_count=cross, target=target, bonus_per_multiple=divide)
    return Rules(
        **r, blocked_score="difference" if divide else "others", teams=teams, at_target=at_target
    )


@register("all_threes", "все тройки")
def all_threes(target=100, cross="all", divide=True, at_target="hand_end"):
    """All threes (classic_rules_2_ru.txt, paragraphs 197-199): Pyaterochka with multiples of 3.

    Examples
    --------
    >>> Rules.all_threes().end_multiple
    3
    """
    rules = fives(target=target, cross=cross, divide=divide, at_target=at_target)
    return rules.with_(name="all threes", end_multiple=3)


@register("straight", "straight dominoes", "прямое домино")
def straight(target=250, teams=False, at_target="hand_end"):
    """Straight dominoes (classic_rules_1_ru.txt, paragraphs 223-240).

    Two to four play, four possibly as partners opposite (paragraph 230); 7 bones each, the rest
    to draw from (paragraph 234).  The player who drew the highest double leads with any bone
    (paragraphs 232 and 236: seat 0).  Ends adding up to a multiple of five score their sum; the
    first double is a spinner, its long sides first; later doubles lie across and count both
    ends (paragraph 238).  Going out scores the opponents' pips rounded to the nearest five, a
    partner's not counting (paragraph 238); a blocked round gives the lowest hand (or pair) the
    opponents' pips, rounded to five (paragraph 240).  250 wins; the winner leads the next game
    (paragraph 240).

    Parameters
    ----------
    target : int, optional
    teams : bool, optional
    at_target : {"hand_end", "at_once"}, optional
        As for :func:`fives`.

    Examples
    --------
    >>> r = Rules.straight()
    >>> r.target, r.out_bonus, r.blocked_score, r.spinner_opens
    (250, None, 'others', 'both_sides')
    """
    r = dict(
        _FIVES, name="straight", hand_sizes=((2, 7), (3, 7), (4, 7)), min_players=4 if teams else 2
    )
    r.update(
        later_opener="winner", spinner=True, target=target, blocked_score="others", teams=teams
    )
    return Rules(**r, at_target=at_target)


@register("telephone", "phone", "domiki", "blokha", "телефон", "домики", "блоха", "telefon")
def telephone(teams=False, doubles=1, per_five=False, target=None, opening="2-3"):
    """Telephone, also Domiki and Blokha (kozel_and_variants_ru.txt, paragraphs 261-268 and
    341-347).

    Two players, or two pairs, get 7 bones each (paragraphs 263 and 343).  The first double
    covered on both sides is the "house", bones then joining all four of its sides (paragraph
    263).  2-3 opens the first round (paragraphs 263 and 343), the previous winner later rounds,
    with any bone -- 6-4 or 3-2 scoring 10 or 5 at once (paragraph 344).  Ends adding up to a
    multiple of five score that sum (paragraph 264; paragraphs 135-138: with a house 4-4 and ends
    6 and 3, laying 6-6 scores 15, then 4-5 on the house 20).  The player left with bones writes
    off the points left, rounded down to five, never below zero: 6-4 and 5-3 leave 18, and 15
    are written off (paragraphs 265 and 139).  Pairs score and write off together (paragraph
    266).  The game goes to 225; both at 225 is a draw (paragraphs 267 and 347), and "the player
    with the fewest points has lost" (more_rules_ru.txt, paragraph 137).

    Parameters
    ----------
    teams : bool, optional
    doubles : {1, 2, 4}, optional
        Up to this many doubles at once, one on each side of the cross (paragraph 268;
        kozel_sport_rules_tr.txt, paragraphs 695-699; more_rules_ru.txt, paragraph 130: four).
    per_five : bool, optional
        The Turkish text's reading: one point per five during play, the winner writing the
        others' points divided by 5, rounded up; the game to 72 (kozel_sport_rules_tr.txt,
        paragraphs 914-921).
    target : int, optional
        225 (72 with ``per_five``).
    opening : {"2-3", "0-0"}, optional
        The bone whose holder opens the first round: 2-3, or "the one who has 0-0 (blank,
        empty-empty)" (more_rules_ru.txt, "Телефон", paragraph 130).

    Examples
    --------
    >>> r = Rules.telephone()
    >>> r.opening_bones, r.target, r.scoring, Rules.telephone(per_five=True).per_multiple
    (((2, 3),), 225, 'telephone', True)
    """
    opening = _validate.choice(opening, "opening", ("2-3", "0-0"))
    per_five = _validate.boolean(per_five, "per_five")
    r = dict(
        name="telephone", min_players=4 if teams else 2, max_players=4 if teams else 2, teams=teams
    )
    r.update(
        hand_sizes=((2, 7), (4, 7)), opening_bones=((2, 3),) if opening == "2-3" else ((0, 0),)
    )
    r.update(
        doubles_per_turn=_validate.integer(doubles, "doubles", minimum=1, maximum=4), spinner=True
    )
    r.update(later_opener="winner", house="first_covered", end_multiple=5)
    r.update(target=(72 if per_five else 225) if target is None else target)
    if per_five:
        r.update(
            per_multiple=True, bonus_per_multiple=True, hand_rounding="up", blocked_score="others"
        )
    return Rules(**r, scoring="fives" if per_five else "telephone")
