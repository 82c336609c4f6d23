"""The table game of dominoes: bones, rules as data with a hook per family, an engine,
simulations, a puzzle, domino poker and 42.

It stands apart from the tiling code and needs only numpy (matplotlib for pictures).
:class:`Rules` holds the fields most games share and two hooks, a family (:mod:`.families`) and
a table (:mod:`.layouts`), with a preset for every game of the rule documents
(``shared/sources/games/``: ``Rules.names()``, ``Rules.by_name("морской козёл")``, and
``Rules.options(name)``, the readings they leave open); :func:`register` names a variant of one's
own.  The pictures (:func:`draw_line`, ...) and the rich display's SVG come from one layout.

Examples
--------
>>> from dominotiling.games import Rules, simulate, greedy_player, random_player
>>> summary = simulate(Rules.kozel(), 20, 2, [greedy_player, random_player], seed=1, progress=False)
>>> summary.n_games, sum(summary.goats) >= 20    # both may end over 101
(20, True)
>>> Game("mexican_train", [greedy_player] * 3, seed=3).play_match().winner in (0, 1, 2)
True
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

__all__ = ["IllegalMoveError", "Bone", "double_set", "Line", "layouts", "Trains", "ChickenFoot"]
__all__ += ["Sausage", "FiveUp", "Rules", "register", "ScoreSheet", "rating_points", "hand_points"]
__all__ += ["Game", "Move", "Event", "RoundResult", "PlayerView", "random_player", "greedy_player"]
__all__ += ["doubles_first_player", "simulate", "SimulationSummary", "longest_line", "poker_hand"]
__all__ += ["poker_set", "PokerTable", "forty_two", "FortyTwo", "draw_bone", "draw_line"]
__all__ += ["draw_hand"]
