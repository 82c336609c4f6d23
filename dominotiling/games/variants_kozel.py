"""Rule sets of the Kozel family: Kozel, the traditional four-hand Kozel, sea Kozel, sport Kozel,
Osel, Chechevo, General.

Each function returns a :class:`~dominotiling.games.Rules` and is also a
classmethod of it (``Rules.sea_kozel()``) and a name for
:meth:`~dominotiling.games.Rules.by_name`.  Citations name a file of
``shared/sources/games/`` and a paragraph (a line of that file).

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

_KOZEL_DEAL = dict(hand_sizes=((2, 7), (3, 7), (4, 7)), redeal_doubles=5, redeal_same_value=6)


def _players(players, teams, game):
    if players is None:
        if teams:
            return 4, 4
        return 2, 4
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
    several_goats=True,
    target=101,
    write_from=13,
    first_double="1-1",
):
    """Kozel ("the goat"), as kozel_and_variants_ru.txt, paragraphs 13-54 tell it.

    Everyone gets 7 bones; the deal is redone when a hand has five or more
    doubles, or six or more bones sharing one value (paragraphs 14-15).  In
    the first round the holder of 1-1 opens with it; failing that 2-2, ...,
    6-6, then 0-0; with no double in any hand, the heaviest bone, 5-6 first
    (paragraph 17).  Later rounds are opened with any bone by the player who
    went out or made the fish (paragraph 22).  A player who can move must;
    one who cannot draws one bone at a time until able; with no bazaar the
    player knocks (paragraphs 19-21).  A round ends when a player goes out or
    on a fish (paragraphs 22-25).  Scoring: paragraphs 28-52 (see
    :class:`~dominotiling.games.ScoreSheet`): a lone 0-0 counts 10, totals of
    12 or less are remembered until a total above 12 opens the account, fish
    for all or fish for one, ties carried.  The first to write 101 is the
    goat (paragraph 54).

    Parameters
    ----------
    fish_mode : {"all", "one"}, optional
        Fish for all or fish for one (paragraphs 41-52).
    players : int or None, optional
        Fix the number of players (2 to 4); None allows 2 to 4.
    teams : bool, optional
        Two against two, partners opposite (paragraphs 189 and 225); needs
        four players.
    eggs : bool, optional
        Fish for all: equal points for the most in a fish are "eggs": nothing
        is written and the total goes to the next round's loser -- the
        highest hand of the next round (paragraph 168) -- which is opened
        with 1-1 again (paragraph 125).
    reserve : {0, 1, 2}, optional
        The last bones of the bazaar that are never drawn: one
        (paragraphs 224 and 328), or two (paragraph 165).
    several_goats : bool, optional
        Everyone at 101 or more when the game ends loses (paragraph 88; the
        default); False: only the highest (:attr:`ScoreSheet.loser` names
        the highest either way).
    target : int, optional
        101; two pairs play to 202 in some places (paragraph 198).
    write_from : int, optional
        The smallest round total that opens an account: 13 (paragraph 29;
        more_rules_ru.txt, "Козёл", paragraphs 74 and 225).  Two pages of
        more_rules_ru.txt play Kozel "to 125, writing from 25 at once"
        ("Как играть в домино в «Козла»", paragraphs 175-177; "Козёл",
        paragraphs 356-358): ``Rules.kozel(target=125, write_from=25)``.
    first_double : {"1-1", "smallest"}, optional
        Who opens the first round: the holder of 1-1, then 2-2, ..., 0-0
        last (paragraph 17); or of "the smallest double", 0-0 first --
        more_rules_ru.txt gives 1-1 to four players and the smallest double
        otherwise ("Козёл", paragraph 74; "Общие правила", paragraph 166).

    Examples
    --------
    >>> Rules.kozel(target=125, write_from=25).write_above
    24
    >>> r = Rules.kozel("one", players=4, teams=True)
    >>> r.min_players, r.max_players, r.teams, r.opening_doubles
    (4, 4, True, (1, 2, 3, 4, 5, 6, 0))
    >>> Rules.kozel(reserve=2).bazaar_reserve
    2
    """
    low, high = _players(players, teams, "Kozel")
    fish_mode = _validate.choice(fish_mode, "fish_mode", ("all", "one"))
    first = _validate.choice(first_double, "first_double", ("1-1", "smallest"))
    label = "Kozel (fish for all)" if fish_mode == "all" else "Kozel (fish for one)"
    if teams:
        label += ", teams"
    return Rules(
        name=label,
        min_players=low,
        max_players=high,
        **_KOZEL_DEAL,
        bazaar_reserve=_validate.integer(reserve, "reserve", minimum=0, maximum=2),
        opening_doubles=(1, 2, 3, 4, 5, 6, 0) if first == "1-1" else (0, 1, 2, 3, 4, 5, 6),
        reopen_doubles=(1, 2, 3, 4, 5, 6, 0),
        later_opener="winner",
        reopen_after_tie=_validate.boolean(eggs, "eggs"),
        fish_ends_round=True,
        scoring="kozel",
        target=target,
        target_loses=True,
        fish_mode=fish_mode,
        eggs=eggs,
        write_above=_validate.positive_int(write_from, "write_from") - 1,
        lone_zero_zero=10,
        several_goats=several_goats,
        teams=teams,
    )


@register(
    "kozel_traditional",
    "krysha",
    "traditional kozel",
    "традиционный козел",
    "традиционный козёл",
    "крыша",
)
def kozel_traditional(target=101):
    """The traditional Russian four-hand Kozel (kozel_and_variants_ru.txt, paragraphs 189-196).

    Four play, two against two, partners opposite (paragraph 189); all 28
    bones are drawn, seven each (paragraph 190).  The holder of 1-1 opens
    with it; doubles lie across; a player without a fitting bone misses the
    turn (paragraph 191).  A round ends when a player lays the last bone or
    nobody can move -- the game is blocked, a "krysha" (paragraph 192).  The
    winning pair writes the opponents' points; a pair that has written
    nothing yet does not write a sum under 13: the holder of 1-1 opens the
    next round again, and the sum is added to the pair's next win of more
    than 13 (paragraph 193).  In a krysha the pair with fewer points wins and
    writes the others'; equal sums (a "fish") pass all four hands' points to
    the pair that wins the next round (paragraph 194).  The player who went
    out, or made the krysha, opens the next round with any bone (paragraph
    195).  The game goes on until a pair writes 101 or more (paragraph 196).

    The text's last words, "until a side has 101 or more (they remain
    goats)", are read with the scoring of paragraph 193 -- the winners write
    -- so the pair reaching 101 wins and the other pair are the goats
    (:attr:`~dominotiling.games.ScoreSheet.losers`).

    Examples
    --------
    >>> r = Rules.kozel_traditional()
    >>> r.teams, r.hand_size(4), r.scoring, r.write_above, r.draw_from_bazaar
    (True, 7, 'krysha', 12, False)
    """
    return Rules(
        name="traditional Kozel",
        min_players=4,
        max_players=4,
        hand_sizes=((4, 7),),
        opening_doubles=(1,),
        later_opener="winner",
        draw_from_bazaar=False,
        scoring="krysha",
        target=target,
        target_loses=False,
        write_above=12,
        teams=True,
    )


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

    Two to four play, four in pairs (paragraph 229).  Two players get 7
    bones, three or four get 5 (paragraphs 101-102); the smallest double
    opens, 0-0 first, with no double the lightest bone (paragraph 144).  The
    winner of a round writes the sum of the others' points (paragraph 230);
    an account opens only with 25 or more (paragraphs 110 and 231); points
    can be held by one side only: when another scores, everything written is
    erased and all stand at 0 (paragraphs 111 and 232; with pairs: paragraph
    199).  125 wins (paragraphs 112 and 233); two pairs play to 202
    (paragraph 198).  A player may lay two doubles at once, one on each end
    (paragraphs 113 and 234).  A player with an open account may open with
    6-6, "on a hundred": going out then wins the game, losing with 25 or
    more left loses it (paragraphs 114 and 235).  Going out with 0-0 wins the
    game -- the loser is a "bald goat" (paragraphs 115 and 236); with 6-6, it
    wins when the loser holds 25 or more (paragraphs 116 and 237).  A lone
    0-0 counts 25, a lone 6-6 50, the two together 75 (paragraphs 117 and
    238).  The fisherman is the last to lay a bone other than a double
    (paragraphs 119 and 239); a fish is won by the lower hand (paragraph
    240), and a fisherman who wins it with less than 25 against 25 or more
    plays the next round "on a hundred" (paragraphs 120 and 241;
    more_rules_ru.txt, paragraphs 89 and 187); a fisherman holding more than the other and 25 or more writes the
    fish off and opens the next round with any bone, and after three
    write-offs loses (paragraphs 121-123 and 242-243).  A player who goes out
    with 6-6 while the loser holds less than 25 opens the next round "on a
    hundred" (paragraphs 116 and 237).  Equal hands in a fish are "eggs",
    played for from 1-1 (paragraphs 124-125 and 244-245); eggs not won in
    three attempts are "rotten" and the round does not count (paragraphs 126
    and 246).

    more_rules_ru.txt adds: a hand of five doubles or more is dealt again
    ("5 и более дуплей ... пересдаются", "«Морской козел»", paragraph 327);
    "the player who has started writing may open with 6-6 -- 'on a hundred'"
    (paragraph 83), "at any moment, when 6-6 comes to him" (paragraph 363);
    going out on 6-6 wins "when at least one of the losers" holds 25 or more
    (paragraphs 185 and 364); the eggs are played for from 1-1, and are
    rotten when "the next round was not opened with a double from 1-1 to
    3-3" (paragraphs 94-95 and 188).

    The documents leave open, and this preset reads so: "on a hundred" after
    a 6-6 finish is a state of the next round, which its winner opens with
    any bone (the new deal may not give 6-6); a player with an open account
    who is dealt 6-6 while another would open always takes the right to open
    on a hundred (the engine's players have no way to decline it), and one
    who opens anyway chooses any bone, 6-6 among them; the eggs' points -- the
    tied hands' total -- go to the winner of the next round that counts, on
    top of what the winner writes; after rotten eggs nothing is carried and
    the previous opener opens with any bone.

    Parameters
    ----------
    players : int, optional
    teams : bool, optional
    target : int, optional
        125 (202 for pairs).
    egg_attempts : int or None, optional
        With ``rotten_eggs="replays"``: replays before eggs rot (3); None:
        an eggs round is replayed and carries nothing.
    rotten_eggs : {"no_double", "replays"}, optional
        When the eggs rot: the next deal holds none of 1-1, 2-2, 3-3, which
        open it in that order (more_rules_ru.txt, paragraphs 95 and 188); or,
        the older reading of "not played out in three attempts"
        (kozel_and_variants_ru.txt, paragraphs 126 and 246), after
        ``egg_attempts`` replays that end in eggs again, each opened from 1-1
        (then 2-2, ..., 0-0).
    six_six : {"one_loser", "losers_total"}, optional
        Going out on 6-6 wins the match when one loser holds 25 or more
        (more_rules_ru.txt, paragraphs 185 and 364), or when the losers hold
        25 or more together.
    hundred : {"any_time", "opener"}, optional
        "any_time": whoever has an open account and is dealt 6-6 opens the
        round with it, in place of the player who would open (more_rules_ru.txt,
        paragraphs 83, 183 and 363);
        "opener": only the player who opens anyway (the winner of the last
        round) may open on a hundred, by laying 6-6 first.
    redeal_doubles : int or None, optional
        A hand with this many doubles is dealt again (5, paragraph 327);
        None: never.

    Examples
    --------
    >>> r = Rules.sea_kozel()
    >>> r.target, r.write_above + 1, r.doubles_per_turn, r.scoring
    (125, 25, 2, 'sea_kozel')
    >>> r.redeal_doubles, r.reopen_doubles, r.hundred_any_time, r.six_six_wins
    (5, (1, 2, 3), True, 'one_loser')
    >>> Rules.sea_kozel(players=4, teams=True).target
    202
    >>> Rules.sea_kozel(rotten_eggs="replays").egg_attempts
    3
    """
    rotten_eggs = _validate.choice(rotten_eggs, "rotten_eggs", ("no_double", "replays"))
    hundred = _validate.choice(hundred, "hundred", ("any_time", "opener"))
    if rotten_eggs == "no_double":
        eggs = dict(reopen_doubles=(1, 2, 3), reopen_rots=True, egg_attempts=None)
    else:
        eggs = dict(reopen_doubles=(1, 2, 3, 4, 5, 6, 0), egg_attempts=egg_attempts)
    low, high = _players(players, teams, "sea Kozel")
    if target is None:
        target = 202 if teams else 125
    return Rules(
        name="sea Kozel" + (", teams" if teams else ""),
        min_players=low,
        max_players=high,
        hand_sizes=((2, 7), (3, 5), (4, 5)),
        opening_doubles=(0, 1, 2, 3, 4, 5, 6),
        opening_fallback="lightest",
        later_opener="winner",
        reopen_after_tie=True,
        **eggs,
        redeal_doubles=redeal_doubles,
        six_six_wins=six_six,
        hundred_any_time=hundred == "any_time",
        doubles_per_turn=2,
        fish_ends_round=True,
        scoring="sea_kozel",
        target=target,
        target_loses=False,
        write_above=24,
        special_hands=((((0, 0),), 25), (((6, 6),), 50), (((0, 0), (6, 6)), 75)),
        finish_ends_match=((0, 0),),
        teams=teams,
    )


@register("sport_kozel", "sport domino", "спортивный козел", "спортивное домино", "spor domino")
def sport_kozel(target=101, deals=None):
    """Sport Kozel, the 1985 rules (classic_rules_2_ru.txt, paragraphs 73-94).

    Four players in pairs, partners opposite (paragraph 76); 7 bones each, no
    bazaar (paragraph 80); a redeal with 5 doubles in a hand (paragraph 82).
    1-1 opens the game (paragraph 83); each later round is opened by the
    partner of the previous round's winner, or by the fisherman, with any
    double, or any bone without one (paragraph 84).  A player without a
    fitting bone knocks (paragraph 85).  The losing pair writes both hands
    (paragraph 90); in a fish the pair with more points writes everything,
    and a tie carries it to the next round's losers (paragraph 91).
    Opening with 6-6 or 0-0 gives the round's losers 50 or 25 more; a lone
    6-6 in hand counts 50, a lone 0-0 25; finishing with 6-6 or 0-0 gives the
    losers 50 or 25 (paragraphs 92-94).  Over 100 loses (paragraph 78).

    Parameters
    ----------
    target : int, optional
        101 ("more than 100"; 300 or 500 by agreement, paragraph 78).
    deals : int or None, optional
        Play a fixed number of deals, a multiple of four; the pair with fewer
        points wins (kozel_and_variants_ru.txt, paragraphs 129-130 and
        251-252).

    Examples
    --------
    >>> r = Rules.sport_kozel(deals=8)
    >>> r.teams, r.later_opener, r.later_bone, r.opening_bonus, r.deals
    (True, 'winner_partner', 'double', (((6, 6), 50), ((0, 0), 25)), 8)
    """
    if deals is not None:
        deals = _validate.positive_int(deals, "deals")
        if deals % 4:
            raise DominoTilingError(f"sport Kozel plays a multiple of four deals, got {deals}")
    return Rules(
        name="sport Kozel",
        min_players=4,
        max_players=4,
        hand_sizes=((4, 7),),
        redeal_doubles=5,
        opening_doubles=(1,),
        later_opener="winner_partner",
        later_bone="double",
        draw_from_bazaar=False,
        fish_ends_round=True,
        scoring="kozel",
        fish_mode="one",
        write_above=0,
        target=target,
        target_loses=True,
        deals=deals,
        special_hands=((((6, 6),), 50), (((0, 0),), 25)),
        opening_bonus=(((6, 6), 50), ((0, 0), 25)),
        finish_bonus=(((6, 6), 50), ((0, 0), 25)),
        teams=True,
    )


@register("osel", "donkey", "осел", "осёл", "eşek")
def osel(players=None):
    """Osel, the donkey (kozel_and_variants_ru.txt, paragraphs 254-260 and 337-340).

    Kozel for two to four players (paragraph 255) with these differences:
    bones may be laid on all four sides of the first double, making a cross
    (paragraph 256); a player may lay several doubles at once, one on each
    side of the cross (paragraph 257; "2, 3 or 4 doubles",
    kozel_sport_rules_tr.txt, paragraph 685); a double may be laid face down,
    closing its side, and with several at once each may be closed or left
    open (paragraph 258; the cross itself is never closed).  When the first
    bone is not a double, the next player may close both ends with two
    doubles, which usually ends the round (paragraph 259).  Scored as Kozel:
    to 101, 13 opens the account, less is remembered (paragraphs 260 and 340).

    Examples
    --------
    >>> r = Rules.osel()
    >>> r.spinner, r.spinner_opens, r.doubles_per_turn, r.closing_doubles
    (True, 'at_once', 4, 'any')
    """
    low, high = _players(players, False, "Osel")
    return Rules(
        name="osel",
        min_players=low,
        max_players=high,
        **_KOZEL_DEAL,
        opening_doubles=(1, 2, 3, 4, 5, 6, 0),
        later_opener="winner",
        spinner=True,
        spinner_opens="at_once",
        doubles_per_turn=4,
        closing_doubles="any",
        fish_ends_round=True,
        scoring="kozel",
        target=101,
        target_loses=True,
        write_above=12,
        lone_zero_zero=10,
    )


@register("chechevo", "чечево", "çeçev")
def chechevo(players=None):
    """Chechevo (kozel_sport_rules_tr.txt, paragraphs 648-665), a Kozel where everyone plays alone.

    Two to four players take 7 bones, four players 6 (paragraph 652).  The
    holder of 1-1 opens, else 2-2, ..., up to 0-0; the first double is never
    closed (paragraph 653).  From the base one plays in four directions,
    which may later be closed (paragraph 654); several doubles may be laid
    at once, all closed or all open (paragraph 655).  A player without a
    fitting bone draws until finding one, and knocks with the bazaar empty
    (paragraphs 656-657).  Going out with 0-0 makes everyone else a goat;
    going out with 6-6 gives everyone else 50 (paragraphs 658-659); a 0-0 left
    in a hand makes its holder a goat, a 6-6 left counts 50 (paragraphs
    660-661).  Over 101 is the goat (paragraph 662).  The player with the most
    points takes them all: Vasya 23 and Alena 25 give Alena 48 (paragraph
    663).  The finisher opens the next round with any bone (paragraph 665).

    Examples
    --------
    >>> r = Rules.chechevo()
    >>> r.hand_size(3), r.hand_size(4), r.most_takes_all, r.closing_doubles, r.target
    (7, 6, True, 'same', 102)
    """
    low, high = _players(players, False, "Chechevo")
    return Rules(
        name="chechevo",
        min_players=low,
        max_players=high,
        hand_sizes=((2, 7), (3, 7), (4, 6)),
        opening_doubles=(1, 2, 3, 4, 5, 6, 0),
        later_opener="winner",
        spinner=True,
        spinner_opens="at_once",
        doubles_per_turn=4,
        closing_doubles="same",
        fish_ends_round=True,
        scoring="kozel",
        most_takes_all=True,
        write_above=0,
        target=102,
        target_loses=True,
        bone_values=(((6, 6), 50),),
        finish_bonus=(((6, 6), 50),),
        finish_ends_match=((0, 0),),
        held_loses=((0, 0),),
    )


@register("general", "генерал", "генеральский козел", "genel")
def general(deals=10, only_zero=False, strict=False, pairs=2, leaves="two_losses"):
    """General, the general's goat (kozel_and_variants_ru.txt, paragraphs 278-285 and 351-352).

    Two pairs, partners opposite; 7 bones each; every round opens with 1-1
    (paragraph 352); a line with two ends, nothing closed.  The aim is to go
    out with 0-0 and/or 6-6 -- both at once are the true General, so two
    doubles may be laid together (paragraph 352).  A round ending in a fish
    does not count (paragraph 280).  The loser is the player whose turn
    comes after the one who went out; when the round ended with 0-0 or 6-6
    the loser is a General.  No points: only the Generals per pair are
    counted (paragraphs 282-283).  The game lasts a lunch break, 30 to 60
    minutes (paragraph 352): here a fixed number of deals; the pair with more
    Generals loses.

    Parameters
    ----------
    deals : int, optional
        The deals of a match (10).
    only_zero : bool, optional
        Only 0-0 makes a General (paragraph 285).
    strict : bool, optional
        "In fact the General is only the loser on whom 0-0 and 6-6 were hung
        at once" (paragraph 352): a General needs both in the last turn.
    pairs : {2, 3, 4}, optional
        "More than two pairs may play, 4, 6, 8 players: pairs A,C and B,D
        play while pair E,F waits its turn" (more_rules_ru.txt, "Генерал",
        paragraph 142; kozel_and_variants_ru.txt, paragraph 286).  Pair
        ``i`` is seats ``i`` and ``i + pairs``, opposite each other whichever
        pairs are at the table; pairs 0 and 1 sit down first.
    leaves : {"two_losses", "general"}, optional
        When a pair gives its place to the next one waiting: after losing
        two rounds, or at once when a General is hung on it in its first
        round (more_rules_ru.txt, paragraph 142); or as soon as it gets a
        General (kozel_and_variants_ru.txt, paragraph 286).

    Examples
    --------
    >>> r = Rules.general()
    >>> r.teams, r.opening_doubles, r.finish_bonus, r.deals
    (True, (1,), (((0, 0), 1), ((6, 6), 1)), 10)
    >>> r = Rules.general(pairs=3)
    >>> r.min_players, r.max_players, r.table_teams
    (6, 6, 3)
    """
    pairs = _validate.integer(pairs, "pairs", minimum=2, maximum=4)
    leaves = _validate.choice(leaves, "leaves", ("two_losses", "general"))
    bones = (
        (((0, 0), 1),) if _validate.boolean(only_zero, "only_zero") else (((0, 0), 1), ((6, 6), 1))
    )
    return Rules(
        name="general" if pairs == 2 else f"general, {pairs} pairs",
        min_players=2 * pairs,
        max_players=2 * pairs,
        hand_sizes=((2 * pairs, 7),),
        table_teams=pairs,
        team_leaves=leaves,
        opening_doubles=(1,),
        later_opener="rule",
        draw_from_bazaar=False,
        doubles_per_turn=2,
        fish_ends_round=True,
        scoring="general",
        target=None,
        target_loses=True,
        deals=_validate.positive_int(deals, "deals"),
        finish_bonus=bones,
        finish_bonus_all=_validate.boolean(strict, "strict"),
        teams=True,
    )
