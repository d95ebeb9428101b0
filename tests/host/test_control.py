"""The control channel of `dominoboard live` (control.Session): every line a client sends is
answered, none raises, and no client holds the board.

The scoreboard is the real store and link on the MicroPython unix port behind a pty; the
client is a real socket pair; the board's side is the real StoreKeeper on a real database."""

import json
import os
import socket
import tty

import pytest
from test_live_store import device_count, lines_of

from dominoboard import control
from dominoboard.db import Database
from dominoboard.errors import CliError, DeviceError
from dominoboard.link import MAX_REQUEST, DeviceLink
from dominoboard.live_store import StoreKeeper
from harness.pty_device import PtyDevice, patient_link, wait_for

# Lines that are not requests, or requests the link cannot send: each must be answered.
MALFORMED = [
    b"",
    b"not json",
    b"[1, 2]",
    b"null",
    b'{"op": "hello"}',
    b'{"id": true, "op": "hello"}',
    b'{"id": "7", "op": "hello"}',
    b'{"id": 1}',
    b'{"id": 1, "op": 5}',
    b'{"id": 1, "op": "hello", "fields": [1]}',
    b'{"id": 1, "op": "hello", "fields": "x"}',
    b'{"id": 1, "op": "hello", "fields": {"op": "list"}}',
    b'{"id": 1, "op": "hello", "fields": {"id": 99}}',
    b'{"id": 1, "op": "hello", "fields": {"proto": 2}}',
    b'{"id": 1, "op": "names", "fields": {"names": ["\\ud800"]}}',
    b'{"id": 1, "op": "names", "fields": {"names": ["' + b"x" * 600 + b'"]}}',
    b"\xff\xfe{",
]


class Client:
    """The client's end of a session: JSON lines out, answers in."""

    def __init__(self, sock: socket.socket):
        self.sock = sock
        self.reader = sock.makefile("rb")

    def say(self, line: bytes) -> None:
        self.sock.sendall(line + b"\n")

    def ask(self, req_id: int, op: str, **fields) -> None:
        self.say(json.dumps({"id": req_id, "op": op, "fields": fields}).encode())

    def close(self) -> None:
        self.reader.close()
        self.sock.close()

    def answer(self) -> dict:
        raw = self.reader.readline()
        assert raw, "the session was closed"
        return json.loads(raw)


@pytest.fixture
def board(tmp_path):
    """A scoreboard holding a match, the board's link and keeper, and one client session."""
    with PtyDevice(tmp_path / "flash") as device:
        device.load("m0001", lines_of("muggins")[:5])
        wait_for(lambda: device_count(device.port, "m0001") == 5)
        with patient_link(device.port) as link, Database(tmp_path / "db.sqlite3") as db:
            keeper = StoreKeeper(db)
            link.request("subscribe", on=True)  # as the board does (live.catch_up)
            keeper.connected(link)
            ours, theirs = socket.socketpair()
            keeper.sessions.put(control.Session(ours))
            client = Client(theirs)
            yield device, link, keeper, client
            client.close()


def test_every_malformed_line_is_answered_and_the_session_goes_on(board):
    # One line used to kill `live` with a traceback: fields naming "op" made send() get op
    # twice (TypeError), and only CliError was caught.
    _, link, keeper, client = board
    for line in MALFORMED:
        client.say(line)
    client.ask(7, "list")
    assert keeper.between(link) is False  # served, not over: the client is still there
    for line in MALFORMED:
        answer = client.answer()
        assert set(answer) == {"id", "failed"}, (line, answer)
        assert isinstance(answer["failed"], str) and answer["failed"], line
    assert client.answer()["reply"]["matches"] == [["m0001", 5]]
    client.ask(8, "hello")
    keeper.between(link)
    assert client.answer()["reply"]["device"] == link.request("hello")["device"]


def test_the_answers_name_what_was_wrong(board):
    _, link, keeper, client = board
    client.say(b'{"id": 1, "op": "hello", "fields": {"op": "list"}}')
    client.say(b'{"id": 2, "op": "names", "fields": {"names": ["\\ud800"]}}')
    client.say(b"not json")
    keeper.between(link)
    assert "a field named 'op'" in client.answer()["failed"]
    assert "lone surrogate" in client.answer()["failed"]
    assert client.answer() == {
        "id": None,
        "failed": "not a request: a line of JSON " + control.REQUEST,
    }


def test_a_request_left_unsent_is_never_asked_again(tmp_path):
    # A request refused before sending (a lone surrogate) stayed in the link's books: the next
    # reply the scoreboard was slow with asked it again, and _ask_again raised KeyError.
    main, other = os.openpty()
    tty.setraw(other)
    try:
        with DeviceLink(os.ttyname(other), timeout=0.3) as link:  # nobody answers on it
            with pytest.raises(CliError, match="lone surrogate"):
                link.send("names", names=["\ud800"])
            with pytest.raises(DeviceError, match="said nothing"):
                link.request("hello")
    finally:
        os.close(main)
        os.close(other)


def test_a_request_longer_than_the_scoreboard_reads_is_refused_before_sending(tmp_path):
    from scoreboard.link import MAX_REQUEST as DEVICE_MAX

    assert MAX_REQUEST == DEVICE_MAX
    main, other = os.openpty()
    try:
        with DeviceLink(os.ttyname(other), timeout=0.3) as link:  # refused before sending
            with pytest.raises(CliError, match="at most 512"):
                link.send("names", names=["x" * 600])
    finally:
        os.close(main)
        os.close(other)


def test_a_slow_client_never_holds_the_board(board):
    # A client asking once every 25 s kept its session, and the board, for as long as it
    # liked: no push was stored meanwhile. Now each client has a turn and gives the board back.
    device, link, keeper, client = board
    muggins = lines_of("muggins")
    client.ask(1, "hello")
    assert keeper.between(link) is False  # its turn is over, its session is not
    assert client.answer()["id"] == 1
    device.append("m0001", muggins[5])  # the table plays on while the client thinks
    push = None
    for _ in range(60):  # the scoreboard's push, as the board waits for it
        push = push or link.next_push(1.0)
    assert push is not None and push["i"] == 5
    keeper.pushed(link, push["match"], push["i"], push["line"])
    assert keeper.store.db.held(keeper.store.device, "m0001")[0] == 6
    client.ask(2, "list")  # the client's next request is still served
    keeper.between(link)
    assert client.answer()["reply"]["matches"] == [["m0001", 6]]
    client.close()
    assert keeper.between(link) is True  # it closed: the session ends, a sync follows
    assert keeper.served == 1 and keeper.sessions.empty()
