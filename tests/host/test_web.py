"""`dominoboard live --web` in headless Chromium, end to end: the scoreboard is the real
MicroPython unix port behind a pseudo-terminal, the host is the real CLI in its own process,
and the page is read back through the DevTools protocol (over --remote-debugging-pipe: JSON
messages ending in a NUL byte on file descriptors 3 and 4, no websocket library needed)."""

import base64
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from PIL import Image

from domino import Match
from domino.events import dumps, read_match
from dominoboard.follow import Follower, board_state
from dominoboard.names import LANGUAGES
from dominoboard.web import WebBoard
from dominoboard.web_words import WORDS, accepted, game_name
from harness.pty_device import GUARD_S, ROOT, PtyDevice, port_args, wait_for

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no chromium binary: install Debian's package (apt-get install -y chromium)",
)
VIEWPORT = (1280, 720)


def lines_of(name: str) -> list[str]:
    setup, events = read_match((ROOT / "examples" / f"{name}.jsonl").read_text())
    return [dumps(setup)] + [dumps(e) for e in events]


def core_totals(lines: list[str]) -> list[int]:
    m = Match.replay(json.loads(lines[0]), [json.loads(x) for x in lines[1:]])
    return m.standings()["totals"]


class Chromium:
    """Headless Chromium driven over the DevTools pipe."""

    def __init__(self, profile: Path, accept_language: str | None = None):
        to_chrome_r, self._to_chrome = os.pipe()
        self._from_chrome, from_chrome_w = os.pipe()

        def wire_fds() -> None:  # in the child: its fd 3 reads our commands, fd 4 answers
            os.dup2(to_chrome_r, 3)
            os.dup2(from_chrome_w, 4)

        assert CHROMIUM is not None
        self.proc = subprocess.Popen(
            [
                CHROMIUM,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                f"--user-data-dir={profile}",
                f"--window-size={VIEWPORT[0]},{VIEWPORT[1]}",
                "--remote-debugging-pipe",
                "about:blank",
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=wire_fds,
            pass_fds=(3, 4),
        )
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self._buffer = b""
        self._next = 0
        self.session: str | None = None
        self.accept_language = accept_language  # the Accept-Language pages are asked with

    def call(self, method: str, **params) -> dict:
        """Chromium's reply to one DevTools call, as it comes (the guard ends a hang)."""
        self._next += 1
        msg: dict = {"id": self._next, "method": method, "params": params}
        if self.session is not None:
            msg["sessionId"] = self.session
        os.write(self._to_chrome, json.dumps(msg).encode() + b"\0")
        deadline = time.monotonic() + GUARD_S
        while True:
            while b"\0" in self._buffer:
                raw, self._buffer = self._buffer.split(b"\0", 1)
                reply = json.loads(raw)
                if reply.get("id") == self._next:
                    if "error" in reply:
                        raise AssertionError(f"{method}: {reply['error']}")
                    return reply["result"]
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._from_chrome], [], [], left)[0]:
                raise AssertionError(f"chromium did not answer {method} (the failure guard)")
            chunk = os.read(self._from_chrome, 1 << 16)
            if not chunk:
                raise AssertionError("chromium closed the DevTools pipe")
            self._buffer += chunk

    def open(self, url: str, viewport: tuple[int, int] = VIEWPORT) -> None:
        first = "about:blank" if self.accept_language else url
        target = self.call("Target.createTarget", url=first)["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)[
            "sessionId"
        ]
        width, height = viewport  # a TV's 16:9, whatever window headless mode picked
        self.call(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=False,
        )
        if self.accept_language:  # as a browser set to those languages asks (the header)
            agent = self.evaluate("navigator.userAgent")
            self.call(
                "Emulation.setUserAgentOverride",
                userAgent=agent,
                acceptLanguage=self.accept_language,
            )
            self.call("Page.navigate", url=url)

    def evaluate(self, expression: str):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return result["result"].get("value")

    def screenshot(self, path: Path) -> None:
        data = self.call("Page.captureScreenshot", format="png")["data"]
        path.write_bytes(base64.b64decode(data))

    def close(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._to_chrome)
        os.close(self._from_chrome)


SHOWN = """JSON.stringify([...document.querySelectorAll('.side')].map(s => [
    s.querySelector('.name').textContent, s.querySelector('.total').textContent,
    s.classList.contains('turn')]))"""


def shown(browser: Chromium) -> list[list]:
    return json.loads(browser.evaluate(SHOWN) or "[]")


def wait_shown(browser: Chromium, expected: list) -> list:
    def done() -> bool:
        return [row[:2] for row in shown(browser)] == expected

    wait_for(done, step=0.1)
    return shown(browser)


class LiveWeb:
    """`dominoboard live --web --http-port 0` in its own process, against the pty scoreboard."""

    def __init__(self, port: str):
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "dominoboard.cli", "live", *port_args(port), "--web"]
            + ["--http-port", "0"],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self.proc.stdout is not None
        first = self.proc.stdout.readline()
        assert first.startswith("serving the live board on http://127.0.0.1:"), first
        self.url = first.split(" on ", 1)[1].split()[0]

    def stop(self) -> tuple[int, str, str]:
        self.proc.send_signal(signal.SIGINT)
        out, err = self.proc.communicate(timeout=GUARD_S)
        return self.proc.returncode, out, err


@needs_chromium
def test_the_tv_page_follows_the_table_live(tmp_path):
    lines = lines_of("allfives")
    hand_end = [i for i, x in enumerate(lines) if '"k":"end"' in x]
    # The match is under way when the board starts: 14 events in, Ana's 4-2 has scored 5
    # (ends 2 and 3) and Ben is to play. Then the rest of hand 1, its tally included.
    first_part = lines[:15]
    second_part = lines[15 : hand_end[0] + 1]
    with PtyDevice(tmp_path / "flash") as device:
        device.load("m0001", first_part)
        live = LiveWeb(device.port)
        browser = Chromium(tmp_path / "profile")
        try:
            browser.open(live.url)
            before = core_totals(first_part)
            rows = wait_shown(
                browser,
                [["Ana", str(before[0])], ["Ben", str(before[1])], ["Cora", str(before[2])]],
            )
            assert sum(1 for r in rows if r[2]) == 1  # exactly one side is to play
            shot = tmp_path / "board.png"
            browser.screenshot(shot)
            with Image.open(shot) as img:
                img.load()
                assert img.size == VIEWPORT
            if os.environ.get("DOMINOBOARD_SCREENSHOT"):  # docs/img/live-web.png is made so
                shutil.copy(shot, os.environ["DOMINOBOARD_SCREENSHOT"])
            browser.evaluate("window.sameLoad = 'yes'")  # gone if the page were reloaded

            for line in second_part:
                device.append("m0001", line)
            after = core_totals(first_part + second_part)
            assert after != before
            wait_shown(
                browser, [["Ana", str(after[0])], ["Ben", str(after[1])], ["Cora", str(after[2])]]
            )
            assert browser.evaluate("window.sameLoad") == "yes"
            assert browser.evaluate("window.boardUpdates") >= 2
            assert browser.evaluate("document.getElementById('where').textContent") == (
                "match m0001 · hand 2 · to 100"
            )
            assert browser.evaluate("document.getElementById('turn').textContent") == ("new hand")
        finally:
            browser.close()
            code, out, err = live.stop()
    assert code == 0, err
    assert "dominoboard live: stopped" in out


@needs_chromium
def test_a_finished_match_shows_its_winner(tmp_path):
    lines = lines_of("block")
    with PtyDevice(tmp_path / "flash") as device:
        device.load("m0007", lines)
        live = LiveWeb(device.port)
        browser = Chromium(tmp_path / "profile")
        try:
            browser.open(live.url)
            wait_shown(browser, [["Jo + Lea", "104"], ["Kim + Max", "76"]])  # 13 hands
            assert browser.evaluate("document.getElementById('turn').textContent") == (
                "won by Jo + Lea"
            )
            assert browser.evaluate("document.querySelector('.side.won .name').textContent") == (
                "Jo + Lea"
            )
        finally:
            browser.close()
            live.stop()


def test_state_and_stream_over_plain_http():
    """The server without a browser: /state, the SSE stream, a 404, and a busy port."""
    board = WebBoard("127.0.0.1", 0)
    try:
        with urllib.request.urlopen(board.url + "state", timeout=GUARD_S) as r:
            assert json.loads(r.read())["status"] == "connecting to the scoreboard"
        with urllib.request.urlopen(board.url, timeout=GUARD_S) as r:
            assert r.headers["Content-Type"] == "text/html; charset=utf-8"
            assert b'new EventSource("/events")' in r.read()
        with urllib.request.urlopen(board.url + "events", timeout=GUARD_S) as stream:
            assert stream.headers["Content-Type"] == "text/event-stream"
            first = stream.readline()
            assert json.loads(first.removeprefix(b"data: "))["match"] is None
            assert stream.readline() == b"\n"
            board.publish({"match": "m0002", "status": "", "error": None})
            assert json.loads(stream.readline().removeprefix(b"data: "))["match"] == "m0002"
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(board.url + "nope", timeout=GUARD_S)
        assert missing.value.code == 404
        port = int(board.url.rsplit(":", 1)[1].strip("/"))
        with pytest.raises(Exception, match=f"cannot serve on 127.0.0.1:{port}"):
            WebBoard("127.0.0.1", port)
    finally:
        board.close()


# The boxes a person sees: each card, the digits' own glyph box (a Range, so text spilling out
# of its element counts), the header and the footer.
BOXES = """JSON.stringify((() => {
  const box = (r) => [r.left, r.top, r.right, r.bottom];
  const glyphs = (el) => { const r = document.createRange(); r.selectNodeContents(el);
                           return box(r.getBoundingClientRect()); };
  return {
    cards: [...document.querySelectorAll('.side')].map((c) => ({
      card: box(c.getBoundingClientRect()),
      total: glyphs(c.querySelector('.total')),
      text: c.querySelector('.total').textContent,
    })),
    header: box(document.querySelector('header').getBoundingClientRect()),
    footer: box(document.querySelector('footer').getBoundingClientRect()),
    where: document.getElementById('where').textContent,
    footerText: document.querySelector('footer').textContent,
  };
})())"""


def overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside(inner: list[float], outer: list[float]) -> bool:
    return (
        outer[0] <= inner[0]
        and outer[1] <= inner[1]
        and inner[2] <= outer[2]
        and inner[3] <= outer[3]
    )


def eight_player_state() -> dict:
    """A real Mexican Train board for 8 players, with the widest 4-digit totals."""
    setup = {"game": "mexican", "players": [f"Player{i}" for i in range(1, 8)] + ["Alexandra"]}
    f = Follower()
    for i, line in enumerate([dumps(setup), dumps({"k": "play", "p": 0, "t": "12-12"})]):
        f.feed("m0042", i, line)
    state = board_state(f, "following /dev/ttyACM0")
    state["totals"] = [8888, 9999, 1000, 4444, 8080, 7777, 6868, 9898]
    # Late in a hand every seat has a train: the footer wraps and the cards make room.
    trains = [f"Player{i} {i + 3}" + (" (marker)" if i % 2 else "") for i in range(1, 8)]
    state["facts"] = [["trains", ", ".join(trains + ["Alexandra 11", "Mexican 10"])]]
    return state


@needs_chromium
@pytest.mark.parametrize("viewport", [(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
def test_eight_sides_with_four_digits_fit_without_overlap(tmp_path, viewport):
    board = WebBoard("127.0.0.1", 0)
    board.publish(eight_player_state())
    browser = Chromium(tmp_path / "profile")
    try:
        browser.open(board.url, viewport)
        wait_for(lambda: len(shown(browser)) == 8, step=0.1)
        seen = json.loads(browser.evaluate(BOXES))
        browser.screenshot(tmp_path / f"board-{viewport[0]}.png")
    finally:
        browser.close()
        board.close()
    screen = [0, 0, *viewport]
    cards = seen["cards"]
    assert [c["text"] for c in cards] == [
        "8888",
        "9999",
        "1000",
        "4444",
        "8080",
        "7777",
        "6868",
        "9898",
    ]
    for i, c in enumerate(cards):
        assert inside(c["card"], screen), (i, c)
        assert inside(c["total"], c["card"]), (i, c)  # the digits stay on their own card
        assert not overlap(c["card"], seen["header"]) and not overlap(c["card"], seen["footer"])
        for other in cards[i + 1 :]:
            assert not overlap(c["card"], other["card"]), (c, other)
    assert inside(seen["footer"], screen)
    assert seen["where"] == "match m0042 · hand 1 · 13 rounds · lowest wins"
    assert "trains" in seen["footerText"] and "count" not in seen["footerText"]
    with Image.open(tmp_path / f"board-{viewport[0]}.png") as img:
        assert img.size == viewport


def test_clients_that_go_away_leave_no_traceback(capfd):
    # A TV switched off mid-request (a reset connection) printed a traceback per request.
    import socket
    import struct

    threads = set(threading.enumerate())
    board = WebBoard(port=0)
    try:
        host, port = "127.0.0.1", int(board.server.server_address[1])
        for path in ("/", "/state", "/events", "/missing"):
            for _ in range(5):
                s = socket.create_connection((host, port))
                s.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
                s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                s.close()  # an RST, as a client that vanishes sends
        board.publish({"match": None, "status": "still serving"})
        with urllib.request.urlopen(f"http://{host}:{port}/state", timeout=GUARD_S) as r:
            assert json.load(r)["status"] == "still serving"
    finally:
        board.close()
    # every request's thread done (and whatever it printed printed): the streams end on close
    wait_for(lambda: set(threading.enumerate()) <= threads)
    err = capfd.readouterr().err
    assert "Traceback" not in err and "Exception" not in err, err


def get(url: str, host: str | None = None) -> int:
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=GUARD_S) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


def test_a_page_naming_another_host_is_refused():
    # DNS rebinding: a page on evil.example whose name was made to point at 127.0.0.1 sends
    # "Host: evil.example". Before, it was served the board like anyone.
    board = WebBoard("127.0.0.1", 0, allow=["tv.lan"])
    try:
        port = board.url.rsplit(":", 1)[1].strip("/")
        assert get(board.url + "state") == 200
        assert get(board.url + "state", f"localhost:{port}") == 200
        assert get(board.url + "events", f"127.0.0.1:{port}") == 200
        assert get(board.url, "[::1]") == 200
        assert get(board.url + "state", f"TV.lan:{port}") == 200  # --allow-host
        for host in (f"evil.example:{port}", "evil.example", "localhost.evil.example"):
            assert get(board.url + "state", host) == 403, host
            assert get(board.url + "events", host) == 403, host
    finally:
        board.close()


def test_every_address_prints_an_address_others_can_open():
    # Before: `live --web --host 0.0.0.0` printed http://127.0.0.1:..., which a TV cannot open.
    board = WebBoard("0.0.0.0", 0)
    try:
        assert board.listening.startswith("0.0.0.0:")
        host = board.url.split("//", 1)[1].rsplit(":", 1)[0]
        assert host not in ("127.0.0.1", "0.0.0.0", "localhost"), board.url
        assert get(board.url + "state") == 200
    finally:
        board.close()


def said(browser: Chromium, element: str) -> str:
    return browser.evaluate(f"document.getElementById('{element}').textContent")


@needs_chromium
def test_the_tv_page_speaks_the_box_language_and_follows_a_change(tmp_path):
    """The box speaks German: the page says the game, the match line and the turn in German
    (the browser asks for English); chosen French on the box's menu, the page follows within
    the board's quiet check, with no event pushed."""
    lines = lines_of("allfives")
    hand_end = [i for i, x in enumerate(lines) if '"k":"end"' in x]
    with PtyDevice(tmp_path / "flash") as device:
        device.speak("de")
        device.load("m0001", lines[: hand_end[0] + 1])
        live = LiveWeb(device.port)
        browser = Chromium(tmp_path / "profile", accept_language="en-US")
        try:
            browser.open(live.url)
            wait_for(lambda: said(browser, "where") == "Partie m0001 · Runde 2 · bis 100", 30)
            assert said(browser, "game") == "Alle Fünfe"  # booklet 003's name (words/de.py)
            assert said(browser, "turn") == "neue Runde"
            assert browser.evaluate("document.documentElement.lang") == "de"
            device.speak("fr")
            wait_for(lambda: said(browser, "where") == "partie m0001 · manche 2 · en 100", 30)
            assert said(browser, "game") == "Tous les cinq"
            assert said(browser, "turn") == "nouvelle manche"
        finally:
            browser.close()
            live.stop()


@needs_chromium
def test_a_box_that_does_not_say_gets_the_browsers_language(tmp_path):
    """A state without a language (a scoreboard whose hello does not say): the page speaks
    the browser's first language it knows (Portuguese, then Spanish: Spanish)."""
    board = WebBoard("127.0.0.1", 0)
    state = eight_player_state()
    state["language"] = None
    board.publish(state)
    browser = Chromium(tmp_path / "profile", accept_language="pt-BR,es")
    try:
        browser.open(board.url)
        wait_for(lambda: len(shown(browser)) == 8, step=0.1)
        assert said(browser, "where") == "partida m0042 · mano 1 · 13 rondas · gana el más bajo"
        assert said(browser, "game") == "Tren mexicano"  # booklet 002
        assert "trenes" in said(browser, "facts")
        assert browser.evaluate("document.documentElement.lang") == "es"
    finally:
        browser.close()
        board.close()


def club_state() -> dict:
    """Two tables, their boxes speaking Italian and Dutch, and the evening's leaderboard."""
    tables = []
    for n, (code, game) in enumerate((("it", "allfives"), ("nl", "block")), start=1):
        f = Follower()
        f.language = code
        f.feed("m0001", 0, lines_of(game)[0])
        tables.append({**board_state(f, "following"), "table": n, "online": True})
    board = [{"game": "Block", "key": "block", "lowest_wins": False, "rows": [
        {"player": "Ana", "wins": 1, "matches": 1, "avg": 40}]}]  # fmt: skip
    return {"tables": tables, "leaderboard": board, "status": ""}


@needs_chromium
def test_the_club_page_speaks_each_box_language_and_the_browsers(tmp_path):
    """Each table's card in its box's language; the page's own words (the leaderboard) in
    the browser's (German)."""
    board = WebBoard("127.0.0.1", 0)
    board.publish(club_state())
    browser = Chromium(tmp_path / "profile", accept_language="de-DE,de")
    cards = """JSON.stringify([...document.querySelectorAll('.table')].map(c =>
        [c.lang, c.querySelector('h2').textContent]))"""
    try:
        browser.open(board.url)
        wait_for(lambda: len(json.loads(browser.evaluate(cards) or "[]")) == 2, 30, 0.1)
        assert json.loads(browser.evaluate(cards)) == [
            ["it", "Tavolo 1 All Fives · partita m0001"],  # 003's Italian prints no name
            ["nl", "Tafel 2 Blokdomino · spel m0001"],
        ]
        assert said(browser, "game") == "dominoboard Clubabend"
        assert said(browser, "where") == "2 Tische"
        heads = "[...document.querySelectorAll('#leaderboard th')].map(t => t.textContent)"
        assert json.loads(browser.evaluate(f"JSON.stringify({heads})")) == [
            "#", "Spieler", "Siege", "Partien", "Schnitt"
        ]  # fmt: skip
        assert browser.evaluate("document.querySelector('#leaderboard h2').textContent") == (
            "Blockspiel höchste Summe gewinnt"
        )
    finally:
        browser.close()
        board.close()


def test_the_page_is_served_in_the_browsers_language():
    """Without a browser: Accept-Language picks the page's language by quality, English
    when none is spoken here; the box's language comes with the state."""
    assert accepted("de-CH, fr;q=0.9") == "de"
    assert accepted("pt-BR, it;q=0.5, nl;q=0.8") == "nl"
    assert accepted("ja, zh;q=0.5") == "en" and accepted(None) == "en"
    assert accepted("es;q=0, fr") == "fr" and accepted("pt-BR,es;q=0.9;x=1") == "es"
    board = WebBoard("127.0.0.1", 0)
    try:
        request = urllib.request.Request(board.url, headers={"Accept-Language": "it-IT"})
        with urllib.request.urlopen(request, timeout=GUARD_S) as r:
            page = r.read().decode()
        assert '<html lang="it">' in page and 'const BROWSER = "it";' in page
        assert "connessione…" in page
        marks = ("__LANG__", "__WORDS__", "__GAMES__", "__CONNECTING__")
        assert not [m for m in marks if m in page]
    finally:
        board.close()


def test_the_pages_words_are_there_in_every_language():
    """Every language names every word of the page, with its value's place where English
    has one; the games' names are the device catalogue's."""
    for code in LANGUAGES:
        assert WORDS[code].keys() == WORDS["en"].keys(), code
        for key, text in WORDS[code].items():
            assert text.count("{}") == WORDS["en"][key].count("{}"), (code, key)
    assert game_name("mexican", "Mexican Train", "nl") == "Mexicaanse trein"
    assert game_name("muggins", "Muggins", "de") == "Muggins"  # a name: no word for it
