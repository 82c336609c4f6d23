"""The ``dominotiling play`` command: rule sets by name, --teams, --target, the goat column."""

import pytest

from dominotiling.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_play_any_rule_set_with_teams_and_a_target(capsys):
    code, out, _ = run(
        capsys,
        "play",
        "--rules",
        "kozel",
        "--teams",
        "--players",
        "greedy,random,greedy,random",
        "--games",
        "6",
        "--target",
        "60",
    )
    assert code == 0 and "Kozel (fish for all), teams: 6 games, 4 players" in out
    lines = out.splitlines()
    rows = [line.split() for line in lines[2:6]]
    assert rows[0][2:] == rows[2][2:] and rows[1][2:] == rows[3][2:]  # partners share


def test_no_goat_column_without_a_goat(capsys):
    code, out, _ = run(capsys, "play", "--rules", "classic", "--games", "5", "--target", "40")
    assert code == 0 and "goat" not in out and "win rate" in out
    code, out, _ = run(capsys, "play", "--rules", "muggins", "--games", "3")
    assert code == 0 and "goat" not in out
    code, out, _ = run(capsys, "play", "--games", "3")
    assert code == 0 and "goat rate" in out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--teams", "--players", "greedy,random,greedy"], "one name per pair"),
        (["--rules", "kozel", "--option", "write_from"], "KEY=VALUE"),
        (["--rules", "sea kozel", "--option", "rotten=1"], "rotten_eggs"),
        (["--rules", "block", "--option", "target=ten"], "whole number"),
        (
            ["--rules", "muggins", "--teams", "--players", "greedy,random,greedy,random"],
            "not played in pairs",
        ),
        (["--rules", "classic", "--fish", "one"], "drop --fish"),
        (["--target", "0"], "--target must be at least 1"),
        (["--rules", "telephone", "--players", "greedy,random,random"], "exactly 2 players"),
    ],
)
def test_play_usage_errors(capsys, argv, message):
    code, _, err = run(capsys, "play", "--games", "2", *argv)
    assert code == 2 and message in err and "Traceback" not in err


def test_unknown_rules_list_the_known_ones(capsys):
    code, _, err = run(capsys, "play", "--rules", "bridge")
    assert code == 2 and "sea_kozel" in err and "telephone" in err


# ---------------------------------------------------------------- every name, every option
from dominotiling.games import Rules  # noqa: E402


@pytest.mark.parametrize("name", Rules.names())
def test_every_rule_set_plays_with_its_default_seats(capsys, name):
    # sport_kozel, general, kozel_traditional, sevastopol and blitz need four players: the
    # command seats as many as the rules need instead of failing with two
    code, out, err = run(capsys, "play", "--rules", name, "--games", "1")
    assert code == 0, err
    seats = int(out.splitlines()[0].split(", ")[-1].split()[0])
    rules = Rules.by_name(name)
    assert rules.min_players <= seats <= rules.max_players and seats == max(2, rules.min_players)


@pytest.mark.parametrize(
    "alias",
    [
        "морской козёл",
        "Морской_козел",
        "козёл",
        "телефон",
        "блок",
        "маггинс крамера",
        "мексиканский поезд",
        "генерал",
        "спортивное домино",
        "крыша",
        "five up",
        "draw",
    ],
)
def test_aliases_and_russian_names_are_accepted(capsys, alias):
    code, out, err = run(capsys, "play", "--rules", alias, "--list-options")
    assert code == 0 and err == ""
    assert out.split()[0] == Rules.canonical_name(alias)


def test_every_alias_resolves_to_its_rule_set(capsys):
    for name in Rules.names():
        for alias in Rules.aliases(name):
            code, out, _ = run(capsys, "play", "--rules", alias.replace("_", " "), "--list-options")
            assert code == 0 and out.split()[0] == name


def test_options_reach_the_preset(capsys):
    code, out, _ = run(
        capsys, "play", "--rules", "mexican train", "--option", "max_pip=6", "--games", "2"
    )
    assert code == 0 and out.startswith("mexican train, double-6: 2 games, 2 players")
    code, out, _ = run(capsys, "play", "--rules", "general", "--option", "pairs=3", "--games", "1")
    assert code == 0 and "6 players" in out
    code, out, _ = run(
        capsys,
        "play",
        "--rules",
        "sea_kozel",
        "--option",
        "rotten_eggs=replays",
        "--option",
        "hundred=opener",
        "--games",
        "1",
    )
    assert code == 0 and "sea Kozel" in out
    code, _, err = run(
        capsys, "play", "--rules", "sea_kozel", "--option", "hundred=never", "--games", "1"
    )
    assert code == 2 and "hundred" in err and "any_time" in err


def test_no_goat_rate_for_mexican_train_or_chicken_foot(capsys):
    # the lowest total after the deals wins: nobody is a goat (target None)
    for name in ("mexican_train", "chicken_foot"):
        code, out, _ = run(
            capsys, "play", "--rules", name, "--games", "1", "--players", "greedy,random,greedy"
        )
        assert code == 0 and "goat" not in out and "win rate" in out


def test_teams_without_four_players(capsys):
    code, out, _ = run(capsys, "play", "--rules", "kozel", "--teams", "--games", "2")
    assert code == 0 and "4 players" in out
    lines = out.splitlines()
    rows = [line.split() for line in lines[2:6]]
    assert rows[0][1] == rows[2][1] == "greedy_player"  # partners play alike
    assert rows[1][1] == rows[3][1] == "random_player"
    code, out, _ = run(
        capsys,
        "play",
        "--rules",
        "sea kozel",
        "--teams",
        "--players",
        "doubles_first,greedy",
        "--games",
        "1",
    )
    assert code == 0 and "doubles_first_player" in out and "sea Kozel, teams" in out


def test_list_options_names_the_readings(capsys):
    code, out, _ = run(capsys, "play", "--rules", "telephone", "--list-options")
    assert code == 0 and "--option opening=2-3" in out and "телефон" in out


def test_an_empty_player_name_is_refused_not_dropped(capsys):
    # issue 27: "greedy,,random" silently played two seats
    code, out, err = run(capsys, "play", "--players", "greedy,,random", "--games", "2")
    assert code == 2 and out == ""
    assert "--players takes names" in err and "'greedy,,random'" in err and err.count("\n") == 1


def test_too_many_games_are_refused_before_playing(capsys):
    # issue 27: --games 10**30 ended in an internal error while allocating
    from dominotiling.games import MAX_GAMES

    code, out, err = run(capsys, "play", "--games", str(10**30))
    assert code == 2 and out == "" and f"at most {MAX_GAMES:,}" in err and err.count("\n") == 1
    code, _, err = run(capsys, "play", "--games", str(MAX_GAMES + 1))
    assert code == 2 and "batches" in err


def test_simulate_refuses_too_many_games():
    from dominotiling.errors import DominoTilingError
    from dominotiling.games import MAX_GAMES, simulate

    with pytest.raises(DominoTilingError, match=f"at most {MAX_GAMES}"):
        simulate("kozel", MAX_GAMES + 1, 2, progress=False)
