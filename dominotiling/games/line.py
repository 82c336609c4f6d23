"""The line of bones on the table.

Inside: :class:`Line`, the chain of played bones with its open ends, the
matching rule, the cross (spinner, "house"), doubles laid face down (closed),
fish detection (Kozel) and the count of the ends used by the fives games, and
:data:`SIDES`, the names of the ends.

Examples
--------
>>> from dominotiling.games import Bone, Line
>>> line = Line()
>>> line.play(Bone(3, 5))
>>> line.play(Bone(5, 1), side="right")
>>> line.play(Bone(6, 3), side="left")
>>> line.ends, len(line)
((6, 1), 3)
>>> str(line)
'6-3 3-5 5-1'
>>> line.can_play(Bone(2, 4))
False
"""

from .. import _validate
from ..errors import DominoTilingError, DominoTypeError
from .bones import Bone
from .errors import IllegalMoveError

__all__ = ["Line", "SIDES"]

#: The names of the ends of a line; "up" and "down" exist only with a cross (spinner).
SIDES = ("left", "right", "up", "down")

_HOUSES = ("first_double", "first_covered")
_OPENS = ("both_sides", "at_once")
_CROSS = ("played", "all")


class Line:
    """The bones laid on the table, joined end to end by matching values.

    Parameters
    ----------
    max_pip : int, optional
        The largest value of the set in play (6 for double-six); needed to
        decide a fish.
    spinner : bool, optional
        One double becomes a cross, open on four sides (the short sides are
        the ends ``"up"`` and ``"down"``).
    house : {"first_double", "first_covered"}, optional
        Which double is the cross: the first double laid face up, or the first
        double covered on both long sides (Telephone's "house").
    spinner_opens : {"both_sides", "at_once"}, optional
        The short sides open once both long sides are covered, or as soon as
        the cross is laid (Muggins, Pyaterochka, Osel).
    cross_count : {"played", "all"}, optional
        :meth:`count`: the short sides count once a bone lies on them, or --
        once both long sides are covered -- each counts the double's value
        (Pyaterochka's main rule).
    arms_first : bool, optional
        While an arm of the cross is empty, bones may be laid only on empty
        arms (Sevastopol: the first plays each start a side).

    Notes
    -----
    The first bone is laid with its smaller value on the left.  A bone is
    played on an end showing one of its values; the end then shows its other
    value.  A double played on an end leaves the end's value unchanged; laid
    face down (``closed=True``), it closes that end for good.  The opening
    bone and the cross are never closed.

    An illegal play raises :class:`~dominotiling.games.IllegalMoveError`
    before anything is changed, so the line is exactly as it was.

    Examples
    --------
    >>> line = Line(spinner=True)
    >>> line.play(Bone(5, 5))
    >>> line.count()
    10
    >>> line.play(Bone(5, 0), side="left")
    >>> line.open_ends()
    {'left': 0, 'right': 5}
    >>> line.play(Bone(5, 2), side="right")
    >>> line.open_ends()
    {'left': 0, 'right': 2, 'up': 5, 'down': 5}
    >>> line.count()   # 0 + 2; the empty arms of the cross do not count yet
    2
    """

    def __init__(self, max_pip=6, spinner=False, *, house="first_double",
                 spinner_opens="both_sides", cross_count="played", arms_first=False):
        self.max_pip = _validate.nonnegative_int(max_pip, "max_pip")
        self.spinner = bool(spinner)
        self.house = _validate.choice(house, "house", _HOUSES)
        self.spinner_opens = _validate.choice(spinner_opens, "spinner_opens", _OPENS)
        self.cross_count = _validate.choice(cross_count, "cross_count", _CROSS)
        self.arms_first = _validate.boolean(arms_first, "arms_first")
        self._first = None           # oriented (left value, right value)
        self._arms = {side: [] for side in SIDES}  # per side: (inner, outer) going outward
        self._open = {}              # side -> value shown
        self._closed = {}            # side -> value under a face-down double
        self._face_down = set()      # (side, index) of closed doubles
        self._on_table = set()
        self._spinner_at = None      # None, "first", or (side, index in that arm)

    @classmethod
    def for_rules(cls, rules):
        """An empty line laid out as ``rules`` say (set, cross, counting)."""
        return cls(rules.max_pip, rules.spinner, house=rules.house,
                   spinner_opens=rules.spinner_opens, cross_count=rules.cross_count,
                   arms_first=rules.spinner_arms_first)

    # ------------------------------------------------------------------ queries
    def __len__(self):
        return len(self._on_table)

    def __contains__(self, bone):
        return bone in self._on_table

    def __iter__(self):
        """Iterate over the bones of the main chain, left to right, then the cross's arms."""
        for a, b in self.chain():
            yield Bone(a, b)
        for side in ("up", "down"):
            for a, b in self._arms[side]:
                yield Bone(a, b)

    @property
    def ends(self):
        """The values shown by the open ends, in the order of :data:`SIDES`.

        Empty for an empty line; ``(left, right)`` without an open cross.
        """
        return tuple(self._open.values())

    def open_ends(self):
        """Return a dict mapping each open side to the value it shows."""
        return dict(self._open)

    def closed_ends(self):
        """Return a dict mapping each side closed by a face-down double to its value."""
        return dict(self._closed)

    @property
    def bones_on_table(self):
        """The set of bones on the table (a copy)."""
        return set(self._on_table)

    @property
    def first(self):
        """The opening bone, or None for an empty line."""
        return None if self._first is None else Bone(*self._first)

    def chain(self):
        """Return the main chain, left to right, as oriented ``(a, b)`` pairs.

        Each pair is a bone as it lies: its right value ``b`` touches the left
        value of the next pair.

        Examples
        --------
        >>> line = Line()
        >>> line.play(Bone(2, 4)); line.play(Bone(4, 4), "right"); line.play(Bone(1, 2), "left")
        >>> line.chain()
        [(1, 2), (2, 4), (4, 4)]
        """
        if self._first is None:
            return []
        left = [(outer, inner) for inner, outer in reversed(self._arms["left"])]
        return left + [self._first] + list(self._arms["right"])

    def arm(self, side):
        """Return the bones played outward from the centre on ``side``, as oriented pairs."""
        self._check_side_name(side)
        return list(self._arms[side])

    def face_down(self):
        """Return the face-down (closed) doubles as ``(side, index in that arm)`` pairs."""
        return sorted(self._face_down)

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

    def playable_sides(self, bone):
        """Return the list of sides on which ``bone`` may be played now.

        Every side is listed for an empty line (the side is then ignored).
        A bone already on the table, or with a value above ``max_pip``, has none.
        """
        if not isinstance(bone, Bone) or bone in self._on_table or bone.high > self.max_pip:
            return []
        if self._first is None:
            return ["left", "right"]
        low, high = bone.low, bone.high
        return [side for side, value in self._allowed_ends() if value == low or value == high]

    def can_play(self, bone):
        """Return True when ``bone`` may be played on some end of the line."""
        return bool(self.playable_sides(bone))

    def moves(self, hand):
        """Return the legal ``(bone, side)`` plays for the bones of ``hand``.

        On an empty line every bone may be laid; its side is given as ``"right"``.
        """
        on_table, max_pip = self._on_table, self.max_pip
        if self._first is None:
            return [(bone, "right") for bone in hand if bone.high <= max_pip]
        result = []
        items = self._allowed_ends()
        for bone in hand:
            if bone in on_table or bone.high > max_pip:
                continue
            low, high = bone.low, bone.high
            for side, value in items:
                if value == low or value == high:
                    result.append((bone, side))
        return result

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
        face-down double counts nothing.  The cross's short sides count once
        a bone lies on them -- or, with ``cross_count="all"``, each counts the
        double's value as soon as both long sides are covered.

        Examples
        --------
        Pyaterochka, classic_rules_2_ru.txt, paragraphs 179-185 (steps a-d):

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
                total += 2 * b if a == b else b
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

    def copy(self):
        """Return an independent copy of the line."""
        new = Line.__new__(Line)
        new.__dict__.update(self.__dict__)
        new._arms = {side: list(arm) for side, arm in self._arms.items()}
        new._open = dict(self._open)
        new._closed = dict(self._closed)
        new._face_down = set(self._face_down)
        new._on_table = set(self._on_table)
        return new

    def _state(self):
        return (self.max_pip, self.spinner, self.house, self.spinner_opens, self.cross_count,
                self.arms_first, self._first, self._arms, self._open, self._closed,
                self._face_down, self._spinner_at)

    def __eq__(self, other):
        if not isinstance(other, Line):
            return NotImplemented
        return self._state() == other._state()

    __hash__ = None

    def __str__(self):
        chain = self.chain()
        n_left = len(self._arms["left"])
        down = {n_left - 1 - k for side, k in self._face_down if side == "left"}
        down |= {n_left + 1 + k for side, k in self._face_down if side == "right"}
        text = " ".join(("[x]" if i in down else f"{a}-{b}") for i, (a, b) in enumerate(chain))
        for side in ("up", "down"):
            if self._arms[side]:
                text += f" | {side}: " + " ".join(
                    "[x]" if (side, k) in self._face_down else f"{a}-{b}"
                    for k, (a, b) in enumerate(self._arms[side]))
        return text

    def __repr__(self):
        return f"<Line of {len(self)} bones: {self}>"

    def _repr_html_(self):
        from .display import line_html

        return line_html(self)

    # ------------------------------------------------------------------ playing
    def play(self, bone, side=None, closed=False):
        """Lay ``bone`` on an end of the line.

        Parameters
        ----------
        bone : Bone
            The bone to lay.
        side : {"left", "right", "up", "down"} or None, optional
            The end to play on.  None picks the right end if the bone fits
            there, else the first end it fits.  Ignored for the first bone.
        closed : bool, optional
            Lay a double face down, closing its end (where the rules allow it).

        Raises
        ------
        IllegalMoveError
            If the bone is already on the table, has a value above
            ``max_pip``, the side is not open (or must wait for the cross's
            empty arms), the bone does not match it, or a bone that may not
            be closed is laid face down.  The line is left unchanged.
        DominoTypeError
            If ``bone`` is not a :class:`Bone` (also a ``TypeError``).

        Examples
        --------
        >>> line = Line()
        >>> line.play(Bone(1, 4))
        >>> line.play(Bone(2, 3), "left")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        dominotiling.games.errors.IllegalMoveError: bone 2-3 does not match the left end, ...
        >>> str(line)
        '1-4'
        """
        if not isinstance(bone, Bone):
            raise DominoTypeError(f"play() needs a Bone, got {bone!r}; write for example Bone(2, 5)")
        if side is not None and side not in SIDES:
            raise IllegalMoveError(f"side must be one of {SIDES}, got {side!r}")
        if not isinstance(closed, bool):
            raise DominoTypeError(f"closed must be True or False, got {closed!r}")
        if bone.high > self.max_pip:
            raise IllegalMoveError(
                f"bone {bone} is not in a double-{self.max_pip} set; "
                f"create the line with Line(max_pip={bone.high}) to use bigger bones")
        if bone in self._on_table:
            raise IllegalMoveError(f"bone {bone} is already on the table; each bone is played once")
        if closed and not bone.is_double:
            raise IllegalMoveError(f"only a double can be laid face down, not {bone}")
        if self._first is None:
            if closed:
                raise IllegalMoveError("the opening bone is never laid face down")
            self._first = (bone.low, bone.high)
            self._open = {"left": bone.low, "right": bone.high}
            self._on_table.add(bone)
            if self.spinner and bone.is_double and self.house == "first_double":
                self._spinner_at = "first"
                if self.spinner_opens == "at_once":
                    self._open["up"] = self._open["down"] = bone.low
            return
        if side is None:
            sides = self.playable_sides(bone)
            if not sides:
                raise IllegalMoveError(
                    f"bone {bone} matches no open end (ends show {self._describe_ends()}); "
                    "play a bone with one of these values, or draw/pass")
            side = "right" if "right" in sides else sides[0]
        if side not in self._open:
            why = ("it is closed by a face-down double" if side in self._closed else
                   "the up and down ends open only on a cross")
            raise IllegalMoveError(f"the {side} end is not open ({why}; open ends: "
                                   f"{self._describe_ends()})")
        value = self._open[side]
        if value != bone.low and value != bone.high:
            raise IllegalMoveError(
                f"bone {bone} does not match the {side} end, which shows {value}; "
                f"open ends: {self._describe_ends()}")
        if side not in dict(self._allowed_ends()):
            raise IllegalMoveError(f"the cross's empty arms must be started first; play on "
                                   f"{', '.join(s for s, _ in self._allowed_ends())}")
        becomes_spinner = (self.spinner and closed is False and bone.is_double
                           and self._spinner_at is None and self.house == "first_double"
                           and side in ("left", "right"))
        # the bone laid now covers the outer side of the previous end bone of this side
        covered = self._end_position(side)
        arm = self._arms[side]
        arm.append((value, bone.other(value)))
        self._on_table.add(bone)
        if closed:
            self._face_down.add((side, len(arm) - 1))
            self._closed[side] = self._open.pop(side)
        else:
            self._open[side] = arm[-1][1]
        if not self.spinner:
            return
        if becomes_spinner:
            self._spinner_at = (side, len(arm) - 1)
            if self.spinner_opens == "at_once":
                self._open["up"] = self._open["down"] = bone.low
        elif self._spinner_at is None and self.house == "first_covered":
            self._maybe_house(covered)
        elif self._spinner_at is not None and "up" not in self._open \
                and "up" not in self._closed and not self._arms["up"]:
            if self.spinner_covered():
                v = self.spinner_value()
                self._open["up"] = self._open["down"] = v

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

    def _describe_ends(self):
        return ", ".join(f"{side} {value}" for side, value in self._open.items()) or "none"

    @staticmethod
    def _check_side_name(side):
        if side not in SIDES:
            raise DominoTilingError(f"side must be one of {SIDES}, got {side!r}")
