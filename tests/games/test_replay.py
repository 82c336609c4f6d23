"""Every preset plays exactly as it did before the game package was rewritten (issue 45).

``data/replay_digests.json`` holds, for every case of :mod:`game_replay` (every preset, and the
options whose readings change how a match goes), the sha256 of the records of 1,000 seeded
matches -- their whole histories, round results and final score sheets -- in blocks of 20,
made from the commit the file names, before any change.  The fast run replays the first block
of every case; the full tier (``pytest --full``) all 1,000 matches.  On a
difference, the first match is compared with its stored record to show where it departs.
"""

import gzip
import json
import re

import pytest
from game_replay import BLOCK, CASES, DIGESTS, MATCHES, SAMPLES, block_digests, case_digest, play

from dominotiling.games import Rules

STORED = json.loads(DIGESTS.read_text())
IDS = [case[0] for case in CASES]


def _where(case):
    """Where the first match of ``case`` departs from its stored record (for the message)."""
    with gzip.open(SAMPLES, "rt", encoding="utf-8") as f:
        old = json.load(f)["first_match"][case[0]]
    new = play(case, 0)
    k = next((k for k, (a, b) in enumerate(zip(old, new)) if a != b), min(len(old), len(new)))
    return f"match 0 departs at character {k}:\n  was {old[k - 80 : k + 80]}\n  now {new[k - 80 : k + 80]}"


def test_the_digests_name_their_commit_and_cover_every_preset():
    assert re.fullmatch(r"[0-9a-f]{40}", STORED["made_from_commit"])
    assert STORED["matches"] == MATCHES and STORED["block"] == BLOCK
    assert set(STORED["digests"]) == set(IDS)
    presets = {
        n
        for n in Rules.names()
        if getattr(Rules, n).__module__.startswith("dominotiling.games.variants")
    }
    assert presets <= {case[1] for case in CASES}


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_first_matches_of_every_case_replay_the_same(case):
    blocks = block_digests(case, BLOCK)
    assert blocks[0] == STORED["digests"][case[0]]["blocks"][0], _where(case)


@pytest.mark.full  # 1,000 matches per case: pytest --full
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_a_thousand_matches_of_every_case_replay_the_same(case):
    blocks = block_digests(case)
    stored = STORED["digests"][case[0]]
    assert blocks == stored["blocks"] and case_digest(blocks) == stored["sha256"], _where(case)
