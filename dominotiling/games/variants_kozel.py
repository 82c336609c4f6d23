"""Rule sets of the Kozel family: Kozel, the traditional four-hand Kozel, sea Kozel, sport Kozel,
Osel, Chechevo, General.

Each function returns a :class:`~dominotiling.games.Rules`, and is a classmethod of it
(``Rules.sea_kozel()``) and a name for :meth:`~dominotiling.games.Rules.by_name`.  Citations
name a file of ``shared/sources/games/`` and a paragraph (a line of that file).

Examples
--------
>>> from dominotiling.games import Rules
>>> Rules.osel().closing_doubles, Rules.sport_kozel().later_opener, Rules.general().scoring
('any', 'winner_partner', 'general')
"""

from .. import _validate
from ..errors import DominoTilingError
from .rules import Rules, register

__all__ = ["kozel", "kozel_traditional", "sea_kozel", "sport_kozel", "osel", "chechevo", "general"]

_KOZEL = dict(scoring="kozel", fish_ends_round=True, target_loses=True, later_opener="winner")
_DEAL = dict(hand_sizes=((2, 7), (3, 7), (4, 7)), redeal_doubles=5, redeal_same_value=6)
_UP = (1, 2, 3, 4, 5, 6, 0)  # 1-1 first, 0-0 last
_CROSS = dict(spinner=True, spinner_opens="at_once", doubles_per_turn=4)


def _players(players, teams, game):
    if players is None:
        return (4, 4) if teams else (2, 4)
    players = _validate.integer(players, "players")
    if not 2 <= players <= 4:
        raise DominoTilingError(f"{game} is played by 2 to 4 players, got players={players}")
    if teams and players != 4:
        raise DominoTilingError(f"team {game} needs four players: use players=4, teams=True")
    return players, players


@register("kozel", "goat", "козел", "козёл", "keçi")
def kozel(
    fish_mode="all",
    players=None,
    teams=False,
    *,
    eggs=False,
    reserve=0,
    fish_bazaar=False,
    several_goats=True,
    target=101,
    write_from=13,
    first_double="1-1",
):
    """Kozel ("the goat"), as kozel_and_variants_ru.txt, paragraphs 13-54 tell it.

    Everyone gets 7 bones, dealt again when a hand holds five doubles or six bones of one value
    (paragraphs 14-15).  1-1 opens the first round, else 2-2, ..., 6-6, 0-0, else the heaviest
    bone (paragraph 17); the player who went out or made the fish opens the next with any bone
    (paragraph 22).  Who can move must; who cannot draws one bone at a time until able, and
    knocks with no bazaar (paragraphs 19-21).  A round ends when a player goes out or on a fish
    (paragraphs 22-25).  A lone 0-0 counts 10; totals of 12 or less are remembered until a total
    above 12 opens the account; fish for all or for one, ties carried (paragraphs 28-52, see
    :mod:`~dominotiling.games.families`); the first to 101 is the goat (paragraph 54).

    Parameters
    ----------
    fish_mode : {"all", "one"}, optional
        Fish for all or fish for one (paragraphs 41-52).
    players : int or None, optional
        Fix the number of players (2 to 4).
    teams : bool, optional
        Two against two, partners opposite (paragraphs 189 and 225); needs four players.
    eggs : bool, optional
        Fish for all: equal points for the most are "eggs", written to the highest hand of the
        next round (paragraph 168), which 1-1 opens again (paragraph 125).
    reserve : {0, 1, 2}, optional
        The last bones of the bazaar never drawn in play.  0: a player draws "one at a time ...
        until finding a bone with the needed value", until the bazaar "has ended" (paragraph 19:
        «вытягивает по одной ... пока игрок не найдет кость с необходимым значением»); 1: "it
        is forbidden to take the last bone from the bazaar" (paragraph 224: «Последнюю костяшку
        «из базара» забирать запрещается»; more_rules_ru.txt, paragraph 354: «последняя
        костяшка остаётся в “базаре”, её никогда не забирают», "it is never taken"); 2: "the
        last two bones of the bazaar are not taken" (paragraph 165).  When nobody can move
        with only the reserve left, the round is blocked, scored as a fish.
    fish_bazaar : bool, optional
        The reading the documents leave open: is the reserve ever drawn?  False (paragraph
        354's "never"): what is left in the bazaar at a fish stays there.  True: the general
        rule of more_rules_ru.txt, "Правила игры", paragraph 68 -- "if there is a bazaar, the
        player after the one who made the fish must take all of it" («Если есть базар то игрок
        после игрока который зарыбачил должен взять его весь»; kozel_sport_rules_tr.txt,
        paragraph 603) -- the reserve included, its points counting in that hand.
    several_goats : bool, optional
        Everyone at 101 or more at the end loses (paragraph 88); False: only the highest.
    target : int, optional
        101; two pairs play to 202 in some places (paragraph 198).
    write_from : int, optional
        The smallest total that opens an account: 13 (paragraph 29; more_rules_ru.txt, "Козёл",
        paragraphs 74 and 225); more_rules_ru.txt also plays "to 125, writing from 25 at once"
        (paragraphs 175-177 and 356-358): ``Rules.kozel(target=125, write_from=25)``.
    first_double : {"1-1", "smallest"}, optional
        1-1 opens, then 2-2, ..., 0-0 last (paragraph 17); or "the smallest double", 0-0 first
        (more_rules_ru.txt, "Козёл", paragraph 74; "Общие правила", paragraph 166).

    Examples
    --------
    >>> Rules.kozel(target=125, write_from=25).write_above, Rules.kozel(reserve=2).bazaar_reserve
    (24, 2)
    >>> r = Rules.kozel("one", players=4, teams=True)
    >>> r.min_players, r.teams, r.opening_doubles
    (4, True, (1, 2, 3, 4, 5, 6, 0))
    """
    low, high = _players(players, teams, "Kozel")
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
    """The traditional Russian four-hand Kozel (kozel_and_variants_ru.txt, paragraphs 189-196).

    Four play, partners opposite (paragraph 189), seven bones each (paragraph 190).  1-1 opens;
    doubles lie across; who cannot play misses the turn (paragraph 191).  A round ends when a
    player lays the last bone or nobody can move, a "krysha" (paragraph 192).  The winning pair
    writes the opponents' points; a pair that has written nothing yet does not write a sum under
    13: 1-1 opens the next round again, and the sum goes to the pair's next win of more than 13
    (paragraph 193).  In a krysha the pair with fewer points wins; equal sums pass all four
    hands to the next round's winners (paragraph 194).  Who went out, or made the krysha, opens
    the next round with any bone (paragraph 195); a pair reaching 101 ends the game (paragraph
    196).  "Until a side has 101 or more (they remain goats)" is read with paragraph 193's
    scoring -- the winners write -- so that pair wins and the others are the goats.

    Examples
    --------
    >>> r = Rules.kozel_traditional()
    >>> r.teams, r.hand_size(4), r.scoring, r.write_above, r.draw_from_bazaar
    (True, 7, 'krysha', 12, False)
    """
    r = dict(name="traditional Kozel", min_players=4, max_players=4, hand_sizes=((4, 7),))
    r.update(opening_doubles=(1,), later_opener="winner", draw_from_bazaar=False, teams=True)
    return Rules(**r, scoring="krysha", target=target, write_above=12)


@register("sea_kozel", "sea goat", "морской козел", "морской козёл", "deniz keçisi")
def sea_kozel(
    players=None,
    teams=False,
    target=None,
    egg_attempts=3,
    *,
    rotten_eggs="no_double",
    six_six="one_loser",
    hundred="any_time",
    redeal_doubles=5,
):
    """Sea Kozel (kozel_and_variants_ru.txt, paragraphs 109-126, 197-201 and 226-246).

    Two to four play, four in pairs (paragraph 229); two get 7 bones, three or four 5
    (paragraphs 101-102); the smallest double opens, 0-0 first, else the lightest bone
    (paragraph 144).  The winner writes the others' points (paragraph 230), an account opening
    only with 25 or more (paragraphs 110 and 231); one side only holds points: when another
    scores, all is erased (paragraphs 111, 199 and 232).  125 wins (paragraphs 112 and 233), 202
    for two pairs (paragraph 198).  Two doubles may go at once, one on each end (paragraphs 113
    and 234).  An open account may open with 6-6, "on a hundred": going out wins the game,
    losing with 25 or more left loses it (paragraphs 114 and 235).  Out with 0-0 wins the game
    (a "bald goat", paragraphs 115 and 236), with 6-6 when the loser holds 25 or more
    (paragraphs 116 and 237), else the next round is on a hundred.  0-0 alone counts 25, 6-6
    alone 50, both 75 (paragraphs 117 and 238).  The fisherman is the last to lay a bone other
    than a double (paragraphs 119 and 239); the lower hand wins a fish (paragraph 240), and a
    fisherman winning with less than 25 against 25 or more plays the next round on a hundred
    (paragraphs 120 and 241; more_rules_ru.txt, paragraphs 89 and 187); one holding the most
    and 25 or more writes the fish off, losing at the third write-off (paragraphs 121-123 and
    242-243).  Equal hands are "eggs", played for from 1-1 (paragraphs 124-125 and 244-245),
    "rotten" when not won in three attempts (paragraphs 126 and 246).  more_rules_ru.txt adds
    a redeal of five doubles (paragraph 327), "on a hundred" "at any moment, when 6-6 comes to
    him" (paragraphs 83 and 363), 6-6 winning "when at least one of the losers" holds 25
    (paragraphs 185 and 364), eggs rotten when "the next round was not opened with a double from
    1-1 to 3-3" (paragraphs 94-95 and 188).

    Read so where the documents leave it open: "on a hundred" after a 6-6 finish is a state of
    the next round, which its winner opens with any bone; a player dealt 6-6 always takes the
    right to open on a hundred, and one who opens anyway chooses any bone; the eggs' total goes
    to the next winner, on top of what they write; after rotten eggs the previous opener opens.

    Parameters
    ----------
    players : int, optional
    teams : bool, optional
    target : int, optional
        125 (202 for pairs).
    egg_attempts : int or None, optional
        With ``rotten_eggs="replays"``: replays before eggs rot (3); None: carried nowhere.
    rotten_eggs : {"no_double", "replays"}, optional
        The eggs rot when the next deal holds none of 1-1, 2-2, 3-3 (more_rules_ru.txt,
        paragraphs 95 and 188), or after ``egg_attempts`` replays ending in eggs again, each
        opened from 1-1, then 2-2, ..., 0-0 (kozel_and_variants_ru.txt, paragraphs 126 and 246).
    six_six : {"one_loser", "losers_total"}, optional
        Out on 6-6 wins when one loser holds 25 or more, or the losers together.
    hundred : {"any_time", "opener"}, optional
        Whoever has an open account and is dealt 6-6 opens with it (more_rules_ru.txt,
        paragraphs 83, 183 and 363); or only the player who opens anyway, by laying 6-6 first.
    redeal_doubles : int or None, optional
        Deal again a hand of this many doubles (5, paragraph 327); None: never.

    Examples
    --------
    >>> r = Rules.sea_kozel()
    >>> r.target, r.write_above + 1, r.doubles_per_turn, r.scoring, r.hundred_any_time
    (125, 25, 2, 'sea_kozel', True)
    >>> Rules.sea_kozel(players=4, teams=True).target, Rules.sea_kozel(rotten_eggs="replays").egg_attempts
    (202, 3)
    """
    rotten = _validate.choice(rotten_eggs, "rotten_eggs", ("no_double", "replays")) == "no_double"
    hundred = _validate.choice(hundred, "hundred", ("any_time", "opener")) == "any_time"
    low, high = _players(players, teams, "sea Kozel")
    r = dict(name="sea Kozel" + (", teams" if teams else ""), min_players=low, max_players=high)
    r.update(hand_sizes=((2, 7), (3, 5), (4, 5)), opening_doubles=sorted(_UP), teams=teams)
    r.update(reopen_doubles=(1, 2, 3) if rotten else _UP, reopen_rots=rotten, fish_ends_round=True)
    r.update(egg_attempts=None if rotten else egg_attempts, redeal_doubles=redeal_doubles)
    r.update(six_six_wins=six_six, hundred_any_time=hundred, doubles_per_turn=2, write_above=24)
    r.update(opening_fallback="lightest", later_opener="winner", reopen_after_tie=True)
    r.update(special_hands=((((0, 0),), 25), (((6, 6),), 50), (((0, 0), (6, 6)), 75)))
    return Rules(
        **r, scoring="sea_kozel", target=(202 if teams else 125) if target is None else target
    )


@register("sport_kozel", "sport domino", "спортивный козел", "спортивное домино", "spor domino")
def sport_kozel(target=101, deals=None):
    """Sport Kozel, the 1985 rules (classic_rules_2_ru.txt, paragraphs 73-94).

    Four players in pairs, partners opposite (paragraph 76); 7 bones each, no bazaar (paragraph
    80); a redeal with 5 doubles (paragraph 82).  1-1 opens the game (paragraph 83); a later
    round is opened by the partner of the previous winner, or by the fisherman, with any
    double, else any bone (paragraph 84).  A player without a fitting bone knocks (paragraph
    85).  The losing pair writes both hands (paragraph 90); in a fish the pair with more points
    writes everything, a tie carrying it to the next round's losers (paragraph 91).  Opening or
    finishing with 6-6 or 0-0 gives the losers 50 or 25 more; a lone 6-6 in hand counts 50, a
    lone 0-0 25 (paragraphs 92-94).  Over 100 loses (paragraph 78).

    Parameters
    ----------
    target : int, optional
        101 ("more than 100"; 300 or 500 by agreement, paragraph 78).
    deals : int or None, optional
        A fixed number of deals, a multiple of four; the pair with fewer points wins
        (kozel_and_variants_ru.txt, paragraphs 129-130 and 251-252).

    Examples
    --------
    >>> r = Rules.sport_kozel(deals=8)
    >>> r.teams, r.later_opener, r.later_bone, r.opening_bonus, r.deals
    (True, 'winner_partner', 'double', (((6, 6), 50), ((0, 0), 25)), 8)
    """
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
    """Osel, the donkey (kozel_and_variants_ru.txt, paragraphs 254-260 and 337-340).

    Kozel for two to four players (paragraph 255), with a cross: bones may be laid on all four
    sides of the first double (paragraph 256); several doubles may be laid at once, one on each
    side (paragraph 257; "2, 3 or 4 doubles", kozel_sport_rules_tr.txt, paragraph 685), each
    face down (closing its side) or open (paragraph 258; the cross itself is never closed).
    When the first bone is not a double, the next player may close both ends with two doubles,
    which usually ends the round (paragraph 259).  Scored as Kozel: to 101, 13 opens the account
    (paragraphs 260 and 340).

    Examples
    --------
    >>> r = Rules.osel()
    >>> r.spinner, r.spinner_opens, r.doubles_per_turn, r.closing_doubles
    (True, 'at_once', 4, 'any')
    """
    low, high = _players(players, False, "Osel")
    r = dict(_KOZEL, **_DEAL, **_CROSS, name="osel", min_players=low, max_players=high)
    return Rules(
        **r,
        opening_doubles=_UP,
        closing_doubles="any",
        target=101,
        special_hands=((((0, 0),), 10),),
    )


@register("chechevo", "чечево", "çeçev")
def chechevo(players=None):
    """Chechevo (kozel_sport_rules_tr.txt, paragraphs 648-665), a Kozel where everyone plays alone.

    Two to four players take 7 bones, four players 6 (paragraph 652).  1-1 opens, else 2-2, ...,
    0-0; the first double is never closed (paragraph 653); from the base one plays in four
    directions, later closed at will (paragraph 654); several doubles may go at once, all closed
    or all open (paragraph 655).  Who cannot play draws until able, and knocks with the bazaar
    empty (paragraphs 656-657).  Out with 0-0 makes everyone else a goat, with 6-6 gives them 50
    (paragraphs 658-659); a 0-0 left in hand makes its holder a goat, a 6-6 left counts 50
    (paragraphs 660-661).  Over 101 is the goat (paragraph 662).  The most points take all:
    Vasya 23 and Alena 25 give Alena 48 (paragraph 663).  The finisher opens the next round with
    any bone (paragraph 665).

    Examples
    --------
    >>> r = Rules.chechevo()
    >>> r.hand_size(3), r.hand_size(4), r.most_takes_all, r.closing_doubles, r.target
    (7, 6, True, 'same', 102)
    """
    low, high = _players(players, False, "Chechevo")
    r = dict(
        _KOZEL, **_CROSS, name="chechevo", min_players=low, max_players=high, opening_doubles=_UP
    )
    r.update(hand_sizes=((2, 7), (3, 7), (4, 6)), closing_doubles="same", most_takes_all=True)
    r.update(write_above=0, target=102, bone_values=(((6, 6), 50),), finish_bonus=(((6, 6), 50),))
    return Rules(**r, finish_ends_match=((0, 0),), held_loses=((0, 0),))


@register("general", "генерал", "генеральский козел", "genel")
def general(deals=10, only_zero=False, strict=False, pairs=2, leaves="two_losses"):
    """General, the general's goat (kozel_and_variants_ru.txt, paragraphs 278-285 and 351-352).

    Two pairs, partners opposite; 7 bones each; 1-1 opens every round (paragraph 352); a line
    with two ends.  The aim is to go out with 0-0 and/or 6-6 -- both at once are the true
    General, so two doubles may go together (paragraph 352).  A fish does not count (paragraph
    280).  The loser is the player after the one who went out, a General when the round ended
    with 0-0 or 6-6; only the Generals per pair count (paragraphs 282-283).  The game lasts a
    lunch break (paragraph 352): here a number of deals; the pair with more Generals loses.

    Parameters
    ----------
    deals : int, optional
        The deals of a match (10).
    only_zero : bool, optional
        Only 0-0 makes a General (paragraph 285).
    strict : bool, optional
        "In fact the General is only the loser on whom 0-0 and 6-6 were hung at once"
        (paragraph 352): both in the last turn.
    pairs : {2, 3, 4}, optional
        "4, 6, 8 players: pairs A,C and B,D play while pair E,F waits its turn"
        (more_rules_ru.txt, "Генерал", paragraph 142; kozel_and_variants_ru.txt, paragraph
        286); pair ``i`` is seats ``i`` and ``i + pairs``; pairs 0 and 1 sit down first.
    leaves : {"two_losses", "general"}, optional
        A pair gives its place after losing two rounds, or a General in its first round
        (more_rules_ru.txt, paragraph 142); or on any General (kozel_and_variants_ru.txt,
        paragraph 286).

    Examples
    --------
    >>> r = Rules.general()
    >>> r.teams, r.opening_doubles, r.finish_bonus, r.deals
    (True, (1,), (((0, 0), 1), ((6, 6), 1)), 10)
    >>> Rules.general(pairs=3).max_players
    6
    """
    pairs = _validate.integer(pairs, "pairs", minimum=2, maximum=4)
    leaves = _validate.choice(leaves, "leaves", ("two_losses", "general"))
    bones = ((0, 0), 1), ((6, 6), 1)
    r = dict(
        name="general" if pairs == 2 else f"general, {pairs} pairs", hand_sizes=((2 * pairs, 7),)
    )
    r.update(min_players=2 * pairs, max_players=2 * pairs, table_teams=pairs, team_leaves=leaves)
    r.update(opening_doubles=(1,), draw_from_bazaar=False, doubles_per_turn=2, fish_ends_round=True)
    r.update(target=None, target_loses=True, deals=_validate.positive_int(deals, "deals"))
    r.update(finish_bonus=bones[:1] if _validate.boolean(only_zero, "only_zero") else bones)
    return Rules(
        **r, scoring="general", finish_bonus_all=_validate.boolean(strict, "strict"), teams=True
    )
