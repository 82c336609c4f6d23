"""Rule sets played on other layouts than one line: Mexican train, Chicken foot, Kolbasa.

Each function returns a :class:`~dominotiling.games.Rules` and is also a
classmethod of it (``Rules.mexican_train()``) and a name for
:meth:`~dominotiling.games.Rules.by_name`.  Citations name a file of
``shared/sources/games/`` and a paragraph (a line of that file).  The
layouts themselves are in :mod:`dominotiling.games.layouts`.

Examples
--------
>>> from dominotiling.games import Rules
>>> Rules.mexican_train().layout, Rules.chicken_foot().layout, Rules.kolbasa().layout
('trains', 'chicken_foot', 'sausage')
"""

from .. import _validate
from .rules import Rules, register

__all__ = ["mexican_train", "chicken_foot", "kolbasa"]


@register("mexican_train", "mexican train", "мексиканский поезд")
def mexican_train(max_pip=12, deals=None, first_turn_train=False):
    """Mexican train (classic_rules_1_ru.txt, paragraphs 352-364).

    Two to eight players with a double-12 set (paragraph 356).  The engine,
    12-12, is taken out and laid in the centre; two players take 16 bones,
    three 15, four 14, five 12, six 11, seven 10, eight 9; the rest is the
    boneyard (paragraph 362).  The first player is chosen at random (seat 0
    here), and the first player of each later hand is the next one clockwise.  A player
    plays on their own train (starting it from the engine), on the Mexican
    train (anyone may start it with a bone showing the engine's value) or on
    another player's train that carries a marker.  A player who cannot play
    draws one bone and plays it if it fits; otherwise passes and puts a
    marker on their own train, which stays open to everybody until its owner
    plays on it again.  A double is laid across and must be followed at once
    by a second bone, on it or on any train the player may use; a player who
    cannot follow draws one and plays it if it fits, else passes with a
    marker.  A double left uncovered must be covered first by the next
    players, each drawing one bone if needed, before anything else is
    played.  Two doubles may be laid in a row on two trains when the player
    holds a third bone, laid at once, for one of them (paragraph 362).
    Players must play whenever they can (paragraph 364).  A hand ends when a
    player goes out -- even on a double -- or nobody can play with the
    boneyard empty; everyone writes the pips left in hand.  The next hand's
    engine is 11-11, then 10-10, ..., 0-0 last; the lowest total wins
    (paragraph 364).

    more_rules_ru.txt holds the rule books for the other sets ("Правила игры
    в «Мексиканский поезд» с домино «двойная шестерка» или «двойная
    пятнадцать»", paragraphs 479-528): double-6, 5 bones each, 2 or 3
    players (paragraphs 503-504); double-9, 7 each, 2 to 4 (paragraphs
    511-512); double-15, 9 each, 3 to 5 (paragraphs 517-518); double-18, 11
    each, 6 to 9 (paragraphs 524-525).  A hand is played for every double of
    the set (paragraph 527; ten hands with double-9, paragraph 605).  The
    players named are "recommended": any number from 2 to the largest
    recommended one may play here, each dealt the set's number.

    The Walnut Studiolo rule book (paragraphs 548-606) adds, with
    ``first_turn_train=True``: "only in this first turn may a player lay as
    many bones as they like, as long as they form a valid train" on their
    own train (paragraph 553); a player who cannot start a train marks it
    and does not draw (paragraph 556); the first turn may end on a double,
    which the next players must cover (paragraphs 557 and 596); a player who
    lays the whole hand in the first turn ends the hand only once everyone
    has had a first turn (paragraph 558); the Mexican train is started from
    the second turn on (paragraph 577).

    The announcement of a last bone (paragraph 362) is not modelled, since
    every hand's size is public.

    Parameters
    ----------
    max_pip : {12, 6, 9, 15, 18}, optional
        The set: double-12 (2 to 8 players), double-6 (2 or 3), double-9 (2
        to 4), double-15 (2 to 5) or double-18 (2 to 9).
    deals : int, optional
        Hands in a match: ``max_pip + 1`` (one per engine, down to 0-0);
        fewer by agreement ("three rounds or perhaps six" with double-18,
        paragraph 527).
    first_turn_train : bool, optional
        The Walnut rule book's first turn (see above).

    Examples
    --------
    >>> r = Rules.mexican_train()
    >>> r.hand_size(2), r.hand_size(8), r.deals, r.set_double
    (16, 9, 13, True)
    >>> Rules.mexican_train(max_pip=9).hand_size(4)
    7
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
    return Rules(
        name="mexican train" if max_pip == 12 else f"mexican train, double-{max_pip}",
        max_pip=max_pip,
        min_players=2,
        max_players=high,
        hand_sizes=sizes,
        first_opener="seat",
        later_opener="rotate",
        draw_limit=1,
        layout="trains",
        set_double=True,
        scoring="pips",
        target=None,
        target_loses=True,
        deals=deals,
        first_turn_train=_validate.boolean(first_turn_train, "first_turn_train"),
    )


@register("chicken_foot", "chickenfoot", "chicken foot", "куриная лапка")
def chicken_foot(players=None, deals=10, missing="lower"):
    """Chicken foot (classic_rules_1_ru.txt, paragraphs 336-350).

    Two or more players with a double-9 set of 55 bones (paragraphs 338-339).
    Everyone draws the same number of bones: 20 each for two players, 6
    each for eight (paragraph 346); the rest stay in the "chicken yard" to
    draw from.  The holder of 9-9 opens with it; the next hands open with
    8-8, 7-7, ..., 0-0 (paragraph 348).  The next six plays must go on 9-9,
    three on each side, each with a bone showing 9 (the "double chicken
    foot"); a player without one draws one bone from the yard, plays it if
    it fits, else passes (paragraph 348).  Then one plays on the end of any
    of the chicks until somebody lays a double, which must take three bones
    (a "chicken foot") before play goes anywhere else (paragraphs 341 and
    348).  A hand ends when a player goes out, or blocked when nobody can
    play and the yard is empty; everyone writes the pips left in hand, and
    0-0 left in a hand counts 50 (paragraphs 343 and 348).  The lowest total
    wins (paragraph 345).

    The text gives the hand sizes for two and eight players only; here three
    players take 14, four 11, five 9, six 8, seven 7 (so that a yard is
    left).  It does not say what follows when the yard is empty and a
    player cannot play: the player passes, as in every block game of the
    documents.

    Parameters
    ----------
    players : int, optional
        Fix the number of players (2 to 8).
    deals : int, optional
        Hands in a match: 10, from 9-9 down to 0-0; more go on with 1-1, 2-2,
        ... up again (paragraph 348, "for a longer game").
    missing : {"lower", "redeal"}, optional
        Nobody holds the hand's double: the next lower double opens, or the
        bones are dealt again (paragraph 348 offers both).

    Examples
    --------
    >>> r = Rules.chicken_foot()
    >>> r.hand_size(2), r.hand_size(8), r.max_pip, r.foot_size, r.bone_values
    (20, 6, 9, 3, (((0, 0), 50),))
    """
    if players is None:
        low, high = 2, 8
    else:
        low = high = _validate.integer(players, "players", minimum=2, maximum=8)
    return Rules(
        name="chicken foot",
        max_pip=9,
        min_players=low,
        max_players=high,
        hand_sizes=((2, 20), (3, 14), (4, 11), (5, 9), (6, 8), (7, 7), (8, 6)),
        later_opener="rule",
        draw_limit=1,
        layout="chicken_foot",
        set_double=True,
        missing_set_double=missing,
        foot_size=3,
        scoring="pips",
        target=None,
        target_loses=True,
        deals=_validate.positive_int(deals, "deals"),
        bone_values=(((0, 0), 50),),
    )


@register("kolbasa", "sausage", "колбаса", "sosis")
def kolbasa(target=101, cuts="anywhere", open_with_double=False, turn_goes_on=True):
    """Kolbasa, the sausage (kozel_and_variants_ru.txt, paragraphs 286-290 and 353-354).

    Two players each take 14 bones face down and lay them in a row
    (paragraphs 287 and 354; also kozel_sport_rules_tr.txt, paragraph 729).
    The first player takes the first bone of the row and lays it on the
    table -- or, in a variant, starts with a double (paragraph 287).  Two
    parallel lines are built from it by the classic rules (paragraph 288).
    A player takes the bone from the right of the row; if it fits nowhere it
    goes to the left of the row and the turn passes to the other player
    (paragraphs 289 and 354).  Once both lines hold a bone, a bone showing
    the values of both lines at one depth may be laid across them, cutting
    off everything before it, which goes to the left of the opponent's row
    (paragraph 354: two lines of three bones ending in 5 and blank, 5-0
    cuts); one may cut at any joint both lines reach.  A double may also be
    pushed into a line where two touching halves show its value
    (paragraph 354).  The round ends when a player has no bones left, or on
    a fish, and the other player writes the points left (paragraph 290);
    the target is agreed beforehand -- 101 can be reached in one or two
    deals (paragraph 354).

    The documents leave open, and this preset reads so: a bone that fits
    must be played (the general rule of the block games); a player who lays
    a bone takes the next one, as paragraph 289 passes the turn only when a
    bone does not fit (``turn_goes_on``); the cut bones go to the left of
    the opponent's row in order, head first; a fish -- nobody's bone fits
    anywhere -- makes both players write their own points; the two players
    open the rounds in turn; reaching the target loses, as the written
    points are the ones left in hand.

    Parameters
    ----------
    target : int, optional
        The agreed score (101, paragraph 354).
    cuts : {"anywhere", "equal_ends"}, optional
        "equal_ends": cut only at the ends of two lines of equal length
        (paragraph 288).
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
    return Rules(
        name="kolbasa",
        min_players=2,
        max_players=2,
        hand_sizes=((2, 14),),
        first_opener="seat",
        later_opener="rotate",
        draw_from_bazaar=False,
        layout="sausage",
        hidden_rows=True,
        play_until_stuck=_validate.boolean(turn_goes_on, "turn_goes_on"),
        sausage_cuts=cuts,
        row_opening="double"
        if _validate.boolean(open_with_double, "open_with_double")
        else "first",
        scoring="pips",
        target=target,
        target_loses=True,
    )
