import io
import sys

import pytest

from dominotiling.cli import main

ARTICLE = "...####\n....###\n......#\n#.#....\n#......\n##.....\n###...#\n"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_count_board(capsys):
    assert run(capsys, "count", "8x8") == (0, "12988816\n", "")
    assert run(capsys, "count", "2X10")[1] == "89\n"


def test_count_file_and_stdin(capsys, tmp_path, monkeypatch):
    path = tmp_path / "fig.txt"
    path.write_text("..#\n...\n.#.\n")
    code, out, _ = run(capsys, "count", "--file", str(path))
    assert code == 0 and out == "0\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO("....\n....\n"))
    assert run(capsys, "count", "--file", "-")[1] == "5\n"


@pytest.mark.parametrize(
    "argv, words",
    [
        (["count", "8x"], "ROWSxCOLS"),
        (["count", "0x3"], "positive integer"),
        (["count"], "either a board size"),
        (["count", "30x30", "--method", "transfer"], "30 cells wide"),
        (["count", "--file", "/no/such/file.txt"], "cannot read"),
        (["count", "8x8", "--method", "magic"], "unknown method"),
        (["tile", "/no/such/file.txt"], "cannot read"),
        (["play", "--players", "greedy"], "2 to 4 names"),
        (["play", "--players", "greedy,clever"], "2 to 4 names"),
        (["play", "--games", "0"], "at least 1"),
    ],
)
def test_errors_are_one_line_on_stderr(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


def test_bad_characters_in_file(capsys, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("..\n.x\n")
    code, _, err = run(capsys, "count", "--file", str(path))
    assert code == 2 and "line 2, column 2" in err


def test_tile_draws_tiling_or_cover(capsys, tmp_path):
    fig = tmp_path / "fig.txt"
    fig.write_text(ARTICLE)
    png = tmp_path / "out.png"
    code, out, _ = run(capsys, "tile", str(fig), "--png", str(png))
    assert code == 0 and "no tiling" in out and "2 cells uncovered" in out
    assert png.read_bytes()[:4] == b"\x89PNG"
    fig.write_text("....\n....\n")
    code, out, _ = run(capsys, "tile", str(fig))
    assert code == 0 and "tiled with 4 dominoes" in out


def test_tour_quick(capsys, tmp_path):
    code, out, err = run(capsys, "tour", "--out", str(tmp_path / "t"), "--quick")
    assert code == 0 and "index.html" in out
    page = (tmp_path / "t" / "index.html").read_text()
    assert "12,988,816" in page and page.count("<img") >= 5
    assert "Kozel" in page
    assert "[1/" in err  # progress lines


def test_console_script_entry_point():
    from importlib.metadata import entry_points

    (ep,) = [e for e in entry_points(group="console_scripts") if e.name == "dominotiling"]
    assert ep.load() is main


def test_play_prints_a_summary_reproducibly(capsys):
    code, out, _ = run(capsys, "play", "--games", "30", "--players", "greedy,random", "--seed", "4")
    assert code == 0 and "30 games, 2 players" in out
    assert "greedy_player" in out and "random_player" in out
    assert run(capsys, "play", "--games", "30", "--players", "greedy,random", "--seed", "4")[1] == out
    code, out, _ = run(capsys, "play", "--rules", "classic", "--games", "10", "--players",
                       "random,random,random")
    assert code == 0 and "10 games, 3 players" in out
