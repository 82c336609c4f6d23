"""The line of bones on the table (:class:`Line`: the chain, the cross, doubles face down or
lengthwise, the fish, the count of the ends), :class:`Table`, what every table answers the
engine, and :data:`SIDES`."""

from .. import _validate
from ..errors import DominoTilingError, DominoTypeError
from .bones import Bone, as_bone, as_bones
from .errors import IllegalMoveError

__all__ = ["Line", "Table", "SIDES"]

#: The names of the ends of a line; "up" and "down" exist only with a cross (spinner).
SIDES = ("left", "right", "up", "down")


class Table:
    """What every table shares: the bones on it, copies, equality, display, the engine's hooks.

    A table answers ``open_ends()``, ``branches()`` (labelled rows of oriented pairs),
    ``moves(hand, seat)`` and ``play(bone, side, closed, lengthwise, seat)`` (returning the
    bones a play cuts off, or None); the hooks ``end_turn``, ``must_continue`` and
    ``may_continue`` (after a play), ``may_draw``, ``in_first_turn``, ``first_turns_over``,
    ``on_pass`` and ``could_play`` say how a turn goes on it (a line needs none of them).
    """

    first_side = "right"  # the side named for the opening bone

    def __init__(self, max_pip):
        self.max_pip = _validate.nonnegative_int(max_pip, "max_pip")
        self._on_table, self._first = set(), None

    __len__ = lambda self: len(self._on_table)  # noqa: E731
    __contains__ = lambda self, bone: bone in self._on_table  # noqa: E731
    __iter__ = lambda self: (Bone(*p) for _, pairs in self.branches() for p in pairs)  # noqa: E731

    # the bones on the table (a copy); the first bone (the engine, the set double, the first
    # head); the values shown by the open ends, in the order of open_ends()
    bones_on_table = property(lambda self: set(self._on_table))
    first = property(lambda self: self._first)
    ends = property(lambda self: tuple(self.open_ends().values()))

    # what a line answers otherwise: closed ends, face-down doubles, the count, a fish
    closed_ends = lambda self: {}  # noqa: E731
    face_down = lambda self: []  # noqa: E731
    count = lambda self: 0  # noqa: E731
    is_fish = lambda self: False  # noqa: E731

    def chain(self):
        """Every branch's bones, one branch after another."""
        return [pair for _, pairs in self.branches() for pair in pairs]

    def playable_sides(self, bone, seat=None):
        """The sides on which ``bone`` may go now (for the player in ``seat``)."""
        return [side for _, side in self.moves([bone], seat)]

    def can_play(self, bone, seat=None):
        """True when ``bone`` may be played somewhere now."""
        return bool(self.playable_sides(bone, seat))

    # the hooks of a turn on the table, which only Mexican train's trains answer otherwise
    end_turn = on_pass = lambda self, *seat: None  # noqa: E731
    must_continue = may_continue = in_first_turn = lambda self, *seat: False  # noqa: E731
    may_draw = first_turns_over = lambda self, *seat: True  # noqa: E731

    def could_play(self, hands):
        """True while some hand holds a bone that can ever be laid (False: blocked)."""
        return any(self.moves(hand, seat) for seat, hand in enumerate(_hands(hands)))

    _opens = lambda self, bone: bone.high <= self.max_pip  # noqa: E731 -- may it open a round?

    def _allowed_ends(self):
        """The ``(side, value)`` ends a bone may be played on now."""
        return list(self.open_ends().items())

    def moves(self, hand, seat=None):
        """The legal ``(bone, side)`` plays for the bones of ``hand`` (``seat``: for trains)."""
        hand = as_bones(hand, "hand")
        if self._first is None:
            return [(bone, self.first_side) for bone in hand if self._opens(bone)]
        items, on_table, max_pip = self._allowed_ends(), self._on_table, self.max_pip
        hand = [b for b in hand if b not in on_table and b.high <= max_pip]
        return [(b, side) for b in hand for side, v in items if v == b.low or v == b.high]

    def _check_bone(self, bone, closed, lengthwise, side, flat=True):
        """Refuse a play of no Bone, a flag not a bool, a side not a str, a bone outside the set or
        on the table, or (``flat``) a double face down or lengthwise."""
        if not isinstance(bone, Bone):
            msg = f"bone must be a Bone, got {bone!r}; write for example Bone(2, 5)"
            raise DominoTypeError(msg)
        _validate.boolean(closed, "closed")
        _validate.boolean(lengthwise, "lengthwise")
        if side is not None and not isinstance(side, str):
            what = type(side).__name__
            msg = f"side must be None or the name of an open end (a str), got {what}"
            raise DominoTypeError(msg)
        if bone.high > self.max_pip:
            raise IllegalMoveError(f"bone {bone} is not in a double-{self.max_pip} set")
        if bone in self._on_table:
            raise IllegalMoveError(f"bone {bone} is already on the table; each bone is played once")
        if flat and (closed or lengthwise):
            msg = f"{type(self).__name__} lays doubles neither face down nor lengthwise"
            raise IllegalMoveError(msg)

    def _lay(self, bone, side, why=""):
        """Put ``bone`` on the open end ``side``; return the value that end showed."""
        ends = self.open_ends()
        if side not in ends:
            raise IllegalMoveError(f"{side!r} is not open{why}; open: {self._describe_ends()}")
        if ends[side] not in bone:
            raise IllegalMoveError(f"bone {bone} does not match {side}, which shows {ends[side]}")
        self._on_table.add(bone)
        return ends[side]

    def _describe_ends(self):
        return ", ".join(f"{side} {value}" for side, value in self.open_ends().items()) or "none"

    def copy(self):
        """Return an independent copy."""
        new = type(self).__new__(type(self))
        new.__dict__.update({k: _deep(v) for k, v in self.__dict__.items()})
        return new

    __eq__ = lambda self, o: vars(self) == vars(o) if type(o) is type(self) else NotImplemented  # noqa: E731
    __hash__ = None
    __repr__ = lambda self: f"<{type(self).__name__} of {len(self)} bones: {self}>"  # noqa: E731

    def __str__(self):
        text = lambda pairs: " ".join(f"{a}-{b}" for a, b in pairs) or "-"  # noqa: E731
        return "; ".join(f"{label}: {text(pairs)}" for label, pairs in self.branches())

    def _repr_html_(self):
        from .display import table_html

        return table_html(self)


def _deep(value):
    if isinstance(value, dict):
        return {k: _deep(v) for k, v in value.items()}
    return type(value)(_deep(v) for v in value) if isinstance(value, (list, set)) else value


def check_rules(rules):
    """``rules`` if it is a Rules object (duck-typed: the rules module imports this one)."""
    if not hasattr(rules, "table") or isinstance(rules, type):
        msg = f"rules must be a Rules object, got {type(rules).__name__}; try Rules.kozel()"
        raise DominoTypeError(msg)
    return rules


def _hands(hands, name="hands"):
    """``hands`` (one list of Bone per seat) as a list of lists; a clear error otherwise."""
    wrong = isinstance(hands, (str, bytes, dict, Bone)) or type(hands).__module__ == "numpy"
    if wrong or not hasattr(hands, "__iter__"):
        msg = f"{name} must be a list with one list of Bone per seat, got {type(hands).__name__}"
        raise DominoTypeError(msg)
    return [as_bones(hand, f"{name}[{k}]") for k, hand in enumerate(hands)]


class Line(Table):
    """The bones laid on the table, joined end to end by matching values.

    Parameters
    ----------
    max_pip : int, optional
        The largest value of the set in play (6 for double-six); needed to decide a fish.
    spinner : bool, optional
        One double becomes a cross, open on four sides (the short sides are the ends ``"up"``
        and ``"down"``).
    house : {"first_double", "first_covered"}, optional
        Which double is the cross: the first double laid face up, or the first double covered on
        both long sides (Telephone's "house").
    spinner_opens : {"both_sides", "at_once"}, optional
        The short sides open once both long sides are covered, or as soon as the cross is laid.
    cross_count : {"played", "all"}, optional
        :meth:`count`: the short sides count once a bone lies on them, or (once both long sides
        are covered) each counts the double's value.
    arms_first : bool, optional
        While an arm of the cross is empty, bones go only on empty arms (Sevastopol).

    See Also
    --------
    Bone, Trains, ChickenFoot

    Notes
    -----
    The first bone lies with its smaller value on the left; a bone played on an end showing one
    of its values leaves it showing the other; a double laid face down (``closed=True``) closes
    its end, never the opening bone or the cross.  An illegal play raises
    :class:`~dominotiling.games.IllegalMoveError` and changes nothing.

    Examples
    --------
    >>> line = Line(spinner=True)
    >>> line.play(Bone(5, 5)); line.count()
    10
    >>> line.play(Bone(5, 0), side="left"); line.play(Bone(5, 2), side="right")
    >>> line.open_ends(), line.count()   # 0 + 2: the empty arms of the cross do not count yet
    ({'left': 0, 'right': 2, 'up': 5, 'down': 5}, 2)
    """

    def __init__(
        self, max_pip=6, spinner=False, *, house="first_double", spinner_opens="both_sides",
        cross_count="played", arms_first=False,
    ):  # fmt: skip
        super().__init__(max_pip)
        v = _validate
        self.spinner = v.boolean(spinner, "spinner")
        self.arms_first = v.boolean(arms_first, "arms_first")
        self.house = v.choice(house, "house", ("first_double", "first_covered"))
        self.spinner_opens = v.choice(spinner_opens, "spinner_opens", ("both_sides", "at_once"))
        self.cross_count = _validate.choice(cross_count, "cross_count", ("played", "all"))
        self._arms = {side: [] for side in SIDES}  # per side: (inner, outer) going outward
        self._open, self._closed = {}, {}  # side -> the value shown, or under a face-down double
        self._face_down, self._lengthwise = set(), set()  # (side, index) of such doubles
        self._spinner_at = None  # None, "first", or (side, index in that arm)

    @classmethod
    def for_rules(cls, rules):
        """An empty line laid out as ``rules`` (a :class:`Rules`) say: set, cross, counting."""
        t = check_rules(rules).table
        return cls(rules.max_pip, t.spinner, house=t.house, spinner_opens=t.spinner_opens,
                   cross_count=t.cross_count, arms_first=t.spinner_arms_first)  # fmt: skip

    def __iter__(self):
        """The bones of the main chain, left to right, then of the cross's arms."""
        return (Bone(a, b) for a, b in self.chain() + self._arms["up"] + self._arms["down"])

    def open_ends(self):
        """Each open side with the value it shows."""
        return dict(self._open)

    def closed_ends(self):
        """Each side closed by a face-down double, with its value."""
        return dict(self._closed)

    @property
    def first(self):
        """The opening bone, or None for an empty line."""
        return None if self._first is None else Bone(*self._first)

    def chain(self):
        """The main chain, left to right, as oriented ``(a, b)`` pairs (``b`` touching the next
        pair's ``a``)."""
        if self._first is None:
            return []
        left = [(b, a) for a, b in reversed(self._arms["left"])]
        return left + [self._first] + self._arms["right"]

    def arm(self, side):
        """The bones played outward from the centre on ``side``, as oriented pairs."""
        if not isinstance(side, str):
            raise DominoTypeError(f"side must be one of {SIDES} (a str), got {type(side).__name__}")
        if side not in SIDES:
            raise DominoTilingError(f"side must be one of {SIDES}, got {side!r}")
        return list(self._arms[side])

    def face_down(self):
        """The face-down (closed) doubles as ``(side, index in that arm)`` pairs."""
        return sorted(self._face_down)

    def lengthwise(self):
        """The doubles laid along the line as ``(side, index in that arm)`` pairs."""
        return sorted(self._lengthwise)

    def playable_sides(self, bone, seat=None):
        """The sides on which ``bone`` may be played now (both on an empty line)."""
        if type(bone) is not Bone:
            as_bone(bone, "bone")
        if bone in self._on_table or bone.high > self.max_pip:
            return []
        if self._first is None:
            return ["left", "right"]
        return [s for s, v in self._allowed_ends() if v in bone]

    def could_play(self, hands):
        return any(self.moves(h) for h in hands) if self._open else self._first is None

    def __str__(self):
        def text(side, k, a, b):
            if (side, k) in self._face_down:
                return "[x]"
            return f"{a}={b}" if (side, k) in self._lengthwise else f"{a}-{b}"

        n = len(self._arms["left"])
        where = [("left", n - 1 - i) for i in range(n)] + [("first", 0)]
        where += [("right", k) for k in range(len(self._arms["right"]))]
        out = " ".join(text(*w, a, b) for w, (a, b) in zip(where, self.chain()))
        for side in ("up", "down") if self._spinner_at else ():
            arm = " ".join(text(side, k, a, b) for k, (a, b) in enumerate(self._arms[side]))
            out += f" | {side}: {arm}" if arm else ""
        return out

    # ------------------------------------------------------------------ playing
    def play(self, bone, side=None, closed=False, lengthwise=False, seat=None):
        """Lay ``bone`` on ``side`` ("left", "right", "up", "down"; None: the right end if it fits
        there, else the first that fits), a double face down (``closed``) or along the line
        (``lengthwise``: counting one half, written ``3=3``; neither the first bone nor the
        cross); ``seat`` is for other tables.  An IllegalMoveError changes nothing.

        Examples
        --------
        >>> line = Line()
        >>> line.play(Bone(3, 5)); line.play(Bone(5, 1), side="right"); line.play(Bone(6, 3), "left")
        >>> line.ends, str(line), line.can_play(Bone(2, 4))
        ((6, 1), '6-3 3-5 5-1', False)
        """
        if isinstance(side, str) and side not in SIDES:
            raise IllegalMoveError(f"side must be one of {SIDES}, got {side!r}")
        self._check_bone(bone, closed, lengthwise, side, flat=False)
        if closed and not bone.is_double:
            raise IllegalMoveError(f"only a double can be laid face down, not {bone}")
        no_cross = self._first is None or self.spinner and not self._spinner_at
        if lengthwise and (not bone.is_double or closed or no_cross):
            msg = f"{bone} cannot be laid lengthwise: only a double that is neither the first bone nor the cross, face up"
            raise IllegalMoveError(msg)
        if self._first is None:
            if closed:
                raise IllegalMoveError("the opening bone is never laid face down")
            self._first, self._open = (bone.low, bone.high), {"left": bone.low, "right": bone.high}
            self._on_table.add(bone)
            if self.spinner and bone.is_double and self.house == "first_double":
                self._spinner_at = "first"
                if self.spinner_opens == "at_once":
                    self._open["up"] = self._open["down"] = bone.low
            return
        if side is None:
            sides = self.playable_sides(bone)
            if not sides:
                msg = f"bone {bone} matches no open end (ends show {self._describe_ends()}); play a bone with one of these values, or draw/pass"
                raise IllegalMoveError(msg)
            side = "right" if "right" in sides else sides[0]
        if side not in self._open:
            why = "up and down need a cross"
            why = "closed by a face-down double" if side in self._closed else why
            msg = f"the {side} end is not open ({why}; open: {self._describe_ends()})"
            raise IllegalMoveError(msg)
        value = self._open[side]
        if value not in bone:
            msg = f"bone {bone} does not match the {side} end, which shows {value}; open ends: {self._describe_ends()}"
            raise IllegalMoveError(msg)
        allowed = self._allowed_ends()
        if side not in dict(allowed):
            sides = ", ".join(s for s, _ in allowed)
            raise IllegalMoveError(f"the cross's empty arms must be started first; play on {sides}")
        crosses = self.spinner and not closed and not lengthwise and bone.is_double
        crosses = crosses and self._spinner_at is None and self.house == "first_double"
        crosses = crosses and side in ("left", "right")
        covered = self._end_position(side)  # the bone now covers the outer side of this end
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
        if crosses:
            self._spinner_at = (side, len(arm) - 1)
            if self.spinner_opens == "at_once":
                self._open["up"] = self._open["down"] = bone.low
        elif self.spinner and self._spinner_at is None and self.house == "first_covered":
            self._maybe_house(covered)
        elif self.spinner and self._spinner_at and not ("up" in self._open or "up" in self._closed):
            if not self._arms["up"] and self.spinner_covered():
                self._open["up"] = self._open["down"] = self.spinner_value()

    # ------------------------------------------------------------------ the cross
    def spinner_index(self):
        """The cross's index in :meth:`chain`, or None when there is no cross yet."""
        where, n_left = self._spinner_at, len(self._arms["left"])
        if where is None or where == "first":
            return None if where is None else n_left
        return n_left - 1 - where[1] if where[0] == "left" else n_left + 1 + where[1]

    def spinner_value(self):
        """The value of the cross's double, or None without a cross."""
        where = self._spinner_at
        if where is None:
            return None
        return self._first[0] if where == "first" else self._arms[where[0]][where[1]][0]

    def spinner_covered(self):
        """True when the cross is covered on both long sides."""
        where = self._spinner_at
        if where == "first":
            return bool(self._arms["left"]) and bool(self._arms["right"])
        return where is not None and len(self._arms[where[0]]) > where[1] + 1

    def _allowed_ends(self):
        items = list(self._open.items())
        if self.arms_first and self._spinner_at is not None:
            return [(s, v) for s, v in items if self._empty_at_cross(s)] or items
        return items

    def _empty_at_cross(self, side):
        """True when the open end ``side`` is an unplayed side of the cross."""
        where = self._spinner_at
        if side in ("up", "down") or where == "first":
            return not self._arms[side]
        return side == where[0] and len(self._arms[side]) == where[1] + 1

    def _end_position(self, side):
        """The position of the bone at the end of ``side``: "first" or (side, index)."""
        first = side in ("left", "right") and not self._arms[side]
        return "first" if first else (side, len(self._arms[side]) - 1)

    def _maybe_house(self, covered):
        """First-covered house: the double just covered on both long sides becomes the cross."""
        if covered == "first":
            (a, b), both = self._first, bool(self._arms["left"] and self._arms["right"])
        elif covered[0] in ("left", "right") and covered not in self._face_down:
            (a, b), both = self._arms[covered[0]][covered[1]], True
        else:
            return
        if both and a == b:
            self._spinner_at = covered
            self._open["up"] = self._open["down"] = a

    # ------------------------------------------------------------------ reading the ends
    def is_fish(self):
        """Whether the line is a fish (Kozel; kozel_and_variants_ru.txt, paragraph 24): every open
        end shows one value ``v`` and every other bone with ``v`` is on the table (``v-v`` may be
        out); a line with every end closed is not."""
        values = set(self._open.values())
        if len(values) != 1:
            return False
        v = values.pop()
        return all(Bone(v, w) in self._on_table for w in range(self.max_pip + 1) if w != v)

    def count(self):
        """The sum of the open ends, as the fives games score it: a lone bone all its pips, a
        double across an end both halves (a lone cross once), face down nothing, lengthwise one
        half; the cross's short sides once played on (``cross_count="all"``: each its value once
        both long sides are covered).

        Examples
        --------
        Pyaterochka, classic_rules_2_ru.txt, paragraphs 179-185 (steps a-c):

        >>> line = Line(spinner=True, spinner_opens="at_once", cross_count="all")
        >>> line.play(Bone(5, 5)); line.count()                    # a
        10
        >>> line.play(Bone(5, 0), "right"); line.count()           # b: 5 + 5 + 0
        10
        >>> line.play(Bone(3, 5), "left"); line.count()            # c: 5 + 5 + 3 + 0
        13
        """
        if self._first is None or len(self._on_table) == 1:
            return sum(self._first or ())
        total, (a, b) = 0, self._first
        lone = self._spinner_at == "first" and not (self._arms["left"] or self._arms["right"])
        for side in [s for s in SIDES if s in self._open or s in self._closed]:
            arm = self._arms[side]
            if arm and (side, len(arm) - 1) not in self._face_down:
                x, y = arm[-1]
                total += 2 * y if x == y and (side, len(arm) - 1) not in self._lengthwise else y
            elif not arm and side in ("left", "right") and a != b:
                total += a if side == "left" else b
            elif not arm and side in ("left", "right"):
                total += 0 if lone and side == "right" else 2 * a
            elif not arm and self.cross_count == "all" and self.spinner_covered():
                total += self.spinner_value()
        return total
