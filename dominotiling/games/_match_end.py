"""The end of a match, decided from the written scores.

Inside: :func:`settle`, which :class:`~dominotiling.games.ScoreSheet` calls
after every round: a target reached (which wins, or loses: Kozel's goat, all
the goats at once), a number of deals played (the fewest or the most points
win), players leaving at the target (Seven), Telephone's draw at 225 for
both.  Nothing here is public.
"""

__all__ = []


def settle(sheet):
    """Decide the match from the written scores, unless a rule already did."""
    if sheet.is_over:
        return
    rules = sheet.rules
    n = len(sheet._teams)
    target, w = rules.target, sheet._written
    order = sorted(range(n), key=lambda i: (-w[i], i))  # highest first, earlier seat first
    if rules.drop_out:
        _drop_out(sheet, order)
        return
    if target is not None:
        reached = [i for i in order if w[i] >= target]
        if reached:
            if rules.scoring == "krysha":  # the side at 101 wins; the others are goats
                sheet._winners = (reached[0],)
                sheet._losers = tuple(i for i in order if i != reached[0])
            elif rules.target_loses:
                sheet._losers = tuple(reached) if rules.several_goats else (reached[0],)
            elif rules.scoring == "telephone" and len(reached) > 1:
                sheet._draw = True
            else:
                sheet._winners = (reached[0],)
                if rules.scoring == "telephone":
                    # "the player with the fewest points has lost" (more_rules_ru.txt, 137)
                    low = min(w[i] for i in order if i != reached[0])
                    sheet._losers = tuple(i for i in order if i != reached[0] and w[i] == low)
            return
    if rules.deals is not None and sheet._deals >= rules.deals:
        top, bottom = w[order[0]], w[order[-1]]
        if top == bottom:
            sheet._draw = True
        elif rules.target_loses:  # the most points lose, the fewest win
            sheet._losers = tuple(i for i in order if w[i] == top)
            sheet._winners = tuple(i for i in order if w[i] == bottom)
        elif w[order[1]] == top:
            sheet._draw = True
        else:
            sheet._winners = (order[0],)


def _drop_out(sheet, order):
    """Players at the target leave; the match ends when one (the winner) or none is left."""
    for i in order:
        if sheet._written[i] >= sheet.rules.target and i not in sheet._dropped:
            sheet._dropped.append(i)
    left = [i for i in range(len(sheet._teams)) if i not in sheet._dropped]
    if len(left) == 1:
        sheet._winners = (left[0],)
        sheet._losers = tuple(sheet._dropped)
    elif not left:
        sheet._draw = True
