"""How each family of games scores a finished round (used by :class:`ScoreSheet`).

Each scorer takes the sheet and a :class:`Round` and returns the points
written per account and the round's winner (a player, or None).  They change
the sheet's state; the sheet restores it if a scorer raises.  The documents'
paragraphs behind each rule are cited in the presets' docstrings
(:mod:`.variants_block`, :mod:`.variants_kozel`, :mod:`.variants_fives`,
:mod:`.variants_layouts`).  Players who left the match (``rules.drop_out``)
hold nothing and are not scored.

**Kozel family** (``scoring="kozel"``: Kozel, Osel, sport Kozel, Chechevo,
the penalty classic game).  A hand counts its points; the player who went
out writes nothing and loses their remembered points.  A round total at or
below ``write_above`` is remembered until a total above it opens the account
(then both are written; from then on everything is written at once).  Fish
for one (and every round with ``most_takes_all``): the highest hand takes
the total of all hands plus any carried points; a tie for the highest writes
nothing and carries the total ("eggs"; the remembered points stay).  Fish
for all: everyone writes their own, and with ``eggs`` a tie for the highest
carries the total instead.  Carried points go on top of the highest hand of
the next round.  ``fish_mode="difference"``: the higher hands write the
difference to the lowest.  Bonuses for opening or finishing with 6-6 or 0-0
go to the round's losers; some bones end the match at once.  The first to
reach ``target`` loses (with ``several_goats`` every account that reached it).

**Sea Kozel** (``"sea_kozel"``): the winner of the round writes the others'
points, but an account opens only with ``write_above + 1`` (25) or more, and
when another account scores, everything written is erased; 0-0 (or 6-6 with
25 left to the losers) as the last bone wins the match; a fish is won by the
lowest hand, tied hands are "eggs" (the next round opens with 1-1; with
``egg_attempts`` their total goes to the next winner, and is dropped after
that many replays in eggs again), a fisherman holding the most (25 or more)
writes the fish off and loses the match at the third write-off; opening "on
a hundred" (6-6, account open; or the round after a 6-6 finish that left the
loser under 25, or after a fish won by a fisherman under 25 against 25 or
more) wins the match by going out and loses it with 25 or more left.

**Classic** (``"classic"``), **fives** (``"fives"``/``"muggins"``),
**Telephone**, **General**, **Seven**, **Bergen**, **pips** (everyone writes
the points left: Mexican train, Chicken foot, Kolbasa) and **krysha** (the
traditional four-hand Kozel): see the functions.
"""

from ..errors import DominoTilingError
from .bones import Bone

__all__ = ["Round", "FAMILIES"]


class Round:
    """The end of one round as the scorers see it."""

    def __init__(
        self, sheet, points, hands, out, fish, fisherman, opener, opened_with, finished_with
    ):
        acc = sheet._account
        self.sheet = sheet
        self.player_points = points
        self.points = [sum(points[p] for p in team) for team in sheet._teams]
        self.hands = hands
        self.out = out
        self.out_account = None if out is None else acc[out]
        self.fish = fish
        self.fisherman = fisherman
        self.fisherman_account = None if fisherman is None else acc[fisherman]
        self.opener = opener
        self.opener_account = None if opener is None else acc[opener]
        self.opened_with = opened_with
        self.finished_with = finished_with
        self.replayed = False

    def finished_with_any(self, keys):
        return any((b.low, b.high) in keys for b in self.finished_with)

    def holds(self, player, key):
        return self.hands is not None and Bone(*key) in self.hands[player]


def _player(sheet, account):
    return None if account is None else sheet._teams[account][0]


def _round_to(x, multiple, how):
    if how == "nearest":
        return multiple * ((2 * x + multiple) // (2 * multiple))
    if how == "down":
        return multiple * (x // multiple)
    if how == "up":
        return multiple * (-(-x // multiple))
    return x


# ---------------------------------------------------------------------- Kozel family
def _credit(sheet, i, total, written):
    """Kozel: write ``total`` for account ``i``, or remember it while the account is closed."""
    if sheet._opened[i]:
        written[i] += total
    elif total > sheet.rules.write_above:
        written[i] += total + sheet._remembered[i]
        sheet._remembered[i] = 0
        sheet._opened[i] = True
    else:
        sheet._remembered[i] += total


def kozel(sheet, rnd):
    rules = sheet.rules
    points, out = list(rnd.points), rnd.out_account
    n = len(points)
    written = [0] * n
    top = max(points)
    leaders = [i for i in range(n) if points[i] == top]
    sheet.last_tie = False
    takers = ()
    if rules.most_takes_all or (rnd.fish and rules.fish_mode == "one"):
        total = sum(points) + sheet._carried
        if len(leaders) > 1:
            sheet._carried = total
            sheet.last_tie = True
        else:
            sheet._carried = 0
            takers = (leaders[0],)
            for i in range(n):
                if i == leaders[0]:
                    _credit(sheet, i, total, written)
                else:
                    sheet._remembered[i] = 0
    elif rnd.fish and rules.fish_mode == "difference":
        low = min(points)
        takers = tuple(i for i in range(n) if points[i] > low)
        for i in takers:
            _credit(sheet, i, points[i] - low, written)
    elif rnd.fish and rules.eggs and len(leaders) > 1:
        sheet._carried += sum(points)
        sheet.last_tie = True
    else:
        if sheet._carried and len(leaders) == 1:
            points[leaders[0]] += sheet._carried
            sheet._carried = 0
        for i in range(n):
            if i == out:
                sheet._remembered[i] = 0
            else:
                _credit(sheet, i, points[i], written)
        takers = tuple(i for i in range(n) if i != out)
    # the round's losers get the bonuses for special opening and finishing bones
    bonus = 0
    if rnd.opened_with is not None:
        bonus += sum(
            p
            for key, p in rules.opening_bonus
            if key == (rnd.opened_with.low, rnd.opened_with.high)
        )
    if out is not None:
        bonus += sum(p for key, p in rules.finish_bonus if rnd.finished_with_any((key,)))
    if bonus:
        losers = [i for i in range(n) if i != out] if out is not None else takers
        for i in losers:
            written[i] += bonus
            sheet._opened[i] = True
    for i in range(n):
        sheet._written[i] += written[i]
    # rules that end the match at once
    if out is not None and rnd.finished_with_any(rules.finish_ends_match):
        sheet._losers = tuple(i for i in range(n) if i != out)
        sheet._winners = (out,)
    for key in rules.held_loses:
        holders = [sheet._account[p] for p in sheet.players if rnd.holds(p, key)]
        if holders:
            sheet._losers = tuple(holders)
    if out is not None:
        winner = rnd.out
    else:
        winner = rnd.fisherman
    return written, winner


# ---------------------------------------------------------------------- sea Kozel
def sea_kozel(sheet, rnd):
    rules = sheet.rules
    points, out = rnd.points, rnd.out_account
    n = len(points)
    threshold = rules.write_above + 1
    written = [0] * n
    sheet.last_tie = False
    extra = sheet._extra
    attempts = extra.setdefault("write_offs", {})
    due = extra.pop("hundred", None)  # a 6-6 finisher's next round is on a hundred
    hundred = rnd.opener_account is not None and (
        (rnd.opened_with == Bone(6, 6) and sheet._opened[rnd.opener_account])
        or due == rnd.opener_account
    )
    eggs = sheet._carried  # tied points waiting for the next winner

    def score(i, gain):
        if gain < threshold and not sheet._opened[i]:
            return
        if any(sheet._written[j] > 0 for j in range(n) if j != i):
            for j in range(n):  # someone else scores: everything is written off
                written[j] -= sheet._written[j]
                sheet._written[j] = 0
                sheet._opened[j] = False
            return
        written[i] += gain
        sheet._written[i] += gain
        sheet._opened[i] = True

    if out is not None:
        winner = rnd.out
        others = sum(points[j] for j in range(n) if j != out)
        losing = [
            rnd.player_points[p]
            for p in sheet.players
            if sheet._account[p] != out and p not in sheet._dropped_players()
        ]
        # 6-6 wins with 25 in one loser's hand (or in all the losers' hands together)
        six_six = max(losing, default=0) if rules.six_six_wins == "one_loser" else others
        attempts.clear()
        extra.pop("eggs", None)
        sheet._carried = 0
        if hundred and rnd.opener_account == out:
            sheet._winners = (out,)
        elif rnd.finished_with_any(((0, 0),)):
            sheet._winners = (out,)  # the loser is a bald goat
        elif rnd.finished_with_any(((6, 6),)) and six_six >= threshold:
            sheet._winners = (out,)
        elif hundred and points[rnd.opener_account] >= threshold:
            sheet._losers = (rnd.opener_account,)
        elif rnd.finished_with_any(((6, 6),)):
            extra["hundred"] = out  # less than 25 left: the next round on a hundred
        if not sheet.is_over:
            score(out, others + eggs)
        elif sheet._winners:
            written[out] += others + eggs
            sheet._written[out] += others + eggs
    else:
        low = min(points)
        lowest = [i for i in range(n) if points[i] == low]
        f = rnd.fisherman_account
        if len(lowest) > 1:  # eggs: replayed from 1-1
            sheet.last_tie = True
            rnd.replayed = True
            winner = None
            if rules.reopen_rots:
                # carried to the next winner; rotten when no 1-1, 2-2 or 3-3 opens the next
                # round (the engine drops them then: ScoreSheet.rot_eggs)
                sheet._carried += sum(points)
            elif rules.egg_attempts is not None:
                # carried to the next winner; rotten after egg_attempts replays in eggs again
                extra["eggs"] = extra["eggs"] + 1 if "eggs" in extra else 0
                sheet._carried += sum(points)
                if extra["eggs"] >= rules.egg_attempts:
                    del extra["eggs"]
                    sheet._carried = 0
                    sheet.last_tie = False
        elif (
            f is not None
            and points[f] == max(points)
            and points[f] >= threshold
            and f not in lowest
        ):
            attempts[f] = attempts.get(f, 0) + 1  # the fisherman writes the fish off
            winner = rnd.fisherman
            if attempts[f] >= 3:
                sheet._losers = (f,)
        else:
            attempts.clear()
            extra.pop("eggs", None)
            sheet._carried = 0
            w = lowest[0]
            winner = _player(sheet, w)
            if f is not None and f == w:
                winner = rnd.fisherman
                if (
                    points[w] < threshold
                    and max(points[j] for j in range(n) if j != w) >= threshold
                ):
                    extra["hundred"] = w  # the fisherman's next round is "on a hundred"
            score(w, sum(points) - points[w] + eggs)
    return written, winner


# ---------------------------------------------------------------------- winner takes
def _blocked_winner(sheet, rnd):
    """Classic and fives: the account that wins a blocked round, or None (a tie)."""
    rules = sheet.rules
    points = rnd.points
    n = len(points)
    if rules.blocked_winner == "fisherman" and rnd.fisherman_account is not None:
        return rnd.fisherman_account
    if rules.blocked_winner == "fewest_bones":
        if rnd.hands is None:
            raise DominoTilingError(
                "blocked_winner='fewest_bones' counts the bones left: "
                "give the hands to record_round"
            )
        counts = [sum(len(rnd.hands[p]) for p in sheet._teams[i]) for i in range(n)]
        few = min(counts)
        fewest = [i for i in range(n) if counts[i] == few]
        if len(fewest) == 1:
            return fewest[0]
        low = min(points[i] for i in fewest)  # a tie on bones: the lower hand
        lowest = [i for i in fewest if points[i] == low]
        if len(lowest) == 1:
            return lowest[0]
        sheet.last_tie = True
        return None
    low = min(points)
    lowest = [i for i in range(n) if points[i] == low]
    if len(lowest) == 1:
        return lowest[0]
    if rules.blocked_tie == "fewest_bones" and rnd.hands is not None:
        counts = {i: sum(len(rnd.hands[p]) for p in sheet._teams[i]) for i in lowest}
        few = min(counts.values())
        fewest = [i for i in lowest if counts[i] == few]
        if len(fewest) == 1:
            return fewest[0]
    if rules.blocked_tie == "lowest_bone" and rnd.hands is not None:
        lightest = {
            i: min((b.pips, b.low) for p in sheet._teams[i] for b in rnd.hands[p]) for i in lowest
        }
        return min(lowest, key=lambda i: lightest[i])
    if rules.blocked_tie == "replay":
        rnd.replayed = True
    sheet.last_tie = True
    return None


def _gain(sheet, rnd, winner):
    rules = sheet.rules
    points = rnd.points
    others = sum(points) - points[winner]
    if rnd.out_account is not None:
        if rules.scoring in ("fives", "muggins") and rules.out_bonus is not None:
            return rules.out_bonus
        gain = others
    elif rules.blocked_score == "difference":
        gain = others - points[winner]
    elif rules.blocked_score == "all":
        gain = others + points[winner]  # the fisherman's own hand counted too
    else:
        gain = others
    if rules.scoring in ("fives", "muggins"):
        gain = _round_to(gain, rules.end_multiple, rules.hand_rounding)
        if rules.bonus_per_multiple:
            gain //= rules.end_multiple
    return gain


def winner_takes(sheet, rnd):
    """Classic and fives: the winner writes the others' points (blocked: minus their own)."""
    n = len(rnd.points)
    written = [0] * n
    sheet.last_tie = False
    winner = rnd.out_account if rnd.out_account is not None else _blocked_winner(sheet, rnd)
    if winner is None:
        return written, None
    gain = max(0, _gain(sheet, rnd, winner))
    written[winner] = gain
    sheet._written[winner] += gain
    if rnd.out is not None:
        return written, rnd.out
    if sheet.rules.blocked_winner == "fisherman" and rnd.fisherman is not None:
        return written, rnd.fisherman
    return written, _player(sheet, winner)


def telephone(sheet, rnd):
    """Telephone: whoever is left with bones writes their points off, rounded down to 5."""
    rules = sheet.rules
    n = len(rnd.points)
    written = [0] * n
    sheet.last_tie = False
    for i in range(n):
        if i == rnd.out_account:
            continue
        loss = _round_to(rnd.points[i], rules.end_multiple, "down")
        if rules.per_multiple:
            loss //= rules.end_multiple
        loss = min(loss, sheet._written[i])  # no debts
        written[i] = -loss
        sheet._written[i] -= loss
    if rnd.out is not None:
        return written, rnd.out
    low = min(rnd.points)
    lowest = [i for i in range(n) if rnd.points[i] == low]
    return written, (_player(sheet, lowest[0]) if len(lowest) == 1 else None)


def general(sheet, rnd):
    """General: the player after the finisher loses; finishing in 0-0/6-6 hangs a General on them."""
    n = len(rnd.points)
    written = [0] * n
    sheet.last_tie = False
    if rnd.out is None:  # a fish does not count
        rnd.replayed = True
        return written, None
    away = sheet._dropped_players()
    players = [p for p in sheet.players if p not in away]  # the two pairs at the table
    loser = players[(players.index(rnd.out) + 1) % len(players)]
    keys = [key for key, _ in sheet.rules.finish_bonus]
    if sheet.rules.finish_bonus_all:  # the true General: every one of them at once
        hit = bool(keys) and all(rnd.finished_with_any((key,)) for key in keys)
    else:
        hit = rnd.finished_with_any(keys)
    i = sheet._account[loser]
    if hit:
        written[i] = 1
        sheet._written[i] += 1
    if sheet._waiting:  # more than two pairs: the losers may give their place
        sheet._losses[i] += 1
        seated = sheet._extra.setdefault("rounds_at_table", {})
        for team in {sheet._account[p] for p in players}:
            seated[team] = seated.get(team, 0) + 1
        first_round = seated[i] == 1
        if sheet.rules.team_leaves == "general":
            leaves = hit
        else:  # two lost rounds, or a General at once
            leaves = sheet._losses[i] >= 2 or (hit and first_round)
        if leaves:
            coming = sheet._waiting.pop(0)
            sheet._waiting.append(i)
            for team in (i, coming):
                sheet._losses[team] = 0
                seated[team] = 0
    return written, rnd.out


def seven(sheet, rnd):
    """Seven: the most points in hand (doubles count 10) takes a stick."""
    n = len(rnd.points)
    written = [0] * n
    sheet.last_tie = False
    playing = [i for i in range(n) if i not in sheet._dropped]
    top = max(rnd.points[i] for i in playing)
    for i in playing:
        if rnd.points[i] == top:
            written[i] = 1
            sheet._written[i] += 1
    return written, (rnd.out if rnd.out is not None else rnd.fisherman)


def bergen(sheet, rnd):
    """Bergen: 2 points to the player who went out, or as the blocked-round rule says."""
    n = len(rnd.points)
    written = [0] * n
    sheet.last_tie = False
    if rnd.out_account is not None:
        winner = rnd.out_account
    else:
        if rnd.hands is None:
            raise DominoTilingError(
                "Bergen scores a blocked round from the hands (who holds doubles); use record_round"
            )
        doubles = {
            i: [b for p in sheet._teams[i] for b in rnd.hands[p] if b.is_double] for i in range(n)
        }
        without = [i for i in range(n) if not doubles[i]]
        if len(without) == 1:
            winner = without[0]
        elif not without:
            lowest = {i: min(doubles[i]).low for i in range(n)}
            winner = min(range(n), key=lambda i: lowest[i])
        else:
            low = min(rnd.points[i] for i in without)
            best = [i for i in without if rnd.points[i] == low]
            winner = best[0] if len(best) == 1 else None
    if winner is None:
        sheet.last_tie = True
        return written, None
    written[winner] = 2
    sheet._written[winner] += 2
    return written, _player(sheet, winner) if rnd.out is None else rnd.out


def pips(sheet, rnd):
    """Everyone writes the points left in hand; the lowest total wins the match."""
    n = len(rnd.points)
    written = list(rnd.points)
    sheet.last_tie = False
    for i in range(n):
        sheet._written[i] += written[i]
    if rnd.out is not None:
        return written, rnd.out
    playing = [i for i in range(n) if i not in sheet._dropped]
    low = min(rnd.points[i] for i in playing)
    lowest = [i for i in playing if rnd.points[i] == low]
    return written, (_player(sheet, lowest[0]) if len(lowest) == 1 else None)


def krysha(sheet, rnd):
    """The traditional four-hand Kozel: the winning pair writes the losers' points.

    A pair that has written nothing yet remembers a win under 13 and the
    holder of 1-1 opens the next round; a blocked round ("krysha") is won by
    the lower pair, and equal pairs pass all four hands to the next round's
    winners.  The returned winner is who opens next: the finisher, or the
    player who blocked the game.
    """
    points = rnd.points
    n = len(points)
    written = [0] * n
    sheet.last_tie = False
    sheet._extra["by_rule"] = False
    opener = rnd.out if rnd.out is not None else rnd.fisherman
    if rnd.out_account is not None:
        w = rnd.out_account
    else:
        low = min(points)
        lowest = [i for i in range(n) if points[i] == low]
        if len(lowest) > 1:
            sheet._carried += sum(points)
            sheet.last_tie = True
            return written, opener
        w = lowest[0]
    gain = sum(points) - points[w] + sheet._carried
    sheet._carried = 0
    _credit(sheet, w, gain, written)
    sheet._written[w] += written[w]
    if not sheet._opened[w]:
        sheet._extra["by_rule"] = True
    return written, opener


FAMILIES = {
    "kozel": kozel,
    "sea_kozel": sea_kozel,
    "classic": winner_takes,
    "fives": winner_takes,
    "muggins": winner_takes,
    "telephone": telephone,
    "general": general,
    "seven": seven,
    "bergen": bergen,
    "pips": pips,
    "krysha": krysha,
}
