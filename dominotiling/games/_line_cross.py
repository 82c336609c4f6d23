"""The cross of a line and what its ends show: the count of the fives games and the fish.

Inside: :class:`CrossAndCount`, the part of :class:`~dominotiling.games.Line`
that knows the cross (spinner, Telephone's "house": where it is, when its
short sides open, which arms come first) and reads the ends
(:meth:`~dominotiling.games.Line.count`, :meth:`~dominotiling.games.Line.is_fish`).
Nothing here is public: use :class:`~dominotiling.games.Line`.
"""

from .bones import Bone

__all__ = []

#: The names of the ends of a line; "up" and "down" exist only with a cross (spinner).
SIDES = ("left", "right", "up", "down")


class CrossAndCount:
    """Mixin of :class:`~dominotiling.games.Line`: the cross, the count, the fish."""

    def spinner_index(self):
        """Return the cross's index in :meth:`chain`, or None when there is no cross yet."""
        where = self._spinner_at
        if where is None:
            return None
        n_left = len(self._arms["left"])
        if where == "first":
            return n_left
        side, k = where
        return n_left - 1 - k if side == "left" else n_left + 1 + k

    def spinner_value(self):
        """The value of the cross's double, or None without a cross."""
        where = self._spinner_at
        if where is None:
            return None
        return self._first[0] if where == "first" else self._arms[where[0]][where[1]][0]

    def spinner_covered(self):
        """True when the cross is covered on both long sides."""
        where = self._spinner_at
        if where is None:
            return False
        if where == "first":
            return bool(self._arms["left"]) and bool(self._arms["right"])
        side, k = where
        return len(self._arms[side]) > k + 1

    def _allowed_ends(self):
        items = list(self._open.items())
        if self.arms_first and self._spinner_at is not None:
            empty = [(s, v) for s, v in items if self._arm_is_empty_at_cross(s)]
            if empty:
                return empty
        return items

    def _arm_is_empty_at_cross(self, side):
        """True when the open end ``side`` is an unplayed side of the cross."""
        where = self._spinner_at
        if side in ("up", "down"):
            return not self._arms[side]
        if where == "first":
            return not self._arms[side]
        arm_side, k = where
        return side == arm_side and len(self._arms[side]) == k + 1

    def is_fish(self):
        """Tell whether the line is a fish (Kozel).

        Returns
        -------
        bool
            True when every open end shows the same value ``v`` and every
            non-double bone containing ``v`` is on the table.

        Notes
        -----
        It is a fish even when the double ``v-v`` is still in a hand or in the
        bazaar: playing it would change nothing.  A line whose every end is
        closed is not a fish (it is blocked).

        Examples
        --------
        The example of kozel_and_variants_ru.txt, paragraph 24: 1-2, 2-6, 0-2
        and 2-3 lie on the table, the chain ends with 2-4 on one side and 5-2
        on the other; 2-2 is not needed:

        >>> from dominotiling.games import Bone, Line
        >>> line = Line()
        >>> for bone, side in [((1, 2), None), ((2, 6), "right"), ((6, 0), "right"),
        ...                    ((0, 2), "right"), ((2, 3), "right"), ((3, 5), "right"),
        ...                    ((5, 2), "right"), ((1, 4), "left")]:
        ...     line.play(Bone(*bone), side)
        >>> line.ends, line.is_fish()
        ((4, 2), False)
        >>> line.play(Bone(4, 2), "left")
        >>> line.ends, line.is_fish()
        ((2, 2), True)
        """
        values = set(self._open.values())
        if len(values) != 1:
            return False
        v = values.pop()
        return all(Bone(v, w) in self._on_table for w in range(self.max_pip + 1) if w != v)

    def count(self):
        """Return the sum of the open ends, as scored in the fives games.

        Notes
        -----
        A lone bone counts all its pips; a double lying across an end counts
        both halves (a cross with both long sides free counts once); a
        face-down double counts nothing; a double laid lengthwise counts one
        half.  The cross's short sides count once
        a bone lies on them -- or, with ``cross_count="all"``, each counts the
        double's value as soon as both long sides are covered.

        Examples
        --------
        Pyaterochka, classic_rules_2_ru.txt, paragraphs 179-185 (steps a-d):

        >>> from dominotiling.games import Bone, Line
        >>> line = Line(spinner=True, spinner_opens="at_once", cross_count="all")
        >>> line.play(Bone(5, 5)); line.count()                    # a
        10
        >>> line.play(Bone(5, 0), "right"); line.count()           # b: 5 + 5 + 0
        10
        >>> line.play(Bone(3, 5), "left"); line.count()            # c: 5 + 5 + 3 + 0
        13
        >>> line.play(Bone(0, 2), "right"); line.count()           # 5 + 5 + 3 + 2
        15
        >>> for bone, side in [((5, 4), "up"), ((2, 2), "right"), ((2, 5), "right"),
        ...                    ((3, 3), "left")]:
        ...     line.play(Bone(*bone), side)
        >>> line.count()                                           # d: 5 + 4 + 3 + 3 + 5
        20
        """
        if self._first is None:
            return 0
        if len(self._on_table) == 1:
            return self._first[0] + self._first[1]
        total = 0
        where = self._spinner_at
        both_free = where == "first" and not self._arms["left"] and not self._arms["right"]
        for side in SIDES:
            if side not in self._open and side not in self._closed:
                continue
            arm = self._arms[side]
            if arm:
                if (side, len(arm) - 1) in self._face_down:
                    continue
                a, b = arm[-1]
                across = a == b and (side, len(arm) - 1) not in self._lengthwise
                total += 2 * b if across else b
            elif side in ("left", "right"):
                a, b = self._first
                if a == b:
                    if both_free and side == "right":
                        continue  # a lone free cross counts once
                    total += 2 * a
                else:
                    total += a if side == "left" else b
            elif self.cross_count == "all" and self.spinner_covered():
                total += self.spinner_value()
        return total

    def _end_position(self, side):
        """The position of the bone now at the end of ``side``: "first" or (side, index)."""
        if side in ("left", "right") and not self._arms[side]:
            return "first"
        return (side, len(self._arms[side]) - 1)

    def _maybe_house(self, covered):
        """First-covered house: the double just covered on both long sides becomes the cross."""
        if covered == "first":
            a, b = self._first
            if a != b or not (self._arms["left"] and self._arms["right"]):
                return
            value = a
        else:
            side, k = covered
            if side not in ("left", "right") or covered in self._face_down:
                return
            inner, outer = self._arms[side][k]
            if inner != outer:
                return
            value = inner
        self._spinner_at = covered
        self._open["up"] = self._open["down"] = value
