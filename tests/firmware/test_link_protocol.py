"""The device's link handler on the real MicroPython unix port, fed raw lines over a pty:
every bad request gets an error naming the problem, and nothing on the device changes."""

import json
import sys
from pathlib import Path

import pytest
import serial

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "host"))
from harness.pty_device import GUARD_S, PtyDevice, wait_for  # noqa: E402  # pyright: ignore[reportMissingImports]

SETUP = '{"game":"muggins","players":["Ana","Ben"],"v":1}'
PLAY = '{"k":"play","p":0,"t":"6-6"}'


class RawPort:
    """Bytes in, reply lines out: no client library between the test and the device."""

    def __init__(self, port: str):
        self.serial = serial.Serial(port, timeout=GUARD_S)  # a line read; the guard if none

    def ask(self, frame: bytes) -> dict:
        self.serial.write(frame + b"\n")
        line = self.serial.readline()
        assert line.endswith(b"\n"), f"no reply to {frame[:60]!r}"
        return json.loads(line)

    def close(self) -> None:
        self.serial.close()


@pytest.fixture(scope="module")
def device(tmp_path_factory):
    dev = PtyDevice(tmp_path_factory.mktemp("flash"))
    dev.load("m1", [SETUP, PLAY])
    port = RawPort(dev.port)
    wait_for(lambda: port.ask(b'{"proto":1,"id":1,"op":"list"}')["matches"] == [["m1", 2]])
    yield dev, port
    port.close()
    dev.stop()


def state(port: RawPort) -> tuple:
    """Everything a request could change, as the host sees it."""
    hello = port.ask(b'{"proto":1,"id":9,"op":"hello"}')
    listed = port.ask(b'{"proto":1,"id":9,"op":"list"}')["matches"]
    events = port.ask(b'{"proto":1,"id":9,"op":"events","match":"m1"}')["lines"]
    return hello["names"], hello["presets"], hello["clock"], listed, events


BAD = [
    (b"hello", "bad_json", "not JSON"),
    (b"\xff\xfe\x00\x01binary", "not_text", "UTF-8"),
    (b"x" * 600, "too_long", "at most 512"),
    (b'"\xc0\xb0"', "not_text", "UTF-8"),  # overlong: MicroPython's decode lets it through
    (b'{"proto":1,"id":1,"op":"hello","x":"\xed\xa0\x80"}', "not_text", "UTF-8"),
    (b"[1,2,3]", "not_object", "not a JSON object"),
    (b'"hello"', "not_object", "not a JSON object"),
    (b'{"id":1,"op":"hello"}', "bad_proto", "proto 1"),
    (b'{"proto":2,"id":1,"op":"hello"}', "bad_proto", "speaks proto 1"),
    (b'{"proto":true,"id":1,"op":"hello"}', "bad_proto", "proto true"),
    (b'{"proto":1,"op":"hello"}', "bad_id", "id null"),
    (b'{"proto":1,"id":"7","op":"hello"}', "bad_id", 'id "7"'),
    (b'{"proto":1,"id":-1,"op":"hello"}', "bad_id", "0.."),
    (b'{"proto":1,"id":1.5,"op":"hello"}', "bad_id", "id float"),
    (b'{"proto":1,"id":1,"op":"format"}', "unknown_op", "known ops are hello"),
    (b'{"proto":1,"id":1}', "unknown_op", "op null"),
    (b'{"proto":1,"id":1,"op":"events"}', "bad_field", "match"),
    (b'{"proto":1,"id":1,"op":"events","match":"zz"}', "no_match", "no match"),
    (b'{"proto":1,"id":1,"op":"events","match":"m1","from":"0"}', "bad_field", "whole number"),
    (b'{"proto":1,"id":1,"op":"events","match":"m1","from":3}', "bad_field", "events 0..2"),
    (b'{"proto":1,"id":1,"op":"events","match":"m1","from":1,"have":"0"}', "diverged", "differ"),
    (b'{"proto":1,"id":1,"op":"list","after":5}', "bad_field", "a string"),
    (b'{"proto":1,"id":1,"op":"subscribe","on":1}', "bad_field", "true or false"),
    (b'{"proto":1,"id":1,"op":"names","names":"Ana"}', "bad_field", "a list"),
    (b'{"proto":1,"id":1,"op":"names","names":["Ana",""]}', "bad_field", "1 to 16"),
    (b'{"proto":1,"id":1,"op":"names","names":["Ana\\u0007"]}', "bad_field", "U+0007"),
    # an emoji as JSON escapes (a surrogate pair), as raw UTF-8, a lone surrogate, bidi marks
    (b'{"proto":1,"id":1,"op":"names","names":["Ana\\ud83d\\ude00"]}', "bad_field", "U+D83D"),
    (b'{"proto":1,"id":1,"op":"names","names":["Ana\xf0\x9f\x98\x80"]}', "bad_field", "U+1F600"),
    (b'{"proto":1,"id":1,"op":"names","names":["\\ud800"]}', "bad_field", "U+D800"),
    (b'{"proto":1,"id":1,"op":"names","names":["Ana\xe2\x80\xae"]}', "bad_field", "U+202E"),
    (
        b'{"proto":1,"id":1,"op":"presets","presets":[{"name":"F\\u200f","game":"muggins"}]}',
        "bad_field",
        "U+200F",
    ),
    (b'{"proto":1,"id":1,"op":"names","names":["' + b"A" * 17 + b'"]}', "bad_field", "1 to 16"),
    (
        b'{"proto":1,"id":1,"op":"presets","presets":[{"name":"x","game":"go"}]}',
        "bad_field",
        "known games",
    ),
    (
        b'{"proto":1,"id":1,"op":"presets","presets":[{"name":"x","game":"muggins",'
        b'"opts":{"muggins":3}}]}',
        "bad_field",
        "allowed values",
    ),
    (
        b'{"proto":1,"id":1,"op":"presets","presets":[{"name":"x","game":"muggins","x":1}]}',
        "bad_field",
        "allowed keys",
    ),
    (b'{"proto":1,"id":1,"op":"language","language":"pt"}', "bad_field", "one of en, es"),
    (b'{"proto":1,"id":1,"op":"language","language":"es"}', "no_settings", "no settings"),
    (b'{"proto":1,"id":1,"op":"clock","time":12}', "bad_field", "2020 and 2099"),
    (b'{"proto":1,"id":1,"op":"clock","time":1.7e9}', "bad_field", "whole number"),
    (b'{"proto":1,"id":1,"op":"delete","match":"m1"}', "bad_field", "count and crc"),
    (
        b'{"proto":1,"id":1,"op":"delete","match":"m1","count":2,"crc":"x"}',
        "mismatch",
        "sync first",
    ),
    (
        b'{"proto":1,"id":1,"op":"delete","match":"m1","count":1,"crc":"x"}',
        "mismatch",
        "has 2 events",
    ),
]


@pytest.mark.parametrize(
    "frame,code,words", BAD, ids=[b[1] + ":" + b[0][:30].decode(errors="replace") for b in BAD]
)
def test_bad_request_gets_an_error_naming_it_and_changes_nothing(device, frame, code, words):
    dev, port = device
    before = state(port)
    reply = port.ask(frame)
    assert reply["ok"] is False and reply["proto"] == 1
    assert reply["error"] == code, reply
    assert words in reply["detail"]
    assert state(port) == before
    assert dev.alive()


def test_error_replies_carry_the_request_id_when_it_could_be_read(device):
    _, port = device
    assert port.ask(b'{"proto":1,"id":42,"op":"nope"}')["id"] == 42
    assert port.ask(b"{broken")["id"] is None


def test_blank_lines_and_echoed_replies_get_no_answer(device):
    _, port = device
    port.serial.write(b"\n\r\n   \n" + b'{"proto":1,"id":3,"ok":true}\n')
    assert port.ask(b'{"proto":1,"id":5,"op":"hello"}')["id"] == 5  # the first reply back


def test_events_are_paged_so_a_reply_line_stays_bounded(tmp_path):
    long_note = '{"k":"note","text":"' + "n" * 190 + '"}'
    with PtyDevice(tmp_path / "flash") as dev:
        dev.load("big", [SETUP] + [long_note] * 200)
        port = RawPort(dev.port)
        wait_for(lambda: port.ask(b'{"proto":1,"id":1,"op":"list"}')["matches"] == [["big", 201]])
        got, start, sizes = [], 0, []
        while True:
            port.serial.write(b'{"proto":1,"id":2,"op":"events","match":"big","from":%d}\n' % start)
            raw = port.serial.readline()
            sizes.append(len(raw))
            page = json.loads(raw)
            got += page["lines"]
            start = page["next"]
            if not page["more"]:
                break
        port.close()
    assert got == [SETUP] + [long_note] * 200
    assert len(sizes) >= 3 and max(sizes) < 16384 + 512  # PAGE_BYTES of lines + the fields


def test_a_request_fed_byte_by_byte_slowly_is_answered(device):
    _, port = device
    for b in b'{"proto":1,"id":77,"op":"hello"}':
        port.serial.write(bytes([b]))
        port.serial.flush()  # each byte handed to the port before the next is written
    port.serial.write(b"\n")
    assert json.loads(port.serial.readline())["id"] == 77
