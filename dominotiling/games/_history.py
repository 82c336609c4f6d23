"""Games started from a chosen deal, rebuilt from their history, and snapshots of their state.

Inside: :class:`HistoryMixin`, the part of :class:`~dominotiling.games.Game`
that gives :meth:`~dominotiling.games.Game.from_deal`,
:meth:`~dominotiling.games.Game.replay` and the snapshots that undo a list
of plays when one of them is illegal.  Nothing here is public: use
:class:`~dominotiling.games.Game`.
"""

from ..errors import DominoTilingError, DominoTypeError
from .bones import Bone, double_set
from .errors import IllegalMoveError
from .records import Event, Move
from .rules import as_rules

__all__ = []


class HistoryMixin:
    """Mixin of :class:`~dominotiling.games.Game`: from a deal, from a history, snapshots."""

    @classmethod
    def from_deal(cls, rules, players, hands, bazaar=(), seed=None):
        """Start a game whose first round is dealt as given; later rounds are dealt at random.

        Parameters
        ----------
        rules : Rules or str
        players : int or sequence
            As for :class:`Game`; the number must match ``hands``.
        hands : sequence of sequences of Bone
            The hands, by seat; each as large as the rules deal.
        bazaar : sequence of Bone, optional
            The bazaar, in drawing order (the first is drawn first).
        seed : None, int or numpy.random.Generator, optional

        Raises
        ------
        DominoTilingError
            If a hand's size is not the rules' hand size, the bones repeat, or
            hands and bazaar together are not the whole set.  The redeal rule
            is not applied.

        Examples
        --------
        >>> from dominotiling.games import Game, Rules, double_set, Bone
        >>> bones = double_set(6)
        >>> hands = [bones[0:7], bones[7:14]]      # seat 1 holds 1-1
        >>> game = Game.from_deal(Rules.kozel(), 2, hands, bones[14:])
        >>> game.turn, game.legal_moves()
        (1, [Move(bone=Bone(1, 1), side='right', closed=False)])
        """
        rules = as_rules(rules)
        try:
            hands = [list(h) for h in hands]
            bazaar = list(bazaar)
        except TypeError:
            raise DominoTypeError(
                "hands must be a list of hands (lists of Bone) and bazaar a list of Bone"
            ) from None
        every = [b for h in hands for b in h] + bazaar
        full = double_set(rules.max_pip)
        if rules.layout == "trains":  # the first engine lies in the centre
            full.remove(Bone(rules.max_pip, rules.max_pip))
        if any(not isinstance(b, Bone) for b in every):
            raise DominoTypeError("hands and bazaar must hold Bone objects, e.g. Bone(2, 5)")
        if len(set(every)) != len(every) or set(every) != set(full):
            engine = " but the engine" if rules.layout == "trains" else ""
            raise DominoTilingError(
                f"hands and bazaar together must hold each bone of the "
                f"double-{rules.max_pip} set{engine} exactly once "
                f"({len(full)} bones), got {len(every)} bones, "
                f"{len(set(every))} distinct"
            )
        n = cls._count_players(players)
        if n != len(hands):
            raise DominoTilingError(f"{n} players but {len(hands)} hands")
        size = rules.hand_size(n)
        for seat, h in enumerate(hands):
            if len(h) != size:
                raise DominoTilingError(
                    f"{rules.name} deals {size} bones to each of {n} "
                    f"players; hand {seat} has {len(h)}"
                )
        game = cls.__new__(cls)
        deal = Event("deal", 0, None, None, None, (tuple(map(tuple, hands)), tuple(bazaar), 0))
        game._setup(rules, players, seed, deals=iter([deal]))
        game._start_round()
        return game

    # ------------------------------------------------------------------ state
    def _snapshot(self):
        return dict(
            line=self.line.copy(),
            hands=[list(h) for h in self._hands],
            bazaar=list(self._bazaar),
            sheet=self.sheet.copy(),
            history=list(self.history),
            rounds=list(self.rounds),
            scalars={
                k: getattr(self, k)
                for k in (
                    "turn",
                    "round_number",
                    "over",
                    "_forced",
                    "_opener",
                    "_redeals",
                    "_last_player",
                    "_last_nondouble",
                    "_turn_draws",
                    "_continuing",
                    "_stopped",
                    "_pending_out",
                )
            },
            counts=list(self._counts),
            turn_plays=list(self._turn_plays),
            streak=list(self._streak),
            rngs=(self._deal_rng.bit_generator.state, self._play_rng.bit_generator.state),
        )

    def _restore(self, saved):
        self.line = saved["line"]
        self._hands = saved["hands"]
        self._bazaar = saved["bazaar"]
        self.sheet = saved["sheet"]
        self.history = saved["history"]
        self.rounds = saved["rounds"]
        for k, v in saved["scalars"].items():
            setattr(self, k, v)
        self._counts = saved["counts"]
        self._turn_plays = saved["turn_plays"]
        self._streak = saved["streak"]
        self._deal_rng.bit_generator.state, self._play_rng.bit_generator.state = saved["rngs"]

    # ------------------------------------------------------------------ replay
    @classmethod
    def replay(cls, rules, players, history):
        """Rebuild a game from its history, checking every action.

        Parameters
        ----------
        rules : Rules or str
        players : int or sequence
            As for :class:`Game` (the number of players is what matters).
        history : sequence of Event
            A history recorded by :attr:`Game.history`, possibly cut short.

        Returns
        -------
        Game
            The game in the state reached at the end of ``history``.

        Raises
        ------
        IllegalMoveError
            If a recorded action is illegal or differs from what the game does
            (a drawn bone, an opener, a round end).
        DominoTypeError
            If ``history`` is not a sequence of :class:`Event`.
        """
        try:
            history = list(history)
        except TypeError:
            raise DominoTypeError(
                f"history must be a list of Event (Game.history), got {type(history).__name__}"
            ) from None
        for k, e in enumerate(history):
            if not isinstance(e, Event):
                raise DominoTypeError(
                    f"history must hold Event records (from Game.history); "
                    f"entry {k} is {type(e).__name__}"
                )
        game = cls.__new__(cls)
        deals = iter([e for e in history if e.kind == "deal"])
        game._setup(rules, players, None, deals=deals, replaying=True)
        game._start_round()
        for k, event in enumerate(history):
            if k < len(game.history):  # the game wrote this one itself
                if game.history[k] != event:
                    raise IllegalMoveError(
                        f"recorded {event.kind} of round {event.round} "
                        f"differs on replay: {event} vs {game.history[k]}"
                    )
                continue
            if k > len(game.history):
                raise IllegalMoveError(f"the history is out of step at entry {k}")
            if event.kind in ("deal", "end", "take"):
                raise IllegalMoveError(
                    f"recorded {event.kind} of round {event.round} did not happen on replay"
                )
            if (
                game.over
                or game._stopped
                or event.seat != game.turn
                or event.round != game.round_number
            ):
                raise IllegalMoveError(f"recorded {event.kind} by seat {event.seat} is out of turn")
            game._replay_future = history[k + 1 :]
            if event.kind == "play":
                game._play_one(Move(event.bone, event.side, event.closed, event.lengthwise))
            elif event.kind == "draw":
                if game.draw() != event.bone:
                    raise IllegalMoveError("a recorded draw differs from the bazaar")
            elif event.kind == "knock":
                game.knock()
            elif event.kind == "end_turn":
                game.end_turn()
            else:
                raise IllegalMoveError(f"unknown event kind {event.kind!r}")
        return game
