"""The tables a round is played on, and their hooks: :class:`Trains` (Mexican train),
:class:`ChickenFoot`, :class:`Sausage` (Kolbasa) and :class:`FiveUp` besides the
:class:`~dominotiling.games.Line`; one hook per kind of table (:class:`LineTable`, ...) is
``Rules.table``, its options and what only it needs.  A move's ``side`` names a place:
``"train 0"``, ``"mexican"``; ``"foot"``, ``"toe k"``; ``"set"``, ``"line k"``, ``"double k"``;
``"top"``, ``"bottom"``, ``"cut k"``, ``"top k"``.  An illegal play changes nothing."""

from dataclasses import dataclass
from typing import Literal

from .. import _validate
from ..errors import DominoTilingError
from .bones import Bone, as_bones
from .errors import IllegalMoveError
from .line import SIDES, Line, Table, _hands, check_rules

__all__ = ["Trains", "ChickenFoot", "Sausage", "FiveUp", "new_layout"]

#: The most players at one table (of a rule set, a layout, a score sheet).
MAX_PLAYERS = 12


def new_layout(rules, n_players, double=None):
    """The empty table of a round under ``rules``; ``double``: the round's set double."""
    check_rules(rules)
    n_players = _validate.positive_int(n_players, "n_players", maximum=MAX_PLAYERS)
    if double is not None:
        double = _validate.nonnegative_int(double, "double (the set double)", maximum=rules.max_pip)
    return rules.table.new(rules, n_players, double)


@dataclass(frozen=True)
class TableRules:
    """The hook of one kind of table: its options, and what only it needs of the engine.

    ``set_double`` (a set double each round), ``hidden_rows`` (hands kept as face-down rows) and
    ``play_until_stuck`` (a player who laid a bone moves again) say how the engine deals and
    turns; the methods are called at the deal (:meth:`pool`, :meth:`keeps`), the opening
    (:meth:`opening`) and for each play (:meth:`moves`, :meth:`prepare`, :meth:`continuing`).
    """

    name = "table"
    set_double = hidden_rows = play_until_stuck = False
    check = lambda self, rules: None  # noqa: E731 -- refuse rules that contradict the table
    new = lambda self, rules, n_players, double: FiveUp(rules.max_pip)  # noqa: E731
    pool = lambda self, bones, double: bones  # noqa: E731 -- the bones dealt
    keeps = lambda self, hands, double: True  # noqa: E731 -- whether a deal is kept
    opening = lambda self, seat, hands: (seat, None)  # noqa: E731 -- (opener, bones) by seat
    moves = lambda self, game, moves: moves  # noqa: E731 -- the legal moves of the table
    continuing = lambda self, game, move: None  # noqa: E731 -- "chain", "doubles" or None

    def prepare(self, game, move):
        """``move`` checked against the legal moves and given its side, or an error."""
        moves = game._moves_for(game.turn)
        if move.closed or move.lengthwise:
            msg = f"{game.rules.name} lays doubles neither face down nor lengthwise"
            raise IllegalMoveError(msg)
        move = next((m for m in moves if m.bone is move.bone), move) if move.side is None else move
        if move not in moves:
            places = ", ".join(m.side for m in moves if m.bone is move.bone)
            if places:
                raise IllegalMoveError(f"{move.bone} may go on {places}, not on {move.side!r}")
            game.line.play(move.bone, move.side, seat=game.turn)  # raises, saying why
            raise IllegalMoveError(f"{move.bone} cannot be played now")
        return move


@dataclass(frozen=True)
class LineTable(TableRules):
    """One :class:`~dominotiling.games.Line`: its cross (``spinner``, ``house``,
    ``spinner_opens``, ``cross_count``, ``spinner_arms_first``); doubles laid face down
    (``closing_doubles``: never, each at will, or all of a turn alike) or lengthwise; up to
    ``doubles_per_turn`` doubles in a turn, or any number of bones with ``chain_turn`` (Blitz)."""

    spinner: bool = False
    house: Literal["first_double", "first_covered"] = "first_double"
    spinner_opens: Literal["both_sides", "at_once"] = "both_sides"
    spinner_arms_first: bool = False
    cross_count: Literal["played", "all"] = "played"
    closing_doubles: Literal["none", "any", "same"] = "none"
    lengthwise_doubles: bool = False
    doubles_per_turn: int = 1
    chain_turn: bool = False
    name = "line"
    new = lambda self, rules, n, d: Line.for_rules(rules)  # noqa: E731

    def check(self, rules):
        if self.lengthwise_doubles and not self.spinner:
            raise DominoTilingError("lengthwise_doubles (after the cross) needs spinner=True")

    def moves(self, game, moves):
        plays, mode = game._turn_plays, self.closing_doubles
        if game._continuing == "doubles":  # more doubles of one turn, on other ends
            moves = [m for m in moves if m.bone.is_double and m.side not in {p.side for p in plays}]
        if len(game.line) == 0 or (mode == "none" and not self.lengthwise_doubles):
            return moves
        along = self.lengthwise_doubles and game.line.spinner_value() is not None
        first = plays[0].closed if plays else None  # "same": all closed, or all open
        out = []
        for m in moves:
            if mode == "none" or not (mode == "same" and first is True):
                out.append(m)
            if mode != "none" and m.bone.is_double and not (mode == "same" and first is False):
                out.append(m._replace(closed=True))
            if along and m.bone.is_double:
                out.append(m._replace(lengthwise=True))
        return out

    def continuing(self, game, move):
        plays = game._turn_plays
        if self.chain_turn:
            return "chain"
        doubles = move.bone.is_double and all(m.bone.is_double for m in plays)
        return "doubles" if doubles and len(plays) < self.doubles_per_turn else None

    def prepare(self, game, move):
        bone, side, doubles = move.bone, move.side, game._continuing == "doubles"
        if side is not None and side not in SIDES:
            raise IllegalMoveError(f"side must be one of {SIDES}, got {side!r}")
        if len(game.line) == 0:
            side = "right"
        elif side is None:
            used = {m.side for m in game._turn_plays} if doubles else ()
            sides = [s for s in game.line.playable_sides(bone) if s not in used]
            side = "right" if "right" in sides or not sides else sides[0]
        move = move._replace(side=side)
        if not (game._continuing or move.closed or move.lengthwise):
            return move
        if move in game._moves_for(game.turn):
            return move
        if doubles:
            up_to = self.doubles_per_turn
            msg = f"only more doubles on other ends (up to {up_to}); call end_turn()"
            raise IllegalMoveError(msg)
        how = "face down" if move.closed else "lengthwise" if move.lengthwise else None
        if how and not (self.closing_doubles != "none" if move.closed else self.lengthwise_doubles):
            raise IllegalMoveError(f"{game.rules.name} does not lay doubles {how}")
        if how:
            why = "" if move.closed else " (a double, not the cross)"
            raise IllegalMoveError(f"{bone} cannot be laid {how} here{why}")
        return move


@dataclass(frozen=True)
class TrainsTable(TableRules):
    """Mexican train (:class:`Trains`); ``first_turn_train``: the Walnut rule book's first turn."""

    first_turn_train: bool = False
    name, set_double = "trains", True
    pool = lambda self, bones, d: [b for b in bones if b != Bone(d, d)]  # noqa: E731 -- the engine

    def new(self, rules, n_players, double):
        return Trains(rules.max_pip, n_players, double, first_turn_train=self.first_turn_train)


@dataclass(frozen=True)
class FootTable(TableRules):
    """Chicken foot (:class:`ChickenFoot`): ``foot_size`` chicks a foot; with nobody holding
    the set double the next lower one opens, or (``"redeal"``) a new deal."""

    foot_size: int = 3
    missing_set_double: Literal["lower", "redeal"] = "lower"
    name, set_double = "chicken_foot", True
    new = lambda self, rules, n, d: ChickenFoot(rules.max_pip, self.foot_size)  # noqa: E731

    def keeps(self, hands, double):
        held = {b for h in hands for b in h if b.is_double}
        return Bone(double, double) in held if self.missing_set_double == "redeal" else bool(held)


@dataclass(frozen=True)
class SausageTable(TableRules):
    """Kolbasa (:class:`Sausage`), from face-down rows taken from the right:
    ``sausage_cuts``, ``row_opening`` (the row's first bone, or its first double) and
    ``play_until_stuck`` (who lays a bone moves again)."""

    sausage_cuts: Literal["anywhere", "equal_ends"] = "anywhere"
    row_opening: Literal["first", "double"] = "first"
    play_until_stuck: bool = False
    name, hidden_rows = "sausage", True
    new = lambda self, rules, n, d: Sausage(rules.max_pip, self.sausage_cuts)  # noqa: E731

    def check(self, rules):
        if not rules.min_players == rules.max_players == 2:
            raise DominoTilingError("the sausage layout is for exactly two players")
        if rules.draw_from_bazaar:
            msg = "the sausage's face-down rows have no bazaar: draw_from_bazaar=False"
            raise DominoTilingError(msg)

    def opening(self, seat, hands):
        """A face-down row opens with its rightmost bone (or its first double from the right)."""
        row = hands[seat]
        doubles = [b for b in reversed(row) if b.is_double] if self.row_opening == "double" else []
        return seat, frozenset(doubles[:1] or row[-1:])


@dataclass(frozen=True)
class FiveUpTable(TableRules):
    """Five-Up (:class:`FiveUp`): every double branches."""

    name = "five_up"


#: The tables by name (``Rules(layout=name)``).
TABLES = {t.name: t for t in (LineTable, TrainsTable, FootTable, SausageTable, FiveUpTable)}


class Trains(Table):
    """Mexican train's table: the engine double, a train per player and the Mexican train.

    classic_rules_1_ru.txt, paragraphs 362 and 364: play on one's own train, the Mexican train,
    or a train with a marker (put on by :meth:`on_pass`, off by its owner's play); a double is
    followed at once (:meth:`must_continue`), a second only with a third bone for one of them;
    an uncovered double is covered first.

    Parameters
    ----------
    max_pip, n_players : int
        The set is double-``max_pip`` (12); one train per player.
    engine : int, optional
        The engine double in the centre (``max_pip`` if None).
    first_turn_train : bool, optional
        The Walnut rule book's first turn (more_rules_ru.txt, paragraphs 553-577): a train of
        any length on one's own train, no drawing; doubles covered after everyone's.

    See Also
    --------
    ChickenFoot, Sausage, Line

    Examples
    --------
    >>> Trains(12, 2, engine=12).moves([Bone(12, 3), Bone(4, 5)], seat=0)
    [(Bone(3, 12), 'train 0'), (Bone(3, 12), 'mexican')]
    """

    def __init__(self, max_pip=12, n_players=4, engine=None, first_turn_train=False):
        super().__init__(max_pip)
        self.first_turn_train = _validate.boolean(first_turn_train, "first_turn_train")
        self.n_players = _validate.positive_int(n_players, "n_players", maximum=MAX_PLAYERS)
        if engine is not None:
            engine = _validate.nonnegative_int(engine, "engine", maximum=max_pip)
        self.engine = max_pip if engine is None else engine
        self._first = Bone(self.engine, self.engine)
        self._on_table = {self._first}
        self._trains = {f"train {s}": [] for s in range(n_players)} | {"mexican": []}
        self._markers, self._had_turn = set(), set()  # had_turn: seats past their first turn
        self._turn, self._turn_seat = [], None  # (train, bone) laid in the turn in progress

    def train(self, name):
        """The bones of the train ``name`` ("train k" or "mexican"), outward, as oriented pairs."""
        return list(self._trains[_validate.choice(name, "name (of a train)", tuple(self._trains))])

    markers = property(lambda self: frozenset(self._markers))  # seats whose trains are open
    _end = lambda self, name: self._trains[name][-1][1] if self._trains[name] else self.engine  # noqa: E731
    open_ends = lambda self: {name: self._end(name) for name in self._trains}  # noqa: E731
    # the trains ending in a double not yet covered
    uncovered = lambda self: [n for n, t in self._trains.items() if t and t[-1][0] == t[-1][1]]  # noqa: E731

    def _seat(self, seat):
        if seat is None or type(seat) is int and 0 <= seat < self.n_players:
            return seat
        return _validate.integer(seat, "seat", minimum=0, maximum=self.n_players - 1)

    def in_first_turn(self, seat):
        seat = self._seat(seat)
        return self.first_turn_train and seat is not None and seat not in self._had_turn

    may_draw = lambda self, seat: not self.in_first_turn(seat)  # noqa: E731 -- no first train: a marker

    def first_turns_over(self):
        return not self.first_turn_train or len(self._had_turn) >= self.n_players

    def allowed(self, seat):
        """The trains the player in ``seat`` may play on now."""
        seat = self._seat(seat)
        if self.in_first_turn(seat):
            return {f"train {seat}"}
        usual = {"mexican"} | {f"train {s}" for s in self._markers}
        usual |= set() if seat is None else {f"train {seat}"}
        if not self._turn:
            return set(self.uncovered()) or usual
        laid_now = set(self._laid_now())
        return laid_now if len(laid_now) >= 2 else usual | laid_now  # two doubles: cover one

    def _laid_now(self):
        """The trains ending in an uncovered double laid in the turn in progress."""
        return [name for name in self.uncovered() if name in {n for n, _ in self._turn}]

    def branches(self):
        marked = {f"train {s}" for s in self._markers}
        trains = [(n + " (marker)" * (n in marked), list(p)) for n, p in self._trains.items()]
        return [("engine", [(self.engine, self.engine)])] + trains

    def moves(self, hand, seat=None):
        hand = list(as_bones(hand, "hand"))
        names = sorted(self.allowed(seat), key=_train_order)
        ends = {name: self._end(name) for name in names}
        laid = self._laid_now()
        second = len(laid) == 1 and not self.in_first_turn(seat)
        out = []
        for bone in hand:
            for name in names if bone not in self._on_table and bone.high <= self.max_pip else ():
                if ends[name] not in bone:
                    continue
                if bone.is_double and second and name != laid[0]:
                    # a second double: only with a third bone in hand for one of the two
                    values = {ends[laid[0]], bone.low}
                    if not any(b is not bone and values & {b.low, b.high} for b in hand):
                        continue
                out.append((bone, name))
        return out

    def play(self, bone, side=None, closed=False, lengthwise=False, seat=None):
        """Lay ``bone`` on the train ``side`` for the player in ``seat`` (an error if the train is
        not open to this player now, or the bone does not match it)."""
        self._check_bone(bone, closed, lengthwise, side)
        seat = self._seat(seat)
        if side not in self._trains:
            msg = f"side must name a train ({', '.join(self._trains)}), got {side!r}"
            raise IllegalMoveError(msg)
        allowed = self.allowed(seat)
        if side not in allowed:
            why = "it is another player's train without a marker"
            if self.uncovered() and not self._turn:
                why = "an uncovered double must be covered first"
            now = ", ".join(sorted(allowed, key=_train_order))
            msg = f"{side} is not open to seat {seat} now ({why}); open to it: {now}"
            raise IllegalMoveError(msg)
        end = self._lay(bone, side)
        self._trains[side].append((end, bone.other(end)))
        self._turn.append((side, bone))
        self._turn_seat = seat
        if seat is not None and side == f"train {seat}":
            self._markers.discard(seat)

    may_continue = lambda self: bool(self._turn) and self.in_first_turn(self._turn_seat)  # noqa: E731

    def must_continue(self):
        turn = self._turn
        return bool(turn) and turn[-1][1].is_double and not self.in_first_turn(self._turn_seat)

    def end_turn(self):
        if self._turn and self.first_turn_train:
            self._had_turn.add(self._turn_seat)
        self._turn, self._turn_seat = [], None

    def on_pass(self, seat):
        seat = self._seat(seat)
        if seat is not None:
            self._markers.add(seat)
            if self.first_turn_train:
                self._had_turn.add(seat)

    def could_play(self, hands):
        ends = {self._end(name) for name in self.uncovered() or self._trains}
        return any(b.low in ends or b.high in ends for hand in _hands(hands) for b in hand)


def _train_order(name):
    return (1, 0) if name == "mexican" else (0, int(name.split()[1]))


class ChickenFoot(Table):
    """Chicken foot's table: the set double with its chicks, and a foot on every later double.

    classic_rules_1_ru.txt, paragraphs 341 and 348: the set double, ``2 * foot_size`` chicks
    on it, then any toe's end; a double on a toe takes ``foot_size`` chicks before anything
    else (its toe ends there).

    Parameters
    ----------
    max_pip, foot_size : int, optional
        The set is double-``max_pip`` (9); the chicks of a foot (3).

    See Also
    --------
    Trains, Sausage, Line

    Examples
    --------
    >>> foot = ChickenFoot(9)
    >>> foot.play(Bone(5, 5)); foot.pending            # six chicks are due on 5-5
    (5, 6)
    """

    first_side = "foot"
    _opens = lambda self, bone: bone.is_double and bone.high <= self.max_pip  # noqa: E731 -- a double

    def __init__(self, max_pip=9, foot_size=3):
        super().__init__(max_pip)
        self.foot_size = _validate.positive_int(foot_size, "foot_size")
        self._toes, self._parents = [], []  # per toe: its pairs; None or the toe its double ends
        self._ended = set()  # toes ending in a double that grew a foot
        self._foot = None  # (value, chicks still due, toe the double ends or None)

    toes = lambda self: [list(t) for t in self._toes]  # noqa: E731 -- each toe's pairs, outward

    def parents(self):
        """For each toe, the toe whose end double it grows from (1-based), or None."""
        return [None if p is None else p + 1 for p in self._parents]

    pending = property(lambda self: self._foot and self._foot[:2])  # (value, chicks due) or None

    def open_ends(self):
        if self._first is None:
            return {}
        if self._foot is not None:
            return {"foot": self._foot[0]}
        return {f"toe {k + 1}": t[-1][1] for k, t in enumerate(self._toes) if k not in self._ended}

    def branches(self):
        if self._first is None:
            return []
        on = [f" (on toe {p + 1})" if p is not None else "" for p in self._parents]
        toes = [(f"toe {k + 1}{o}", t) for k, (o, t) in enumerate(zip(on, self.toes()))]
        return [("set double", [(self._first.low, self._first.low)])] + toes

    def play(self, bone, side=None, closed=False, lengthwise=False, seat=None):
        """Lay ``bone`` on ``side`` ("foot" or "toe k"); the first bone, a double, on any side."""
        self._check_bone(bone, closed, lengthwise, side)
        if self._first is None:
            if not bone.is_double:
                raise IllegalMoveError(f"a round of Chicken foot opens with a double, not {bone}")
            self._first, self._foot = bone, (bone.low, 2 * self.foot_size, None)
            self._on_table.add(bone)
            return
        v = self._foot[0] if self._foot else None
        why = f" (the foot on {v}-{v} must be completed first)" if self._foot else ""
        value = self._lay(bone, side, why)
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


class Sausage(Table):
    """Kolbasa's table: two parallel lines growing from a crosswise head, cut across.

    kozel_and_variants_ru.txt, paragraphs 286-290 and 353-354: the "top" line grows from the
    head's low half, the "bottom" from its high half; a bone showing both lines' values after
    their k-th bones cuts across ("cut k"), returning all before it (to the opponent) and
    becoming the head; a double may be pushed in where two halves show its value ("top k").

    Parameters
    ----------
    max_pip, cuts : int and {"anywhere", "equal_ends"}, optional
        The set; cut at any depth both lines reach (paragraph 354), or at the ends of lines of
        equal length (paragraph 288).

    See Also
    --------
    Trains, ChickenFoot, Line

    Examples
    --------
    >>> s = Sausage()
    >>> s.play(Bone(1, 2)); s.play(Bone(1, 3), "top"); s.play(Bone(2, 3), "bottom")
    >>> [side for _, side in s.moves([Bone(3, 3)])], str(s.play(Bone(3, 3), "cut 1")[0])
    (['top', 'bottom', 'cut 1'], '1-2')
    """

    first_side = "top"

    def __init__(self, max_pip=6, cuts="anywhere"):
        super().__init__(max_pip)
        self.cuts = _validate.choice(cuts, "cuts", ("anywhere", "equal_ends"))
        self._head, self._lines = None, {"top": [], "bottom": []}

    head = property(lambda self: self._head)  # the crosswise bone, (top value, bottom value)
    # the value the line ``n`` shows after its ``k``-th bone (the head's for k = 0)
    _value = lambda self, n, k: self._lines[n][k - 1][1] if k else self._head[n == "bottom"]  # noqa: E731

    def line(self, name):
        """The bones of the "top" or "bottom" line, outward, as oriented pairs."""
        return list(self._lines[_validate.choice(name, "name (of a line)", ("top", "bottom"))])

    def open_ends(self):
        lines = self._lines
        return {} if self._head is None else {n: self._value(n, len(lines[n])) for n in lines}

    def branches(self):
        if self._head is None:
            return []
        return [("head", [self._head])] + [(n, list(p)) for n, p in self._lines.items()]

    def _places(self, bone):
        if self._head is None:
            return ["top"]
        top, bottom = len(self._lines["top"]), len(self._lines["bottom"])
        out = [n for n, k in (("top", top), ("bottom", bottom)) if self._value(n, k) in bone]
        if self.cuts == "equal_ends":
            depths = [top] if top == bottom and top else []
        else:
            depths = range(1, min(top, bottom) + 1)
        v = self._value
        out += [f"cut {k}" for k in depths if Bone(v("top", k), v("bottom", k)) is bone]
        for name in ("top", "bottom") if bone.is_double else ():
            out += [f"{name} {k}" for k in range(len(self._lines[name])) if v(name, k) == bone.low]
        return out

    def moves(self, hand, seat=None):
        ok = lambda b: b not in self._on_table and b.high <= self.max_pip  # noqa: E731
        return [(b, side) for b in as_bones(hand, "hand") if ok(b) for side in self._places(b)]

    def play(self, bone, side=None, closed=False, lengthwise=False, seat=None):
        """Lay ``bone``; return the bones cut off (a list, head first) or None."""
        self._check_bone(bone, closed, lengthwise, side)
        if self._head is None:
            self._head, self._first = (bone.low, bone.high), bone
            self._on_table.add(bone)
            return None
        places = self._places(bone)
        side = places[0] if side is None and places else side
        if side not in places:
            fits = ", ".join(places) or "nowhere"
            ends = self._describe_ends()
            msg = f"bone {bone} cannot go on {side!r}; it fits {fits} (ends: {ends})"
            raise IllegalMoveError(msg)
        name, _, depth = side.partition(" ")
        self._on_table.add(bone)
        lines = self._lines
        if name != "cut":
            k = int(depth) if depth else len(lines[name])
            end = self._value(name, k)  # at the end, or a double pushed in after the k-th bone
            lines[name].insert(k, (end, bone.other(end)))
            return None
        k = int(depth)
        cut = [Bone(*self._head)] + [Bone(*p) for p in lines["top"][:k] + lines["bottom"][:k]]
        self._head = (self._value("top", k), self._value("bottom", k))
        self._lines = {"top": lines["top"][k:], "bottom": lines["bottom"][k:]}
        self._on_table -= set(cut)
        return cut


class FiveUp(Table):
    """Five-Up's table: lines of play that branch at every double.

    more_rules_ru.txt, paragraphs 452-463: a single set starts two lines; a double (the set, or
    one ending a line) is played on both sides and ends (four places for the set, three later),
    each play starting a line; :meth:`count` adds the lines' ends, a double nothing was played
    on counting both halves.

    Parameters
    ----------
    max_pip : int

    See Also
    --------
    ChickenFoot, Trains, Line

    Examples
    --------
    Paragraph 460: 5-5 played on its four places, the lines ending in 2, 4, 1 and 0, counts 7:

    >>> up = FiveUp(6)
    >>> for bone in (Bone(5, 5), Bone(5, 2), Bone(5, 4), Bone(5, 1), Bone(5, 0)):
    ...     up.play(bone, "set")
    >>> up.count()
    7
    """

    first_side = "set"
    lines = lambda self: [list(pairs) for _, pairs in self._lines]  # noqa: E731 -- each line's pairs
    open_ends = lambda self: {} if self._first is None else {p: v for p, v, _ in self._ends()}  # noqa: E731

    def __init__(self, max_pip=6):
        super().__init__(max_pip)
        self._lines = []  # per line: its start value and its bones, outward
        self._free = {}  # a double's place ("set", "double k") -> (value, free places)

    def _ends(self):
        """(place, value, what it counts) of every open place."""
        out = [("set", *self._free["set"])] if "set" in self._free else []
        for k, (start, pairs) in enumerate(self._lines):
            if pairs and pairs[-1][0] == pairs[-1][1]:  # a double ends the line: its free places
                free = self._free.get(f"double {k + 1}")
                out += [(f"double {k + 1}", free[0], 2 * free[0] * (free[1] == 3))] if free else []
            else:
                end = pairs[-1][1] if pairs else start
                out.append((f"line {k + 1}", end, end))
        return out

    def count(self):
        """The open ends added up: ends of singles, and doubles nothing was played on (twice)."""
        if self._first is None:
            return 0
        lone = 2 * self._first.low if self._free.get("set", (0, 0))[1] == 4 else 0
        return lone + sum(c for place, _, c in self._ends() if place != "set")

    def branches(self):
        lines = [(f"line {k + 1}", p) for k, p in enumerate(self.lines())]
        return [] if self._first is None else [("set", [tuple(self._first)])] + lines

    def play(self, bone, side=None, closed=False, lengthwise=False, seat=None):
        """Lay ``bone`` on ``side`` ("set", "line k" or "double k"); the first bone anywhere."""
        self._check_bone(bone, closed, lengthwise, side)
        if self._first is None:
            self._first = bone
            self._on_table.add(bone)
            if bone.is_double:
                self._free["set"] = (bone.low, 4)
            else:
                self._lines = [(bone.low, []), (bone.high, [])]
            return
        value = self._lay(bone, side)
        if side.startswith("line"):
            k = int(side.split()[1]) - 1
            self._lines[k][1].append((value, bone.other(value)))
        else:  # a new line from a double's free place
            double, free = self._free.pop(side)
            if free > 1:
                self._free[side] = (double, free - 1)
            self._lines.append((value, [(value, bone.other(value))]))
            k = len(self._lines) - 1
        if bone.is_double:
            self._free[f"double {k + 1}"] = (value, 3)
