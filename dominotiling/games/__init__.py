"""The table game of dominoes: bones, rules, a game engine, simulations and a puzzle.

This sub-package stands apart from the tiling code: it needs only numpy (and
matplotlib for pictures).

Inside:

* :class:`Bone`, :func:`double_set` -- bones and full sets;
* :class:`Line` -- the line on the table, with fish detection;
* :class:`Rules` -- rules as data, with presets ``classic``, ``kozel`` and
  ``muggins``; :class:`ScoreSheet` and :func:`rating_points` -- scoring;
* :class:`Game` -- the engine; :func:`random_player`, :func:`greedy_player`,
  :func:`doubles_first_player` -- players; :func:`simulate` and
  :class:`SimulationSummary` -- many games at once;
* :func:`longest_line` -- the longest line that can be laid from given bones;
* :func:`draw_bone`, :func:`draw_line`, :func:`draw_hand` -- pictures.

Examples
--------
>>> from dominotiling.games import Rules, simulate, greedy_player, random_player
>>> summary = simulate(Rules.kozel(), 20, 2, [greedy_player, random_player],
...                    seed=1, progress=False)
>>> summary.n_games, round(sum(summary.goat_rates), 6)
(20, 1.0)
"""

from .errors import IllegalMoveError
from .bones import Bone, double_set
from .draw import draw_bone, draw_hand, draw_line
from .game import Game
from .records import Event, Move, PlayerView, RoundResult
from .line import Line
from .players import doubles_first_player, greedy_player, random_player
from .puzzle import longest_line
from .rules import Rules
from .scoring import ScoreSheet, hand_points, rating_points
from .simulate import SimulationSummary, simulate

__all__ = [
    "IllegalMoveError",
    "Bone",
    "double_set",
    "Line",
    "Rules",
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
    "draw_bone",
    "draw_line",
    "draw_hand",
]
