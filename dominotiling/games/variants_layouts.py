"""Rule sets played on other tables than one line: Mexican train, Chicken foot, Kolbasa (presets
of :class:`~dominotiling.games.Rules`; every option and rule in full: the guide's games page).

>>> from dominotiling.games import Rules
>>> Rules.mexican_train().layout, Rules.chicken_foot().layout, Rules.kolbasa().layout
('trains', 'chicken_foot', 'sausage')
"""

from .. import _validate
from .rules import Rules, register

_PIPS = dict(scoring="pips", target=None, target_loses=True, draw_limit=1)


@register("mexican_train", "mexican train", "мексиканский поезд")
def mexican_train(max_pip=12, deals=None, first_turn_train=False):
    """Mexican train (classic_rules_1_ru.txt, paragraphs 352-364).

    Play on one's own train, the Mexican train, or a marked one; who cannot play draws one bone,
    else passes and marks their own train; a double is followed at once, and covered first if left
    (paragraph 362); everyone writes the pips left; the engines go down to 0-0 (paragraph 364).  The
    announcement of a last bone (paragraph 362) is not modelled.

    Examples
    --------
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

    9-9 opens, then 8-8, ... (paragraph 348); six chicks on it, three on every later double
    (paragraphs 341 and 348); everyone writes the pips left, 0-0 counting 50 (paragraphs 343 and
    348).  Read here where the text is silent: the hand sizes for three to eight; with the
    yard empty, who cannot play passes."""
    low = 2 if players is None else _validate.integer(players, "players", minimum=2, maximum=8)
    r = dict(_PIPS, name="chicken foot", max_pip=9, min_players=low, layout="chicken_foot")
    r.update(hand_sizes=((2, 20), (3, 14), (4, 11), (5, 9), (6, 8), (7, 7), (8, 6)))
    r.update(max_players=8 if players is None else low, missing_set_double=missing)
    r.update(deals=_validate.positive_int(deals, "deals"))
    return Rules(**r, bone_values=(((0, 0), 50),))


@register("kolbasa", "sausage", "колбаса", "sosis")
def kolbasa(target=101, cuts="anywhere", open_with_double=False, turn_goes_on=True):
    """Kolbasa, the sausage (kozel_and_variants_ru.txt, paragraphs 286-290 and 353-354).

    14 bones face down in a row, taken from the right (paragraphs 287-289); two lines from the head,
    cut across by a fitting bone, the cut going to the opponent (paragraph 354); the other writes
    the points left (paragraph 290).  Read here where the documents are silent: who
    plays a bone takes the next; in a fish both write their own; the openers go in turn."""
    double = _validate.boolean(open_with_double, "open_with_double")
    r = dict(name="kolbasa", min_players=2, max_players=2, hand_sizes=((2, 14),))
    r.update(first_opener="seat")
    r.update(later_opener="rotate", draw_from_bazaar=False, layout="sausage", sausage_cuts=cuts)
    r.update(play_until_stuck=_validate.boolean(turn_goes_on, "turn_goes_on"), scoring="pips")
    return Rules(**r, row_opening="double" if double else "first", target=target, target_loses=True)
