"""The live board's and the club-night page's words, in the scoreboard's six languages.

A table's card speaks its box's language (``hello``'s ``language``, in the board state); the
rest of the page, and a table whose box does not say, the browser's (its Accept-Language).
The games' names come from the device's own catalogue (firmware/scoreboard/words/*.py,
``GAMES``), read as text: one list of game words for the box, the page and the exports.
The host's status and error texts stay English (the CLI's convention).
"""

import ast
from functools import cache

from .names import LANGUAGES
from .sources import FIRMWARE

# "{}" is where the value goes. The same keys in every language (tests/host/test_web.py).
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "match": "match {}", "hand": "hand {}", "hands": "{} hands", "to": "to {}",
        "rounds": "{} rounds", "lowest wins": "lowest wins", "waiting": "waiting for a match",
        "winner": "winner", "to play": "to play", "won by": "won by {}",
        "plays": "{} to play", "tally": "hand over: tally", "new hand": "new hand",
        "secret": "scores secret", "table": "Table {}", "over": "over",
        "lowest total": "lowest total wins", "highest total": "highest total wins",
        "player": "player", "wins": "wins", "matches": "matches", "avg": "avg",
        "no match": "no match yet", "club": "club night", "tables": "{} tables",
        "lost": "lost the host; reconnecting…", "connecting": "connecting…",
        "ends": "ends", "count": "count", "total": "total", "trains": "trains",
        "double to satisfy": "double to satisfy", "last bid": "last bid",
    },
    "es": {
        "match": "partida {}", "hand": "mano {}", "hands": "{} manos", "to": "a {}",
        "rounds": "{} rondas", "lowest wins": "gana el más bajo",
        "waiting": "esperando una partida", "winner": "ganador", "to play": "juega",
        "won by": "ganan {}", "plays": "juega {}", "tally": "mano acabada: recuento",
        "new hand": "mano nueva", "secret": "puntos ocultos", "table": "Mesa {}",
        "over": "acabada", "lowest total": "gana el total más bajo",
        "highest total": "gana el total más alto", "player": "jugador", "wins": "ganadas",
        "matches": "partidas", "avg": "media", "no match": "aún no hay partidas",
        "club": "noche de club", "tables": "{} mesas",
        "lost": "sin conexión con el ordenador; reconectando…", "connecting": "conectando…",
        "ends": "puntas", "count": "cuenta", "total": "total", "trains": "trenes",
        "double to satisfy": "doble por cerrar", "last bid": "última apuesta",
    },
    "de": {
        "match": "Partie {}", "hand": "Runde {}", "hands": "{} Runden", "to": "bis {}",
        "rounds": "{} Runden", "lowest wins": "niedrigste gewinnt",
        "waiting": "warte auf eine Partie", "winner": "Sieger", "to play": "am Zug",
        "won by": "gewonnen: {}", "plays": "{} ist am Zug", "tally": "Runde vorbei: abrechnen",
        "new hand": "neue Runde", "secret": "Stand geheim", "table": "Tisch {}",
        "over": "vorbei", "lowest total": "niedrigste Summe gewinnt",
        "highest total": "höchste Summe gewinnt", "player": "Spieler", "wins": "Siege",
        "matches": "Partien", "avg": "Schnitt", "no match": "noch keine Partie",
        "club": "Clubabend", "tables": "{} Tische",
        "lost": "Verbindung zum Rechner verloren; verbinde neu…", "connecting": "verbinde…",
        "ends": "Enden", "count": "Zählung", "total": "Summe", "trains": "Züge",
        "double to satisfy": "Pasch zu bedienen", "last bid": "letztes Gebot",
    },
    "fr": {
        "match": "partie {}", "hand": "manche {}", "hands": "{} manches", "to": "en {}",
        "rounds": "{} manches", "lowest wins": "le plus bas gagne",
        "waiting": "en attente d'une partie", "winner": "gagnant", "to play": "à jouer",
        "won by": "gagné par {}", "plays": "à {} de jouer", "tally": "manche finie : décompte",
        "new hand": "nouvelle manche", "secret": "scores cachés", "table": "Table {}",
        "over": "finie", "lowest total": "le plus petit total gagne",
        "highest total": "le plus grand total gagne", "player": "joueur", "wins": "victoires",
        "matches": "parties", "avg": "moy.", "no match": "pas encore de partie",
        "club": "soirée du club", "tables": "{} tables",
        "lost": "ordinateur perdu ; reconnexion…", "connecting": "connexion…",
        "ends": "bouts", "count": "compte", "total": "total", "trains": "trains",
        "double to satisfy": "double à couvrir", "last bid": "dernière enchère",
    },
    "nl": {
        "match": "spel {}", "hand": "ronde {}", "hands": "{} rondes", "to": "tot {}",
        "rounds": "{} rondes", "lowest wins": "laagste wint",
        "waiting": "wacht op een spel", "winner": "winnaar", "to play": "aan zet",
        "won by": "gewonnen door {}", "plays": "{} is aan zet", "tally": "ronde voorbij: tellen",
        "new hand": "nieuwe ronde", "secret": "stand geheim", "table": "Tafel {}",
        "over": "voorbij", "lowest total": "laagste totaal wint",
        "highest total": "hoogste totaal wint", "player": "speler", "wins": "gewonnen",
        "matches": "spellen", "avg": "gem.", "no match": "nog geen spel",
        "club": "clubavond", "tables": "{} tafels",
        "lost": "verbinding met de computer kwijt; opnieuw verbinden…",
        "connecting": "verbinden…", "ends": "einden", "count": "telling", "total": "totaal",
        "trains": "treinen", "double to satisfy": "dubbel te bedienen",
        "last bid": "laatste bod",
    },
    "it": {
        "match": "partita {}", "hand": "round {}", "hands": "{} round", "to": "a {}",
        "rounds": "{} round", "lowest wins": "vince il più basso",
        "waiting": "in attesa di una partita", "winner": "vincitore", "to play": "di turno",
        "won by": "vinta da {}", "plays": "tocca a {}", "tally": "round finito: conteggio",
        "new hand": "nuovo round", "secret": "punteggi nascosti", "table": "Tavolo {}",
        "over": "finita", "lowest total": "vince il totale più basso",
        "highest total": "vince il totale più alto", "player": "giocatore", "wins": "vinte",
        "matches": "partite", "avg": "media", "no match": "ancora nessuna partita",
        "club": "serata del club", "tables": "{} tavoli",
        "lost": "computer perso; riconnessione…", "connecting": "connessione…",
        "ends": "estremità", "count": "conto", "total": "totale", "trains": "treni",
        "double to satisfy": "doppia da coprire", "last bid": "ultima offerta",
    },
}  # fmt: skip


@cache
def game_names(code: str) -> dict[str, str]:
    """The games the language names otherwise than the registry (game key -> name), from the
    device's catalogue; English: none."""
    if code not in LANGUAGES or code == "en":
        return {}
    tree = ast.parse((FIRMWARE / "scoreboard" / "words" / f"{code}.py").read_text("utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "GAMES":
            table = ast.literal_eval(node.value)
            return dict(line.split("|", 1) for line in table.splitlines() if "|" in line)
    return {}


def game_name(key: str, title: str, code: str) -> str:
    """A game's name in the language ``code``: as its booklets print it, else the title."""
    return game_names(code).get(key, title)


def accepted(header: str | None) -> str:
    """The first of the browser's languages (an Accept-Language header: "de-CH, fr;q=0.8")
    the board speaks, by its quality; English when none is."""
    best: tuple[float, int, str] = (0.0, 0, "en")
    for i, part in enumerate((header or "").split(",")):
        tag, *params = part.split(";")
        q = 1.0
        for param in params:
            name, _, value = param.strip().partition("=")
            if name == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0  # a quality nobody can read: not a choice
        code = tag.strip().split("-")[0].lower()
        if code in LANGUAGES and q > 0 and (q, -i) > best[:2]:
            best = (q, -i, code)
    return best[2]
