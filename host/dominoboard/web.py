"""The web side of `dominoboard live --web`: one page with big digits for a TV at the table.

Standard library only. ``GET /`` is the page (below, inline, so every install carries it);
``GET /events`` is a Server-Sent Events stream that sends the board state (follow.board_state, as
JSON) on connecting and again on every change; ``GET /state`` is the same state once, for
anything that would rather poll. The page draws whatever state arrives, so it shows the very
standings the terminal board shows, folded by the core on the host.
"""

import ipaddress
import json
import socket
import threading
from collections.abc import Iterable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from .errors import CliError
from .names import LANGUAGES
from .web_words import WORDS, accepted, game_names

KEEPALIVE = 15.0  # seconds between SSE comments, so proxies and browsers keep the stream


class WebBoard:
    """The latest state and an HTTP server streaming it; ``publish`` from any thread."""

    def __init__(self, host: str = "127.0.0.1", port: int = 8765, allow: Iterable[str] = ()):
        self._changed = threading.Condition()
        self.version = 0
        self.state: dict[str, Any] = {"match": None, "status": "connecting to the scoreboard"}
        self.closing = False
        try:
            self.server = ThreadingHTTPServer((host, port), _handler(self))
        except OSError as e:
            raise CliError(
                f"cannot serve on {host}:{port}: {e.strerror or e}; choose another --http-port"
            ) from e
        self.server.daemon_threads = True
        bound_host, bound_port = self.server.server_address[:2]
        self.listening = f"{_url_host(str(bound_host))}:{bound_port}"
        self.url = f"http://{_url_host(_reachable(str(bound_host)))}:{bound_port}/"
        self.names = _own_names() | {_bare(n) for n in allow}
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self._thread.start()

    def publish(self, state: dict[str, Any]) -> None:
        with self._changed:
            self.state = state
            self.version += 1
            self._changed.notify_all()

    def wait(self, seen: int, timeout: float) -> tuple[int, dict[str, Any] | None]:
        """Block until a state newer than version ``seen`` (→ it) or ``timeout`` (→ None)."""
        with self._changed:
            self._changed.wait_for(lambda: self.version != seen or self.closing, timeout)
            if self.version == seen:
                return seen, None
            return self.version, self.state

    def close(self) -> None:
        with self._changed:
            self.closing = True
            self._changed.notify_all()
        self.server.shutdown()
        self.server.server_close()

    def serves(self, host_header: str | None) -> bool:
        """Whether a request naming ``host_header`` is for this board. A page on another
        site whose name was made to point here (DNS rebinding) sends that site's name: it
        gets a 403, so it cannot read the board. An address, this machine's own names and
        those given with --allow-host are served; so is a request without a Host (not a
        browser's)."""
        if host_header is None:
            return True
        name = _bare(host_header)
        try:
            ipaddress.ip_address(name)
            return True  # an address is never another site's name
        except ValueError:
            return name in self.names


def _bare(host: str) -> str:
    """A Host header's name without its port or brackets, lower case, no final dot."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    if host.count(":") == 1:
        host = host.split(":", 1)[0]
    return host.rstrip(".")


def _own_names() -> set[str]:
    names = {"localhost"}
    for name in (socket.gethostname(), socket.getfqdn()):
        if name:
            names |= {name.lower(), name.lower().split(".")[0] + ".local"}
    return names


def _reachable(host: str) -> str:
    """An address others can open for a server bound to ``host``: for every address
    (0.0.0.0, ::) the one this machine reaches the network from (a UDP socket's connect
    sends nothing), else its name; else ``host`` itself."""
    if host not in ("0.0.0.0", "::", ""):
        return host
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 80))  # TEST-NET-1: only picks the route
            address = probe.getsockname()[0]
        if address and not address.startswith("0."):
            return address
    except OSError:
        pass
    return socket.gethostname() or "127.0.0.1"


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def _handler(board: WebBoard) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        server_version = "dominoboard"

        def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
            path = self.path.split("?", 1)[0]
            host = self.headers.get("Host")
            if not board.serves(host):
                self._send(
                    403,
                    "text/plain; charset=utf-8",
                    f"this board does not answer to {_bare(host or '')!r}: open {board.url}, "
                    "or start `dominoboard live --web` with --allow-host NAME\n".encode(),
                )
            elif path == "/":
                language = accepted(self.headers.get("Accept-Language"))
                self._send(200, "text/html; charset=utf-8", page(language).encode())
            elif path == "/state":
                self._send(200, "application/json", _json(board.state))
            elif path == "/events":
                self._stream()
            else:
                self._send(404, "text/plain; charset=utf-8", b"not found: try /\n")

        def _send(self, code: int, kind: str, body: bytes) -> None:
            self.send_response(code)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def _stream(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            seen, state = board.version, board.state
            try:
                while not board.closing:
                    if state is not None:
                        self.wfile.write(b"data: " + _json(state) + b"\n\n")
                    else:
                        self.wfile.write(b": keep-alive\n\n")
                    self.wfile.flush()
                    seen, state = board.wait(seen, KEEPALIVE)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the TV went away; its next visit opens a new stream

        def handle(self) -> None:
            try:
                super().handle()
            except (ConnectionError, TimeoutError):
                pass  # a client that went away mid-request: nothing to tell anyone

        def log_message(self, format: str, *args: Any) -> None:
            pass  # the terminal shows the board's changes, not every request

    return Handler


def page(language: str) -> str:
    """The page, its words in every language, ``language`` (the browser's) where a box does
    not say its own."""
    return (
        PAGE.replace("__LANG__", language)
        .replace("__CONNECTING__", WORDS[language]["connecting"])
        .replace("__WORDS__", json.dumps(WORDS, ensure_ascii=False))
        .replace("__GAMES__", json.dumps({c: game_names(c) for c in LANGUAGES}, ensure_ascii=False))
    )


def _json(state: dict[str, Any]) -> bytes:
    return json.dumps(state, ensure_ascii=False, separators=(",", ":")).encode()


PAGE = """<!doctype html>
<html lang="__LANG__">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>dominoboard live</title>
<style>
  :root { color-scheme: dark; --bg: #0d1117; --card: #161b22; --fg: #e6edf3; --dim: #8b949e;
          --turn: #f0b429; --won: #3fb950; --bad: #f85149; }
  * { box-sizing: border-box; }
  html, body { margin: 0; height: 100%; background: var(--bg); color: var(--fg);
               font-family: system-ui, "DejaVu Sans", sans-serif; }
  body { display: flex; flex-direction: column; padding: 2vh 2vw; gap: 2vh; }
  header { display: flex; justify-content: space-between; align-items: baseline; gap: 2vw;
           font-size: 4vh; color: var(--dim); white-space: nowrap; }
  header #game { color: var(--fg); font-weight: 700; }
  /* The cards share what the header and footer leave, in as many rows as the sides need
     (columns(n) below); each card sizes its text to itself (cq units), so four digits fit
     however many sides there are. */
  #sides { flex: 1; min-height: 0; display: grid; gap: 2vh 2vw;
           grid-template-columns: repeat(var(--cols, 2), minmax(0, 1fr));
           grid-auto-rows: minmax(0, 1fr); }
  .side { background: var(--card); border: 0.6vh solid transparent; border-radius: 2vh;
          display: flex; flex-direction: column; align-items: center; justify-content: center;
          padding: 1vh 1vw; min-width: 0; min-height: 0; overflow: hidden;
          container-type: size; }
  .side.turn { border-color: var(--turn); }
  .side.won { border-color: var(--won); }
  .name { font-size: min(6vh, 16cqh, 12cqw); margin: 0; white-space: nowrap; overflow: hidden;
          text-overflow: ellipsis; max-width: 100%; }
  /* A bold digit is about 0.65 em wide: sized for the widest total on the board (--digits),
     every card's digits fit inside it and all cards show the same size. */
  .total { font-size: min(24vh, 50cqh, calc(138cqw / var(--digits, 4))); font-weight: 800;
           line-height: 1;
           font-variant-numeric: tabular-nums; white-space: nowrap; }
  .tag { font-size: min(3.5vh, 10cqh); height: 1.3em; color: var(--turn); }
  .won .tag { color: var(--won); }
  footer { display: flex; flex-wrap: wrap; justify-content: space-between;
           align-items: baseline; gap: 0 3vw; font-size: 4.5vh; }
  footer b { font-size: 6vh; }
  footer b.long { font-size: 3.5vh; font-weight: 600; }  /* a list, e.g. eight trains */
  #facts { display: flex; flex-wrap: wrap; gap: 0 3vw; }
  #status { font-size: 2.5vh; color: var(--dim); }
  #status.bad { color: var(--bad); }
  /* A club night: a card per table beside the evening's leaderboard. */
  #club { flex: 1; min-height: 0; display: none; gap: 2vw; }
  body.club #club { display: flex; }
  body.club #sides, body.club footer { display: none; }
  #tables { flex: 3; display: grid; gap: 2vh 2vw; align-content: start;
            grid-template-columns: repeat(auto-fill, minmax(26vw, 1fr)); }
  .table { background: var(--card); border-radius: 2vh; padding: 1.5vh 1.5vw;
           border: 0.4vh solid transparent; }
  .table.off { opacity: 0.5; border-color: var(--bad); }
  .table h2 { margin: 0 0 1vh; font-size: 3vh; }
  .table h2 small { color: var(--dim); font-weight: 400; }
  .table .row { display: flex; justify-content: space-between; font-size: 3.6vh; }
  .table .row.turn b { color: var(--turn); }
  .table .row.won b { color: var(--won); }
  .table .note { font-size: 2vh; color: var(--dim); margin-top: 0.8vh; }
  #leaderboard { flex: 2; overflow: hidden; }
  #leaderboard h2 { margin: 0 0 0.6vh; font-size: 3vh; }
  #leaderboard h2 small { color: var(--dim); font-weight: 400; }
  #leaderboard table { width: 100%; border-collapse: collapse; margin-bottom: 2vh;
                       font-size: 2.8vh; }
  #leaderboard td, #leaderboard th { padding: 0.3vh 0.6vw; text-align: right; }
  #leaderboard td.player, #leaderboard th.player { text-align: left; }
  #leaderboard th { color: var(--dim); font-weight: 400; }
</style>
</head>
<body>
<header><span id="game">dominoboard live</span><span id="where"></span></header>
<main id="sides"></main>
<main id="club"><section id="tables"></section><aside id="leaderboard"></aside></main>
<footer><span id="turn"></span><span id="facts"></span></footer>
<div id="status">__CONNECTING__</div>
<script>
"use strict";
const $ = (id) => document.getElementById(id);
// The page's words per language (dominoboard/web_words.py), the games' names where the
// language's booklets name them otherwise, and the browser's language (Accept-Language).
const WORDS = __WORDS__;
const GAMES = __GAMES__;
const BROWSER = "__LANG__";
// A board or table speaks its box's language; the browser's when the box does not say.
function speaks(s) { return WORDS[s.language] ? s.language : BROWSER; }
function say(lang, key, value) {
  const w = WORDS[lang][key] ?? WORDS.en[key] ?? key;
  return value === undefined ? w : w.replace("{}", value);
}
function gameName(lang, key, title) { return (GAMES[lang] || {})[key] || title; }

function text(id, value) { $(id).textContent = value; }

function labelled(label, value) {
  const item = document.createElement("span");
  const b = document.createElement("b");
  b.textContent = value;
  if (value.length > 20) b.className = "long";
  item.append(label + " ", b);
  return item;
}

// Rows of at most four cards: 8 sides are 2 rows of 4, 5 sides 2 rows of 3.
function columns(n) { return Math.ceil(n / Math.ceil(n / 4)); }

function draw(s) {
  const status = $("status");
  status.textContent = [s.error, s.status].filter(Boolean).join(" · ");
  status.className = s.error ? "bad" : "";
  const sides = $("sides");
  const lang = speaks(s);
  document.documentElement.lang = lang;
  if (!s.game) {
    text("game", "dominoboard live");
    text("where", s.match ? say(lang, "match", s.match) : say(lang, "waiting"));
    sides.replaceChildren();
    text("turn", "");
    $("facts").replaceChildren();
    return;
  }
  text("game", gameName(lang, s.key, s.game));
  text("where", say(lang, "match", s.match) + " · " +
       (s.hand ? say(lang, "hand", s.hand) : say(lang, "hands", s.hands)) +
       (s.target ? " · " + say(lang, "to", s.target) : "") +
       (s.rounds ? " · " + say(lang, "rounds", s.rounds) : "") +
       (s.lowest_wins ? " · " + say(lang, "lowest wins") : ""));
  sides.style.setProperty("--cols", columns(s.sides.length));
  const shown = (s.totals || []).map(String).concat(["••"]);
  sides.style.setProperty("--digits", Math.max(...shown.map((t) => t.length)));
  const won = s.winners.map((w) => w.join(" + "));
  const cards = s.sides.map((members, i) => {
    const name = members.join(" + ");
    const card = document.createElement("section");
    card.className = "side" + (s.over && won.includes(name) ? " won" :
                                !s.over && s.turn_side === i ? " turn" : "");
    card.dataset.side = i;
    const h = document.createElement("h2");
    h.className = "name";
    h.textContent = name;
    const total = document.createElement("div");
    total.className = "total";
    total.textContent = s.totals ? String(s.totals[i]) : "••";
    const tag = document.createElement("div");
    tag.className = "tag";
    tag.textContent = card.className.includes("won") ? say(lang, "winner") :
                      card.className.includes("turn") ? say(lang, "to play") : "";
    card.append(h, total, tag);
    return card;
  });
  sides.replaceChildren(...cards);
  // Only what the game gives meaning to (dominoboard/facts.py): ends, count, trains, bids.
  $("facts").replaceChildren(...(s.over ? [] : s.facts.map(([label, value]) =>
                                                            labelled(say(lang, label), value))));
  if (s.over) {
    text("turn", say(lang, "won by", won.join(", ")));
  } else {
    text("turn", !s.phase ? "" : s.turn ? say(lang, "plays", s.turn) :
                 s.phase === "tally" ? say(lang, "tally") : say(lang, "new hand"));
  }
  if (!s.totals) text("where", $("where").textContent + " · " + say(lang, "secret"));
  window.boardUpdates = (window.boardUpdates || 0) + 1;
}

function el(tag, cls, textContent) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (textContent !== undefined) node.textContent = textContent;
  return node;
}

// One card per table: its match's sides and totals, from the same state a single board draws.
function tableCard(t) {
  const lang = speaks(t);
  const card = el("section", "table" + (t.online ? "" : " off"));
  card.dataset.table = t.table;
  card.lang = lang;
  const h = el("h2", "", say(lang, "table", t.table) + " ");
  h.append(el("small", "", t.game ? gameName(lang, t.key, t.game) + " · " +
                            say(lang, "match", t.match) + (t.over ? " · " + say(lang, "over") : "")
                            : say(lang, "waiting")));
  card.append(h);
  const won = (t.winners || []).map((w) => w.join(" + "));
  (t.sides || []).forEach((members, i) => {
    const name = members.join(" + ");
    const row = el("div", "row" + (t.over && won.includes(name) ? " won" :
                                   !t.over && t.turn_side === i ? " turn" : ""));
    row.append(el("span", "tname", name),
               el("b", "ttotal", t.totals ? String(t.totals[i]) : "••"));
    card.append(row);
  });
  card.append(el("div", "note", [t.error, t.status].filter(Boolean).join(" · ")));
  return card;
}

// The evening's leaderboard: a table per game, ranked the game's way by the host.
function gameBoard(g) {
  const box = el("div", "game");
  box.dataset.game = g.key;
  const h = el("h2", "", gameName(BROWSER, g.key, g.game) + " ");
  h.append(el("small", "", say(BROWSER, g.lowest_wins ? "lowest total" : "highest total")));
  const table = el("table");
  const head = el("tr");
  ["#", "player", "wins", "matches", "avg"].forEach((c) =>
    head.append(el("th", c === "player" ? "player" : "", c === "#" ? c : say(BROWSER, c))));
  table.append(head);
  g.rows.forEach((r, i) => {
    const tr = el("tr", "rank");
    tr.append(el("td", "", String(i + 1)), el("td", "player", r.player),
              el("td", "", String(r.wins)), el("td", "", String(r.matches)),
              el("td", "", r.avg === null ? "••" : String(r.avg)));
    table.append(tr);
  });
  box.append(h, table);
  return box;
}

function drawClub(s) {
  document.body.className = "club";
  document.documentElement.lang = BROWSER;
  text("game", "dominoboard " + say(BROWSER, "club"));
  text("where", say(BROWSER, "tables", s.tables.length));
  $("tables").replaceChildren(...s.tables.map(tableCard));
  const lead = s.leaderboard.map(gameBoard);
  const none = [el("p", "", say(BROWSER, "no match"))];
  $("leaderboard").replaceChildren(...(lead.length ? lead : none));
  const status = $("status");
  status.textContent = s.status || "";
  status.className = "";
  window.boardUpdates = (window.boardUpdates || 0) + 1;
}

function receive(s) {
  if (!s.tables) return draw(s);
  if (s.tables.length > 1) return drawClub(s);
  document.body.className = "";
  draw(s.tables.length ? s.tables[0] : { match: null, status: s.status });
}

function connect() {
  const stream = new EventSource("/events");
  stream.onmessage = (e) => receive(JSON.parse(e.data));
  stream.onerror = () => {
    $("status").textContent = say(BROWSER, "lost");
    $("status").className = "bad";
  };
}
connect();
</script>
</body>
</html>
"""
