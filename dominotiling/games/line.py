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
from ._line_cross import SIDES, CrossAndCount
from .bones import Bone, as_bone, as_bones
from .errors import IllegalMoveError

__all__ = ["Line", "SIDES"]

# SIDES, the names of the ends of a line ("up" and "down" exist only with a cross), is
# defined in ._line_cross and importable from here

_HOUSES = ("first_double", "first_covered")
_OPENS = ("both_sides", "at_once")
_CROSS = ("played", "all")


class Line(CrossAndCount):
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

    See Also
    --------
    Bone, Trains, ChickenFoot

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

    def __init__(
        self,
        max_pip=6,
        spinner=False,
        *,
        house="first_double",
        spinner_opens="both_sides",
        cross_count="played",
        arms_first=False,
    ):
        self.max_pip = _validate.nonnegative_int(max_pip, "max_pip")
        self.spinner = _validate.boolean(spinner, "spinner")
        self.house = _validate.choice(house, "house", _HOUSES)
        self.spinner_opens = _validate.choice(spinner_opens, "spinner_opens", _OPENS)
        self.cross_count = _validate.choice(cross_count, "cross_count", _CROSS)
        self.arms_first = _validate.boolean(arms_first, "arms_first")
        self._first = None  # oriented (left value, right value)
        self._arms = {side: [] for side in SIDES}  # per side: (inner, outer) going outward
        self._open = {}  # side -> value shown
        self._closed = {}  # side -> value under a face-down double
        self._face_down = set()  # (side, index) of closed doubles
        self._lengthwise = set()  # (side, index) of doubles laid along the line
        self._on_table = set()
        self._spinner_at = None  # None, "first", or (side, index in that arm)

    @classmethod
    def for_rules(cls, rules):
        """An empty line laid out as ``rules`` (a :class:`Rules`) say: set, cross, counting."""
        # duck-typed: the rules module builds on this one
        if not all(
            hasattr(rules, a)
            for a in (
                "max_pip",
                "spinner",
                "house",
                "spinner_opens",
                "cross_count",
                "spinner_arms_first",
            )
        ) or isinstance(rules, type):
            raise DominoTypeError(
                f"rules must be a Rules object, got {type(rules).__name__}; "
                "try Rules.kozel() or Rules.by_name('kozel')"
            )
        return cls(
            rules.max_pip,
            rules.spinner,
            house=rules.house,
            spinner_opens=rules.spinner_opens,
            cross_count=rules.cross_count,
            arms_first=rules.spinner_arms_first,
        )

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

    def lengthwise(self):
        """Return the doubles laid along the line as ``(side, index in that arm)`` pairs."""
        return sorted(self._lengthwise)

    def playable_sides(self, bone):
        """Return the list of sides on which ``bone`` may be played now.

        Every side is listed for an empty line (the side is then ignored).
        A bone already on the table, or with a value above ``max_pip``, has none.
        """
        if type(bone) is not Bone:
            as_bone(bone, "bone")
        if bone in self._on_table or bone.high > self.max_pip:
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
        hand = as_bones(hand, "hand")
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

    def copy(self):
        """Return an independent copy of the line."""
        new = Line.__new__(Line)
        new.__dict__.update(self.__dict__)
        new._arms = {side: list(arm) for side, arm in self._arms.items()}
        new._open = dict(self._open)
        new._closed = dict(self._closed)
        new._face_down = set(self._face_down)
        new._lengthwise = set(self._lengthwise)
        new._on_table = set(self._on_table)
        return new

    def _state(self):
        return (
            self.max_pip,
            self.spinner,
            self.house,
            self.spinner_opens,
            self.cross_count,
            self.arms_first,
            self._first,
            self._arms,
            self._open,
            self._closed,
            self._face_down,
            self._lengthwise,
            self._spinner_at,
        )

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
        along = {n_left - 1 - k for side, k in self._lengthwise if side == "left"}
        along |= {n_left + 1 + k for side, k in self._lengthwise if side == "right"}
        text = " ".join(
            ("[x]" if i in down else f"{a}={b}" if i in along else f"{a}-{b}")
            for i, (a, b) in enumerate(chain)
        )
        for side in ("up", "down"):
            if self._arms[side]:
                text += f" | {side}: " + " ".join(
                    "[x]"
                    if (side, k) in self._face_down
                    else f"{a}={b}"
                    if (side, k) in self._lengthwise
                    else f"{a}-{b}"
                    for k, (a, b) in enumerate(self._arms[side])
                )
        return text

    def __repr__(self):
        return f"<Line of {len(self)} bones: {self}>"

    def _repr_html_(self):
        from .display import line_html

        return line_html(self)

    # ------------------------------------------------------------------ playing
    def play(self, bone, side=None, closed=False, lengthwise=False):
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
        lengthwise : bool, optional
            Lay a double along the line rather than across it, so that it
            counts one half at an end (Muggins; written ``3=3``).  Only a
            double other than the first bone and the cross.

        Raises
        ------
        IllegalMoveError
            If the bone is already on the table, has a value above
            ``max_pip``, the side is not open (or must wait for the cross's
            empty arms), the bone does not match it, or a bone that may not
            be closed is laid face down (or lengthwise).  The line is left
            unchanged.
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
            raise DominoTypeError(
                f"bone must be a Bone (play() lays one), got {bone!r}; write for example Bone(2, 5)"
            )
        if side is not None and (not isinstance(side, str) or side not in SIDES):
            if not isinstance(side, str):
                raise DominoTypeError(
                    f"side must be None or one of {SIDES}, got {type(side).__name__}"
                )
            raise IllegalMoveError(f"side must be one of {SIDES}, got {side!r}")
        if not isinstance(closed, bool):
            raise DominoTypeError(f"closed must be True or False, got {closed!r}")
        if bone.high > self.max_pip:
            raise IllegalMoveError(
                f"bone {bone} is not in a double-{self.max_pip} set; "
                f"create the line with Line(max_pip={bone.high}) to use bigger bones"
            )
        if bone in self._on_table:
            raise IllegalMoveError(f"bone {bone} is already on the table; each bone is played once")
        if closed and not bone.is_double:
            raise IllegalMoveError(f"only a double can be laid face down, not {bone}")
        if not isinstance(lengthwise, bool):
            raise DominoTypeError(f"lengthwise must be True or False, got {lengthwise!r}")
        if lengthwise and (
            not bone.is_double
            or closed
            or self._first is None
            or (self.spinner and self._spinner_at is None)
        ):
            raise IllegalMoveError(
                f"{bone} cannot be laid lengthwise: only a double that is "
                "neither the first bone nor the cross, face up"
            )
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
                    "play a bone with one of these values, or draw/pass"
                )
            side = "right" if "right" in sides else sides[0]
        if side not in self._open:
            why = (
                "it is closed by a face-down double"
                if side in self._closed
                else "the up and down ends open only on a cross"
            )
            raise IllegalMoveError(
                f"the {side} end is not open ({why}; open ends: {self._describe_ends()})"
            )
        value = self._open[side]
        if value != bone.low and value != bone.high:
            raise IllegalMoveError(
                f"bone {bone} does not match the {side} end, which shows {value}; "
                f"open ends: {self._describe_ends()}"
            )
        if side not in dict(self._allowed_ends()):
            raise IllegalMoveError(
                f"the cross's empty arms must be started first; play on "
                f"{', '.join(s for s, _ in self._allowed_ends())}"
            )
        becomes_spinner = (
            self.spinner
            and closed is False
            and not lengthwise
            and bone.is_double
            and self._spinner_at is None
            and self.house == "first_double"
            and side in ("left", "right")
        )
        # the bone laid now covers the outer side of the previous end bone of this side
        covered = self._end_position(side)
        arm = self._arms[side]
        arm.append((value, bone.other(value)))
        self._on_table.add(bone)
        if lengthwise:
            self._lengthwise.add((side, len(arm) - 1))
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
        elif (
            self._spinner_at is not None
            and "up" not in self._open
            and "up" not in self._closed
            and not self._arms["up"]
        ):
            if self.spinner_covered():
                v = self.spinner_value()
                self._open["up"] = self._open["down"] = v

    def _describe_ends(self):
        return ", ".join(f"{side} {value}" for side, value in self._open.items()) or "none"

    @staticmethod
    def _check_side_name(side):
        if not isinstance(side, str):
            raise DominoTypeError(f"side must be one of {SIDES} (a str), got {type(side).__name__}")
        if side not in SIDES:
            raise DominoTilingError(f"side must be one of {SIDES}, got {side!r}")
