"""What the layouts of :mod:`dominotiling.games.layouts` share.

Inside: :class:`Layout`, the base of :class:`~dominotiling.games.layouts.Trains`,
:class:`~dominotiling.games.layouts.ChickenFoot` and
:class:`~dominotiling.games.layouts.Sausage`: the bones on the table, the
answers a layout gives like a :class:`~dominotiling.games.Line` (ends, count,
fish, copies, equality, display) and the hooks the engine calls (the end of
a turn, a pass, whether a player must go on, whether anyone can still play).
Nothing here is public.
"""

from .bones import Bone
from .errors import IllegalMoveError

__all__ = []


class Layout:
    """What every layout shares: the bones on the table, copies, equality, display."""

    def __init__(self, max_pip):
        from .. import _validate

        self.max_pip = _validate.nonnegative_int(max_pip, "max_pip")
        self._on_table = set()
        self._first = None

    def __len__(self):
        return len(self._on_table)

    def __contains__(self, bone):
        return bone in self._on_table

    def __iter__(self):
        for _, pairs in self.branches():
            for a, b in pairs:
                yield Bone(a, b)

    def _moves_on_open_ends(self, hand):
        """``(bone, side)`` for every bone of `hand` not yet played that matches an open end."""
        ends = self.open_ends()
        return [
            (bone, side)
            for bone in hand
            if bone not in self._on_table and bone.high <= self.max_pip
            for side, value in ends.items()
            if value in bone
        ]

    @property
    def bones_on_table(self):
        """The set of bones on the table (a copy)."""
        return set(self._on_table)

    @property
    def first(self):
        """The round's first bone (the engine, the set double, the sausage's first head)."""
        return self._first

    @property
    def ends(self):
        """The values shown by the open ends, in the order of :meth:`open_ends`."""
        return tuple(self.open_ends().values())

    def closed_ends(self):
        return {}

    def face_down(self):
        return []

    def count(self):
        """The layouts score no points during play: 0."""
        return 0

    def is_fish(self):
        """A layout ends when nobody can play (blocked), never on a Kozel fish."""
        return False

    def chain(self):
        """Every branch's bones, one branch after another (see :meth:`branches`)."""
        return [pair for _, pairs in self.branches() for pair in pairs]

    def playable_sides(self, bone, seat=None):
        """The sides on which ``bone`` may go now (for the player in ``seat``)."""
        return [side for _, side in self.moves([bone], seat)]

    def can_play(self, bone, seat=None):
        return bool(self.playable_sides(bone, seat))

    # hooks the engine calls; most layouts need nothing
    def end_turn(self):
        """The engine's turn ends (trains forget the doubles laid in it)."""

    def must_continue(self):
        """True when the player who just laid a bone must lay another (trains, after a double)."""
        return False

    def may_continue(self):
        """True when the player who just laid a bone may lay another (trains' first turn)."""
        return False

    def may_draw(self, seat):
        """Whether the player in ``seat`` may draw now (not in Mexican train's first turn)."""
        return True

    def first_turns_over(self):
        """Whether every player has had a first turn (Mexican train's train in one turn)."""
        return True

    def on_pass(self, seat):
        """The player in ``seat`` could not play and passes (trains: a marker)."""

    def could_play(self, hands):
        """True while some hand holds a bone that can ever be laid (False: blocked)."""
        hands = _hands(hands)
        return any(self.moves(hand, seat) for seat, hand in enumerate(hands))

    def _check_bone(self, bone, closed=False, side=None):
        """Refuse a play of something that is not a Bone, a `closed` that is not a bool, or a side not a str."""
        from .. import _validate
        from ..errors import DominoTypeError

        if not isinstance(bone, Bone):
            raise DominoTypeError(
                f"bone must be a Bone (play() lays one), got {bone!r}; write for example Bone(2, 5)"
            )
        _validate.boolean(closed, "closed")
        if side is not None and not isinstance(side, str):
            raise DominoTypeError(
                f"side must be None or the name of an open end (a str), got {type(side).__name__}"
            )
        if bone.high > self.max_pip:
            raise IllegalMoveError(f"bone {bone} is not in a double-{self.max_pip} set")
        if bone in self._on_table:
            raise IllegalMoveError(f"bone {bone} is already on the table; each bone is played once")

    def _describe_ends(self):
        return ", ".join(f"{side} {value}" for side, value in self.open_ends().items()) or "none"

    def copy(self):
        """Return an independent copy."""
        new = type(self).__new__(type(self))
        for key, value in self.__dict__.items():
            if isinstance(value, (list, set, dict)):
                value = _deep(value)
            new.__dict__[key] = value
        return new

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return self.__dict__ == other.__dict__

    __hash__ = None

    def __str__(self):
        return "; ".join(
            f"{label}: " + (" ".join(f"{a}-{b}" for a, b in pairs) or "-")
            for label, pairs in self.branches()
        )

    def __repr__(self):
        return f"<{type(self).__name__} of {len(self)} bones: {self}>"

    def _repr_html_(self):
        from .display import layout_html

        return layout_html(self)


def _deep(value):
    if isinstance(value, dict):
        return {k: _deep(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_deep(v) for v in value]
    if isinstance(value, set):
        return set(value)
    return value


def _hands(hands, name="hands"):
    """``hands`` (one list of Bone per seat) as a list of lists; a clear error otherwise."""
    from ..errors import DominoTypeError
    from .bones import as_bones

    if isinstance(hands, (str, bytes, dict, Bone)) or type(hands).__module__ == "numpy":
        raise DominoTypeError(
            f"{name} must be a list with one list of Bone per seat, got {type(hands).__name__}"
        )
    try:
        items = list(hands)
    except TypeError:
        raise DominoTypeError(
            f"{name} must be a list with one list of Bone per seat, got {type(hands).__name__}"
        ) from None
    return [as_bones(hand, f"{name}[{k}]") for k, hand in enumerate(items)]
