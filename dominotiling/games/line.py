"""The line of bones on the table.

Inside: :class:`Line`, the chain of played bones with its open ends, the
matching rule, fish detection (Kozel) and the end count used by Muggins
(all fives), and :data:`SIDES`, the names of the ends.

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

from .errors import IllegalMoveError
from .bones import Bone

__all__ = ["Line", "SIDES"]

#: The names of the ends of a line; "up" and "down" exist only with a spinner.
SIDES = ("left", "right", "up", "down")


class Line:
    """The bones laid on the table, joined end to end by matching values.

    Parameters
    ----------
    max_pip : int, optional
        The largest value of the set in play (6 for double-six).  It is needed
        to decide a fish: all bones of a value are known only with the set.
    spinner : bool, optional
        If True (Muggins), the first double played is a spinner: once both of
        its long sides have been played on, its two short sides open too, as
        the ends ``"up"`` and ``"down"``.

    Attributes
    ----------
    max_pip : int
    spinner : bool

    Notes
    -----
    The first bone is laid with its smaller value on the left.  A bone is
    played on an end showing one of its values; the end then shows its other
    value.  A double played on an end leaves the end's value unchanged.

    An illegal play raises :class:`~dominotiling.errors.IllegalMoveError`
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
    >>> line.count()   # 0 + 2; the empty spinner arms do not count yet
    2
    """

    def __init__(self, max_pip=6, spinner=False):
        if isinstance(max_pip, bool) or not isinstance(max_pip, int) or max_pip < 0:
            raise ValueError(f"max_pip must be a whole number >= 0, got {max_pip!r}")
        self.max_pip = max_pip
        self.spinner = bool(spinner)
        self._first = None           # oriented (left value, right value)
        self._arms = {side: [] for side in SIDES}  # per side: (inner, outer) going outward
        self._open = {}              # side -> value shown
        self._on_table = set()
        self._spinner_at = None      # None, "first", or (side, index in that arm)

    # ------------------------------------------------------------------ queries
    def __len__(self):
        return len(self._on_table)

    def __contains__(self, bone):
        return bone in self._on_table

    def __iter__(self):
        """Iterate over the bones of the main chain, left to right, then the spinner arms."""
        for a, b in self.chain():
            yield Bone(a, b)
        for side in ("up", "down"):
            for a, b in self._arms[side]:
                yield Bone(a, b)

    @property
    def ends(self):
        """The values shown by the open ends, as a tuple in the order of :data:`SIDES`.

        Empty for an empty line; ``(left, right)`` without an open spinner.
        """
        return tuple(self._open.values())

    def open_ends(self):
        """Return a dict mapping each open side to the value it shows."""
        return dict(self._open)

    @property
    def bones_on_table(self):
        """The set of bones on the table (a copy)."""
        return set(self._on_table)

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

    def spinner_index(self):
        """Return the spinner's index in :meth:`chain`, or None when there is no spinner yet."""
        where = self._spinner_at
        if where is None:
            return None
        n_left = len(self._arms["left"])
        if where == "first":
            return n_left
        side, k = where
        return n_left - 1 - k if side == "left" else n_left + 1 + k

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
        return [side for side, value in self._open.items() if value == low or value == high]

    def can_play(self, bone):
        """Return True when ``bone`` may be played on some end of the line."""
        return bool(self.playable_sides(bone))

    def moves(self, hand):
        """Return the legal ``(bone, side)`` plays for the bones of ``hand``.

        On an empty line every bone may be laid; its side is given as ``"right"``.
        """
        if self._first is None:
            return [(bone, "right") for bone in hand if bone.high <= self.max_pip]
        result = []
        items = list(self._open.items())
        for bone in hand:
            low, high = bone.low, bone.high
            for side, value in items:
                if value == low or value == high:
                    result.append((bone, side))
        on_table, max_pip = self._on_table, self.max_pip
        return [(b, s) for b, s in result if b not in on_table and b.high <= max_pip]

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
        bazaar: playing it would change nothing.

        Examples
        --------
        >>> line = Line()
        >>> for bone, side in [((0, 1), None), ((1, 2), "right"), ((0, 2), "left"),
        ...                    ((2, 3), "right"), ((3, 4), "right"), ((4, 2), "right")]:
        ...     line.play(Bone(*bone), side)
        >>> line.ends, line.is_fish()   # 2-5 and 2-6 are still out
        ((2, 2), False)
        >>> for bone in [(2, 5), (5, 6), (6, 2)]:
        ...     line.play(Bone(*bone), "right")
        >>> line.ends, line.is_fish()
        ((2, 2), True)
        """
        values = set(self._open.values())
        if len(values) != 1:
            return False
        v = values.pop()
        return all(Bone(v, w) in self._on_table for w in range(self.max_pip + 1) if w != v)

    def count(self):
        """Return the sum of the open ends, as scored in Muggins (all fives).

        Notes
        -----
        A double lying across an end counts both halves; a lone bone counts
        all its pips; spinner arms count only once a bone lies on them.
        """
        if self._first is None:
            return 0
        if len(self._on_table) == 1:
            return self._first[0] + self._first[1]
        total = 0
        for side, value in self._open.items():
            arm = self._arms[side]
            if arm:
                a, b = arm[-1]
            elif side in ("left", "right"):
                a, b = self._first
            else:
                continue
            total += 2 * value if a == b else value
        return total

    def copy(self):
        """Return an independent copy of the line."""
        new = Line(self.max_pip, self.spinner)
        new._first = self._first
        new._arms = {side: list(arm) for side, arm in self._arms.items()}
        new._open = dict(self._open)
        new._on_table = set(self._on_table)
        new._spinner_at = self._spinner_at
        return new

    def __eq__(self, other):
        if not isinstance(other, Line):
            return NotImplemented
        return (self.max_pip, self.spinner, self._first, self._arms, self._open) == (
            other.max_pip, other.spinner, other._first, other._arms, other._open)

    __hash__ = None

    def __str__(self):
        text = " ".join(f"{a}-{b}" for a, b in self.chain())
        for side in ("up", "down"):
            if self._arms[side]:
                text += f" | {side}: " + " ".join(f"{a}-{b}" for a, b in self._arms[side])
        return text

    def __repr__(self):
        return f"<Line of {len(self)} bones: {self}>"

    # ------------------------------------------------------------------ playing
    def play(self, bone, side=None):
        """Lay ``bone`` on an end of the line.

        Parameters
        ----------
        bone : Bone
            The bone to lay.
        side : {"left", "right", "up", "down"} or None, optional
            The end to play on.  None picks the right end if the bone fits
            there, else the first end it fits.  Ignored for the first bone.

        Raises
        ------
        IllegalMoveError
            If the bone is already on the table, has a value above
            ``max_pip``, the side is not open, or the bone does not match it.
            The line is left unchanged.
        TypeError
            If ``bone`` is not a :class:`Bone`.

        Examples
        --------
        >>> line = Line()
        >>> line.play(Bone(1, 4))
        >>> line.play(Bone(2, 3), "left")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        dominotiling.errors.IllegalMoveError: bone 2-3 does not match the left end, ...
        >>> str(line)
        '1-4'
        """
        if not isinstance(bone, Bone):
            raise TypeError(f"play() needs a Bone, got {bone!r}; write for example Bone(2, 5)")
        if side is not None and side not in SIDES:
            raise IllegalMoveError(f"side must be one of {SIDES}, got {side!r}")
        if bone.high > self.max_pip:
            raise IllegalMoveError(
                f"bone {bone} is not in a double-{self.max_pip} set; "
                f"create the line with Line(max_pip={bone.high}) to use bigger bones")
        if bone in self._on_table:
            raise IllegalMoveError(f"bone {bone} is already on the table; each bone is played once")
        if self._first is None:
            self._first = (bone.low, bone.high)
            self._open = {"left": bone.low, "right": bone.high}
            self._on_table.add(bone)
            if self.spinner and bone.is_double:
                self._spinner_at = "first"
            return
        if side is None:
            sides = self.playable_sides(bone)
            if not sides:
                raise IllegalMoveError(
                    f"bone {bone} matches no open end (ends show {self._describe_ends()}); "
                    "play a bone with one of these values, or draw/pass")
            side = "right" if "right" in sides else sides[0]
        if side not in self._open:
            raise IllegalMoveError(
                f"the {side} end is not open (open ends: {self._describe_ends()}); "
                "the up and down ends open only on a spinner played on both long sides")
        value = self._open[side]
        if value != bone.low and value != bone.high:
            raise IllegalMoveError(
                f"bone {bone} does not match the {side} end, which shows {value}; "
                f"open ends: {self._describe_ends()}")
        arm = self._arms[side]
        arm.append((value, bone.other(value)))
        self._open[side] = arm[-1][1]
        self._on_table.add(bone)
        if not self.spinner:
            return
        if self._spinner_at is None and bone.is_double and side in ("left", "right"):
            self._spinner_at = (side, len(arm) - 1)
        elif self._spinner_at is not None and "up" not in self._open:
            self._maybe_open_spinner()

    def _maybe_open_spinner(self):
        where = self._spinner_at
        if where == "first":
            ready = bool(self._arms["left"]) and bool(self._arms["right"])
            value = self._first[0]
        else:
            side, k = where
            ready = len(self._arms[side]) > k + 1
            value = self._arms[side][k][0]
        if ready:
            self._open["up"] = value
            self._open["down"] = value

    def _describe_ends(self):
        return ", ".join(f"{side} {value}" for side, value in self._open.items()) or "none"

    @staticmethod
    def _check_side_name(side):
        if side not in SIDES:
            raise ValueError(f"side must be one of {SIDES}, got {side!r}")
