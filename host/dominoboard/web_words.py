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

# A row per word: its key, then the word in en, es, de, fr, nl, it ("{}": where the value goes;
# a backslash only ends a source line).
TABLE = """match|match {}|partida {}|Partie {}|partie {}|spel {}|partita {}
hand|hand {}|mano {}|Runde {}|manche {}|ronde {}|round {}
hands|{} hands|{} manos|{} Runden|{} manches|{} rondes|{} round
to|to {}|a {}|bis {}|en {}|tot {}|a {}
rounds|{} rounds|{} rondas|{} Runden|{} manches|{} rondes|{} round
lowest wins|lowest wins|gana el más bajo|niedrigste gewinnt|le plus bas gagne|laagste wint|\
vince il più basso
waiting|waiting for a match|esperando una partida|warte auf eine Partie|en attente d'une partie|\
wacht op een spel|in attesa di una partita
winner|winner|ganador|Sieger|gagnant|winnaar|vincitore
to play|to play|juega|am Zug|à jouer|aan zet|di turno
won by|won by {}|ganan {}|gewonnen: {}|gagné par {}|gewonnen door {}|vinta da {}
plays|{} to play|juega {}|{} ist am Zug|à {} de jouer|{} is aan zet|tocca a {}
tally|hand over: tally|mano acabada: recuento|Runde vorbei: abrechnen|manche finie : décompte|\
ronde voorbij: tellen|round finito: conteggio
new hand|new hand|mano nueva|neue Runde|nouvelle manche|nieuwe ronde|nuovo round
secret|scores secret|puntos ocultos|Stand geheim|scores cachés|stand geheim|punteggi nascosti
table|Table {}|Mesa {}|Tisch {}|Table {}|Tafel {}|Tavolo {}
over|over|acabada|vorbei|finie|voorbij|finita
lowest total|lowest total wins|gana el total más bajo|niedrigste Summe gewinnt|\
le plus petit total gagne|laagste totaal wint|vince il totale più basso
highest total|highest total wins|gana el total más alto|höchste Summe gewinnt|\
le plus grand total gagne|hoogste totaal wint|vince il totale più alto
player|player|jugador|Spieler|joueur|speler|giocatore
wins|wins|ganadas|Siege|victoires|gewonnen|vinte
matches|matches|partidas|Partien|parties|spellen|partite
avg|avg|media|Schnitt|moy.|gem.|media
no match|no match yet|aún no hay partidas|noch keine Partie|pas encore de partie|nog geen spel|\
ancora nessuna partita
club|club night|noche de club|Clubabend|soirée du club|clubavond|serata del club
tables|{} tables|{} mesas|{} Tische|{} tables|{} tafels|{} tavoli
lost|lost the host; reconnecting…|sin conexión con el ordenador; reconectando…|\
Verbindung zum Rechner verloren; verbinde neu…|ordinateur perdu ; reconnexion…|\
verbinding met de computer kwijt; opnieuw verbinden…|computer perso; riconnessione…
connecting|connecting…|conectando…|verbinde…|connexion…|verbinden…|connessione…
ends|ends|puntas|Enden|bouts|einden|estremità
count|count|cuenta|Zählung|compte|telling|conto
total|total|total|Summe|total|totaal|totale
trains|trains|trenes|Züge|trains|treinen|treni
double to satisfy|double to satisfy|doble por cerrar|Pasch zu bedienen|double à couvrir|\
dubbel te bedienen|doppia da coprire
last bid|last bid|última apuesta|letztes Gebot|dernière enchère|laatste bod|ultima offerta
"""


def _by_language(table: str) -> dict[str, dict[str, str]]:
    rows = [row.split("|") for row in table.splitlines()]
    return {code: {row[0]: row[1 + i] for row in rows} for i, code in enumerate(LANGUAGES)}


WORDS = _by_language(TABLE)  # language -> key -> word


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
