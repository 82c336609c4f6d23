"""Many games at once: :func:`simulate` plays whole matches with given player functions and
returns a :class:`SimulationSummary` (win and goat rates per seat, rounds, fish), printable and
plottable.

>>> from dominotiling.games import Rules, simulate, greedy_player, random_player
>>> print(simulate(Rules.kozel(), 30, 2, [greedy_player, random_player], seed=0, progress=False))  # doctest: +ELLIPSIS
Kozel (fish for all): 30 games, 2 players
seat  player         win rate  goat rate
   0  greedy_player      ...
"""

from dataclasses import dataclass, field

import numpy as np

from .. import _validate
from .display import _axes, summary_html
from .game import Game
from .players import player_functions, random_player
from .rules import as_rules

__all__ = ["simulate", "SimulationSummary", "MAX_GAMES"]

#: The most matches one call plays: ten million matches of Kozel take days on one core, and the
#: per-match arrays of the summary would need gigabytes; larger studies run in batches.
MAX_GAMES = 10_000_000


@dataclass(frozen=True)
class SimulationSummary:
    """The results of :func:`simulate`; equal seeds give equal summaries.

    Attributes
    ----------
    rules_name : str
    n_games, n_players : int
    player_names : tuple of str
        The player functions' names, by seat.
    wins, goats : tuple
        Matches won per seat (partners both win; with a goat, the lowest of the others wins, a
        tie sharing; a side losing at once leaves the win to all others), and goats per seat.
    rounds_per_game, round_lengths : tuple of int
        The rounds of each match; the bones played in each round.
    fish_rounds, blocked_rounds, draws : int
    has_goat : bool
        Whether the rules have a loser by target (Kozel's goat; else no goat column).

    See Also
    --------
    simulate, Game

    Examples
    --------
    >>> from dominotiling.games import simulate
    >>> simulate("classic", 4, 2, seed=1, progress=False).n_games
    4
    """

    rules_name: str
    n_games: int
    n_players: int
    player_names: tuple
    wins: tuple
    goats: tuple
    rounds_per_game: tuple = field(repr=False)
    round_lengths: tuple = field(repr=False)
    fish_rounds: int
    blocked_rounds: int
    draws: int = 0
    has_goat: bool = True

    win_rates = property(lambda self: tuple(w / self.n_games for w in self.wins))
    goat_rates = property(lambda self: tuple(g / self.n_games for g in self.goats))
    n_rounds = property(lambda self: len(self.round_lengths))
    fish_rate = property(lambda self: self.fish_rounds / max(1, self.n_rounds))
    mean_rounds = property(lambda self: float(np.mean(self.rounds_per_game)))
    mean_round_length = property(lambda self: float(np.mean(self.round_lengths)))

    def __str__(self):
        width = max(6, *(len(n) for n in self.player_names))
        rows = [f"{self.rules_name}: {self.n_games} games, {self.n_players} players"]
        rows.append(f"seat  {'player':<{width}}  win rate" + "  goat rate" * self.has_goat)
        for s in range(self.n_players):
            goat = f"  {self.goat_rates[s]:>9.3f}" if self.has_goat else ""
            rows.append(f"{s:>4}  {self.player_names[s]:<{width}}  {self.win_rates[s]:>8.3f}{goat}")
        blocked = 100 * self.blocked_rounds / max(1, self.n_rounds)
        row = f"rounds per game {self.mean_rounds:.2f}; bones per round {self.mean_round_length:.2f}; "
        rows.append(row + f"fish {100 * self.fish_rate:.1f}% and blocked {blocked:.1f}% of rounds")
        return "\n".join(rows + [f"drawn matches: {self.draws}"] * bool(self.draws))

    _repr_html_ = summary_html  # the rich display

    def plot(self, ax=None):
        """Draw the win and goat rates per seat as bars on ``ax`` (None: a new figure); return
        the Axes: ``simulate("classic", 5, 3, progress=False).plot()``."""
        ax = _axes(ax, figsize=(5, 3), dpi=None)
        x, width = np.arange(self.n_players), 0.38
        ax.bar(x - width / 2, self.win_rates, width, label="win", color="#4c72b0")
        ax.bar(x + width / 2, self.goat_rates, width, label="goat", color="#dd8452")
        labels = [f"{s}: {n}" for s, n in enumerate(self.player_names)]
        ax.set_xticks(x, labels, rotation=15, fontsize="small")
        ax.set(ylabel="fraction of games", ylim=(0, 1))
        ax.set_title(f"{self.rules_name}, {self.n_games} games", fontsize="medium")
        ax.legend(fontsize="small")
        return ax


def simulate(rules, n_games, n_players, players=None, seed=None, progress=True):
    """Play ``n_games`` whole matches and summarise them.

    Parameters
    ----------
    rules : Rules or str
    n_games, n_players : int
        The number of matches (at least 1) and of seats.
    players : sequence of callables, optional
        One player function per seat, the same in every match (:func:`random_player`).
    seed : None, int or numpy.random.Generator, optional
        The same seed gives an equal summary.
    progress : bool, optional
        Show a tqdm progress bar if the run lasts more than about 2 seconds.

    Returns
    -------
    SimulationSummary

    See Also
    --------
    SimulationSummary, Game, Rules

    Examples
    --------
    >>> from dominotiling.games import greedy_player
    >>> s = simulate("muggins", 10, 2, [greedy_player] * 2, seed=4, progress=False)
    >>> s.n_games, s.goats, s.has_goat
    (10, (0, 0), False)
    """
    rules = as_rules(rules)
    n_games = _validate.positive_int(n_games, "n_games", maximum=MAX_GAMES)
    n_players = rules.check_players(n_players)
    progress = _validate.boolean(progress, "progress")
    players = [random_player] * n_players if players is None else players
    one_each = f"players must hold one player function per seat ({n_players} seats)"
    players = player_functions(players, (n_players,), one_each, by_hand=False)
    names = tuple(getattr(p, "__name__", type(p).__name__) for p in players)
    seeds = _validate.seed(seed).integers(0, 2**63, size=n_games)
    wins, goats = [0.0] * n_players, [0] * n_players
    has_goat = rules.target_loses and rules.target is not None
    rounds_per_game, round_lengths, fish, blocked, draws = [], [], 0, 0, 0
    from tqdm import tqdm

    bar = dict(total=n_games, delay=2, disable=not progress, desc=f"{rules.name} games")
    for game_seed in tqdm(seeds, **bar, leave=False):
        game = Game(rules, players, seed=int(game_seed))
        sheet = game.play_match()
        round_lengths += [r.plays for r in game.rounds]
        fish += sum(r.reason == "fish" for r in game.rounds)
        blocked += sum(r.reason == "blocked" for r in game.rounds)
        rounds_per_game.append(len(game.rounds))
        losing, others = set(sheet.losers), [t for t in sheet.teams if t[0] not in sheet.losers]
        if sheet.is_draw:
            draws += 1
        elif has_goat and losing:
            for p in losing:
                goats[p] += 1
            low = min((sheet.score(o[0]) for o in others), default=None)
            best = [t for t in others if sheet.score(t[0]) == low]
            for p in (p for team in best for p in team):
                wins[p] += 1 / len(best)
        else:  # lost at once (sea Kozel's hundred): the others win
            for p in sheet.winners or ([p for team in others for p in team] if losing else []):
                wins[p] += 1
    return SimulationSummary(
        rules.name, n_games, n_players, names, tuple(wins), tuple(goats), tuple(rounds_per_game),
        tuple(round_lengths), fish, blocked, draws, has_goat,
    )  # fmt: skip
