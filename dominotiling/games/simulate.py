"""Many games at once: comparing strategies.

Inside: :func:`simulate`, which plays whole matches with given player
functions, and :class:`SimulationSummary`, what it returns: win and goat
rates per seat, rounds per match, round lengths and how often rounds end on
a fish, printable as a small table and plottable as a bar chart.

Examples
--------
>>> from dominotiling.games import Rules, simulate, greedy_player, random_player
>>> s = simulate(Rules.kozel(), 30, 2, [greedy_player, random_player], seed=0, progress=False)
>>> s == simulate(Rules.kozel(), 30, 2, [greedy_player, random_player], seed=0, progress=False)
True
>>> print(s)  # doctest: +ELLIPSIS
Kozel (fish for all): 30 games, 2 players
seat  player         win rate  goat rate
   0  greedy_player      ...
"""

from dataclasses import dataclass, field

import numpy as np

from .. import _validate
from ..errors import DominoTilingError, DominoTypeError
from .game import Game
from .players import random_player
from .rules import as_rules

__all__ = ["simulate", "SimulationSummary", "MAX_GAMES"]

#: The most matches one call plays: ten million matches of Kozel take days on one core, and
#: the per-match arrays of the summary would need gigabytes; larger studies run in batches.
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
    wins : tuple of float
        Matches won per seat (partners both win).  When reaching the target
        loses (Kozel), a match is won by the lowest written score among the
        others once the goat is found; a tie shares the win.  A match lost
        at once by one side (sea Kozel's round "on a hundred" lost with 25
        left) is won by every other side.
    goats : tuple of int
        Matches lost per seat when reaching the target loses (the goat(s));
        zeros otherwise.
    rounds_per_game : tuple of int
        The number of rounds of each match.
    round_lengths : tuple of int
        The number of bones played in each round of every match.
    fish_rounds, blocked_rounds : int
        How many rounds ended on a fish, or blocked.
    draws : int
        Matches that ended in a draw (Telephone's 225 reached by both, a fixed
        number of deals ending level).
    has_goat : bool
        Whether the rules have a loser by target (Kozel's goat: a target
        that loses); without one -- Mexican train and Chicken foot, where the
        lowest total after the deals wins -- the printed table has no goat
        column and ``goats`` holds zeros.

    See Also
    --------
    simulate, Game

    Examples
    --------
    >>> from dominotiling.games import Rules, simulate
    >>> s = simulate(Rules.classic(), 4, 2, seed=1, progress=False)
    >>> s.n_games, s.n_players
    (4, 2)
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

    @property
    def win_rates(self):
        """Fraction of matches won, per seat."""
        return tuple(w / self.n_games for w in self.wins)

    @property
    def goat_rates(self):
        """Fraction of matches lost as the goat, per seat."""
        return tuple(g / self.n_games for g in self.goats)

    @property
    def n_rounds(self):
        """The total number of rounds played."""
        return len(self.round_lengths)

    @property
    def fish_rate(self):
        """Fraction of rounds that ended on a fish."""
        return self.fish_rounds / max(1, self.n_rounds)

    @property
    def mean_rounds(self):
        """Mean number of rounds per match."""
        return float(np.mean(self.rounds_per_game))

    @property
    def mean_round_length(self):
        """Mean number of bones played per round."""
        return float(np.mean(self.round_lengths))

    def __str__(self):
        width = max(6, *(len(n) for n in self.player_names))
        goat = "  goat rate" if self.has_goat else ""
        rows = [
            f"{self.rules_name}: {self.n_games} games, {self.n_players} players",
            f"seat  {'player':<{width}}  win rate{goat}",
        ]
        for seat in range(self.n_players):
            line = f"{seat:>4}  {self.player_names[seat]:<{width}}  {self.win_rates[seat]:>8.3f}"
            if self.has_goat:
                line += f"  {self.goat_rates[seat]:>9.3f}"
            rows.append(line)
        rows.append(
            f"rounds per game {self.mean_rounds:.2f}; bones per round "
            f"{self.mean_round_length:.2f}; fish {100 * self.fish_rate:.1f}% "
            f"and blocked {100 * self.blocked_rounds / max(1, self.n_rounds):.1f}% "
            f"of rounds"
        )
        if self.draws:
            rows.append(f"drawn matches: {self.draws}")
        return "\n".join(rows)

    def _repr_html_(self):
        from .display import summary_html

        return summary_html(self)

    def plot(self, ax=None):
        """Draw the win and goat rates per seat as a bar chart.

        Parameters
        ----------
        ax : matplotlib.axes.Axes, optional
            Where to draw; a new figure is made when None.

        Returns
        -------
        matplotlib.axes.Axes

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> from dominotiling.games import Rules, simulate
        >>> ax = simulate(Rules.classic(), 5, 3, seed=0, progress=False).plot()
        >>> ax.get_ylabel()
        'fraction of games'
        """
        if ax is None:
            import matplotlib.pyplot as plt

            _, ax = plt.subplots(figsize=(5, 3))
        else:
            from matplotlib.axes import Axes

            _validate.instance(ax, "ax", Axes, "pass None for a new figure, or plt.subplots()[1]")
        x = np.arange(self.n_players)
        width = 0.38
        ax.bar(x - width / 2, self.win_rates, width, label="win", color="#4c72b0")
        ax.bar(x + width / 2, self.goat_rates, width, label="goat", color="#dd8452")
        ax.set_xticks(x)
        ax.set_xticklabels(
            [f"{s}: {n}" for s, n in enumerate(self.player_names)], rotation=15, fontsize="small"
        )
        ax.set_ylabel("fraction of games")
        ax.set_ylim(0, 1)
        ax.set_title(f"{self.rules_name}, {self.n_games} games", fontsize="medium")
        ax.legend(fontsize="small")
        return ax


def simulate(rules, n_games, n_players, players=None, seed=None, progress=True):
    """Play ``n_games`` whole matches and summarise them.

    Parameters
    ----------
    rules : Rules or str
    n_games : int
        The number of matches (at least 1).
    n_players : int
        The number of seats.
    players : sequence of callables, optional
        One player function per seat; :func:`random_player` everywhere by
        default.  Seat ``i`` keeps its function in every match.
    seed : None, int or numpy.random.Generator, optional
        The same seed gives an equal summary.
    progress : bool, optional
        Show a tqdm progress bar if the run lasts more than about 2 seconds.

    Returns
    -------
    SimulationSummary

    Raises
    ------
    DominoTilingError
        If ``n_games`` is not positive, ``players`` does not have
        ``n_players`` entries, or the rules do not allow ``n_players``
        (:class:`DominoTypeError` for arguments of the wrong type).

    See Also
    --------
    SimulationSummary, Game, Rules

    Examples
    --------
    >>> from dominotiling.games import Rules, greedy_player
    >>> s = simulate(Rules.muggins(), 10, 2, [greedy_player] * 2, seed=4, progress=False)
    >>> s.n_games, len(s.rounds_per_game), s.goats
    (10, 10, (0, 0))
    >>> simulate("mexican_train", 2, 3, seed=1, progress=False).has_goat
    False
    """
    rules = as_rules(rules)
    n_games = _validate.positive_int(n_games, "n_games", maximum=MAX_GAMES)
    n_players = rules.check_players(n_players)
    progress = _validate.boolean(progress, "progress")
    if players is None:
        players = [random_player] * n_players
    if isinstance(players, (str, bytes)):
        raise DominoTypeError("players must be a list of player functions, got str")
    try:
        players = list(players)
    except TypeError:
        raise DominoTypeError(
            f"players must be a list of player functions, got {type(players).__name__}"
        ) from None
    if len(players) != n_players:
        raise DominoTilingError(
            f"players must hold one player function per seat: {n_players} expected, "
            f"got {len(players)}"
        )
    for p in players:
        if not callable(p):
            raise DominoTypeError(f"players must be functions f(view) -> Move, got {p!r}")
    names = tuple(getattr(p, "__name__", type(p).__name__) for p in players)
    rng = _validate.seed(seed)
    seeds = rng.integers(0, 2**63, size=n_games)
    wins = [0.0] * n_players
    goats = [0] * n_players
    has_goat = rules.target_loses and rules.target is not None
    rounds_per_game, round_lengths = [], []
    fish = blocked = draws = 0
    from tqdm import tqdm

    for game_seed in tqdm(
        seeds, total=n_games, delay=2, disable=not progress, desc=f"{rules.name} games", leave=False
    ):
        game = Game(rules, players, seed=int(game_seed))
        sheet = game.play_match()
        for r in game.rounds:
            round_lengths.append(r.plays)
            fish += r.reason == "fish"
            blocked += r.reason == "blocked"
        rounds_per_game.append(len(game.rounds))
        if sheet.is_draw:
            draws += 1
        elif has_goat and sheet.losers:
            losing = set(sheet.losers)
            for p in losing:
                goats[p] += 1
            others = [team for team in sheet.teams if team[0] not in losing]
            if others:
                lowest = min(sheet.score(team[0]) for team in others)
                best = [team for team in others if sheet.score(team[0]) == lowest]
                for team in best:
                    for p in team:
                        wins[p] += 1 / len(best)
        else:
            winners = sheet.winners
            if not winners and sheet.losers:  # lost at once (sea Kozel's hundred): the
                winners = [
                    p
                    for team in sheet.teams  # others win
                    if team[0] not in sheet.losers
                    for p in team
                ]
            for p in winners:
                wins[p] += 1
    return SimulationSummary(
        rules_name=rules.name,
        n_games=n_games,
        n_players=n_players,
        player_names=names,
        wins=tuple(wins),
        goats=tuple(goats),
        rounds_per_game=tuple(rounds_per_game),
        round_lengths=tuple(round_lengths),
        fish_rounds=fish,
        blocked_rounds=blocked,
        draws=draws,
        has_goat=has_goat,
    )
