"""Rule sets of the block and draw family: classic, the penalty game, Block, Draw, Blitz,
Sevastopol, Bergen, Seven (presets of :class:`~dominotiling.games.Rules`; in full: the guide).

>>> from dominotiling.games import Rules
>>> Rules.blitz().chain_turn, Rules.seven().extra_turn_sum, Rules.bergen().bazaar_reserve
(True, 6, 2)
"""

from .. import _validate
from ..errors import DominoTilingError
from .rules import Rules, register

_DOWN, _UP = (6, 5, 4, 3, 2, 1, 0), (0, 1, 2, 3, 4, 5, 6)


@register("classic", "traditional", "обычное домино", "традиционное домино", "классическое домино")
def classic(
    target=100, blocked_winner="lowest", blocked_tie="nobody", draw_one=False, heavy_doubles=False,
    opening_fallback="heaviest", later_opener="rule", teams=False, fisherman_own=False,
    first_double="6-6", lone_blank=False,
):  # fmt: skip
    """The classic draw game (classic_rules_2_ru.txt, paragraphs 50-60).

    7 bones for two, 5 for more (paragraph 53); 6-6 opens, else the highest double, else the
    heaviest bone (paragraphs 54-56); out scores the others' pips (paragraph 58), blocked the
    lowest hand scores them less its own (paragraph 59)."""
    zero = _validate.choice(first_double, "first_double", ("6-6", "0-0")) == "0-0"
    if _validate.boolean(fisherman_own, "fisherman_own") and blocked_winner != "fisherman":
        raise DominoTilingError("fisherman_own=True needs blocked_winner='fisherman'")
    fisher = blocked_winner == "fisherman"
    score = ("all" if fisherman_own else "others") if fisher else "difference"
    r = dict(name="classic", min_players=4 if teams else 2, opening_doubles=_UP if zero else _DOWN)
    r.update(opening_fallback="lightest" if zero else opening_fallback, later_opener=later_opener)
    r.update(draw_limit=1 if _validate.boolean(draw_one, "draw_one") else None, teams=teams)
    lone = _validate.boolean(lone_blank, "lone_blank")
    r.update(special_hands=((((0, 0),), 25),) if lone else ())
    r.update(target=target, blocked_winner=blocked_winner, blocked_tie=blocked_tie)
    heavy = _validate.boolean(heavy_doubles, "heavy_doubles")
    r.update(blocked_score=score, bone_values=(((0, 0), 25), ((6, 6), 50)) if heavy else ())
    return Rules(**r)


@register("classic_penalty", "penalty", "two player classic", "домино вдвоем")
def classic_penalty(target=101):
    """The classic game for two scored by penalties (classic_rules_1_ru.txt, paragraphs 203-211):
    draw one bone (paragraph 207); the loser writes the pips left, a lone 0-0 25, a 6-6 50
    (paragraph 209); in a fish the higher the difference (paragraph 211); passing 100 loses."""
    r = dict(name="classic penalty", min_players=2, max_players=2, hand_sizes=((2, 7),))
    r.update(scoring="kozel", fish_mode="difference", write_above=0, target_loses=True)
    r.update(draw_limit=1, special_hands=((((0, 0),), 25),), bone_values=(((6, 6), 50),))
    return Rules(**r, target=target)


@register("block", "kramer block", "block game", "блок", "игра блок")
def block(target=100, score="others", teams=False):
    """Alex Kramer's Block (more_rules_ru.txt, "Алекс Крамер Домино", paragraphs 386-407).

    Any bone leads, in turn from seat 0 (paragraphs 387 and 399); no drawing (paragraph 401); out
    scores the others' pips (paragraph 403); blocked, the lowest hand, ties to the lightest
    bone (paragraph 405)."""
    score = _validate.choice(score, "score", ("others", "difference"))
    r = dict(name="block", min_players=4 if teams else 2, first_opener="seat")
    r.update(draw_from_bazaar=False, target=target, blocked_score=score, blocked_tie="lowest_bone")
    return Rules(**r, teams=_validate.boolean(teams, "teams"), later_opener="rotate")


@register("draw_game", "draw", "kramer draw", "draw dominoes", "игра с добором", "добор")
def draw_game(target=100, score="others", teams=False):
    """Alex Kramer's Draw (more_rules_ru.txt, "Алекс Крамер Домино", paragraphs 408-412): Block
    with drawing, two never drawing the last two bones, more the last one (paragraphs 408 and
    427); the options as for :func:`block`."""
    return block(target=target, score=score, teams=teams).with_(
        name="draw", draw_from_bazaar=True, reserve_by_players=((2, 2), (3, 1), (4, 1))
    )


@register("blitz", "блиц")
def blitz(target=100):
    """Blitz (classic_rules_2_ru.txt, paragraphs 108-113): four to eight players (paragraphs
    110-111); 0-0 or the bone nearest it opens; a turn lays any number of bones that fit
    (paragraph 113)."""
    r = dict(name="blitz", min_players=4, max_players=8, opening_doubles=(0,), chain_turn=True)
    r.update(hand_sizes=((4, 7), (5, 5), (6, 4), (7, 4), (8, 3)), opening_fallback="lightest")
    return Rules(**r, target=target)


@register("sevastopol", "севастополь")
def sevastopol(target=100):
    """Sevastopol (classic_rules_2_ru.txt, paragraphs 201-203): four players, 6-6 a cross open at
    once whose four sides are started first (paragraph 203)."""
    r = dict(name="sevastopol", min_players=4, max_players=4, hand_sizes=((4, 7),))
    r.update(spinner=True, spinner_opens="at_once", spinner_arms_first=True, opening_doubles=(6,))
    return Rules(**r, target=target)


@register("bergen", "берген")
def bergen(players=2):
    """Bergen (classic_rules_2_ru.txt, paragraphs 96-106).

    2 points for a double opening or ends alike, 3 with a double at one end (paragraph 101); the
    last two bones never drawn (paragraph 103); out 2, blocked as paragraph 105 says; to 15
    for two, 10 for more (paragraph 106)."""
    players = _validate.integer(players, "players", minimum=2, maximum=4)
    r = dict(name="bergen", min_players=players, max_players=players, draw_limit=1)
    r.update(hand_sizes=((2, 6), (3, 6), (4, 5)), opening_doubles=_UP, opening_fallback="lightest")
    return Rules(**r, bazaar_reserve=2, scoring="bergen", target=15 if players == 2 else 10)


@register("seven", "semerka", "семерка", "yedi")
def seven(players=None, drop_out=True, game=1, two_bones="moves", double_end="both"):
    """Seven (kozel_sport_rules_tr.txt, paragraphs 731-748).

    Ends adding up to 6: move again (paragraph 736); to 7: the next player takes 2 bones, from the
    seven-maker's hand once the bazaar is dry, and misses the turn (paragraphs 737 and 747); draw
    one bone (paragraphs 738-740); the most points in hand, doubles 10, take a stick (paragraph
    743); three sticks leave the game, the last one left wins (paragraph 745).

    Parameters
    ----------
    two_bones : {"moves", "turns", False}, optional
        Paragraph 748: "a player who has moved three or more times in a row may move two bones in a
        row" (*Bir oyuncu art arda 3 veya daha fazla kez yürümüşse, iki taşı art arda hareket
        ettirebilir*), not saying which moves make the row.  "moves": moves again with nobody moving
        between, each laying a bone without drawing; the fourth may lay two bones or stop after one
        (:meth:`~dominotiling.games.Game.end_turn`).  "turns": a bone in each of the player's last
        three turns, without drawing, knocking or missing a turn.  False: no rule.
    double_end : {"both", "one"}, optional
        Does 1-1 at one end and 4 at the other show 5 or 6?  "both": "when the ends with doubles are
        added up, the doubles' values are added (0-0=0; 1-1=2; 2-2=4;.. 6-6=12)" (paragraph 742:
        *Çiftli olan uçlar toplanırken çiftlilerin değerleri toplanır (0-0=0; 1-1=2; 2-2=4;..
        6-6=12)*), and paragraph 747's example counts "(1-1)(1-4)_2+4=6", moving again. "one": a
        double at an end shows its value once, as any end does (1 + 4 = 5).

    Examples
    --------
    >>> r = Rules.seven()
    >>> r.penalty_sum, r.penalty_draws, r.streak_two_bones, r.streak_counts, r.double_end
    (7, 2, 3, 'moves', 'both')
    """
    first = _validate.integer(game, "game", minimum=1, maximum=6)
    if two_bones is not False:
        two_bones = _validate.choice(two_bones, "two_bones", ("moves", "turns"))
    low, high = (2, 4) if players is None else (players, players)
    r = dict(name="seven", min_players=low, max_players=high, hand_sizes=((2, 7), (3, 7), (4, 6)))
    r.update(opening_doubles=tuple(range(first, 7)) + tuple(range(first)), fish_ends_round=True)
    r.update(drop_out=_validate.boolean(drop_out, "drop_out"), extra_turn_sum=6, penalty_sum=7)
    r.update(bone_values=tuple(((v, v), 10) for v in range(7)), target=3, target_loses=True)
    r.update(streak_two_bones=None if two_bones is False else 3, double_end=double_end)
    r.update(streak_counts="moves" if two_bones is False else two_bones, later_opener="winner")
    return Rules(**r, scoring="seven", draw_limit=1)
