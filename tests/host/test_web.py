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
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from PIL import Image
from pty_device import ROOT, PtyDevice, wait_for

from domino import Match
from domino.events import dumps, read_match
from dominoboard.web import WebBoard

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

    def __init__(self, profile: Path):
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

    def call(self, method: str, timeout: float = 30.0, **params) -> dict:
        self._next += 1
        msg: dict = {"id": self._next, "method": method, "params": params}
        if self.session is not None:
            msg["sessionId"] = self.session
        os.write(self._to_chrome, json.dumps(msg).encode() + b"\0")
        deadline = time.monotonic() + timeout
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
                raise AssertionError(f"chromium did not answer {method} within {timeout} s")
            chunk = os.read(self._from_chrome, 1 << 16)
            if not chunk:
                raise AssertionError("chromium closed the DevTools pipe")
            self._buffer += chunk

    def open(self, url: str) -> None:
        target = self.call("Target.createTarget", url=url)["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)[
            "sessionId"
        ]
        width, height = VIEWPORT  # a TV's 16:9, whatever window headless mode picked
        self.call(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=False,
        )

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


def wait_shown(browser: Chromium, expected: list, timeout: float = 30.0) -> list:
    def done() -> bool:
        return [row[:2] for row in shown(browser)] == expected

    wait_for(done, timeout=timeout, step=0.1)
    return shown(browser)


class LiveWeb:
    """`dominoboard live --web --http-port 0` in its own process, against the pty scoreboard."""

    def __init__(self, port: str):
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "dominoboard.cli", "live", "--port", port, "--web"]
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
        out, err = self.proc.communicate(timeout=20)
        return self.proc.returncode, out, err


@needs_chromium
def test_the_tv_page_follows_the_table_live(tmp_path):
    lines = lines_of("allfives")
    hand_end = [i for i, x in enumerate(lines) if '"k":"end"' in x]
    first_part = lines[:12]  # the match is under way when the board starts
    second_part = lines[12 : hand_end[0] + 1]  # the rest of hand 1, its tally included
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
            wait_shown(browser, [["Jo + Lea", "117"], ["Kim + Max", "77"]])
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
        with urllib.request.urlopen(board.url + "state", timeout=5) as r:
            assert json.loads(r.read())["status"] == "connecting to the scoreboard"
        with urllib.request.urlopen(board.url, timeout=5) as r:
            assert r.headers["Content-Type"] == "text/html; charset=utf-8"
            assert b'new EventSource("/events")' in r.read()
        with urllib.request.urlopen(board.url + "events", timeout=5) as stream:
            assert stream.headers["Content-Type"] == "text/event-stream"
            first = stream.readline()
            assert json.loads(first.removeprefix(b"data: "))["match"] is None
            assert stream.readline() == b"\n"
            board.publish({"match": "m0002", "status": "", "error": None})
            assert json.loads(stream.readline().removeprefix(b"data: "))["match"] == "m0002"
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(board.url + "nope", timeout=5)
        assert missing.value.code == 404
        port = int(board.url.rsplit(":", 1)[1].strip("/"))
        with pytest.raises(Exception, match=f"cannot serve on 127.0.0.1:{port}"):
            WebBoard("127.0.0.1", port)
    finally:
        board.close()
