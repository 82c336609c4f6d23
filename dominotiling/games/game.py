"""The game engine: :class:`Game` plays a match by any rules, by hand or by player functions.
Its mechanics read the rules' shared fields and call their hooks, ``rules.family`` and
``rules.table``; they never test a game's name."""

from numbers import Integral

import numpy as np

from .. import _validate
from ..errors import DominoTilingError, DominoTypeError
from .bones import Bone, as_bones, double_set
from .display import game_html
from .errors import IllegalMoveError
from .layouts import new_layout
from .line import _hands
from .players import player_functions
from .records import Event, Move, PlayerView, RoundResult
from .rules import as_rules
from .scoring import ScoreSheet

__all__ = ["Game"]


class Game:
    """A match of dominoes by the given rules.

    Parameters
    ----------
    rules : Rules or str
        The rules to play by, or a rule set's name (``"kozel"``).
    players : int or sequence
        The number of players (all moves made by hand), or one entry per seat, clockwise: a
        player function ``f(view) -> Move``, or None for a seat played by hand.
    seed : None, int or numpy.random.Generator, optional
        Source of the deals and the players' random choices: the same seed, the same game.

    Attributes
    ----------
    rules, n_players, sheet : Rules, int, ScoreSheet
        The rules, the seats, the scores (seats as players).
    line : Line or a table of :mod:`~dominotiling.games.layouts`
        The table of the current round.
    turn, round_number : int
        The seat to move; the rounds finished before this one (shown from 1).
    history, rounds, over : list of Event, list of RoundResult, bool
        Everything that happened (enough to :meth:`replay`); the rounds; the end.

    See Also
    --------
    Rules, simulate, PlayerView

    Notes
    -----
    Who can move must play; who cannot draws (when allowed), else knocks; a turn that may go on
    (several doubles, Blitz, Seven, a first train) stops with :meth:`end_turn`.  A round ends
    when a player goes out, at a fish (``rules.fish_ends_round``), with every end closed, or
    blocked; it is scored at once and the next dealt.  A move's side names a place of the table
    (``"train 1"``, ``"toe 3"``, ...).  An illegal action raises
    :class:`~dominotiling.games.IllegalMoveError` and changes nothing.

    Examples
    --------
    >>> game = Game("kozel", 2, seed=7)
    >>> game.legal_moves()            # the holder of 1-1 must open with it
    [Move(bone=Bone(1, 1), side='right', closed=False)]
    >>> game.play(game.legal_moves()[0])
    >>> len(game.line), game.turn
    (1, 0)
    >>> game                          # rounds are shown counted from 1
    <Game of Kozel (fish for all), 2 players: round 1, seat 0 to move>
    """

    def __init__(self, rules, players, seed=None):
        self._setup(rules, players, seed, deals=None)
        self._start_round()

    @staticmethod
    def _count_players(players):
        if isinstance(players, (list, tuple)):
            return len(players)
        if isinstance(players, bool) or not isinstance(players, Integral):
            raise DominoTypeError(f"players must be a number or a list, got {players!r}")
        return int(players)

    def _setup(self, rules, players, seed, deals, replaying=False):
        rules = as_rules(rules)
        n = self._count_players(players)
        rules.check_players(n)  # before anything grows with n (Game(rules, 2**31) was 17 GB)
        strategies = (None,) * n if isinstance(players, Integral) else players
        strategies = player_functions(strategies, (n,), f"{n} players")
        deal_seed, play_seed = _validate.seed(seed).integers(0, 2**63, size=2)
        self.rules, self.n_players, self.strategies = rules, n, strategies
        self._deal_rng = np.random.default_rng(deal_seed)
        self._play_rng = np.random.default_rng(play_seed)
        self._deals, self._replaying, self._replay_future = deals, replaying, []
        self._set = double_set(rules.max_pip)
        self.sheet = ScoreSheet(n, rules)
        self.history, self.rounds = [], []
        self.round_number, self.over, self._stopped = 0, False, False
        self.line = new_layout(rules, n)
        self.turn, self._hands, self._bazaar, self._forced = 0, [[] for _ in range(n)], [], None
        self._streak, self._pending_out = [0] * n, None
        self._new_turn()

    # ------------------------------------------------------------------ queries
    def hand(self, seat):
        """The bones in ``seat``'s hand, as a tuple."""
        seat = _validate.integer(seat, "seat", minimum=0, maximum=self.n_players - 1)
        return tuple(self._hands[seat])

    bazaar_size = property(lambda self: self._drawable())  # the bones that can still be drawn
    reserve_size = property(lambda self: len(self._bazaar) - self._drawable())  # never drawn
    _drawable = lambda self: max(0, len(self._bazaar) - self.rules.reserve(self.n_players))  # noqa: E731

    @property
    def can_end_turn(self):
        """True when the player to move has laid a bone and may stop the turn (:meth:`end_turn`)."""
        going = self._continuing in ("doubles", "chain", "pair")
        return going and not self.over and not self._stopped

    def legal_moves(self):
        """The list of :class:`Move` the player to move may make (empty if none)."""
        return [] if self.over or self._stopped else self._moves_for(self.turn)

    def view(self):
        """The :class:`PlayerView` of the player to move."""
        return PlayerView(self, self.turn, self.legal_moves())

    def _check_live(self):
        if self.over:
            raise IllegalMoveError("the match is over; start a new Game")
        if self._stopped:
            raise IllegalMoveError("the replayed history ends between two rounds: no deal is known")

    def __repr__(self):
        state = "over" if self.over else f"round {self.round_number + 1}, seat {self.turn} to move"
        return f"<Game of {self.rules.name}, {self.n_players} players: {state}>"

    _repr_html_ = game_html  # the rich display

    # ------------------------------------------------------------------ actions, by hand and automatic
    @staticmethod
    def _parse(move, side=None):
        if isinstance(move, Move):
            return move
        if isinstance(move, Bone):
            return Move(move, side)
        if isinstance(move, tuple) and len(move) in (2, 3, 4):
            bone, side, *rest = move
            closed, lengthwise = (rest + [False, False])[:2]
            if isinstance(bone, Bone) and isinstance(closed, bool) and isinstance(lengthwise, bool):
                return Move(bone, side, closed, lengthwise)
        raise IllegalMoveError(f"a move is a Bone, a Move or a (bone, side) pair, got {move!r}")

    def play(self, move, side=None):
        """Play a :class:`Move`, a ``(bone, side)`` pair or a bone (on ``side``, or the first
        fitting side, right preferred) for the player to move; a list lays its bones in one turn
        and ends it.  An IllegalMoveError changes nothing (for a list: by any of its bones)."""
        if not isinstance(move, list):
            return self._play_one(self._parse(move, side))
        self._check_live()
        if not move:
            raise IllegalMoveError("an empty list of moves; give at least one")
        saved = self._snapshot()
        try:
            for m in move:
                self._play_one(self._parse(m))
            if self.can_end_turn and self._turn_plays:
                self.end_turn()
        except Exception:
            self._restore(saved)
            raise

    def _play_one(self, move):
        self._check_live()
        bone, side, seat = move.bone, move.side, self.turn
        hand = self._hands[seat]
        if bone not in hand:
            held = " ".join(map(str, hand))
            msg = f"bone {bone} is not in the hand of player {seat}, who holds {held}"
            raise IllegalMoveError(msg)
        if self._forced is not None and bone not in self._forced:
            allowed = " or ".join(str(b) for b in sorted(self._forced))
            raise IllegalMoveError(f"the round must be opened with {allowed}")
        if self.rules.table.hidden_rows and self._forced is None and bone is not hand[-1]:
            msg = f"only the bone taken from the right of the row, {hand[-1]}, may go now"
            raise IllegalMoveError(msg)
        if side is not None and not isinstance(side, str):
            raise IllegalMoveError(f"side must be a string naming an end, got {side!r}")
        self._apply_play(self.rules.table.prepare(self, Move(bone, side, *move[2:])))

    def end_turn(self):
        """Stop a turn in which more bones could follow (an error if none could)."""
        self._check_live()
        if self._continuing == "must":
            msg = "after a double another bone must follow (or a draw, or a knock)"
            raise IllegalMoveError(msg)
        if self._continuing is None:
            raise IllegalMoveError("there is no turn to end: it ended by itself after the play")
        index = len(self.history)
        self.history.append(Event("end_turn", self.round_number, self.turn, None, None, 0))
        self._finish_turn(index)

    def _check_stuck(self, verb, going):
        self._check_live()
        if self._continuing not in (None, "must"):
            raise IllegalMoveError(going)
        if self.legal_moves():
            raise IllegalMoveError(f"player {self.turn} can play and so must play, not {verb}")

    def draw(self):
        """Draw one bone from the bazaar for the player to move, who cannot play; return it."""
        self._check_stuck("draw", "finish the turn with end_turn() or another bone; no drawing now")
        if not self._can_draw():
            raise IllegalMoveError("nothing to draw (none left, or none allowed); knock instead")
        bone = self._bazaar.pop()
        self._hands[self.turn].append(bone)
        self._counts[1] += 1
        self._turn_draws += 1
        self.history.append(Event("draw", self.round_number, self.turn, bone))
        return bone

    def knock(self):
        """Pass the turn of the player to move, who can neither play nor draw (else an error)."""
        self._check_stuck("knock", "the turn goes on: call end_turn() to stop laying bones")
        if self._can_draw():
            raise IllegalMoveError(f"player {self.turn} must draw from the bazaar before knocking")
        self._counts[2] += 1
        seat = self.turn
        self.history.append(Event("knock", self.round_number, seat))
        self._streak[seat] = 0  # a pass breaks a row of moves
        row = self._hands[seat]
        if self.rules.table.hidden_rows and row and self._forced is None:
            row.insert(0, row.pop())  # the bone goes back to the left of the row
        self.line.on_pass(seat)  # trains: a marker on the player's own train
        self._new_turn()
        self.turn = self._next(seat)
        self._check_blocked()

    def step(self):
        """One action for the player to move: their function's move (None ends a turn that may
        stop), or a draw or a knock when they cannot move."""
        self._check_live()
        moves = self.legal_moves()
        if not moves:
            if self.can_end_turn:
                self.end_turn()
            elif self._can_draw():
                self.draw()
            else:
                self.knock()
            return
        strategy = self.strategies[self.turn]
        if strategy is None:
            raise DominoTilingError(f"seat {self.turn} has no player function; call play() for it")
        choice = strategy(PlayerView(self, self.turn, moves))
        if choice is None and self.can_end_turn:
            self.end_turn()
        else:
            self._play_one(self._parse(choice))

    def play_round(self):
        """Play until the current round ends; return its :class:`RoundResult`."""
        self._check_live()
        number = self.round_number
        while not self.over and self.round_number == number:
            self.step()
        return self.rounds[-1]

    def play_match(self, max_rounds=1000):
        """Play until the match is decided (an error after ``max_rounds``); return the sheet."""
        max_rounds = _validate.positive_int(max_rounds, "max_rounds")
        while not self.over:
            if self.round_number >= max_rounds:
                msg = f"the match was not decided in {max_rounds} rounds; raise max_rounds"
                raise DominoTilingError(msg)
            self.play_round()
        return self.sheet

    # ------------------------------------------------------------------ deals, histories, snapshots
    @classmethod
    def from_deal(cls, rules, players, hands, bazaar=(), seed=None):
        """Start a game whose first round is dealt as given (no redeal), later ones at random:
        ``hands`` by seat, as large as the rules deal, and ``bazaar`` in drawing order, the
        whole set together (but Mexican train's engine).

        Examples
        --------
        >>> from dominotiling.games import Rules, double_set
        >>> bones = double_set(6)
        >>> hands = [bones[0:7], bones[7:14]]      # seat 1 holds 1-1
        >>> game = Game.from_deal(Rules.kozel(), 2, hands, bones[14:])
        >>> game.turn, game.legal_moves()
        (1, [Move(bone=Bone(1, 1), side='right', closed=False)])
        """
        rules = as_rules(rules)
        hands, bazaar = [list(h) for h in _hands(hands)], list(as_bones(bazaar, "bazaar"))
        every = [b for h in hands for b in h] + bazaar
        full = rules.table.pool(double_set(rules.max_pip), rules.max_pip)
        if len(set(every)) != len(every) or set(every) != set(full):
            got = f"{len(every)} bones, {len(set(every))} distinct"
            msg = f"hands and bazaar must hold each bone of the set exactly once, got {got}"
            raise DominoTilingError(msg)
        n = cls._count_players(players)
        if n != len(hands):
            raise DominoTilingError(f"{n} players but {len(hands)} hands")
        size = rules.hand_size(n)
        for seat, h in enumerate(hands):
            if len(h) != size:
                msg = f"{rules.name} deals {size} bones each; hand {seat} has {len(h)}"
                raise DominoTilingError(msg)
        game = cls.__new__(cls)
        deal = Event("deal", 0, None, None, None, (tuple(map(tuple, hands)), tuple(bazaar), 0))
        game._setup(rules, players, seed, deals=iter([deal]))
        game._start_round()
        return game

    def _snapshot(self):
        """The state a failed list of plays restores: every attribute, lists and tables copied."""
        state = {k: list(v) if type(v) is list else v for k, v in vars(self).items()}
        state.update(line=self.line.copy(), sheet=self.sheet.copy())
        state["_hands"] = [list(h) for h in self._hands]
        return state, (self._deal_rng.bit_generator.state, self._play_rng.bit_generator.state)

    def _restore(self, saved):
        state, rngs = saved
        self.__dict__.update(state)
        self._deal_rng.bit_generator.state, self._play_rng.bit_generator.state = rngs

    @classmethod
    def replay(cls, rules, players, history):
        """Rebuild a game from its ``history`` (:attr:`Game.history`, possibly cut short),
        checking every action: an IllegalMoveError when one is illegal or differs from what the
        game does (a drawn bone, an opener, a round end).

        Examples
        --------
        >>> from dominotiling.games import greedy_player
        >>> game = Game("kozel", [greedy_player] * 2, seed=1)
        >>> Game.replay("kozel", 2, game.play_match() and game.history).sheet.scores() == game.sheet.scores()
        True
        """
        try:
            history = list(history)
        except TypeError:
            msg = f"history must be a list of Event, got {type(history).__name__}"
            raise DominoTypeError(msg) from None
        for k, e in enumerate(history):
            if not isinstance(e, Event):
                msg = f"history must hold Event records; entry {k} is {type(e).__name__}"
                raise DominoTypeError(msg)
        game = cls.__new__(cls)
        deals = iter([e for e in history if e.kind == "deal"])
        game._setup(rules, players, None, deals=deals, replaying=True)
        game._start_round()
        actions = {"draw": game.draw, "knock": game.knock, "end_turn": game.end_turn}
        for k, event in enumerate(history):
            what = f"recorded {event.kind} of round {event.round}"
            if k < len(game.history):  # the game wrote this one itself
                if game.history[k] != event:
                    msg = f"{what} differs on replay: {event} vs {game.history[k]}"
                    raise IllegalMoveError(msg)
                continue
            if k > len(game.history):
                raise IllegalMoveError(f"the history is out of step at entry {k}")
            if event.kind in ("deal", "end", "take"):
                raise IllegalMoveError(f"{what} did not happen on replay")
            late = game.over or game._stopped
            if late or (event.seat, event.round) != (game.turn, game.round_number):
                raise IllegalMoveError(f"recorded {event.kind} by seat {event.seat} is out of turn")
            game._replay_future = history[k + 1 :]
            if event.kind == "play":
                game._play_one(Move(event.bone, event.side, event.closed, event.lengthwise))
            elif event.kind not in actions:
                raise IllegalMoveError(f"unknown event kind {event.kind!r}")
            elif actions[event.kind]() != event.bone and event.kind == "draw":
                raise IllegalMoveError("a recorded draw differs from the bazaar")
        return game

    # ------------------------------------------------------------------ the mechanics: seats, the deal, the opening
    def _active(self):
        """The seats still in the match."""
        gone = self.sheet.absent()
        return [s for s in range(self.n_players) if s not in gone]

    def _next(self, seat, step=1):
        """The seat ``step`` places clockwise from ``seat`` among those still playing."""
        active, n = self._active(), self.n_players
        ahead = [(seat + k) % n for k in range(1, n + 1) if (seat + k) % n in active]
        return ahead[step - 1] if step <= len(ahead) else seat

    def _round_double(self):
        """The round's set double (Mexican train, Chicken foot): down from max_pip, then up."""
        if not self.rules.table.set_double:
            return None
        top = self.rules.max_pip
        r = self.round_number % (2 * top + 1)
        return top - r if r <= top else r - top

    def _deal(self):
        rules, table, n = self.rules, self.rules.table, self.n_players
        size, active, double = rules.hand_size(n), self._active(), self._round_double()
        pool = table.pool(list(self._set), double)
        redeals = 0
        while True:
            order = self._deal_rng.permutation(len(pool))
            bones = [pool[i] for i in order]
            hands = [[] for _ in range(n)]
            for k, seat in enumerate(active):
                row = bones[k * size : (k + 1) * size]
                hands[seat] = row if table.hidden_rows else sorted(row)
            rest = bones[len(active) * size :][::-1]
            if not any(rules.needs_redeal(h) for h in hands) and table.keeps(hands, double):
                return hands, rest, redeals
            redeals += 1

    def _by_rule(self, hands, reopening=False):
        """(seat, bone) for a round opened by rule."""
        rules = self.rules
        holder = {b: s for s, hand in enumerate(hands) for b in hand}
        if rules.table.set_double:
            d, top = self._round_double(), rules.max_pip
            doubles = tuple(range(d, -1, -1)) + tuple(range(top, d, -1))
        elif reopening and rules.reopen_doubles:
            doubles = rules.reopen_doubles
        else:
            doubles = rules.opening_doubles
        for bone in [Bone(*key) for key in rules.opening_bones] + [Bone(v, v) for v in doubles]:
            if bone in holder:
                return holder[bone], bone
        if rules.opening_fallback == "lightest":
            bone = min(holder, key=lambda b: (b.pips, b.low))
        else:
            bone = max(holder, key=lambda b: (b.pips, b.high))
        return holder[bone], bone

    def _opening(self, hands):
        """Return (seat, allowed opening bones or None) for the round about to start."""
        rules = self.rules
        previous = self.rounds[-1] if self.rounds else None
        if previous is None and rules.first_opener == "seat":
            return rules.table.opening(self._active()[0], hands)
        reopening = None if previous is None else rules.family.reopens(self, hands)
        if previous is None or rules.later_opener == "rule" or reopening is not None:
            seat, bone = self._by_rule(hands, bool(reopening))
            return seat, frozenset([bone])
        winner = previous.winner
        if rules.later_opener == "rotate":
            seat = self._next(previous.opener)
        elif winner is None:
            seat = previous.opener
        elif rules.later_opener == "winner_partner" and previous.reason == "out":
            seat = (winner + 2) % self.n_players
        else:
            seat = winner
        if seat not in self._active():
            seat = self._next(seat)
        other = rules.family.opener(self, hands, previous, seat)
        if other is not None:
            return other
        if rules.table.hidden_rows:
            return rules.table.opening(seat, hands)
        if rules.later_bone == "double":
            return seat, frozenset(b for b in hands[seat] if b.is_double) or None
        return seat, None

    def _start_round(self):
        event = None if self._deals is None else next(self._deals, None)
        if event is not None:
            hidden = self.rules.table.hidden_rows
            hands = [list(h) if hidden else sorted(h) for h in event.info[0]]
            bazaar, redeals = list(event.info[1])[::-1], event.info[2]
        elif self._replaying:
            self._stopped = True
            return
        else:
            hands, bazaar, redeals = self._deal()
        self._stopped = False
        self._hands, self._bazaar = hands, bazaar  # the next bone to draw is the last one
        opener, allowed = self._opening(hands)
        self.line = new_layout(self.rules, self.n_players, self._round_double())
        self.turn = self._opener = opener
        self._forced, self._redeals = allowed, redeals
        self._counts = [0, 0, 0]  # plays, draws, knocks
        self._last_player = self._last_nondouble = None
        self._streak = [0] * self.n_players  # moves in a row laying a bone
        self._pending_out = None  # trains: out in a first turn, the others still due
        self._new_turn()
        deal = (tuple(tuple(h) for h in hands), tuple(bazaar[::-1]), redeals)
        self.history.append(Event("deal", self.round_number, opener, None, None, deal))

    def _new_turn(self):
        self._turn_plays, self._turn_draws = [], 0  # Moves laid in the turn in progress
        # None; "doubles", "chain" or "pair": more bones may follow; "must": one more must
        self._continuing = None
        self.line.end_turn()

    # ------------------------------------------------------------------ moves and turns
    def _can_draw(self):
        rules, line = self.rules, self.line
        if not (rules.draw_from_bazaar and self._drawable() > 0 and line.may_draw(self.turn)):
            return False
        more = rules.draw_limit is None or self._turn_draws < rules.draw_limit
        return more and self._continuing in (None, "must") and bool(line.open_ends() or not line)

    def _moves_for(self, seat):
        """All plays for ``seat`` in the current state (ignoring whose turn it is)."""
        hand = self._hands[seat]
        if self._forced is not None:
            return [Move(b, self.line.first_side) for b in sorted(self._forced) if b in hand]
        if self.rules.table.hidden_rows:
            hand = hand[-1:]  # only the bone just taken from the right
        moves = [Move(b, s) for b, s in self.line.moves(hand, seat)]
        return self.rules.table.moves(self, moves)

    def _apply_play(self, move):
        """Lay one bone for the player to move (the move is known to be legal)."""
        seat, bone = self.turn, move.bone
        cut = self.line.play(bone, move.side, move.closed, move.lengthwise, seat)  # raises first
        self._forced = None
        self._hands[seat].remove(bone)
        if cut:  # Kolbasa: the cut goes to the opponent's row
            self._hands[self._next(seat)][:0] = cut
        self._counts[0] += 1
        self._last_player = seat
        if not bone.is_double:
            self._last_nondouble = seat
        self._turn_plays.append(move)
        index, round_ = len(self.history), self.round_number
        self.history.append(Event("play", round_, seat, bone, move.side, 0, *move[2:]))
        if not self._hands[seat]:
            if self.line.first_turns_over() or not self._first_turns_left(seat):
                return self._close(index, "out")
            # trains' first turns: the hand ends once everybody has had one
            if self._pending_out is None:
                self._pending_out = seat
            return self._finish_turn(index)
        if self.rules.fish_ends_round and self.line.is_fish():
            return self._close(index, "fish")
        if not self.line.open_ends():  # every end closed: nothing more can be laid
            return self._close(index, "blocked")
        if not self._may_continue(move):
            self._finish_turn(index)

    def _may_continue(self, move):
        if self.line.must_continue():  # trains: a double is followed at once
            self._continuing, self._turn_draws = "must", 0  # who cannot follow it draws again
            return True
        rules = self.rules
        mode = "chain" if self.line.may_continue() else None  # trains: the first turn's train
        mode = mode or rules.table.continuing(self, move) or rules.family.continuing(self, move)
        self._continuing = mode  # the legal moves depend on it
        self._continuing = mode if mode and self._moves_for(self.turn) else None
        return self._continuing is not None

    def _score_turn(self, index):
        """Points scored during play for the turn just ended (fives, Telephone, Bergen)."""
        points = self.rules.family.turn_points(self.line)
        if points:
            self.sheet.add_points(self.turn, points)
            self.history[index] = self.history[index]._replace(info=points)
            if self.sheet.is_over:  # the target reached during play ends the match at once
                self._end_round("target")

    def _close(self, index, reason):
        self._score_turn(index)
        if not self.over:
            self._end_round(reason)

    def _finish_turn(self, index):
        """End the turn of the player to move: points, another move, a penalty, the next seat."""
        seat = self.turn
        self._score_turn(index)
        if self.over:
            return
        self._continuing = None
        # a move laying bones without a draw extends the row (a draw breaks it)
        self._streak[seat] = self._streak[seat] + 1 if self._turn_draws == 0 else 0
        self._new_turn()
        if not (self.rules.table.play_until_stuck or self.rules.family.again(self)):
            self.turn = self._next(seat)
            self.rules.family.passed(self, seat)
        self._check_blocked()

    def _penalty(self, maker, draws):
        """The player to move takes bones (bazaar, then the maker's hand) and is skipped."""
        victim = self.turn
        self._streak[victim] = 0  # missing a turn breaks the row
        for _ in range(draws):
            if self._drawable() > 0:
                bone, source = self._bazaar.pop(), "bazaar"
            else:
                hand = self._hands[maker]
                if len(hand) <= 1:
                    break  # the maker keeps a last bone
                bone, source = self._penalty_bone(maker), maker
                hand.remove(bone)
            self._hands[victim].append(bone)
            self.history.append(Event("take", self.round_number, victim, bone, None, source))
        self.turn = self._next(victim)

    def _penalty_bone(self, maker):
        hand = self._hands[maker]
        if not self._replaying:
            return hand[int(self._play_rng.integers(len(hand)))]
        for k, e in enumerate(self._replay_future):
            if e.kind == "take" and e.info == maker:
                if e.bone not in hand:
                    msg = f"a recorded penalty bone {e.bone} is not in seat {maker}'s hand"
                    raise IllegalMoveError(msg)
                self._replay_future = self._replay_future[k + 1 :]
                return e.bone
        raise IllegalMoveError("the history lacks the penalty bones taken from a hand")

    def _first_turns_left(self, seat):
        """Trains' first turns: whether a seat other than ``seat`` has not had one yet."""
        return any(s != seat and self.line.in_first_turn(s) for s in self._active())

    def _check_blocked(self):
        if self._pending_out is not None:
            if self.line.first_turns_over() or not self._first_turns_left(None):
                self._end_round("out")
            return
        can_draw = self.rules.draw_from_bazaar and self._drawable() > 0 and bool(self.line.ends)
        if self._forced is None and not can_draw and not self.line.could_play(self._hands):
            self._end_round("blocked")

    # ------------------------------------------------------------------ round end
    def _end_round(self, reason):
        n, line = self.n_players, self.line
        fish = reason != "out"
        fisherman = self.rules.family.fisherman(self._last_player, self._last_nondouble)
        self.rules.family.round_ends(self, reason, fisherman)
        if reason == "target":  # the match ended during play: the hand is not scored
            written, winner = (0,) * n, self.sheet.winner
        else:
            finished = () if fish else tuple(m.bone for m in self._turn_plays)
            hands = {s: list(h) for s, h in enumerate(self._hands)}
            how = dict(fisherman=fisherman if fish else None, opener=self._opener)
            how.update(opened_with=line.first)
            points = self.sheet.record_round(hands, fish=fish, **how, finished_with=finished)
            written, winner = tuple(points[s] for s in range(n)), self.sheet.round_winners[-1]
        plays, draws, knocks = self._counts
        hands = tuple(tuple(h) for h in self._hands)
        result = (self.round_number, self._opener, reason, winner, hands, line.copy(), plays)
        self.rounds.append(RoundResult(*result, draws, knocks, self._redeals, written, fisherman))
        self.history.append(Event("end", self.round_number, winner, None, None, reason))
        self._new_turn()
        if self.sheet.is_over:
            self.over = True
            return
        self.round_number += 1
        self._start_round()
