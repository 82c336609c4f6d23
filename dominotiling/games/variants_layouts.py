"""Rule sets played on other tables than one line: Mexican train, Chicken foot, Kolbasa.

Each function returns a :class:`~dominotiling.games.Rules`, and is a classmethod of it
(``Rules.mexican_train()``) and a name for :meth:`~dominotiling.games.Rules.by_name`.  Citations
name a file of ``shared/sources/games/`` and a paragraph (a line of that file); the tables are
in :mod:`dominotiling.games.layouts`.

Examples
--------
>>> from dominotiling.games import Rules
>>> Rules.mexican_train().layout, Rules.chicken_foot().layout, Rules.kolbasa().layout
('trains', 'chicken_foot', 'sausage')
"""

from .. import _validate
from .rules import Rules, register

__all__ = ["mexican_train", "chicken_foot", "kolbasa"]

_PIPS = dict(scoring="pips", target=None, target_loses=True, draw_limit=1)


@register("mexican_train", "mexican train", "мексиканский поезд")
def mexican_train(max_pip=12, deals=None, first_turn_train=False):
    """Mexican train (classic_rules_1_ru.txt, paragraphs 352-364).

    Two to eight players with a double-12 set (paragraph 356).  The engine, 12-12, lies in the
    centre; two players take 16 bones, three 15, four 14, five 12, six 11, seven 10, eight 9
    (paragraph 362).  The first player is chosen at random (seat 0 here), then the next one
    clockwise each hand.  A player plays on their own train, on the Mexican train (anyone may
    start it) or on another player's train that carries a marker.  Who cannot play draws one
    bone and plays it if it fits, else passes and marks their own train, open to everybody until
    its owner plays on it again.  A double is laid across and must be followed at once by a
    second bone, or one drawn, or a pass with a marker; a double left uncovered must be covered
    first by the next players.  Two doubles may go in a row on two trains when the player holds
    a third bone, laid at once, for one of them (paragraph 362).  Players must play whenever
    they can (paragraph 364).  A hand ends when a player goes out -- even on a double -- or
    nobody can play with the boneyard empty; everyone writes the pips left.  The next hand's
    engine is 11-11, ..., 0-0 last; the lowest total wins (paragraph 364).

    more_rules_ru.txt gives the other sets (paragraphs 479-528): double-6, 5 bones each, 2 or 3
    players (paragraphs 503-504); double-9, 7 each, 2 to 4 (paragraphs 511-512); double-15, 9
    each, 3 to 5 (paragraphs 517-518); double-18, 11 each, 6 to 9 (paragraphs 524-525); a hand
    for every double of the set (paragraph 527; ten with double-9, paragraph 605).  The players
    named are "recommended": from 2 to the largest, each dealt the set's number.  The Walnut
    Studiolo rule book adds, with ``first_turn_train``: "only in this first turn may a player
    lay as many bones as they like, as long as they form a valid train" on their own train
    (paragraph 553); who cannot start a train marks it without drawing (paragraph 556); a first
    turn ending on a double has it covered by the next players (paragraphs 557 and 596); a hand
    laid whole in the first turn ends once everyone has had one (paragraph 558); the Mexican
    train starts from the second turn (paragraph 577).  The announcement of a last bone
    (paragraph 362) is not modelled: every hand's size is public.

    Parameters
    ----------
    max_pip : {12, 6, 9, 15, 18}, optional
        The set: double-12 (2 to 8 players), double-6 (2 or 3), double-9 (2 to 4), double-15 (2
        to 5) or double-18 (2 to 9).
    deals : int, optional
        Hands in a match: ``max_pip + 1``; fewer by agreement ("three rounds or perhaps six"
        with double-18, paragraph 527).
    first_turn_train : bool, optional
        The Walnut rule book's first turn (see above).

    Examples
    --------
    >>> r = Rules.mexican_train()
    >>> r.hand_size(2), r.hand_size(8), r.deals, r.set_double
    (16, 9, 13, True)
    >>> r = Rules.mexican_train(max_pip=18)
    >>> r.hand_size(9), r.max_players, r.deals
    (11, 9, 19)
    """
    max_pip = _validate.choice(max_pip, "max_pip", (12, 6, 9, 15, 18))
    if max_pip == 12:
        sizes, high = ((2, 16), (3, 15), (4, 14), (5, 12), (6, 11), (7, 10), (8, 9)), 8
    else:
        each, high = {6: (5, 3), 9: (7, 4), 15: (9, 5), 18: (11, 9)}[max_pip]
        sizes = tuple((n, each) for n in range(2, high + 1))
    deals = max_pip + 1 if deals is None else _validate.positive_int(deals, "deals")
    name = "mexican train" if max_pip == 12 else f"mexican train, double-{max_pip}"
    r = dict(_PIPS, name=name, max_pip=max_pip, max_players=high, hand_sizes=sizes, deals=deals)
    r.update(first_opener="seat", later_opener="rotate", layout="trains")
    return Rules(**r, first_turn_train=_validate.boolean(first_turn_train, "first_turn_train"))


@register("chicken_foot", "chickenfoot", "chicken foot", "куриная лапка")
def chicken_foot(players=None, deals=10, missing="lower"):
    """Chicken foot (classic_rules_1_ru.txt, paragraphs 336-350).

    Two or more players with a double-9 set of 55 bones (paragraphs 338-339), each drawing the
    same number: 20 each for two, 6 each for eight (paragraph 346); the rest is the "chicken
    yard".  9-9 opens, the next hands 8-8, ..., 0-0 (paragraph 348).  The next six plays go on
    9-9, three on each side, each with a 9 (the "double chicken foot"); who has none draws one
    bone, plays it if it fits, else passes (paragraph 348).  Then one plays on any chick's end
    until somebody lays a double, which takes three bones (a "chicken foot") before play goes
    anywhere else (paragraphs 341 and 348).  A hand ends when a player goes out, or blocked;
    everyone writes the pips left, a 0-0 counting 50 (paragraphs 343 and 348); the lowest total
    wins (paragraph 345).  Read here where the text is silent: three players take 14, four 11,
    five 9, six 8, seven 7 (a yard is left); with the yard empty, who cannot play passes.

    Parameters
    ----------
    players : int, optional
        Fix the number of players (2 to 8).
    deals : int, optional
        10 hands, 9-9 down to 0-0; more go on with 1-1, 2-2, ... (paragraph 348).
    missing : {"lower", "redeal"}, optional
        Nobody holds the hand's double: the next lower double opens, or a new deal (both
        paragraph 348).

    Examples
    --------
    >>> r = Rules.chicken_foot()
    >>> r.hand_size(2), r.hand_size(8), r.max_pip, r.foot_size, r.bone_values
    (20, 6, 9, 3, (((0, 0), 50),))
    """
    low = high = (
        2 if players is None else _validate.integer(players, "players", minimum=2, maximum=8)
    )
    r = dict(
        _PIPS,
        name="chicken foot",
        max_pip=9,
        min_players=low,
        max_players=8 if players is None else high,
    )
    r.update(
        hand_sizes=((2, 20), (3, 14), (4, 11), (5, 9), (6, 8), (7, 7), (8, 6)),
        layout="chicken_foot",
    )
    r.update(missing_set_double=missing, deals=_validate.positive_int(deals, "deals"))
    return Rules(**r, bone_values=(((0, 0), 50),))


@register("kolbasa", "sausage", "колбаса", "sosis")
def kolbasa(target=101, cuts="anywhere", open_with_double=False, turn_goes_on=True):
    """Kolbasa, the sausage (kozel_and_variants_ru.txt, paragraphs 286-290 and 353-354).

    Two players each take 14 bones face down in a row (paragraphs 287 and 354;
    kozel_sport_rules_tr.txt, paragraph 729).  The first player lays the row's first bone -- or,
    a variant, starts with a double (paragraph 287); two parallel lines grow from it (paragraph
    288).  A player takes the bone from the right of the row; one that fits nowhere goes to the
    left of the row and the turn passes (paragraphs 289 and 354).  Once both lines hold a bone,
    one showing both lines' values at one depth may be laid across, cutting off all before it,
    which goes to the left of the opponent's row (paragraph 354: lines of three bones ending in
    5 and blank, 5-0 cuts); a double may be pushed into a line where two halves show its value
    (paragraph 354).  The round ends when a player has no bones, or on a fish, and the other
    writes the points left (paragraph 290); the target is agreed -- 101 is reached in one or two
    deals (paragraph 354).  Read here where the documents are silent: a bone that fits must be
    played; who lays a bone takes the next (paragraph 289 passes the turn only when a bone does
    not fit); the cut goes to the left of the row head first; in a fish both write their own
    points; the players open the rounds in turn; reaching the target loses.

    Parameters
    ----------
    target : int, optional
        The agreed score (101, paragraph 354).
    cuts : {"anywhere", "equal_ends"}, optional
        "equal_ends": cut only at the ends of two lines of equal length (paragraph 288).
    open_with_double : bool, optional
        Start with the first double of the row (paragraph 287).
    turn_goes_on : bool, optional
        False: one bone per turn.

    Examples
    --------
    >>> r = Rules.kolbasa()
    >>> r.hand_size(2), r.hidden_rows, r.play_until_stuck, r.sausage_cuts
    (14, True, True, 'anywhere')
    """
    double = _validate.boolean(open_with_double, "open_with_double")
    r = dict(
        name="kolbasa", min_players=2, max_players=2, hand_sizes=((2, 14),), first_opener="seat"
    )
    r.update(later_opener="rotate", draw_from_bazaar=False, layout="sausage", sausage_cuts=cuts)
    r.update(play_until_stuck=_validate.boolean(turn_goes_on, "turn_goes_on"), scoring="pips")
    return Rules(**r, row_opening="double" if double else "first", target=target, target_loses=True)
