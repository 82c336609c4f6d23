"""What a hand counts, and Kozel's rating points.

Inside: :func:`~dominotiling.games.hand_points` and
:func:`~dominotiling.games.rating_points` (both importable from
:mod:`dominotiling.games.scoring` and :mod:`dominotiling.games`).
"""

from .. import _validate
from .rules import as_rules

__all__ = ["hand_points", "rating_points"]


def hand_points(bones, rules):
    """Return what a hand left at the end of a round counts under ``rules``.

    Parameters
    ----------
    bones : iterable of Bone
    rules : Rules or str

    Returns
    -------
    int
        The value of an exactly matching ``rules.special_hands`` entry (Kozel:
        a lone 0-0 counts 10; sea Kozel: 0-0 alone 25, 6-6 alone 50, both 75),
        else the sum of the bones' values (their pips, or ``rules.bone_values``).

    See Also
    --------
    rating_points, ScoreSheet

    Examples
    --------
    >>> from dominotiling.games import Bone, Rules
    >>> hand_points([Bone(0, 0)], Rules.kozel()), hand_points([Bone(0, 0), Bone(1, 2)], Rules.kozel())
    (10, 3)
    >>> hand_points([Bone(0, 0), Bone(6, 6)], Rules.sea_kozel())   # paragraph 117: 75
    75
    """
    from .bones import as_bones

    rules = as_rules(rules)
    bones = as_bones(bones, "bones")
    key = tuple(sorted((b.low, b.high) for b in bones))
    for hand, points in rules.special_hands:
        if hand == key:
            return points
    if rules.lone_zero_zero is not None and key == ((0, 0),):
        return rules.lone_zero_zero
    return sum(rules.bone_value(b) for b in bones)


def rating_points(score, timeout_score=None):
    """Return the rating points a player gains from a finished Kozel game.

    Parameters
    ----------
    score : int
        The player's written score at the end of the game.
    timeout_score : int or None, optional
        When the game ended because another player's time ran out: that
        player's written score.

    Returns
    -------
    int
        ``(100 - score) / 10``, or ``(timeout_score - score) / 10`` after a
        timeout, rounded by the rules of arithmetic (halves up), and never
        below 1 (classic_rules_2_ru.txt, paragraphs 305 and 313;
        kozel_and_variants_ru.txt, paragraphs 56-75).

    Raises
    ------
    DominoTilingError
        If a score is not a whole number >= 0 (:class:`DominoTypeError` when
        not an integer).

    See Also
    --------
    hand_points, ScoreSheet

    Notes
    -----
    Call it for every player who did not lose.  The goat, and the player
    whose timeout ended the game, gain nothing: do not call it for them.

    Examples
    --------
    The documents' examples: Masha's 25 gives 7.5, rounded to 8; after Alex's
    timeout at 32, Masha's 30 gives 0.2, raised to 1, and Olya's 13 gives 1.9,
    rounded to 2:

    >>> rating_points(25), rating_points(30, timeout_score=32), rating_points(13, timeout_score=32)
    (8, 1, 2)
    """
    score = _validate.nonnegative_int(score, "score")
    if timeout_score is None:
        return max(1, (100 - score + 5) // 10)
    timeout_score = _validate.nonnegative_int(timeout_score, "timeout_score")
    return max(1, (timeout_score - score + 5) // 10)
