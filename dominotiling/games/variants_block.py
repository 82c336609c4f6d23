"""Rule sets of the block and draw family: classic, the penalty game, Block, Draw, Blitz,
Sevastopol, Bergen, Seven.  Each preset is a classmethod of :class:`~dominotiling.games.Rules`
and a name; the rules in full, paragraph by paragraph: the guide's games page.

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

_DOWN, _UP = (6, 5, 4, 3, 2, 1, 0), (0, 1, 2, 3, 4, 5, 6)


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

    2 players get 7 bones, 3 or 4 get 5 (paragraph 53); 6-6 opens, else the highest double, else
    the heaviest bone (paragraphs 54-56); going out scores the others' pips (paragraph 58), a
    blocked round goes to the lowest hand, the others' pips minus its own (paragraph 59).

    Parameters
    ----------
    target : int, optional
        The agreed score (100; "100, 200 or 300", classic_rules_1_ru.txt, paragraph 31).
    blocked_winner : {"lowest", "fisherman", "fewest_bones"}, optional
        The documents disagree on a blocked round's winner: the lowest hand
        (classic_rules_2_ru.txt, paragraph 59; more_rules_ru.txt, paragraph 69); the player
        who laid the last bone, "the fisherman takes all" (kozel_sport_rules_tr.txt, paragraph
        332; kozel_and_variants_ru.txt, paragraph 218; more_rules_ru.txt, paragraph 169); or
        "the one with the fewest dominoes left" (classic_rules_1_ru.txt, paragraph 402), a tie
        going to the lower hand.
    blocked_tie : {"nobody", "replay", "fewest_bones", "lowest_bone"}, optional
        A tie for the lowest hand: nobody scores; a replay (kozel_sport_rules_tr.txt, paragraph
        841); the fewest bones (classic_rules_1_ru.txt, paragraph 402); or the holder of the
        lightest single bone (a house rule; Bergen breaks ties by the lowest double,
        classic_rules_2_ru.txt, paragraph 105).
    draw_one : bool, optional
        Draw one bone, play it if it fits, else pass (classic_rules_1_ru.txt, paragraphs 207
        and 394).
    heavy_doubles : bool, optional
        0-0 counts 25 and 6-6 50 in a hand (kozel_sport_rules_tr.txt, paragraph 603;
        classic_rules_1_ru.txt, paragraph 209).
    opening_fallback : {"heaviest", "lightest"}, optional
        With no double dealt, the lightest bone opens (kozel_sport_rules_tr.txt, paragraphs 324
        and 601).
    later_opener : {"rule", "winner", "rotate"}, optional
        "rotate": the deals are opened in turn (kozel_and_variants_ru.txt, paragraph 127).
    teams : bool, optional
        Four players in two pairs sitting opposite (classic_rules_1_ru.txt, paragraph 61).
    fisherman_own : bool, optional
        With the fisherman winning, "all the players' points are written to the fisherman"
        (more_rules_ru.txt, paragraph 169), his own too, where the others give him theirs only.
    first_double : {"6-6", "0-0"}, optional
        "The holder of 6-6 or of 0-0 opens, depending on the rules" (more_rules_ru.txt,
        paragraph 66): 6-6 then down, or 0-0 then up -- with no double, the lightest bone, "for
        example 0-1 or 1-2" (paragraph 166).
    lone_blank : bool, optional
        A hand of nothing but 0-0 counts 25, with other bones nothing (more_rules_ru.txt,
        paragraph 310).

    Examples
    --------
    >>> r = Rules.classic(target=50, blocked_tie="replay")
    >>> r.target, r.opening_doubles[0], r.later_opener, r.blocked_tie
    (50, 6, 'rule', 'replay')
    >>> Rules.classic(blocked_winner="fisherman", fisherman_own=True).blocked_score
    'all'
    >>> Rules.classic(first_double="0-0").opening_fallback
    'lightest'
    """
    zero = _validate.choice(first_double, "first_double", ("6-6", "0-0")) == "0-0"
    if _validate.boolean(fisherman_own, "fisherman_own") and blocked_winner != "fisherman":
        raise DominoTilingError(
            "fisherman_own=True counts the fisherman's own hand: it needs blocked_winner='fisherman'"
        )
    score = (
        ("all" if fisherman_own else "others") if blocked_winner == "fisherman" else "difference"
    )
    r = dict(name="classic", min_players=4 if teams else 2, opening_doubles=_UP if zero else _DOWN)
    r.update(opening_fallback="lightest" if zero else opening_fallback, later_opener=later_opener)
    r.update(draw_limit=1 if _validate.boolean(draw_one, "draw_one") else None, teams=teams)
    r.update(
        special_hands=((((0, 0),), 25),) if _validate.boolean(lone_blank, "lone_blank") else ()
    )
    r.update(
        target=target, blocked_winner=blocked_winner, blocked_tie=blocked_tie, blocked_score=score
    )
    heavy = _validate.boolean(heavy_doubles, "heavy_doubles")
    return Rules(**r, bone_values=(((0, 0), 25), ((6, 6), 50)) if heavy else ())


@register("classic_penalty", "penalty", "two player classic", "домино вдвоем")
def classic_penalty(target=101):
    """The classic game for two scored by penalties (classic_rules_1_ru.txt, paragraphs 203-211).

    Draw one bone, play it or pass (paragraph 207); the loser writes the pips left, a lone 0-0
    25 and a 6-6 50 (paragraph 209); in a fish the higher writes the difference (paragraph 211);
    passing 100 loses.

    Examples
    --------
    >>> r = Rules.classic_penalty()
    >>> r.draw_limit, r.target, r.target_loses, r.fish_mode
    (1, 101, True, 'difference')
    """
    r = dict(
        name="classic penalty", min_players=2, max_players=2, hand_sizes=((2, 7),), draw_limit=1
    )
    r.update(
        scoring="kozel", fish_mode="difference", write_above=0, target=target, target_loses=True
    )
    return Rules(**r, special_hands=((((0, 0),), 25),), bone_values=(((6, 6), 50),))


@register("block", "kramer block", "block game", "блок", "игра блок")
def block(target=100, score="others", teams=False):
    """Alex Kramer's Block, the simplest game (more_rules_ru.txt, "Алекс Крамер Домино",
    paragraphs 386-407).

    Any bone leads, the lead going round (paragraphs 387 and 399: seat 0 first); nobody draws
    (paragraph 401); out scores the others' pips (paragraph 403); blocked, the lowest hand
    scores the opponents' pips, a tie going to the single lightest bone (paragraph 405).

    Parameters
    ----------
    target : int, optional
        100 or 200 (paragraph 407).
    score : {"others", "difference"}, optional
        A blocked hand's winner scores the opponents' pips, or those minus its own (paragraph
        405).
    teams : bool, optional
        Two pairs, partners opposite (paragraph 377).

    Examples
    --------
    >>> r = Rules.block()
    >>> r.draw_from_bazaar, r.later_opener, r.hand_size(2), r.hand_size(4), r.blocked_tie
    (False, 'rotate', 7, 5, 'lowest_bone')
    """
    score = _validate.choice(score, "score", ("others", "difference"))
    r = dict(
        name="block", min_players=4 if teams else 2, first_opener="seat", later_opener="rotate"
    )
    r.update(draw_from_bazaar=False, target=target, blocked_score=score, blocked_tie="lowest_bone")
    return Rules(**r, teams=_validate.boolean(teams, "teams"))


@register("draw_game", "draw", "kramer draw", "draw dominoes", "игра с добором", "добор")
def draw_game(target=100, score="others", teams=False):
    """Alex Kramer's Draw (more_rules_ru.txt, "Алекс Крамер Домино", paragraphs 408-412).

    Block, but who cannot play draws until able, two players never drawing the last two bones,
    three or four the last one (paragraphs 408 and 427).

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

    Four to eight players (paragraphs 110-111); 0-0 or the bone nearest it opens; a turn lays
    any number of bones while they fit, even the whole hand (paragraph 113).

    Examples
    --------
    >>> r = Rules.blitz()
    >>> r.hand_size(4), r.hand_size(8), r.opening_doubles, r.opening_fallback
    (7, 3, (0,), 'lightest')
    """
    r = dict(
        name="blitz",
        min_players=4,
        max_players=8,
        hand_sizes=((4, 7), (5, 5), (6, 4), (7, 4), (8, 3)),
    )
    return Rules(
        **r, opening_doubles=(0,), opening_fallback="lightest", chain_turn=True, target=target
    )


@register("sevastopol", "севастополь")
def sevastopol(target=100):
    """Sevastopol (classic_rules_2_ru.txt, paragraphs 201-203).

    Four players, 6-6 a cross open at once, whose four sides are started first (paragraph 203).

    Examples
    --------
    >>> r = Rules.sevastopol()
    >>> r.spinner, r.spinner_opens, r.spinner_arms_first, r.opening_doubles
    (True, 'at_once', True, (6,))
    """
    r = dict(
        name="sevastopol", min_players=4, max_players=4, hand_sizes=((4, 7),), opening_doubles=(6,)
    )
    return Rules(**r, spinner=True, spinner_opens="at_once", spinner_arms_first=True, target=target)


@register("bergen", "берген")
def bergen(players=2):
    """Bergen (classic_rules_2_ru.txt, paragraphs 96-106).

    Points during play: 2 for a double opening or both ends alike, 3 with a double at one end
    (paragraph 101); the last two bones are never drawn (paragraph 103); out scores 2, a blocked
    round as paragraph 105 says; to 15 with two players, 10 with more (paragraph 106).

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
    r = dict(
        name="bergen", min_players=players, max_players=players, hand_sizes=((2, 6), (3, 6), (4, 5))
    )
    r.update(opening_doubles=_UP, opening_fallback="lightest", draw_limit=1, bazaar_reserve=2)
    return Rules(**r, scoring="bergen", target=15 if players == 2 else 10)


@register("seven", "semerka", "семерка", "yedi")
def seven(players=None, drop_out=True, game=1, two_bones="moves", double_end="both"):
    """Seven (kozel_sport_rules_tr.txt, paragraphs 731-748).

    Ends adding up to 6: move again (paragraph 736); to 7: the next player takes 2 bones -- from
    the seven-maker's hand once the bazaar is dry -- and misses the turn (paragraphs 737 and
    747); draw one bone only (paragraphs 738-740); the most points in hand, doubles 10, take a
    stick (paragraph 743); three sticks leave the game, the last player left wins (paragraph
    745).

    Paragraph 748: "a player who has moved three or more times in a row may move two bones in a
    row" (*Bir oyuncu art arda 3 veya daha fazla kez yürümüşse, iki taşı art arda hareket
    ettirebilir*), not saying which moves make the row: here (``two_bones="moves"``) the moves
    one player makes with nobody moving between them (the moves again of paragraph 747), each
    laying a bone without drawing; the fourth such move may lay two bones or stop after one
    (:meth:`~dominotiling.games.Game.end_turn`).  ``"turns"``: the row runs over the player's
    turns, a bone in each of the last three without drawing, knocking or missing a turn.

    Parameters
    ----------
    players : int, optional
        Fix the number of players (2 to 4).
    drop_out : bool, optional
        False: the match ends at the first player with three sticks.
    game : int, optional
        Game ``k`` of a series is opened from double ``k`` up (paragraphs 735 and 746).
    two_bones : {"moves", "turns", False}, optional
        The reading of paragraph 748 (see above), or False to leave the rule out.
    double_end : {"both", "one"}, optional
        What a double at an end adds when the ends are added up -- does 1-1 at one end and 4 at
        the other show 5 or 6?  "both" (the default): "when the ends with doubles are added up,
        the doubles' values are added (0-0=0; 1-1=2; 2-2=4;.. 6-6=12)" (paragraph 742:
        *Çiftli olan uçlar toplanırken çiftlilerin değerleri toplanır (0-0=0; 1-1=2; 2-2=4;..
        6-6=12)*), and the example of paragraph 747 counts "(1-1)(1-4)_2+4=6": 6, moving again.
        "one": a double at an end shows its value once, as any end does (1 + 4 = 5), for the
        tables that read the rule so.

    Examples
    --------
    >>> r = Rules.seven()
    >>> r.extra_turn_sum, r.penalty_sum, r.penalty_draws, r.draw_limit, r.target
    (6, 7, 2, 1, 3)
    >>> r.streak_two_bones, r.streak_counts, r.double_end
    (3, 'moves', 'both')
    >>> Rules.seven(two_bones="turns").streak_counts, Rules.seven(two_bones=False).streak_two_bones
    ('turns', None)
    """
    first = _validate.integer(game, "game", minimum=1, maximum=6)
    if two_bones is not False:
        two_bones = _validate.choice(two_bones, "two_bones", ("moves", "turns"))
    r = dict(
        name="seven",
        min_players=2 if players is None else players,
        hand_sizes=((2, 7), (3, 7), (4, 6)),
    )
    r.update(max_players=4 if players is None else players, later_opener="winner", draw_limit=1)
    r.update(opening_doubles=tuple(range(first, 7)) + tuple(range(first)), fish_ends_round=True)
    r.update(drop_out=_validate.boolean(drop_out, "drop_out"), extra_turn_sum=6, penalty_sum=7)
    r.update(bone_values=tuple(((v, v), 10) for v in range(7)), target=3, target_loses=True)
    r.update(streak_two_bones=None if two_bones is False else 3, double_end=double_end)
    return Rules(**r, scoring="seven", streak_counts="moves" if two_bones is False else two_bones)
