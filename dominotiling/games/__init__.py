"""The table game of dominoes: bones, rules as data with a hook per family, an engine,
simulations and a puzzle.

This sub-package stands apart from the tiling code: it needs only numpy (and matplotlib for
pictures).  Inside:

* :class:`Bone`, :func:`double_set` -- bones and full sets;
* :class:`Rules` -- the fields most games share, with a preset for every game of the rule
  documents (``Rules.names()``; ``Rules.by_name("sea kozel")`` or
  ``Rules.by_name("морской козёл", hundred="opener")``; a name is accepted wherever rules
  are; ``Rules.options(name)`` lists the readings the documents leave open, named), holding
  two hooks: a family (:mod:`.families`: how rounds are scored, and what else only that family
  needs) and a table (:mod:`.layouts`: the :class:`Line`, :class:`Trains`,
  :class:`ChickenFoot`, :class:`Sausage`, :class:`FiveUp`); :func:`register` makes a variant of
  one's own a rule set known by name;
* :class:`ScoreSheet`, :func:`hand_points` and :func:`rating_points` -- scoring, from hands or
  from totals, starting from any state;
* :class:`Game` -- the engine; :func:`random_player`, :func:`greedy_player`,
  :func:`doubles_first_player` -- players; :func:`simulate` and :class:`SimulationSummary` --
  many games at once;
* :func:`longest_line` -- the longest line that can be laid from given bones;
* :func:`poker_hand`, :func:`poker_set`, :class:`PokerTable` -- domino poker -- and
  :class:`FortyTwo` with :mod:`~dominotiling.games.forty_two` -- bids, tricks and settlement of
  42 (games of the documents not played on a line; each module has its own greedy player);
* :func:`draw_bone`, :func:`draw_line`, :func:`draw_hand` -- matplotlib pictures, from the
  layout the SVG of :class:`Line`, the layouts and :class:`Game` in Jupyter is drawn from.

The rule documents the presets follow are in ``shared/sources/games/``; each preset's
docstring cites its file and paragraphs.

Examples
--------
>>> from dominotiling.games import Rules, simulate, greedy_player, random_player
>>> summary = simulate(Rules.kozel(), 20, 2, [greedy_player, random_player],
...                    seed=1, progress=False)
>>> summary.n_games, sum(summary.goats) >= 20    # both may end over 101
(20, True)
>>> Game("telephone", [greedy_player, random_player], seed=3).play_match().is_over
True
>>> Game("mexican_train", [greedy_player] * 3, seed=3).play_match().winner in (0, 1, 2)
True
>>> Rules.by_name("блок").draw_from_bazaar        # Kramer's Block: nobody draws
False
"""

from . import forty_two, layouts, variants_block, variants_fives, variants_kozel, variants_layouts  # noqa: F401 (the presets register on Rules)
from .bones import Bone, double_set
from .display import draw_bone, draw_hand, draw_line
from .errors import IllegalMoveError
from .forty_two import FortyTwo
from .game import Game
from .layouts import ChickenFoot, FiveUp, Sausage, Trains
from .line import Line
from .players import doubles_first_player, greedy_player, random_player
from .poker import PokerTable, poker_hand, poker_set
from .puzzle import longest_line
from .records import Event, Move, PlayerView, RoundResult
from .rules import Rules, register
from .scoring import ScoreSheet, hand_points, rating_points
from .simulate import MAX_GAMES, SimulationSummary, simulate  # noqa: F401 -- re-exported at the wing's old path

__all__ = [
    "IllegalMoveError",
    "Bone",
    "double_set",
    "Line",
    "layouts",
    "Trains",
    "ChickenFoot",
    "Sausage",
    "FiveUp",
    "Rules",
    "register",
    "ScoreSheet",
    "rating_points",
    "hand_points",
    "Game",
    "Move",
    "Event",
    "RoundResult",
    "PlayerView",
    "random_player",
    "greedy_player",
    "doubles_first_player",
    "simulate",
    "SimulationSummary",
    "longest_line",
    "poker_hand",
    "poker_set",
    "PokerTable",
    "forty_two",
    "FortyTwo",
    "draw_bone",
    "draw_line",
    "draw_hand",
]
