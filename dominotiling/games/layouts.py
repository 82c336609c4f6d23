"""Layouts other than one line: the trains of Mexican train, the feet of Chicken foot, the sausage.

Inside: :class:`Trains`, :class:`ChickenFoot` and :class:`Sausage`, which the
game engine uses in place of a :class:`~dominotiling.games.Line` when
``rules.layout`` asks for them, and :func:`new_layout`, which makes the
layout of a round.  They answer the same questions as a line (the open ends,
the legal plays for a hand, laying a bone, copying) and a few of their own
(whose turn it is matters for trains; a cut returns bones to a hand).

Every place a bone can go is a string, the ``side`` of a
:class:`~dominotiling.games.Move`:

* :class:`Trains`: ``"train 0"``, ``"train 1"``, ... (each player's own
  train, numbered by seat) and ``"mexican"``;
* :class:`ChickenFoot`: ``"foot"`` (a chick on the double whose foot is not
  complete) and ``"toe 1"``, ``"toe 2"``, ... (the end of a toe);
* :class:`FiveUp`: ``"set"`` (a side or end of the set double still free),
  ``"line 1"``, ``"line 2"``, ... (the end of a line of play) and
  ``"double k"`` (a free side or end of the double that ends line k);
* :class:`Sausage`: ``"top"`` and ``"bottom"`` (the ends of the two lines),
  ``"cut k"`` (across both lines after their k-th bones) and ``"top k"`` /
  ``"bottom k"`` (a double pushed into a line after its k-th bone; 0 is next
  to the head).

An illegal play raises :class:`~dominotiling.games.IllegalMoveError` before
anything changes.

Examples
--------
>>> from dominotiling.games import Bone
>>> from dominotiling.games.layouts import ChickenFoot
>>> foot = ChickenFoot(max_pip=9)
>>> foot.play(Bone(9, 9))
>>> foot.open_ends()                      # six chicks must go on 9-9 first
{'foot': 9}
>>> for k in range(6):
...     foot.play(Bone(9, k), "foot")
>>> foot.open_ends()
{'toe 1': 0, 'toe 2': 1, 'toe 3': 2, 'toe 4': 3, 'toe 5': 4, 'toe 6': 5}
"""

from .. import _validate
from ..errors import DominoTypeError
from ._layout_base import Layout as _Layout
from ._layout_base import _hands
from ._rules_check import MAX_PLAYERS
from .bones import Bone, as_bones
from .errors import IllegalMoveError

__all__ = ["Trains", "ChickenFoot", "Sausage", "FiveUp", "new_layout"]


def new_layout(rules, n_players, double=None):
    """The empty layout of a round under ``rules`` (a Line, or one of this module's).

    ``double`` is the round's set double (Mexican train's engine is laid at
    once; Chicken foot's is played by its holder).
    """
    from .rules import as_rules

    rules = as_rules(rules)
    n_players = _validate.positive_int(n_players, "n_players", maximum=MAX_PLAYERS)
    if double is not None:
        double = _validate.nonnegative_int(
            double, "double (the set double's value)", maximum=rules.max_pip
        )
    if rules.layout == "trains":
        return Trains(rules.max_pip, n_players, double, first_turn_train=rules.first_turn_train)
    if rules.layout == "chicken_foot":
        return ChickenFoot(rules.max_pip, rules.foot_size)
    if rules.layout == "sausage":
        return Sausage(rules.max_pip, rules.sausage_cuts)
    if rules.layout == "five_up":
        return FiveUp(rules.max_pip)
    from .line import Line

    return Line.for_rules(rules)


# ---------------------------------------------------------------------- Mexican train
class Trains(_Layout):
    """Mexican train's table: the engine double, a train per player and the Mexican train.

    Follows classic_rules_1_ru.txt, paragraph 362 (and 364 for the end of a
    hand).  Each train starts from the engine with a bone showing its value
    and grows at its far end only.  A player may play on their own train,
    on the Mexican train (anyone may start it), and on another player's train
    that carries a marker; a player who passes puts a marker on their own
    train (:meth:`on_pass`) and takes it off by playing on it again.  A
    double must be followed at once by another bone, on the double or on any
    train the player may use (:meth:`must_continue`); a second double may
    follow on another train only if the player holds a third bone for one of
    the two doubles, which must then be laid.  A double left uncovered at the
    end of a turn must be covered before anything else is played.

    Parameters
    ----------
    max_pip : int
        The set is double-``max_pip`` (12 in the text).
    n_players : int
        One train per player.
    engine : int, optional
        The value of the engine double in the centre (``max_pip`` if None).
    first_turn_train : bool, optional
        The Walnut rule book's first turn (more_rules_ru.txt, paragraphs
        553-577): in each player's first turn only the player's own train
        is open, and any number of bones may be laid on it; uncovered
        doubles need covering only once everybody has had a first turn; a
        player who cannot start a train does not draw.

    See Also
    --------
    ChickenFoot, Sausage, Line

    Examples
    --------
    >>> t = Trains(12, 2, engine=12)
    >>> t.moves([Bone(12, 3), Bone(4, 5)], seat=0)
    [(Bone(3, 12), 'train 0'), (Bone(3, 12), 'mexican')]
    >>> t.play(Bone(12, 3), "train 0", seat=0)
    >>> t.play(Bone(3, 3), "train 0", seat=0)
    >>> t.must_continue()                 # a double: seat 0 plays again
    True
    >>> t.moves([Bone(3, 9), Bone(12, 5)], seat=0)
    [(Bone(3, 9), 'train 0'), (Bone(5, 12), 'mexican')]
    """

    def __init__(self, max_pip=12, n_players=4, engine=None, first_turn_train=False):
        super().__init__(max_pip)
        self.first_turn_train = _validate.boolean(first_turn_train, "first_turn_train")
        n_players = _validate.positive_int(n_players, "n_players", maximum=MAX_PLAYERS)
        self._had_turn = set()  # seats that have had their first turn (first_turn_train)
        self._turn_seat = None
        engine = (
            max_pip
            if engine is None
            else _validate.nonnegative_int(engine, "engine", maximum=max_pip)
        )
        self.n_players = n_players
        self.engine = engine
        self._first = Bone(engine, engine)
        self._on_table = {self._first}
        self._trains = {f"train {s}": [] for s in range(n_players)}
        self._trains["mexican"] = []
        self._markers = set()
        self._turn = []  # (train, bone) laid in the turn in progress

    # ------------------------------------------------------------------ queries
    def train(self, name):
        """The bones of one train, from the engine outward, as oriented pairs."""
        if not isinstance(name, str):
            raise DominoTypeError(
                f"name must be the name of a train (a str: {', '.join(self._trains)}), "
                f"got {type(name).__name__}"
            )
        if name not in self._trains:
            raise IllegalMoveError(f"no train {name!r}; the trains are {', '.join(self._trains)}")
        return list(self._trains[name])

    @property
    def markers(self):
        """The seats whose trains carry a marker (open to everybody)."""
        return frozenset(self._markers)

    def _end(self, name):
        train = self._trains[name]
        return train[-1][1] if train else self.engine

    def open_ends(self):
        return {name: self._end(name) for name in self._trains}

    def uncovered(self):
        """The trains ending in a double nobody has covered yet."""
        return [
            name for name, train in self._trains.items() if train and train[-1][0] == train[-1][1]
        ]

    def _usual(self, seat):
        names = {"mexican"} | {f"train {s}" for s in self._markers}
        if seat is not None:
            names.add(f"train {seat}")
        return names

    def _seat(self, seat):
        """``seat`` checked: None or a seat number of this table."""
        if seat is None or type(seat) is int and 0 <= seat < self.n_players:
            return seat
        return _validate.integer(seat, "seat", minimum=0, maximum=self.n_players - 1)

    def in_first_turn(self, seat):
        """True while ``seat`` plays its first turn of the hand under ``first_turn_train``."""
        seat = self._seat(seat)
        return self.first_turn_train and seat is not None and seat not in self._had_turn

    def first_turns_over(self):
        """True once every player has had a first turn (always, without ``first_turn_train``)."""
        return not self.first_turn_train or len(self._had_turn) >= self.n_players

    def may_draw(self, seat):
        """A player who cannot start a train in the first turn marks it without drawing."""
        return not self.in_first_turn(seat)

    def allowed(self, seat):
        """The trains the player in ``seat`` may play on now."""
        seat = self._seat(seat)
        if self.in_first_turn(seat):
            return {f"train {seat}"}
        mine = [name for name, _ in self._turn]
        open_now = self.uncovered()
        laid_now = [name for name in open_now if name in mine]
        if not self._turn:
            return set(open_now) if open_now else self._usual(seat)
        if len(laid_now) >= 2:  # two doubles: the third covers one of them
            return set(laid_now)
        return self._usual(seat) | set(laid_now)

    def branches(self):
        return [("engine", [(self.engine, self.engine)])] + [
            (
                name
                + (
                    " (marker)"
                    if name.startswith("train") and int(name[6:]) in self._markers
                    else ""
                ),
                list(pairs),
            )
            for name, pairs in self._trains.items()
        ]

    # ------------------------------------------------------------------ plays
    def moves(self, hand, seat=None):
        """The legal ``(bone, train)`` plays of ``hand`` for the player in ``seat``."""
        hand = as_bones(hand, "hand")
        names = sorted(self.allowed(seat), key=_train_order)
        ends = {name: self._end(name) for name in names}
        laid_doubles = [name for name in self.uncovered() if name in {n for n, _ in self._turn}]
        hand = list(hand)
        out = []
        for bone in hand:
            if bone in self._on_table or bone.high > self.max_pip:
                continue
            for name in names:
                if ends[name] not in bone:
                    continue
                if (
                    bone.is_double
                    and len(laid_doubles) == 1
                    and name != laid_doubles[0]
                    and not self.in_first_turn(seat)
                ):
                    # a second double: only with a third bone in hand for one of the two
                    values = {ends[laid_doubles[0]], bone.low}
                    if not any(
                        b is not bone and (b.low in values or b.high in values) for b in hand
                    ):
                        continue
                out.append((bone, name))
        return out

    def play(self, bone, side=None, closed=False, seat=None):
        """Lay ``bone`` on the train ``side`` for the player in ``seat``.

        Raises
        ------
        IllegalMoveError
            If the train is unknown or not open to this player now, or the
            bone does not match its end (the layout is unchanged).
        """
        self._check_bone(bone, closed, side)
        seat = self._seat(seat)
        if closed:
            raise IllegalMoveError("Mexican train lays no double face down")
        if side not in self._trains:
            raise IllegalMoveError(
                f"side must name a train ({', '.join(self._trains)}), got {side!r}"
            )
        allowed = self.allowed(seat)
        if side not in allowed:
            why = (
                "an uncovered double must be covered first"
                if self.uncovered() and not self._turn
                else "it is another player's train without a marker"
            )
            raise IllegalMoveError(
                f"{side} is not open to seat {seat} now ({why}); open to it: "
                f"{', '.join(sorted(allowed, key=_train_order))}"
            )
        end = self._end(side)
        if end not in bone:
            raise IllegalMoveError(f"bone {bone} does not match {side}, which ends in {end}")
        self._trains[side].append((end, bone.other(end)))
        self._on_table.add(bone)
        self._turn.append((side, bone))
        self._turn_seat = seat
        if seat is not None and side == f"train {seat}":
            self._markers.discard(seat)

    def must_continue(self):
        return (
            bool(self._turn)
            and self._turn[-1][1].is_double
            and not self.in_first_turn(self._turn_seat)
        )

    def may_continue(self):
        """True when the player who just laid a bone may lay another (the first turn's train)."""
        return bool(self._turn) and self.in_first_turn(self._turn_seat)

    def end_turn(self):
        if self._turn and self.first_turn_train:
            self._had_turn.add(self._turn_seat)
        self._turn = []
        self._turn_seat = None

    def on_pass(self, seat):
        seat = self._seat(seat)
        if seat is not None:
            self._markers.add(seat)
            if self.first_turn_train:
                self._had_turn.add(seat)

    def could_play(self, hands):
        hands = _hands(hands)
        open_now = self.uncovered()
        names = open_now if open_now else list(self._trains)
        ends = {self._end(name) for name in names}
        return any(b.low in ends or b.high in ends for hand in hands for b in hand)


def _train_order(name):
    return (1, 0) if name == "mexican" else (0, int(name.split()[1]))


# ---------------------------------------------------------------------- Chicken foot
class ChickenFoot(_Layout):
    """Chicken foot's table: the set double with its chicks, and a foot on every later double.

    Follows classic_rules_1_ru.txt, paragraphs 341 and 348.  The first bone
    is a double (the round's set double); the next ``2 * foot_size`` plays
    must each start a chick on it, with a bone showing its value (the
    "double chicken foot").  Then a bone may go on the end of any toe; a
    double laid on a toe must take ``foot_size`` chicks before anything else
    is played (a "chicken foot"), and its toe ends there.

    Parameters
    ----------
    max_pip : int
        The set is double-``max_pip`` (9 in the text).
    foot_size : int, optional
        The chicks of a foot (3; the set double takes twice as many).

    See Also
    --------
    Trains, Sausage, Line

    Examples
    --------
    >>> foot = ChickenFoot(9)
    >>> foot.play(Bone(5, 5))
    >>> for k in (0, 1, 2, 3, 4, 6):
    ...     foot.play(Bone(5, k), "foot")
    >>> foot.play(Bone(3, 3), "toe 4")    # a double on toe 4: three chicks on it come next
    >>> foot.open_ends(), foot.moves([Bone(3, 7), Bone(0, 8)])
    ({'foot': 3}, [(Bone(3, 7), 'foot')])
    """

    first_side = "foot"

    def __init__(self, max_pip=9, foot_size=3):
        super().__init__(max_pip)
        self.foot_size = _validate.positive_int(foot_size, "foot_size")
        self._toes = []  # oriented pairs per toe, outward
        self._parents = []  # per toe: None (the set double) or the toe its double ends
        self._ended = set()  # toes ending in a double that grew a foot
        self._foot = None  # (value, chicks still due, toe the double ends or None)

    def toes(self):
        """Every toe's bones, outward, as oriented pairs (toe k is ``toes()[k - 1]``)."""
        return [list(t) for t in self._toes]

    def parents(self):
        """For each toe, the toe whose end double it grows from (1-based), or None for the set double."""
        return [None if p is None else p + 1 for p in self._parents]

    @property
    def pending(self):
        """``(value, chicks still due)`` of the foot to complete, or None."""
        return None if self._foot is None else self._foot[:2]

    def open_ends(self):
        if self._first is None:
            return {}
        if self._foot is not None:
            return {"foot": self._foot[0]}
        return {
            f"toe {k + 1}": toe[-1][1] for k, toe in enumerate(self._toes) if k not in self._ended
        }

    def branches(self):
        if self._first is None:
            return []
        root = self._first.low
        out = [("set double", [(root, root)])]
        for k, toe in enumerate(self._toes):
            parent = self._parents[k]
            label = f"toe {k + 1}" + ("" if parent is None else f" (on toe {parent + 1})")
            out.append((label, list(toe)))
        return out

    def moves(self, hand, seat=None):
        hand = as_bones(hand, "hand")
        if self._first is None:
            return [(b, "foot") for b in hand if b.is_double and b.high <= self.max_pip]
        return self._moves_on_open_ends(hand)

    def play(self, bone, side=None, closed=False, seat=None):
        """Lay ``bone`` on ``side`` ("foot" or "toe k"); the first bone, a double, on any side."""
        self._check_bone(bone, closed, side)
        if closed:
            raise IllegalMoveError("Chicken foot lays no double face down")
        if self._first is None:
            if not bone.is_double:
                raise IllegalMoveError(f"a round of Chicken foot opens with a double, not {bone}")
            self._first = bone
            self._on_table.add(bone)
            self._foot = (bone.low, 2 * self.foot_size, None)
            return
        ends = self.open_ends()
        if side not in ends:
            why = (
                f"the foot on {self._foot[0]}-{self._foot[0]} must be completed first"
                if self._foot is not None
                else "no such open toe"
            )
            raise IllegalMoveError(f"{side!r} is not open ({why}); open: {self._describe_ends()}")
        value = ends[side]
        if value not in bone:
            raise IllegalMoveError(f"bone {bone} does not match {side}, which shows {value}")
        self._on_table.add(bone)
        if side == "foot":
            double, due, parent = self._foot
            self._toes.append([(double, bone.other(double))])
            self._parents.append(parent)
            self._foot = None if due == 1 else (double, due - 1, parent)
            return
        k = int(side.split()[1]) - 1
        self._toes[k].append((value, bone.other(value)))
        if bone.is_double:
            self._ended.add(k)
            self._foot = (value, self.foot_size, k)


# ---------------------------------------------------------------------- Kolbasa
class Sausage(_Layout):
    """Kolbasa's table: two parallel lines growing from a crosswise head, cut across.

    Follows kozel_and_variants_ru.txt, paragraphs 286-290 and 353-354 (also
    kozel_sport_rules_tr.txt, paragraph 729).  The first bone is the head;
    the "top" line grows from its low half and the "bottom" line from its
    high half, each by the rules of the classic game.  Once both lines hold
    a bone, a bone whose halves show the values of the two lines at the same
    depth -- after their k-th bones -- may be laid across them: everything
    before it (the head and the first k bones of each line) is cut off and
    returned (the engine gives it to the opponent) and the bone becomes the
    new head ("cut k"; paragraph 354: "5 and blank at the ends of lines of
    three bones: 5-0 cuts everything before").  A double may also be pushed
    into a line where two touching halves show its value ("top k" /
    "bottom k"), which shifts the depths of that line.

    Parameters
    ----------
    max_pip : int, optional
    cuts : {"anywhere", "equal_ends"}, optional
        Cut at any depth both lines reach (paragraph 354: "at the joint of the
        first and second bones and at the end of the line"), or only at the
        ends of two lines of equal length (paragraph 288: "when the two lines
        have the same number of bones").

    See Also
    --------
    Trains, ChickenFoot, Line

    Examples
    --------
    Paragraph 354: two lines of three bones ending in 5 and blank; 5-0 cuts:

    >>> s = Sausage()
    >>> s.play(Bone(1, 2))
    >>> for bone, side in [((1, 3), "top"), ((3, 4), "top"), ((4, 5), "top"),
    ...                    ((2, 6), "bottom"), ((6, 6), "bottom"), ((6, 0), "bottom")]:
    ...     s.play(Bone(*bone), side)
    >>> s.open_ends()
    {'top': 5, 'bottom': 0}
    >>> [side for _, side in s.moves([Bone(5, 0)])]     # it fits both ends, or cuts
    ['top', 'bottom', 'cut 3']
    >>> cut = s.play(Bone(5, 0), "cut 3")
    >>> len(cut), str(s)
    (7, 'head: 5-0; top: -; bottom: -')
    """

    first_side = "top"

    def __init__(self, max_pip=6, cuts="anywhere"):
        super().__init__(max_pip)
        self.cuts = _validate.choice(cuts, "cuts", ("anywhere", "equal_ends"))
        self._head = None
        self._lines = {"top": [], "bottom": []}

    @property
    def head(self):
        """The crosswise bone the lines grow from, as ``(top value, bottom value)``."""
        return self._head

    def line(self, name):
        """The bones of the "top" or "bottom" line, outward, as oriented pairs."""
        name = _validate.choice(name, "name (of a line)", ("top", "bottom"))
        return list(self._lines[name])

    def _value(self, name, k):
        """The value after the k-th bone of a line (k = 0: the head's half)."""
        return self._lines[name][k - 1][1] if k else self._head[0 if name == "top" else 1]

    def open_ends(self):
        if self._head is None:
            return {}
        return {name: self._value(name, len(self._lines[name])) for name in ("top", "bottom")}

    def branches(self):
        if self._head is None:
            return []
        return [
            ("head", [self._head]),
            ("top", list(self._lines["top"])),
            ("bottom", list(self._lines["bottom"])),
        ]

    def _depths(self):
        top, bottom = len(self._lines["top"]), len(self._lines["bottom"])
        if not top or not bottom:
            return []
        if self.cuts == "equal_ends":
            return [top] if top == bottom else []
        return list(range(1, min(top, bottom) + 1))

    def _places(self, bone):
        """Every side ``bone`` may go on now."""
        if self._head is None:
            return ["top"]
        out = [
            name for name in ("top", "bottom") if self._value(name, len(self._lines[name])) in bone
        ]
        for k in self._depths():
            if Bone(self._value("top", k), self._value("bottom", k)) is bone:
                out.append(f"cut {k}")
        if bone.is_double:
            for name in ("top", "bottom"):
                out += [
                    f"{name} {k}"
                    for k in range(len(self._lines[name]))
                    if self._value(name, k) == bone.low
                ]
        return out

    def moves(self, hand, seat=None):
        hand = as_bones(hand, "hand")
        return [
            (bone, side)
            for bone in hand
            if bone not in self._on_table and bone.high <= self.max_pip
            for side in self._places(bone)
        ]

    def play(self, bone, side=None, closed=False, seat=None):
        """Lay ``bone``; return the bones cut off (a list, head first) or None.

        Raises
        ------
        IllegalMoveError
            If ``side`` is not a place where ``bone`` fits now.
        """
        self._check_bone(bone, closed, side)
        if closed:
            raise IllegalMoveError("Kolbasa lays no double face down")
        if self._head is None:
            self._head = (bone.low, bone.high)
            self._first = bone
            self._on_table.add(bone)
            return None
        places = self._places(bone)
        if side is None and places:
            side = places[0]
        if side not in places:
            raise IllegalMoveError(
                f"bone {bone} cannot go on {side!r}; it fits "
                f"{', '.join(places) or 'nowhere'} (ends: {self._describe_ends()})"
            )
        name, _, depth = side.partition(" ")
        self._on_table.add(bone)
        if name in ("top", "bottom") and not depth:
            end = self._value(name, len(self._lines[name]))
            self._lines[name].append((end, bone.other(end)))
            return None
        k = int(depth)
        if name in ("top", "bottom"):  # a double pushed in after the k-th bone
            self._lines[name].insert(k, (bone.low, bone.low))
            return None
        top, bottom = self._value("top", k), self._value("bottom", k)
        cut = (
            [Bone(*self._head)]
            + [Bone(*p) for p in self._lines["top"][:k]]
            + [Bone(*p) for p in self._lines["bottom"][:k]]
        )
        self._head = (top, bottom)
        self._lines = {"top": self._lines["top"][k:], "bottom": self._lines["bottom"][k:]}
        self._on_table -= set(cut)
        return cut


# ---------------------------------------------------------------------- Five-Up
class FiveUp(_Layout):
    """Five-Up's table: lines of play that branch at every double.

    Follows more_rules_ru.txt, "Алекс Крамер Домино", paragraphs 452-463.
    The first bone is the "set".  A single set starts two lines, one from
    each half.  A double -- the set, or a double laid at the end of a line
    -- may be played on both its sides and both its ends (four places for
    the set double, three more for a later one, whose fourth side touches
    its line); each bone played there starts a new line.  Only the ends of
    the lines count (:meth:`count`): the end of a single, or a double that
    nothing has been played on yet, both halves; a bone's numbers are "cut
    off" once anything is played on it.

    Parameters
    ----------
    max_pip : int
        The set is double-``max_pip``.

    See Also
    --------
    ChickenFoot, Trains, Line

    Examples
    --------
    The example of paragraph 460: 5-5, played on all four places, with
    lines ending in 2, 4, 1 and 0, counts 7:

    >>> up = FiveUp(6)
    >>> up.play(Bone(5, 5))
    >>> up.count()                            # 5-5 alone: both halves
    10
    >>> for k in (2, 4, 1, 0):
    ...     up.play(Bone(5, k), "set")
    >>> up.open_ends(), up.count()
    ({'line 1': 2, 'line 2': 4, 'line 3': 1, 'line 4': 0}, 7)
    """

    first_side = "set"

    def __init__(self, max_pip=6):
        super().__init__(max_pip)
        self._lines = []  # per line: its start value and its bones, outward
        self._free = {}  # double's place ("set", "double k") -> (value, free places)

    def lines(self):
        """Every line's bones, outward, as oriented pairs (line k is ``lines()[k - 1]``)."""
        return [list(pairs) for _, pairs in self._lines]

    def _line_end(self, k):
        start, pairs = self._lines[k]
        return pairs[-1][1] if pairs else start

    def _cut_double(self, k):
        pairs = self._lines[k][1]
        return bool(pairs) and pairs[-1][0] == pairs[-1][1]

    def open_ends(self):
        if self._first is None:
            return {}
        out = {}
        if "set" in self._free:
            out["set"] = self._free["set"][0]
        for k in range(len(self._lines)):
            if self._cut_double(k):
                if f"double {k + 1}" in self._free:
                    out[f"double {k + 1}"] = self._free[f"double {k + 1}"][0]
            else:
                out[f"line {k + 1}"] = self._line_end(k)
        return out

    def count(self):
        """The open ends added up: ends of singles, and doubles nothing was played on (twice)."""
        if self._first is None:
            return 0
        total = 0
        if "set" in self._free and self._free["set"][1] == 4:
            total += 2 * self._first.low  # the set double alone
        for k in range(len(self._lines)):
            if self._cut_double(k):
                place = self._free.get(f"double {k + 1}")
                if place is not None and place[1] == 3:  # nothing played on it yet
                    total += 2 * place[0]
            else:
                total += self._line_end(k)
        return total

    def branches(self):
        if self._first is None:
            return []
        out = [("set", [(self._first.low, self._first.high)])]
        for k, (_, pairs) in enumerate(self._lines):
            out.append((f"line {k + 1}", list(pairs)))
        return out

    def moves(self, hand, seat=None):
        hand = as_bones(hand, "hand")
        if self._first is None:
            return [(b, "set") for b in hand if b.high <= self.max_pip]
        return self._moves_on_open_ends(hand)

    def play(self, bone, side=None, closed=False, seat=None):
        """Lay ``bone`` on ``side`` ("set", "line k" or "double k"); the first bone anywhere."""
        self._check_bone(bone, closed, side)
        if closed:
            raise IllegalMoveError("Five-Up lays no double face down")
        if self._first is None:
            self._first = bone
            self._on_table.add(bone)
            if bone.is_double:
                self._free["set"] = (bone.low, 4)
            else:
                self._lines = [(bone.low, []), (bone.high, [])]
            return
        ends = self.open_ends()
        if side not in ends:
            raise IllegalMoveError(f"{side!r} is not open; open: {self._describe_ends()}")
        value = ends[side]
        if value not in bone:
            raise IllegalMoveError(f"bone {bone} does not match {side}, which shows {value}")
        self._on_table.add(bone)
        pair = (value, bone.other(value))
        if side.startswith("line"):
            k = int(side.split()[1]) - 1
            self._lines[k][1].append(pair)
        else:  # a new line from a double's free place
            double, free = self._free[side]
            if free == 1:
                del self._free[side]
            else:
                self._free[side] = (double, free - 1)
            self._lines.append((value, [pair]))
            k = len(self._lines) - 1
        if bone.is_double:
            self._free[f"double {k + 1}"] = (value, 3)
