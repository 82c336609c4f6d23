"""Rule sets of the block and draw family: classic, the penalty game, Blitz, Sevastopol, Bergen, Seven.

Each function returns a :class:`~dominotiling.games.Rules` and is also a
classmethod of it (``Rules.classic()``) and a name for
:meth:`~dominotiling.games.Rules.by_name`.  Citations name a file of
``shared/sources/games/`` and a paragraph (a line of that file).

Examples
--------
>>> from dominotiling.games import Rules
>>> Rules.blitz().chain_turn, Rules.seven().extra_turn_sum, Rules.bergen().bazaar_reserve
(True, 6, 2)
"""

from .. import _validate
from ..errors import DominoTilingError
from .rules import Rules, register

__all__ = [
    "classic",
    "classic_penalty",
    "block",
    "draw_game",
    "blitz",
    "sevastopol",
    "bergen",
    "seven",
]


@register("classic", "traditional", "обычное домино", "традиционное домино", "классическое домино")
def classic(
    target=100,
    blocked_winner="lowest",
    blocked_tie="nobody",
    draw_one=False,
    heavy_doubles=False,
    opening_fallback="heaviest",
    later_opener="rule",
    teams=False,
    fisherman_own=False,
    first_double="6-6",
    lone_blank=False,
):
    """The classic draw game (classic_rules_2_ru.txt, paragraphs 50-60).

    Two players get 7 bones, three or four get 5; the rest is the bazaar
    (paragraph 53).  The holder of 6-6 opens with it, else of 5-5, 4-4, ...;
    with no double dealt, the heaviest bone opens (paragraphs 54-56; also
    paragraph 11 and classic_rules_1_ru.txt, paragraphs 11-19).  A player who
    cannot move draws until able, or passes when the bazaar is empty
    (classic_rules_1_ru.txt, paragraph 23).  Going out scores the pips left
    in the others' hands (paragraph 58); a blocked round is won by the
    lowest hand, who scores the others' pips minus their own (paragraph 59;
    kozel_and_variants_ru.txt, paragraph 219).  The first to reach the
    agreed score wins (paragraph 60).

    Parameters
    ----------
    target : int, optional
        The agreed score (100; "100, 200 or 300", classic_rules_1_ru.txt,
        paragraph 31).
    blocked_winner : {"lowest", "fisherman", "fewest_bones"}, optional
        The documents disagree on who wins a blocked round.  "lowest": the
        lowest hand (classic_rules_2_ru.txt, paragraph 59; more_rules_ru.txt,
        "Правила игры", paragraph 69).  "fisherman": the player who laid the
        last bone takes everything left in the hands -- "the fisherman takes
        all" (kozel_sport_rules_tr.txt, paragraph 332;
        kozel_and_variants_ru.txt, paragraph 218; more_rules_ru.txt,
        "Общие правила", paragraph 169).  "fewest_bones": "the winner is the
        one with the fewest dominoes left" (classic_rules_1_ru.txt, paragraph
        402), a tie on bones going to the lower hand.
    blocked_tie : {"nobody", "replay", "fewest_bones", "lowest_bone"}, optional
        A tie for the lowest hand: nobody scores; the round is replayed
        (kozel_sport_rules_tr.txt, paragraph 841); the fewest bones win
        (classic_rules_1_ru.txt, paragraph 402); or the holder of the
        lightest single bone wins (a house rule the documents do not state;
        Bergen breaks its ties by the lowest double, classic_rules_2_ru.txt,
        paragraph 105).
    draw_one : bool, optional
        Draw one bone, play it if it fits, else pass
        (classic_rules_1_ru.txt, paragraphs 207 and 394).
    heavy_doubles : bool, optional
        0-0 counts 25 and 6-6 counts 50 in a hand (kozel_sport_rules_tr.txt,
        paragraph 603; classic_rules_1_ru.txt, paragraph 209).
    opening_fallback : {"heaviest", "lightest"}, optional
        With no double dealt, the lightest bone opens in the versions of
        kozel_sport_rules_tr.txt, paragraphs 324 and 601.
    later_opener : {"rule", "winner", "rotate"}, optional
        "rotate": the deals are opened in turn (kozel_and_variants_ru.txt,
        paragraph 127).
    teams : bool, optional
        Four players in two pairs sitting opposite (classic_rules_1_ru.txt,
        paragraph 61).
    fisherman_own : bool, optional
        With ``blocked_winner="fisherman"``: the fisherman's own hand is
        written to him too -- "all the players' points are written to the
        fisherman" (more_rules_ru.txt, "Общие правила", paragraph 169) --
        where the other texts give him the others' points only.
    first_double : {"6-6", "0-0"}, optional
        "The holder of 6-6 or of 0-0 opens, depending on the rules"
        (more_rules_ru.txt, "Правила игры", paragraph 66): 6-6, then 5-5,
        ... down, or 0-0, then 1-1, ... up -- with no double dealt, the
        lightest bone then opens, "for example 0-1 or 1-2" ("Общие правила",
        paragraph 166).
    lone_blank : bool, optional
        A hand left with nothing but 0-0 counts 25; with other bones the 0-0
        counts nothing (more_rules_ru.txt, "Подведение итогов", paragraph
        310).

    Examples
    --------
    >>> r = Rules.classic(target=50)
    >>> r.target, r.opening_doubles[0], r.later_opener
    (50, 6, 'rule')
    >>> Rules.classic(blocked_tie="replay").blocked_tie
    'replay'
    >>> Rules.classic(blocked_winner="fisherman", fisherman_own=True).blocked_score
    'all'
    >>> r = Rules.classic(first_double="0-0")
    >>> r.opening_doubles[:3], r.opening_fallback
    ((0, 1, 2), 'lightest')
    """
    first_double = _validate.choice(first_double, "first_double", ("6-6", "0-0"))
    if first_double == "0-0":
        doubles, opening_fallback = (0, 1, 2, 3, 4, 5, 6), "lightest"
    else:
        doubles = (6, 5, 4, 3, 2, 1, 0)
    if _validate.boolean(fisherman_own, "fisherman_own") and blocked_winner != "fisherman":
        raise DominoTilingError(
            "fisherman_own=True counts the fisherman's own hand: it needs "
            "blocked_winner='fisherman'"
        )
    if blocked_winner == "fisherman":
        score = "all" if fisherman_own else "others"
    else:
        score = "difference"
    return Rules(
        name="classic",
        hand_sizes=((2, 7), (3, 5), (4, 5)),
        min_players=4 if teams else 2,
        max_players=4,
        opening_doubles=doubles,
        opening_fallback=opening_fallback,
        later_opener=later_opener,
        draw_limit=1 if _validate.boolean(draw_one, "draw_one") else None,
        special_hands=((((0, 0),), 25),) if _validate.boolean(lone_blank, "lone_blank") else (),
        scoring="classic",
        target=target,
        target_loses=False,
        blocked_winner=blocked_winner,
        blocked_tie=blocked_tie,
        blocked_score=score,
        bone_values=(((0, 0), 25), ((6, 6), 50))
        if _validate.boolean(heavy_doubles, "heavy_doubles")
        else (),
        teams=teams,
    )


@register("classic_penalty", "penalty", "two player classic", "домино вдвоем")
def classic_penalty(target=101):
    """The classic game for two scored by penalties (classic_rules_1_ru.txt, paragraphs 203-211).

    Each player draws 7 bones; the holder of 6-6 opens, else of 5-5, 4-4, ...
    (paragraph 203); with no double, the heaviest bone opens (paragraph 205).
    A player who cannot move draws one bone, plays it if it fits and passes
    otherwise (paragraph 207).  The first out wins the round and the other
    writes the pips left in their hand; a lone 0-0 counts 25 and a 6-6 still
    in the hand 50 (paragraph 209).  In a fish the lower hand writes nothing
    and the other writes the difference (paragraph 211).  The first to pass
    100 loses (paragraph 209).

    Examples
    --------
    >>> r = Rules.classic_penalty()
    >>> r.draw_limit, r.target, r.target_loses, r.fish_mode
    (1, 101, True, 'difference')
    """
    return Rules(
        name="classic penalty",
        min_players=2,
        max_players=2,
        hand_sizes=((2, 7),),
        opening_doubles=(6, 5, 4, 3, 2, 1, 0),
        later_opener="rule",
        draw_limit=1,
        scoring="kozel",
        fish_mode="difference",
        write_above=0,
        target=target,
        target_loses=True,
        special_hands=((((0, 0),), 25),),
        bone_values=(((6, 6), 50),),
    )


@register("block", "kramer block", "block game", "блок", "игра блок")
def block(target=100, score="others", teams=False):
    """Alex Kramer's Block, the simplest game (more_rules_ru.txt, "Алекс Крамер Домино", paragraphs 386-407).

    Two to four play, four alone or as two pairs (paragraph 377).  Two
    players draw 7 bones, three or four 5; the rest is the "boneyard"
    (paragraph 396).  Players take turns to go first in each hand, with any
    bone (paragraph 399: the lead of the first hand goes to whoever drew the
    heaviest bone, paragraph 387 -- seat the players so, seat 0 leads).
    Singles are laid end to end and doubles across; a double is played on
    its two sides, never on its ends (paragraph 400).  A player who cannot
    play is blocked and misses the turn: nobody draws from the boneyard
    (paragraph 401).  A player who can play must (paragraph 391).  The hand
    ends when a player lays the last bone and scores the pips left in the
    others' hands (paragraph 403), or when nobody can play: the lowest hand
    wins and scores the opponents' pips -- "or", the variant, those pips
    minus their own; a tie goes to the holder of the single lightest bone
    (paragraph 405).  The first to reach the agreed total, say 100 or 200,
    wins (paragraph 407).

    Parameters
    ----------
    target : int, optional
        100 or 200 (paragraph 407).
    score : {"others", "difference"}, optional
        A blocked hand's winner scores the opponents' pips, or those minus
        their own (the variant of paragraph 405).
    teams : bool, optional
        Two pairs, partners opposite (paragraph 377).

    Examples
    --------
    >>> r = Rules.block()
    >>> r.draw_from_bazaar, r.later_opener, r.hand_size(2), r.hand_size(4), r.blocked_tie
    (False, 'rotate', 7, 5, 'lowest_bone')
    >>> Rules.by_name("блок") == r
    True
    """
    score = _validate.choice(score, "score", ("others", "difference"))
    return Rules(
        name="block",
        hand_sizes=((2, 7), (3, 5), (4, 5)),
        min_players=4 if teams else 2,
        max_players=4,
        first_opener="seat",
        later_opener="rotate",
        draw_from_bazaar=False,
        scoring="classic",
        target=target,
        blocked_score=score,
        blocked_tie="lowest_bone",
        teams=_validate.boolean(teams, "teams"),
    )


@register("draw_game", "draw", "kramer draw", "draw dominoes", "игра с добором", "добор")
def draw_game(target=100, score="others", teams=False):
    """Alex Kramer's Draw (more_rules_ru.txt, "Алекс Крамер Домино", paragraphs 408-412).

    "A somewhat more complex version of Block": all the same, except that a
    player who cannot lay a bone draws from the boneyard until one can be
    played; with two players the last two bones of the boneyard are never
    drawn, with four the very last one (paragraph 408; three players keep
    one too, as in Kramer's Muggins, paragraph 427).  Play, the end of a
    hand and the scores are those of Block (:func:`block`, paragraph 409);
    the first to the agreed total wins (paragraph 412).

    Parameters
    ----------
    target : int, optional
    score : {"others", "difference"}, optional
        As for :func:`block`.
    teams : bool, optional

    Examples
    --------
    >>> r = Rules.draw_game()
    >>> r.draw_from_bazaar, r.reserve(2), r.reserve(3), r.reserve(4)
    (True, 2, 1, 1)
    """
    return block(target=target, score=score, teams=teams).with_(
        name="draw", draw_from_bazaar=True, reserve_by_players=((2, 2), (3, 1), (4, 1))
    )


@register("blitz", "блиц")
def blitz(target=100):
    """Blitz (classic_rules_2_ru.txt, paragraphs 108-113).

    Four to eight players; four get 7 bones, five 5, six or seven 4, eight 3
    (paragraphs 110-111).  The round opens with 0-0 or the bone nearest to it
    in pips (paragraph 113).  In one turn a player may lay any number of
    bones, one after another, while they continue the line -- even the whole
    hand (paragraph 113).  Scored as the ordinary game (paragraph 113: the
    winner writes the others' pips, a blocked round goes to the lowest hand;
    paragraphs 58-60).

    Examples
    --------
    >>> r = Rules.blitz()
    >>> r.hand_size(4), r.hand_size(8), r.opening_doubles, r.opening_fallback
    (7, 3, (0,), 'lightest')
    """
    return Rules(
        name="blitz",
        min_players=4,
        max_players=8,
        hand_sizes=((4, 7), (5, 5), (6, 4), (7, 4), (8, 3)),
        opening_doubles=(0,),
        opening_fallback="lightest",
        later_opener="rule",
        chain_turn=True,
        scoring="classic",
        target=target,
    )


@register("sevastopol", "севастополь")
def sevastopol(target=100):
    """Sevastopol (classic_rules_2_ru.txt, paragraphs 201-203).

    Four players take 7 bones each; 6-6 opens.  In the first moves each
    player must start one of the four sides of the layout; after that any
    end may be played (the 6-6 is a cross open at once).  The first out
    wins; the points are counted from the bones left in the hands; the game
    goes to 100 (paragraph 203, scored as the ordinary game, paragraphs
    58-59).

    Examples
    --------
    >>> r = Rules.sevastopol()
    >>> r.spinner, r.spinner_opens, r.spinner_arms_first, r.opening_doubles
    (True, 'at_once', True, (6,))
    """
    return Rules(
        name="sevastopol",
        min_players=4,
        max_players=4,
        hand_sizes=((4, 7),),
        opening_doubles=(6,),
        later_opener="rule",
        spinner=True,
        spinner_opens="at_once",
        spinner_arms_first=True,
        scoring="classic",
        target=target,
    )


@register("bergen", "берген")
def bergen(players=2):
    """Bergen (classic_rules_2_ru.txt, paragraphs 96-106).

    Two or three players get 6 bones, four get 5 (paragraph 99).  The round
    opens with 0-0 ("soap") or the nearest double, with no double with the
    lightest bone (paragraph 100).  Points come during play: 2 for opening
    with a double; 2 when a player makes both ends show the same value; 3
    when one end is a double and the other shows its value (paragraph 101).
    A player who cannot move may buy one bone (paragraph 102); the last two
    bones of the bazaar are never used, and with nobody able to move the
    round is blocked (paragraph 103).  At the end the player who went out
    gets 2; in a blocked round the player left without doubles gets 2; if
    nobody holds a double, the lowest hand; if everyone does, the holder of
    the lowest double (paragraph 105).  The game goes to 15 with two players
    and to 10 with three (paragraph 106; four: 10 too).

    Parameters
    ----------
    players : {2, 3, 4}, optional
        The number of players, which fixes the target.

    Examples
    --------
    >>> Rules.bergen().target, Rules.bergen(3).target, Rules.bergen(4).hand_size(4)
    (15, 10, 5)
    """
    players = _validate.integer(players, "players", minimum=2, maximum=4)
    return Rules(
        name="bergen",
        min_players=players,
        max_players=players,
        hand_sizes=((2, 6), (3, 6), (4, 5)),
        opening_doubles=(0, 1, 2, 3, 4, 5, 6),
        opening_fallback="lightest",
        later_opener="rule",
        draw_limit=1,
        bazaar_reserve=2,
        scoring="bergen",
        target=15 if players == 2 else 10,
    )


@register("seven", "semerka", "семерка", "yedi")
def seven(players=None, drop_out=True, game=1, two_bones="moves"):
    """Seven (kozel_sport_rules_tr.txt, paragraphs 731-748).

    Two or more play, best not more than four; 7 bones each, fewer with more
    players so that a bazaar remains (paragraph 733: here 6 for four).  The
    holder of 1-1 opens with it, else of the next double up (paragraph 735).
    Two ends, no closing (paragraph 733).  When the ends add up to 6 the
    player moves again (paragraph 736); when they add up to 7 the next player
    takes 2 bones from the bazaar -- from the seven-maker's hand, face down,
    once the bazaar is dry -- and misses the turn (paragraphs 737 and 747).
    A player who cannot move draws one bone only; if it does not fit the
    turn passes (paragraphs 738-740).  A double at an end counts both halves
    (paragraph 742).  The round ends when someone goes out or on a fish; the
    most points in hand -- every double counting 10 -- take a stick
    (paragraph 743).  The finisher or the fisherman opens the next round
    (paragraph 744).  A player with three sticks leaves the game; the others
    play on, each dealt as many bones as at first, until one is left, the
    winner (paragraph 745).  A new game of the same players is opened by the
    holder of 2-2, or the next double up (paragraph 746).

    Paragraph 748: "a player who has moved three or more times in a row may
    move two bones in a row" (*Bir oyuncu art arda 3 veya daha fazla kez
    yürümüşse, iki taşı art arda hareket ettirebilir*).  The text does not
    say which moves make the row.  Read here (``two_bones="moves"``, the
    default): the moves one player makes without anyone else moving between
    them -- the only way to move several times in a row is the move again
    after ends adding up to 6, just shown by the example of paragraph 747,
    where player 2 moves three times in a row.  So a player who has made
    three or more such moves in a row (each laying a bone without drawing)
    may, in the next move of that row, lay two bones one after the other,
    or stop after one (:meth:`~dominotiling.games.Game.end_turn`); the ends
    are added up (6: again, 7: the penalty) after the move.  The other
    reading (``two_bones="turns"``): the row runs over the player's turns
    -- a bone laid in each of the last three or more of them, without
    drawing, knocking or missing a turn (a new round starts a new row) --
    and gives the two bones in the next turn.  ``two_bones=False`` leaves
    the rule out.

    Parameters
    ----------
    players : int, optional
        Fix the number of players (2 to 4).
    drop_out : bool, optional
        False: the match ends at the first player with three sticks.
    game : int, optional
        The game of a series: game ``k`` is opened from double ``k`` up
        (paragraphs 735 and 746).
    two_bones : {"moves", "turns", False}, optional
        The reading of paragraph 748 (see above), or False to leave it out.

    Examples
    --------
    >>> r = Rules.seven()
    >>> r.extra_turn_sum, r.penalty_sum, r.penalty_draws, r.draw_limit, r.target
    (6, 7, 2, 1, 3)
    >>> r.streak_two_bones, r.streak_counts
    (3, 'moves')
    >>> Rules.seven(two_bones="turns").streak_counts, Rules.seven(two_bones=False).streak_two_bones
    ('turns', None)
    """
    low, high = (2, 4) if players is None else (players, players)
    first = _validate.integer(game, "game", minimum=1, maximum=6)
    if two_bones is not False:
        two_bones = _validate.choice(two_bones, "two_bones", ("moves", "turns"))
    return Rules(
        name="seven",
        min_players=low,
        max_players=high,
        hand_sizes=((2, 7), (3, 7), (4, 6)),
        opening_doubles=tuple(range(first, 7)) + tuple(range(first)),
        later_opener="winner",
        draw_limit=1,
        drop_out=_validate.boolean(drop_out, "drop_out"),
        extra_turn_sum=6,
        penalty_sum=7,
        penalty_draws=2,
        fish_ends_round=True,
        bone_values=tuple(((v, v), 10) for v in range(7)),
        scoring="seven",
        target=3,
        target_loses=True,
        streak_two_bones=None if two_bones is False else 3,
        streak_counts="moves" if two_bones is False else two_bones,
    )
