"""The ``dominotiling play`` command: rule sets by name, --teams, --target, the goat column."""

import pytest

from dominotiling.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_play_any_rule_set_with_teams_and_a_target(capsys):
    code, out, _ = run(capsys, "play", "--rules", "kozel", "--teams", "--players",
                       "greedy,random,greedy,random", "--games", "6", "--target", "60")
    assert code == 0 and "Kozel (fish for all), teams: 6 games, 4 players" in out
    lines = out.splitlines()
    rows = [line.split() for line in lines[2:6]]
    assert rows[0][2:] == rows[2][2:] and rows[1][2:] == rows[3][2:]   # partners share


def test_no_goat_column_without_a_goat(capsys):
    code, out, _ = run(capsys, "play", "--rules", "classic", "--games", "5", "--target", "40")
    assert code == 0 and "goat" not in out and "win rate" in out
    code, out, _ = run(capsys, "play", "--rules", "muggins", "--games", "3")
    assert code == 0 and "goat" not in out
    code, out, _ = run(capsys, "play", "--games", "3")
    assert code == 0 and "goat rate" in out


@pytest.mark.parametrize("argv, message", [
    (["--teams"], "four names"),
    (["--rules", "muggins", "--teams", "--players", "greedy,random,greedy,random"],
     "not played in pairs"),
    (["--rules", "classic", "--fish", "one"], "drop --fish"),
    (["--target", "0"], "--target must be at least 1"),
    (["--rules", "telephone", "--players", "greedy,random,random"], "exactly 2 players"),
])
def test_play_usage_errors(capsys, argv, message):
    code, _, err = run(capsys, "play", "--games", "2", *argv)
    assert code == 2 and message in err and "Traceback" not in err


def test_unknown_rules_list_the_known_ones(capsys):
    code, _, err = run(capsys, "play", "--rules", "bridge")
    assert code == 2 and "sea_kozel" in err and "telephone" in err
