"""`dominoboard plot`: real PNGs from matplotlib's Agg canvas, decoded again with Pillow."""

import pytest
from PIL import Image

from domino import Match
from domino.events import dumps, read_match
from dominoboard.cli import main
from dominoboard.db import Database
from harness.pty_device import ROOT

EXAMPLES = ROOT / "examples"
# matplotlib's default colour cycle: the first, second and third line of a chart.
BLUE, ORANGE, GREEN = (0x1F, 0x77, 0xB4), (0xFF, 0x7F, 0x0E), (0x2C, 0xA0, 0x2C)


def lines_of(name: str) -> list[str]:
    setup, events = read_match((EXAMPLES / f"{name}.jsonl").read_text())
    return [dumps(setup)] + [dumps(e) for e in events]


@pytest.fixture
def db_path(tmp_path):
    path = tmp_path / "matches.sqlite3"
    with Database(path) as db:
        db.add_events("sim-a", "m0001", 0, lines_of("muggins"))
        db.add_events("sim-a", "m0002", 0, lines_of("allfives"))
        db.add_events("sim-b", "m0001", 0, lines_of("draw"))  # the same match id elsewhere
    return path


def decoded(path) -> Image.Image:
    with Image.open(path) as img:
        assert img.format == "PNG"
        img.load()  # decodes every pixel: a truncated or corrupt file raises here
        return img.convert("RGB")


def pixels_of(img: Image.Image, colour: tuple[int, int, int]) -> int:
    counts = img.getcolors(maxcolors=img.width * img.height) or []
    return sum(n for n, c in counts if c == colour)


def test_match_chart_has_the_asked_size_and_a_line_per_side(db_path, tmp_path, capsys):
    out = tmp_path / "allfives.png"
    assert main(["plot", "2", "--db", str(db_path), "--out", str(out), "--size", "800x500"]) == 0
    assert f"wrote {out} (800x500)" in capsys.readouterr().out
    img = decoded(out)
    assert img.size == (800, 500)
    # Three players, three lines in the first three colours of the cycle, and no fourth.
    for colour in (BLUE, ORANGE, GREEN):
        assert pixels_of(img, colour) > 500, colour
    assert pixels_of(img, (0xD6, 0x27, 0x28)) == 0


def test_a_two_player_match_from_a_file_has_two_lines(tmp_path):
    out = tmp_path / "muggins.png"
    assert main(["plot", str(EXAMPLES / "muggins.jsonl"), "--out", str(out)]) == 0
    img = decoded(out)
    assert img.size == (1000, 600)
    assert pixels_of(img, BLUE) > 500 and pixels_of(img, ORANGE) > 500
    assert pixels_of(img, GREEN) == 0


def test_player_statistics_chart(db_path, tmp_path):
    out = tmp_path / "players.png"
    assert main(["plot", "--players", "--db", str(db_path), "--out", str(out)]) == 0
    img = decoded(out)
    assert img.size == (1000, 600)
    assert pixels_of(img, GREEN) > 1000  # win % bars
    assert pixels_of(img, BLUE) > 1000  # average hand bars


def test_player_chart_over_all_games_ranks_places_never_mixes_scores(tmp_path):
    """Muggins (highest wins: Ana 105, Ben 35) and Mexican Train (lowest wins: Cy 3 penalty
    pips, Ana and Ben 30) in one database: over all games the chart shows places, each game
    ranked its own way; one game's chart shows its hand scores with their sense."""
    from dominoboard.plot import players_figure
    from dominoboard.stats import collect

    setup = {"game": "mexican", "players": ["Ana", "Ben", "Cy"], "rounds": 2, "way": "pad"}
    ends = [{"k": "end", "left": [20, 30, 0], "out": 2}, {"k": "end", "left": [10, 0, 3], "out": 1}]
    path = tmp_path / "mixed.sqlite3"
    with Database(path) as db:
        db.add_events("sim-a", "m1", 0, lines_of("muggins"))
        db.add_events("sim-a", "m2", 0, [dumps(setup)] + [dumps(e) for e in ends])
        stored = list(db.matches())

    def bars(ax) -> list[float]:
        return [round(b.get_height(), 2) for b in ax.patches]

    _, right = players_figure(collect(stored), (1000, 600)).axes
    assert right.get_title() == "average place, all games\n(each game ranked its own way)"
    assert right.get_ylabel() == "place (1 = first; lower is better)"
    assert bars(right) == [1.5, 2.0, 1.0]  # Ana, Ben, Cy: Cy's win is the best result
    _, right = players_figure(collect(stored, "mexican"), (1000, 600)).axes
    assert right.get_title() == "average hand score, Mexican Train\n(lower is better)"
    assert bars(right) == [15.0, 15.0, 1.5]
    _, right = players_figure(collect(stored, "muggins"), (1000, 600)).axes
    assert right.get_title() == "average hand score, Muggins\n(higher is better)"
    assert bars(right) == [52.5, 17.5]
    out = tmp_path / "players.png"
    assert main(["plot", "--players", "--db", str(path), "--out", str(out)]) == 0
    assert decoded(out).size == (1000, 600)


def test_a_scoreboard_match_id_on_two_scoreboards_needs_the_database_id(db_path, tmp_path, capsys):
    out = tmp_path / "x.png"
    assert main(["plot", "m0001", "--db", str(db_path), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert "on several scoreboards" in err and "1 (sim-a), 3 (sim-b)" in err
    assert not out.exists()
    assert main(["plot", "m0002", "--db", str(db_path), "--out", str(out)]) == 0
    assert decoded(out).size == (1000, 600)


@pytest.mark.parametrize(
    "args, message",
    [
        (["99"], "no intact match with that id"),
        (["--players", "2"], "either a MATCH or --players"),
        ([], "either a MATCH or --players"),
        (["2", "--out-suffix"], "FILE.png"),
        (["--players", "--game", "chess"], "known games are"),
    ],
)
def test_bad_requests_write_nothing(db_path, tmp_path, capsys, args, message):
    out = tmp_path / ("chart.jpg" if "--out-suffix" in args else "chart.png")
    args = [a for a in args if a != "--out-suffix"]
    assert main(["plot", *args, "--db", str(db_path), "--out", str(out)]) == 1
    assert message in capsys.readouterr().err
    assert not out.exists()


def test_a_bad_size_is_a_usage_error(tmp_path, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["plot", "--players", "--out", str(tmp_path / "a.png"), "--size", "big"])
    assert exc.value.code == 2
    assert "WIDTHxHEIGHT in pixels" in capsys.readouterr().err


def test_a_lowest_wins_chart_says_lower_is_better():
    from dominoboard.plot import match_figure

    m = Match({"game": "mexican", "players": ["Ana", "Ben", "Cy"]})
    m.apply({"k": "end", "left": [0, 30, 12], "out": 0})
    ax = match_figure(m, "Mexican Train", (1000, 600)).axes[0]
    assert ax.get_ylabel() == "running score (lower is better)"
    assert ax.get_legend().get_title().get_text() == "lowest total wins"
    highest = match_figure(Match.replay(*read_match((EXAMPLES / "muggins.jsonl").read_text())),
                           "Muggins", (1000, 600)).axes[0]
    assert highest.get_ylabel() == "running score"
    assert highest.get_legend().get_title().get_text() == ""


@pytest.mark.parametrize("size", [(1000, 600), (640, 400)])
@pytest.mark.parametrize("name", ["muggins", "allfives", "block", "draw"])
def test_the_legend_never_covers_the_target_line(name, size):
    from dominoboard.plot import match_figure

    m = Match.replay(*read_match((EXAMPLES / f"{name}.jsonl").read_text()))
    fig = match_figure(m, name, size)
    fig.canvas.draw()  # lays the figure out: extents are final from here
    ax = fig.axes[0]
    (target,) = [line for line in ax.get_lines() if line.get_linestyle() == "--"]
    legend = ax.get_legend().get_window_extent()
    line = target.get_window_extent()
    assert line.height < 2 and line.width > size[0] / 3  # the target line was drawn across
    assert not legend.overlaps(line), (legend, line)
    for side in ax.get_lines():
        assert not legend.overlaps(side.get_window_extent()), side.get_label()
