"""The mechanics of a round, a mixin of :class:`~dominotiling.games.Game`: the deal, the opening,
the legal moves, the end of a turn and of a round.  It reads the shared fields of the rules and
calls their two hooks, ``rules.family`` and ``rules.table``, for everything only a family or a
table needs; it never tests a game's name.  Nothing here is public."""

from .bones import Bone
from .errors import IllegalMoveError
from .layouts import new_layout
from .records import Event, Move, RoundResult

__all__ = []


class RoundEngine:
    """Mixin: the state and mechanics of the round in progress."""

    # ------------------------------------------------------------------ seats
    def _active(self):
        """The seats still in the match."""
        gone = self.sheet.absent()
        return [s for s in range(self.n_players) if s not in gone]

    def _next(self, seat, step=1):
        """The seat ``step`` places clockwise from ``seat`` among those still playing."""
        active = self._active()
        for k in range(1, self.n_players + 1):
            candidate = (seat + k) % self.n_players
            if candidate in active:
                step -= 1
                if step == 0:
                    return candidate
        return seat

    def _round_double(self):
        """The round's set double (Mexican train, Chicken foot): down from max_pip, then up."""
        if not self.rules.table.set_double:
            return None
        top = self.rules.max_pip
        r = self.round_number % (2 * top + 1)
        return top - r if r <= top else r - top

    # ------------------------------------------------------------------ dealing and opening
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
        else:
            doubles = (
                rules.reopen_doubles
                if reopening and rules.reopen_doubles
                else rules.opening_doubles
            )
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
        self._forced = allowed
        self._counts = [0, 0, 0]  # plays, draws, knocks
        self._redeals = redeals
        self._last_player = self._last_nondouble = None
        self._streak = [0] * self.n_players  # moves in a row laying a bone
        self._pending_out = None  # trains: out in a first turn, the others still due
        self._new_turn()
        deal = (tuple(tuple(h) for h in hands), tuple(bazaar[::-1]), redeals)
        self.history.append(Event("deal", self.round_number, opener, None, None, deal))

    def _new_turn(self):
        self._turn_plays = []  # Moves laid in the turn in progress
        self._turn_draws = 0
        # None; "doubles", "chain" or "pair": more bones may follow; "must": one more must
        self._continuing = None
        self.line.end_turn()

    # ------------------------------------------------------------------ moves
    def _drawable(self):
        return max(0, len(self._bazaar) - self.rules.reserve(self.n_players))

    def _can_draw(self):
        rules = self.rules
        return (
            rules.draw_from_bazaar
            and self._drawable() > 0
            and self._continuing in (None, "must")
            and self.line.may_draw(self.turn)
            and (rules.draw_limit is None or self._turn_draws < rules.draw_limit)
            and bool(self.line.open_ends() or len(self.line) == 0)
        )

    def _moves_for(self, seat):
        """All plays for ``seat`` in the current state (ignoring whose turn it is)."""
        hand = self._hands[seat]
        if self._forced is not None:
            return [Move(b, self.line.first_side) for b in sorted(self._forced) if b in hand]
        if self.rules.table.hidden_rows:
            hand = hand[-1:]  # only the bone just taken from the right
        moves = [Move(b, s) for b, s in self.line.moves(hand, seat)]
        return self.rules.table.moves(self, moves)

    # ------------------------------------------------------------------ turns
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
        index = len(self.history)
        event = Event(
            "play", self.round_number, seat, bone, move.side, 0, move.closed, move.lengthwise
        )
        self.history.append(event)
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
        self._continuing = (
            mode or rules.table.continuing(self, move) or rules.family.continuing(self, move)
        )
        if self._continuing and self._moves_for(self.turn):
            return True
        self._continuing = None
        return False

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
                    raise IllegalMoveError(
                        f"a recorded penalty bone {e.bone} is not in seat {maker}'s hand"
                    )
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
        rules = self.rules
        can_draw = rules.draw_from_bazaar and self._drawable() > 0 and bool(self.line.open_ends())
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
            points = self.sheet.record_round(
                hands,
                fish=fish,
                fisherman=fisherman if fish else None,
                opener=self._opener,
                opened_with=line.first,
                finished_with=finished,
            )
            written, winner = tuple(points[s] for s in range(n)), self.sheet.round_winners[-1]
        plays, draws, knocks = self._counts
        hands = tuple(tuple(h) for h in self._hands)
        result = (self.round_number, self._opener, reason, winner, hands, line.copy())
        self.rounds.append(
            RoundResult(*result, plays, draws, knocks, self._redeals, written, fisherman)
        )
        self.history.append(Event("end", self.round_number, winner, None, None, reason))
        self._new_turn()
        if self.sheet.is_over:
            self.over = True
            return
        self.round_number += 1
        self._start_round()
