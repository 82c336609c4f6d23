"""The mechanics of a round, shared by :class:`~dominotiling.games.Game`.

Dealing and redealing, who opens and with what, the legal moves (with turns
of several bones, doubles laid face down or lengthwise, and the layouts of
:mod:`.layouts`), the end of a turn (points during play, another move,
penalties) and the end of a round.  Seats that left the match
(``rules.drop_out``) are dealt nothing and skipped.  Nothing here is public:
:class:`~dominotiling.games.Game` is the interface.
"""

from .bones import Bone
from .errors import IllegalMoveError
from .layouts import new_layout
from .records import Event, Move, RoundResult

__all__ = []


class RoundEngine:
    """Mixin: the state and mechanics of the round in progress."""

    # ------------------------------------------------------------------ seats
    def _active(self):
        """The seats still in the match (all of them unless players drop out)."""
        gone = self.sheet._dropped_players()
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
        if not self.rules.set_double:
            return None
        top, r = self.rules.max_pip, self.round_number % (2 * self.rules.max_pip + 1)
        return top - r if r <= top else r - top

    # ------------------------------------------------------------------ dealing
    def _deal(self):
        rules, n = self.rules, self.n_players
        size = rules.hand_size(n)
        active = self._active()
        double = self._round_double()
        bones_in_play = list(self._set)
        if rules.layout == "trains":
            bones_in_play.remove(Bone(double, double))  # the engine lies in the centre
        redeals = 0
        while True:
            order = self._deal_rng.permutation(len(bones_in_play))
            bones = [bones_in_play[i] for i in order]
            hands = [[] for _ in range(n)]
            for k, seat in enumerate(active):
                row = bones[k * size : (k + 1) * size]
                hands[seat] = row if rules.hidden_rows else sorted(row)
            rest = bones[len(active) * size :][::-1]
            if not any(rules.needs_redeal(h) for h in hands) and self._set_double_dealt(hands):
                return hands, rest, redeals
            redeals += 1

    def _set_double_dealt(self, hands):
        """Chicken foot: a deal is kept when a hand holds the set double (or, failing that and
        allowed, any double)."""
        if self.rules.layout != "chicken_foot":
            return True
        held = {b for h in hands for b in h if b.is_double}
        if self.rules.missing_set_double == "redeal":
            return Bone(self._round_double(), self._round_double()) in held
        return bool(held)

    def _doubles_order(self, reopening=False):
        rules = self.rules
        if rules.set_double:
            d, top = self._round_double(), rules.max_pip
            return tuple(range(d, -1, -1)) + tuple(range(top, d, -1))
        if reopening and rules.reopen_doubles:
            return rules.reopen_doubles
        return rules.opening_doubles

    def _by_rule(self, hands, reopening=False):
        """(seat, bone) for a round opened by rule."""
        holder = {b: s for s, hand in enumerate(hands) for b in hand}
        for key in self.rules.opening_bones:
            if Bone(*key) in holder:
                return holder[Bone(*key)], Bone(*key)
        for v in self._doubles_order(reopening):
            if Bone(v, v) in holder:
                return holder[Bone(v, v)], Bone(v, v)
        if self.rules.opening_fallback == "lightest":
            bone = min(holder, key=lambda b: (b.pips, b.low))
        else:
            bone = max(holder, key=lambda b: (b.pips, b.high))
        return holder[bone], bone

    def _opening(self, hands):
        """Return (seat, allowed opening bones or None) for the round about to start."""
        rules = self.rules
        previous = self.rounds[-1] if self.rounds else None
        active = self._active()
        if previous is None:
            if rules.first_opener == "seat":
                return self._row_opening(active[0], hands)
            seat, bone = self._by_rule(hands)
            return seat, frozenset([bone])
        reopening = rules.reopen_after_tie and self.sheet.last_tie
        if reopening and rules.reopen_rots:
            held = {b for h in hands for b in h}
            if not any(Bone(v, v) in held for v in rules.reopen_doubles):
                self.sheet.rot_eggs()  # sea Kozel: no 1-1, 2-2 or 3-3 dealt
                reopening = False
        if rules.later_opener == "rule" or reopening or self.sheet._extra.get("by_rule"):
            seat, bone = self._by_rule(hands, reopening)
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
        if seat not in active:
            seat = self._next(seat)
        hundred = self._hundred_opener(hands, previous)
        if hundred is not None and hundred != seat:  # sea Kozel: opens "on a hundred"
            return hundred, frozenset([Bone(6, 6)])
        if rules.hidden_rows:
            return self._row_opening(seat, hands)
        allowed = None
        if rules.later_bone == "double":
            doubles = frozenset(b for b in hands[seat] if b.is_double)
            allowed = doubles or None
        return seat, allowed

    def _hundred_opener(self, hands, previous):
        """Sea Kozel: the seat with an open account holding 6-6, who may open "on a hundred".

        The engine gives that seat the opening with 6-6 when another seat would open;
        when it opens anyway it keeps the choice of any bone, 6-6 among them.
        """
        if not self.rules.hundred_any_time or self.rules.max_pip < 6:
            return None
        active = self._active()
        start = previous.winner if previous.winner in active else previous.opener
        order = [start] + [self._next(start, k) for k in range(1, len(active))]
        for seat in order:
            if Bone(6, 6) in hands[seat] and self.sheet.is_open(self.sheet.players[seat]):
                return seat
        return None

    def _row_opening(self, seat, hands):
        """A face-down row opens with its rightmost bone (or its first double from the right)."""
        if not self.rules.hidden_rows:
            return seat, None
        row = hands[seat]
        if self.rules.row_opening == "double":
            doubles = [b for b in reversed(row) if b.is_double]
            if doubles:
                return seat, frozenset(doubles[:1])
        return seat, frozenset(row[-1:])

    def _start_round(self):
        event = None if self._deals is None else next(self._deals, None)
        if event is not None:
            hands = [list(h) if self.rules.hidden_rows else sorted(h) for h in event.info[0]]
            bazaar = list(event.info[1])[::-1]
            redeals = event.info[2]
        elif self._replaying:
            self._stopped = True
            return
        else:
            hands, bazaar, redeals = self._deal()
        self._stopped = False
        self._hands = hands
        self._bazaar = bazaar  # the next bone to draw is the last one
        opener, allowed = self._opening(hands)
        self.line = new_layout(self.rules, self.n_players, self._round_double())
        self.turn = opener
        self._forced = allowed
        self._opener = opener
        self._counts = [0, 0, 0]  # plays, draws, knocks
        self._redeals = redeals
        self._last_player = None
        self._last_nondouble = None
        self._streak = [0] * self.n_players  # moves in a row laying a bone (streak_two_bones)
        self._pending_out = None  # trains: out in a first turn, the others still due
        self._new_turn()
        self.history.append(
            Event(
                "deal",
                self.round_number,
                opener,
                None,
                None,
                (tuple(tuple(h) for h in hands), tuple(bazaar[::-1]), redeals),
            )
        )

    def _new_turn(self):
        self._turn_plays = []  # Moves laid in the turn in progress
        self._turn_draws = 0
        # None; "doubles", "chain" or "pair": more bones may follow; "must": one more must
        # (trains)
        self._continuing = None
        if self.rules.layout != "line":
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
            and (rules.layout == "line" or self.line.may_draw(self.turn))
            and (rules.draw_limit is None or self._turn_draws < rules.draw_limit)
            and bool(self.line.open_ends() or len(self.line) == 0)
        )

    def _with_variants(self, moves):
        """Add the face-down and lengthwise variants of the doubles, as the rules allow."""
        rules = self.rules
        mode = rules.closing_doubles
        if len(self.line) == 0 or (mode == "none" and not rules.lengthwise_doubles):
            return moves
        lengthwise = rules.lengthwise_doubles and self.line.spinner_value() is not None
        out = []
        first_closed = self._turn_plays[0].closed if self._turn_plays else None
        for m in moves:
            if mode == "none" or not (mode == "same" and first_closed is True):
                out.append(m)
            if (
                mode != "none"
                and m.bone.is_double
                and not (mode == "same" and first_closed is False)
            ):
                out.append(Move(m.bone, m.side, True))
            if lengthwise and m.bone.is_double:
                out.append(Move(m.bone, m.side, False, True))
        return out

    def _moves_for(self, seat):
        """All plays for ``seat`` in the current state (ignoring whose turn it is)."""
        hand = self._hands[seat]
        if self._forced is not None:
            side = getattr(self.line, "first_side", "right")
            return [Move(b, side) for b in sorted(self._forced) if b in hand]
        if self.rules.hidden_rows:
            hand = hand[-1:]  # only the bone just taken from the right
        if self.rules.layout != "line":
            return [Move(b, s) for b, s in self.line.moves(hand, seat)]
        moves = [Move(b, s) for b, s in self.line.moves(hand)]
        if self._continuing == "doubles":
            used = {m.side for m in self._turn_plays}
            moves = [m for m in moves if m.bone.is_double and m.side not in used]
        return self._with_variants(moves)

    def _anyone_can_play(self):
        if self.rules.layout != "line":
            return self.line.could_play(self._hands)
        if not self.line.open_ends():
            return len(self.line) == 0
        moves = self.line.moves
        return any(moves(h) for h in self._hands)

    # ------------------------------------------------------------------ turns
    def _apply_play(self, move):
        """Lay one bone for the player to move (the move is known to be legal)."""
        seat = self.turn
        bone = move.bone
        first = len(self.line) == 0
        layout = self.rules.layout != "line"
        if layout:  # raises before changing anything
            cut = self.line.play(bone, move.side, seat=seat)
            side = move.side
        else:
            self.line.play(bone, move.side, closed=move.closed, lengthwise=move.lengthwise)
            cut, side = None, "right" if first else move.side
        self._forced = None
        self._hands[seat].remove(bone)
        if cut:  # Kolbasa: the cut goes to the opponent's row
            self._hands[self._next(seat)][:0] = cut
        self._counts[0] += 1
        self._last_player = seat
        if not bone.is_double:
            self._last_nondouble = seat
        move = Move(bone, side, move.closed, move.lengthwise)
        self._turn_plays.append(move)
        event_index = len(self.history)
        self.history.append(
            Event("play", self.round_number, seat, bone, side, 0, move.closed, move.lengthwise)
        )
        if not self._hands[seat]:
            if not layout or self.line.first_turns_over() or not self._first_turns_left(seat):
                self._score_turn(event_index)
                self._end_round("out")
                return
            # trains' first turns: the hand ends once everybody has had one
            if self._pending_out is None:
                self._pending_out = seat
            self._finish_turn(event_index)
            return
        if self.rules.fish_ends_round and self.line.is_fish():
            self._score_turn(event_index)
            self._end_round("fish")
            return
        if not self.line.open_ends():  # every end closed: nothing more can be laid
            self._score_turn(event_index)
            self._end_round("blocked")
            return
        if self._may_continue(move):
            return
        self._finish_turn(event_index)

    def _may_continue(self, move):
        rules = self.rules
        if rules.layout != "line":
            if self.line.may_continue():  # trains: the first turn's train
                self._continuing = "chain"
                if self._moves_for(self.turn):
                    return True
                self._continuing = None
                return False
            if self.line.must_continue():  # trains: a double is followed at once
                self._continuing = "must"
                self._turn_draws = 0  # who cannot follow it draws again
                return True
            self._continuing = None
            return False
        if rules.chain_turn:
            self._continuing = "chain"
        elif (
            rules.doubles_per_turn > 1
            and move.bone.is_double
            and all(m.bone.is_double for m in self._turn_plays)
            and len(self._turn_plays) < rules.doubles_per_turn
        ):
            self._continuing = "doubles"
        elif (
            rules.streak_two_bones is not None
            and len(self._turn_plays) == 1
            and self._turn_draws == 0
            and self._streak[self.turn] >= rules.streak_two_bones
        ):
            self._continuing = "pair"  # Seven, paragraph 748: a second bone may follow
        else:
            self._continuing = None
            return False
        if self._moves_for(self.turn):
            return True
        self._continuing = None
        return False

    def _score_turn(self, event_index):
        """Points scored during play for the turn just ended (fives, Telephone, Bergen)."""
        rules = self.rules
        points = 0
        if rules.scoring in ("fives", "muggins", "telephone"):
            count = self.line.count()
            if count and count % rules.end_multiple == 0:
                points = count // rules.end_multiple if rules.per_multiple else count
        elif rules.scoring == "bergen":
            points = self._bergen_points()
        if points:
            self.sheet.add_points(self.turn, points)
            e = self.history[event_index]
            self.history[event_index] = e._replace(info=points)
        return points

    def _bergen_points(self):
        line = self.line
        if len(line) == 1:
            return 2 if line.first.is_double else 0
        ends = line.open_ends()
        if len(ends) != 2 or ends.get("left") != ends.get("right"):
            return 0
        chain = line.chain()
        doubles = [a == b for a, b in (chain[0], chain[-1])]
        return 3 if any(doubles) else 2

    def _finish_turn(self, event_index):
        """End the turn of the player to move: points, another move, a penalty, the next seat."""
        rules = self.rules
        seat = self.turn
        self._score_turn(event_index)
        self._continuing = None
        total = self.line.count() if len(self.line.open_ends()) == 2 else None
        # a move laying bones without a draw extends the row (a draw breaks it)
        self._streak[seat] = self._streak[seat] + 1 if self._turn_draws == 0 else 0
        self._new_turn()
        if rules.play_until_stuck or (
            rules.extra_turn_sum is not None and total == rules.extra_turn_sum
        ):
            self._check_blocked()
            return  # the same player moves again
        if rules.streak_counts == "moves":
            self._streak[seat] = 0  # the row was the moves of this turn only
        self.turn = self._next(seat)
        if rules.penalty_sum is not None and total == rules.penalty_sum:
            self._penalty(seat)
        self._check_blocked()

    def _penalty(self, maker):
        """Seven: the player to move takes bones (bazaar, then the maker's hand) and is skipped."""
        victim = self.turn
        self._streak[victim] = 0  # missing a turn breaks the row
        for _ in range(self.rules.penalty_draws):
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
        if self._replaying:
            for e in self._replay_future:
                if e.kind == "take" and e.info == maker:
                    if e.bone not in hand:
                        raise IllegalMoveError(
                            f"a recorded penalty bone {e.bone} is not in seat {maker}'s hand"
                        )
                    self._replay_future = self._replay_future[self._replay_future.index(e) + 1 :]
                    return e.bone
            raise IllegalMoveError("the history lacks the penalty bones taken from a hand")
        return hand[int(self._play_rng.integers(len(hand)))]

    def _first_turns_left(self, seat):
        """Trains' first turns: whether a seat other than ``seat`` has not had one yet."""
        return any(s != seat and self.line.in_first_turn(s) for s in self._active())

    def _check_blocked(self):
        if self._pending_out is not None:
            if self.line.first_turns_over() or not self._first_turns_left(None):
                self._end_round("out")
            return
        if self._forced is not None or self._can_draw_any():
            return
        if self._anyone_can_play():
            return
        self._end_round("blocked")

    def _can_draw_any(self):
        rules = self.rules
        return rules.draw_from_bazaar and self._drawable() > 0 and bool(self.line.open_ends())

    # ------------------------------------------------------------------ round end
    def _end_round(self, reason):
        rules = self.rules
        hands = {s: list(h) for s, h in enumerate(self._hands)}
        fish = reason != "out"
        fisherman = self._last_player
        if rules.scoring == "sea_kozel" and self._last_nondouble is not None:
            fisherman = self._last_nondouble  # a double is not the fisherman's bone
        finished = tuple(m.bone for m in self._turn_plays) if not fish else ()
        written = self.sheet.record_round(
            hands,
            fish=fish,
            fisherman=fisherman if fish else None,
            opener=self._opener,
            opened_with=self.line.first,
            finished_with=finished,
        )
        winner = self.sheet.round_winners[-1]
        plays, draws, knocks = self._counts
        self.rounds.append(
            RoundResult(
                self.round_number,
                self._opener,
                reason,
                winner,
                tuple(tuple(h) for h in self._hands),
                self.line.copy(),
                plays,
                draws,
                knocks,
                self._redeals,
                tuple(written[s] for s in range(self.n_players)),
                fisherman,
            )
        )
        self.history.append(Event("end", self.round_number, winner, None, None, reason))
        self._new_turn()
        if self.sheet.is_over:
            self.over = True
            return
        self.round_number += 1
        self._start_round()
