"""Seeded matches of every preset, reduced to digests: the replay harness of issue 45.

Every case is a preset (with options, for the readings they choose between), a number of seats
and the player functions by seat.  Match ``k`` of a case is ``Game(rules, players, seed=k)``
played to its end; its record is the text of everything the match did: the whole history
(deals, every play, draw, knock, penalty and round end), every round's result and the final
score sheet.  A case's digest is the sha256 of its records, taken over blocks of matches so
that a slice can be checked quickly and a difference found.

``python tests/games/game_replay.py --write`` (run from the worktree with ``PYTHONPATH=$PWD``)
plays 1,000 matches of every case and writes ``data/replay_digests.json`` and
``data/replay_samples.json.gz`` (the full records of the first match of each case).
"""

import gzip
import hashlib
import json
import pathlib
import subprocess
import sys

from dominotiling.games import Game, Rules, doubles_first_player, greedy_player, random_player

DATA = pathlib.Path(__file__).parent / "data"
DIGESTS = DATA / "replay_digests.json"
SAMPLES = DATA / "replay_samples.json.gz"
MATCHES = 1000
BLOCK = 20  # matches per block digest (the fast run checks the first block)
SEATS = [random_player, greedy_player, random_player, doubles_first_player]

#: (label, preset, options, players): every preset once with its defaults, then the options
#: whose readings change how a match goes.
CASES = [
    ("all_threes", "all_threes", {}, 3),
    ("bergen", "bergen", {}, 2),
    ("blitz", "blitz", {}, 5),
    ("block", "block", {}, 3),
    ("chechevo", "chechevo", {}, 4),
    ("chicken_foot", "chicken_foot", {}, 3),
    ("classic", "classic", {}, 2),
    ("classic_penalty", "classic_penalty", {}, 2),
    ("draw_game", "draw_game", {}, 2),
    ("five_up", "five_up", {}, 3),
    ("fives", "fives", {}, 2),
    ("general", "general", {}, 4),
    ("kolbasa", "kolbasa", {}, 2),
    ("kozel", "kozel", {}, 3),
    ("kozel_traditional", "kozel_traditional", {}, 4),
    ("kramer_muggins", "kramer_muggins", {}, 2),
    ("mexican_train", "mexican_train", {}, 4),
    ("muggins", "muggins", {}, 2),
    ("osel", "osel", {}, 3),
    ("sea_kozel", "sea_kozel", {}, 2),
    ("sevastopol", "sevastopol", {}, 4),
    ("seven", "seven", {}, 3),
    ("sport_kozel", "sport_kozel", {}, 4),
    ("straight", "straight", {}, 2),
    ("telephone", "telephone", {}, 2),
    # options
    ("kozel one teams", "kozel", {"fish_mode": "one", "players": 4, "teams": True}, 4),
    ("kozel eggs reserve", "kozel", {"eggs": True, "reserve": 2, "several_goats": False}, 2),
    ("kozel 125", "kozel", {"target": 125, "write_from": 25, "first_double": "smallest"}, 4),
    ("sea_kozel replays", "sea_kozel", {"rotten_eggs": "replays", "six_six": "losers_total"}, 3),
    ("sea_kozel opener teams", "sea_kozel", {"hundred": "opener", "players": 4, "teams": True}, 4),
    ("sport_kozel deals", "sport_kozel", {"deals": 8}, 4),
    ("general 3 pairs", "general", {"pairs": 3, "strict": True}, 6),
    ("general leaves", "general", {"pairs": 4, "leaves": "general", "only_zero": True}, 8),
    ("classic fisherman", "classic", {"blocked_winner": "fisherman", "fisherman_own": True}, 3),
    ("classic fewest", "classic", {"blocked_winner": "fewest_bones", "draw_one": True}, 4),
    ("classic ties", "classic", {"blocked_tie": "replay", "heavy_doubles": True}, 3),
    ("classic lowest bone", "classic", {"blocked_tie": "lowest_bone", "later_opener": "rotate"}, 4),
    ("classic 0-0", "classic", {"first_double": "0-0", "lone_blank": True, "teams": True}, 4),
    ("classic lightest", "classic", {"opening_fallback": "lightest", "later_opener": "winner"}, 2),
    ("block difference teams", "block", {"score": "difference", "teams": True}, 4),
    ("draw_game 4", "draw_game", {}, 4),
    ("fives played", "fives", {"cross": "played", "divide": False, "teams": True}, 4),
    ("fives no spinner", "fives", {"spinner": False}, 3),
    ("all_threes played", "all_threes", {"cross": "played", "divide": False}, 2),
    ("muggins across", "muggins", {"lengthwise": False}, 3),
    ("kramer_muggins cross", "kramer_muggins", {"first_double_ends": True, "teams": True}, 4),
    ("five_up teams", "five_up", {"teams": True}, 4),
    ("straight teams", "straight", {"teams": True}, 4),
    ("telephone per_five", "telephone", {"per_five": True, "doubles": 2}, 2),
    ("telephone teams", "telephone", {"teams": True, "doubles": 4, "opening": "0-0"}, 4),
    ("seven turns", "seven", {"two_bones": "turns", "game": 3}, 4),
    ("seven no row", "seven", {"two_bones": False, "drop_out": False}, 2),
    ("bergen 3", "bergen", {"players": 3}, 3),
    ("bergen 4", "bergen", {"players": 4}, 4),
    ("mexican_train first", "mexican_train", {"first_turn_train": True, "deals": 2}, 3),
    ("mexican_train 6", "mexican_train", {"max_pip": 6}, 2),
    ("mexican_train 9", "mexican_train", {"max_pip": 9, "deals": 4}, 4),
    ("chicken_foot redeal", "chicken_foot", {"missing": "redeal", "deals": 3, "players": 4}, 4),
    ("kolbasa equal", "kolbasa", {"cuts": "equal_ends", "open_with_double": True}, 2),
    ("kolbasa one bone", "kolbasa", {"turn_goes_on": False, "target": 60}, 2),
    ("osel 2", "osel", {"players": 2}, 2),
    ("chechevo 2", "chechevo", {"players": 2}, 2),
]


def rules_of(case):
    _, preset, options, _ = case
    return Rules.by_name(preset, **options)


def players_of(case):
    return [SEATS[s % len(SEATS)] for s in range(case[3])]


def record(game):
    """The text of everything a finished match did."""
    sheet = game.sheet
    rounds = [
        (
            r.number,
            r.opener,
            r.reason,
            r.winner,
            r.hands,
            str(r.line),
            r.plays,
            r.draws,
            r.knocks,
            r.redeals,
            r.written,
            r.fisherman,
        )
        for r in game.rounds
    ]
    final = (
        sheet.scores(),
        [sheet.remembered(p) for p in sheet.players],
        sheet.carried,
        sheet.winners,
        sheet.losers,
        sheet.is_draw,
        sheet.deals_played,
        sheet.rounds,
        sheet.round_winners,
    )
    return repr((game.history, rounds, final))


def play(case, seed):
    game = Game(rules_of(case), players_of(case), seed=seed)
    game.play_match()
    return record(game)


def block_digests(case, matches=MATCHES):
    """One sha256 per block of BLOCK matches (seeds 0, 1, ...), its first 16 hex digits."""
    out = []
    for start in range(0, matches, BLOCK):
        h = hashlib.sha256()
        for seed in range(start, min(start + BLOCK, matches)):
            h.update(play(case, seed).encode())
            h.update(b"\n")
        out.append(h.hexdigest()[:16])
    return out


def case_digest(blocks):
    return hashlib.sha256("".join(blocks).encode()).hexdigest()


def write():
    commit = subprocess.run(
        ["git", "rev-parse", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.strip()
    digests, samples = {}, {}
    for case in CASES:
        blocks = block_digests(case)
        digests[case[0]] = {"sha256": case_digest(blocks), "blocks": blocks}
        samples[case[0]] = play(case, 0)
        print(case[0], digests[case[0]]["sha256"][:16], flush=True)
    DATA.mkdir(exist_ok=True)
    document = {
        "made_from_commit": commit,
        "matches": MATCHES,
        "block": BLOCK,
        "seats": [p.__name__ for p in SEATS],
        "cases": {c[0]: {"preset": c[1], "options": c[2], "players": c[3]} for c in CASES},
        "digests": digests,
    }
    DIGESTS.write_text(json.dumps(document, indent=1, sort_keys=True) + "\n")
    with gzip.open(SAMPLES, "wt", encoding="utf-8") as f:
        json.dump({"made_from_commit": commit, "first_match": samples}, f, sort_keys=True)


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        write()
    else:
        print(__doc__)
