"""Deutsch: die Wörter der App (scoreboard.words). Game words from booklet 003 (Schmidt,
German part): Stein, Pasch, Vorrat, Augen, Runde, anlegen, nachziehen, Sperr-Domino; docs/ui.md
lists the sources."""

TITLE = "Domino-Punktetafel"
RESUME = "Weiter: "
WINNER_OF = "Sieger: "
NEW_MATCH = "Neue Partie"
LIKE_LAST = "Nochmal: "
LIKE_LAST_ALONE = "Nochmal dasselbe"
MATCHES = "Partien"
SETTINGS = "Einstellungen"
LANGUAGE = "Sprache"
GAME = "Spiel"
NEXT = "Weiter"
SAVE = "Speichern"
CONTRAST = "Kontrast"
SLEEP = "Ruhe nach (s)"
LAYOUT = "Tasten"
LAYOUTS = ("5 Tasten", "UP/DOWN getauscht", "4 Tasten")
INPUTS = "Eingabe"
INPUT_CHOICES = ("Tasten", "+ Drehknopf", "+ Tastenfeld", "+ Knopf + Feld")
SAVED = "Einstellungen gespeichert"
PLAYERS = "Spieler"
START_MATCH = "Partie beginnen"
TWO_SEATS = "%s sitzt zweimal; bitte anderen Namen wählen"
ON_TO_NAMES = "OK: weiter zu den Namen"
EVEN_PARTNERS = "Partner: gerade Spielerzahl, 4 oder mehr"
TEAMS_DRAW = "Teams (gezogen)"
POINTS = "Punkte"
ROUNDS = "Runden"
YES = "ja"
NO = "nein"
USUAL = "üblich"
STD = "übl."
SET = "Doppel-%d"
TRACKED = "Stein für Stein"
PAD = "Punkteblock"
TABLE_EMPTY = "Tisch leer"
ON_OPEN = "%s an %s offen %d"
DRAWS = "%s zieht %d"
BARRICADE = "Sperre: %s"
LEAD_TILE = "Ersten Stein legen"
CLAIMS = "%s nimmt %d"
MUGGINS = "Muggins! %s"
DRAW_LEFT = "Ziehen  (%d übrig)"
PASS = "Passen"
ENTER_POINTS = "Punkte eingeben"
END_HAND = "Runde beenden"
BLOCKED_WON = "Gesperrt, %s siegt"
RESULT_OF = "Runde %d: Ergebnis"
RESULT_WHO = "Wer: "
RESULT_HOW = "Wie: "
RESULT_BLOCKED = "gesperrt, wenigste"
RESULT_OUT = "Domino"
RESULT_SCORES = "Punkte: %d"
RESULT_KEYS = "OK weiter, BACK raus"
ON_PAD = " %d notiert"
KEEP_PAD = "Punkteblock führen"
MENU = "Menü"
UNCLAIMED = "%s %d nicht genommen"
HIDDEN = "Punktestand geheim"
UNTIL_ROUND = "bis Runde %d"
ROUND_OF = "Runde %d von %d"
SCORED_MUGGINS = "%s +%d Muggins"
SCORED_CLAIMED = "%s +%d genommen"
DREW = "%s zog %d"
NOBODY_TO_PLAY = "niemand am Zug: erst den ersten Stein legen"
PASSED = "%s passt"
BLOCKED_ENTER = "Gesperrt: Steine eingeben"
PLUS_TILE = " +Stein"
HAND = "R%d"
SCORES = "%s punktet"
TRACK = "Stein für Stein"
SCORE_PAD = "Punkteblock"
PAD_KEYS = "UP/DN Punkte, OK dazu"
UNCLAIM = " UNDO:zurück"
ENTER_HANDS = " Steine eingeben"
IS_OUT_ASK = "%s: Domino!%s"
OTHERS_DREW = ", %s zog"
NO_PLAY = "%s passt jetzt nirgends"
TILE_HALF = "Stein %s-"
WHICH_END = "%d-%d: welches Ende?"
END_KEYS = "Enden: Tasten 1-%d"
WHO_LEADS = "Wer beginnt?"
LEAD = "Anfang"
LEAD_BY = "Anfang: %s"
SKIPS = ", %s setzt aus"
SPELL_ON = "Bann auf %d"
AGAIN = "nochmal"
NEW_LEGS = "neue Reihen"
CCW = "linksrum"
OPEN = " offen %d"
NEW = "neu"
PLAY_END = "Anlegen %s %d  (%d)"
ON = "%d-%d an %s%s"
NEW_BRANCH = "Neuer Arm (%d)"
BRANCH = "Arm %d: %d (%d)"
NEW_BRANCHES = " +%dneu"
TOTAL_NEXT = "Summe %d%s"
NEXT_TOTAL = " dann %d"
LAY = "Stein legen (%d)"
LAY_ON = "Lege %s%s"
SATISFY = "Pasch %d-%d %s bedienen"
UP = "hoch"
DOWN = "tief"
ALLOWED = "%d: erlaubt %d bis %d%s"
IN_FIVES = " in Fünfern"
IN_STEPS = " in %der-Schritten"
HAND_PIPS = "Runde %d: Augen"
HAND_TILES = "Runde %d: Steine"
HAND_OVER = "Runde %d vorbei"
FIX_HAND = "Runde %d korrigieren"
BARRICADED = "%s hat gesperrt"
OUT = "%s: Domino"
BLOCKED_LAST = "gesperrt, letzter Stein %s"
BLOCKED = "gesperrt"
SCORE_HAND = "Runde werten"
TALLY_KEYS = "UP/DN Augen OK weiter"
OK_SCORE = "OK: Runde werten"
ASK_TILES = "  Steine"
ASK_DOUBLE = "  Pasch?"
ASK_NO_DOUBLES = "  ohne Pasch"
ASK_DOUBLE_BLANK = "  0-0?"
IS_OUT = "%s: Domino"
TOTAL = "Summe %d"
OK_NEXT = "OK: nächste Runde"
OK_WINNER = "OK: der Sieger"
FIXED_HAND = "Runde %d korrigiert"
HAND_SCORED = "Runde %d gewertet"
ANNOUNCED = "Punktestand angesagt"
TIE = "Unentschieden"
WINNER = "Sieger!"
AND = " & "
WINNER_KEYS = "OK Menü  DOWN Verlauf"
HAND_NO = "Runde %d"
N_OF = "%d von %d"
OK_PICK = "OK wählen"
UP_DN_TENS = "UP/DN, halten: Zehner"
DONE_N = "Fertig (%d)"
OK_TICK = "OK abhaken"
OK_ADD = "OK dazu, halten: Ende"
OK_SCORE_HAND = "OK: Runde werten"
NO_TILES = "noch keine Steine"
AT_MOST = "%s: höchstens %d Steine"
AT_LEAST = "%s: mindestens %d Steine"
NOT_FIELDS = "%s gehört nicht zu diesem Feld"
NAMED = "%s ist schon genannt"
BACK_TO_TABLE = "Zurück zum Tisch"
HISTORY = "Verlauf"
REDO = "Wiederholen"
WHO = "Wer: "
POINTS_N = "Punkte: %+d"
POINTS_KEYS = "OK weiter, BACK raus"
WENT_OUT = "%s: Domino"
BLOCKED_END = "Gesperrt"
WHO_LAST = "Wer legte zuletzt?"
NO_HANDS = "noch keine Runde"
HAND_HIDDEN = "R%d geheim"
NOTHING_TO_FIX = "Runde %d endete am Ziel: nichts zu korrigieren"
HAND_IS_OVER = "die Runde ist vorbei"
UNDONE = "Zurück: %s"
REDONE = "Wieder: %s"
HAND_END = "Rundenende"
FIX_OF = "Korrektur Runde %d"
EVENTS = {"draw": "zieht", "pass": "passt", "claim": "nimmt", "mug": "Muggins"}
NONE_STORED = "keine gespeichert"
EVENTS_LAST = "%d E, akt"
EVENTS_N = "%d Ereign."
NO_SETUP = " (ohne Daten)"
MATCH = "Partie "
OPEN_IT = "Öffnen"
ABANDON = "Aufgeben"
DELETE = "Löschen"
KEPT_TILL_SYNC = "bleibt bis zum Abgleich"
GONE = "weg von der Box"
ON_TABLE_NOW = "liegt jetzt auf dem Tisch"
CANNOT_OPEN = "%s nicht zu öffnen: %s"
ASK_ONCE = "%s: %s?"
ASK_TWICE = "Wirklich %s %s?"
NO_KEEP = "Nein"
YES_DO = "Ja, %s"
ABANDON_VERB = "aufgeben"
DELETE_VERB = "löschen"
DELETED = "%s gelöscht"
ABANDONED = "%s aufgegeben"
NOT_DELETED = "%s nicht gelöscht: %s"
NOT_ABANDONED = "%s nicht aufgegeben: %s"
FLASH_FULL = "Speicher fast voll: Abgleich gibt beendete Partien frei; Partien > Löschen jede"
USB = "USB: der Computer hat die Box. Aus- und einschalten zum Spielen"
NOT_SAVED_SETTINGS = "Einstellungen nicht gespeichert: %s"
NO_MATCH = "keine Partie auf dem Tisch; neue beginnen oder öffnen"
NOT_SAVED = "nicht gespeichert (%s); nichts geändert"
COMPACTION_FAILED = "Verdichten fehlgeschlagen: %s"
ERROR = "Fehler: %s %s"
NO_RESUME = "%s nicht fortsetzbar: %s"
SKIPPED = "Ereignis %d übersprungen: %s"
RULES = """top|Steinsatz|mit welchem Satz gespielt wird
muggins|Muggins|ein Gegner nimmt nicht genommene Punkte
lone_spinner|5-5 allein|der 5-5 allein zählt 10 oder 20
spinner_counts|Pasch zählt|der Pasch zählt, wenn beide Seiten liegen
sides_first|Seiten zuerst|die Enden erst nach beiden Seiten
round|Auf 5 runden|Verlierer runden auf die nächste Fünf
spinner|Vier Seiten|der erste Pasch nimmt an allen vier Seiten an
pips_without_doubles|Ohne Pasch|gesperrt: Augen ohne Pasch vergleichen
fixed_leader|Platz 1 beginnt|der erste Platz beginnt jede Runde
double_blank|0-0 übrig|ein 0-0 auf der Hand zählt 0, 25 oder 50
draw_to_start|Ziehen für Zug|ohne Zug: ziehen, bis einer beginnt
scoring|Wertung|einfach: ein Punkt je Stein; super: Augen
fifteen|15 übrig|wer zieht, wenn eine Fünfzehn bleibt
caster_exempt|Bannleger frei|der Bann bindet nicht, wer ihn legte
skip_after_start|Start setzt aus|der Startpasch lässt den Nächsten aussetzen
skip_after_breaking|Brechen aus|ein Pasch, der den Bann bricht: Nächster aus
start15|Bann 15-15|Start 15-15: alle anderen ziehen einen
start14|Bann 14-14|Start 14-14: der Beginner legt nochmal
start13|Bann 13-13|Start 13-13: alle Reihen zuerst beginnen
start3|Bann 3-3|Start 3-3: andersherum weiterspielen
marks|Um Marken|erfülltes Gebot bringt Marken; 7 gewinnen
points_entry|Punkte eingeben|Punkte je Seite statt Stiche und Zählung
revoke|Bedienfehler|nicht bedient, obwohl möglich: 5 Punkte
tie_bonus|Gleichstand|Gleichstand: keiner oder jeder den Bonus
ten|Zehn austeilen|zehn Steine je Spieler, Sätze aus 3 und 4
draw_after_play|Nach Anlegen|nach dem Anlegen einen Stein ziehen
barricade|Sperre|ein Spieler darf sperren und beenden
sprout_first|Arme zuerst|jeder Arm einen Stein, bevor einer wächst
star|Stern|der Doppel-9-Stern hat 8 oder 9 Arme
double_lead|Pasch beginnt|der höchste Pasch beginnt immer
past_target|Über 100|Sieg mit mehr als 100 (nein: mit 100)
elder_leads|Ältester|der Älteste (Platz 1) beginnt jede Runde
keep_two|Zwei bleiben|die letzten zwei Steine bleiben liegen
draw_each_turn|Jeder Zug zieht|am Zugende einen Stein nachziehen
five_tiles|Fünf Steine (3-4)|drei oder vier Spieler: je fünf Steine
quadruple|Vierfach für|wer zuletzt legte, oder der Nächste
secret|Geheim|Punkte geheim bis zur letzten Runde
players|Spieler|wie viele am Tisch sitzen
teams|Partner|Seiten zu zweit zusammen
way|Erfassen|jeder Stein, oder Punkteblock
mode|Spiel bis|Zielpunkte oder Anzahl Runden
limit|Punkte|das Ziel oder die Runden
"""
SAY = """scored|erzielte Punkte
made|gemacht
target|Ziel
rounds|Runden
simple|einfach
super|super
alternate|abwechselnd
others|die anderen
none|keiner
each|jeder
last|letzter
next|nächster
points|Punkte
fives|Fünfer
lead|Anfang
double-header|Doppel
triple-header|Dreifach
above|hoch
below|tief
bidder|Reizer
bid|Gebot
trump|Trumpf
tricks|Stiche
counts|Zählsteine
pieces|Steine
winner|Sieger
melds|Sätze
hands|Hände
blanks|Blanke
aces|Einser
deuces|Zweier
treys|Dreier
fours|Vierer
sixes|Sechser
doubles|Pasche
no-trump|ohne Trumpf
"""
GAMES = """draw|Nachziehen
block|Blockspiel
peruvian|Peruanisches Domino
teamblock|Blockspiel im Team
hungarian|Ungarisches Domino
french|Französisches Domino
barricade|Sperr-Domino
allfives|Alle Fünfe
allsevens|Alle Sieben
italian|Italienisches Domino
"""

# -- the rules core's refusals (domino.errors.DominoError): "English|said", one a line (a
# backslash ends a source line only), the same %s and %d in the same order: the values
# the core names, put in place
CORE = """%s: the highest double leads in %s|%s: in %s beginnt der höchste Pasch
%s: the highest double starts the hand|%s: der höchste Pasch beginnt die Runde
%s: the highest double leads in %s (house rule double_lead)|%s: in %s beginnt der höchste Pasch \
(Hausregel Pasch beginnt)
%s: the highest double begins in %s|%s: in %s beginnt der höchste Pasch
%s: the highest double always starts %s|%s: %s beginnt immer der höchste Pasch
%s: the first play of a hand is a double|%s: der erste Stein einer Runde ist ein Pasch
%s: open the station with your highest double|%s: eröffne den Bahnhof mit deinem höchsten Pasch
%s: hand %d opens with the station %s|%s: Runde %d beginnt mit dem Bahnhof %s
nobody passes before the station: whoever holds %s lays it, else draw|vor dem Bahnhof passt \
niemand: wer %s hat, legt ihn, sonst ziehen
%s: the %s is set first in %s|%s: der %s liegt in %s zuerst
%s is already on the table|%s liegt schon auf dem Tisch
%s has no tiles left to play|%s hat keine Steine mehr
it is %s's turn (seat %d), not %s's|%s ist dran (Platz %d), nicht %s
%s has nothing to claim: the ends total %d|%s hat nichts zu nehmen: die Enden zählen %d
%s cannot take a count from their own side|%s kann keine Punkte der eigenen Seite nehmen
muggins is off in this match (house rule muggins=false)|Muggins gilt in dieser Partie nicht \
(Hausregel Muggins: nein)
no unclaimed count to take|keine offenen Punkte zu nehmen
nothing to undo|nichts zurückzunehmen
nothing to redo|nichts zu wiederholen
the match is over; only undo, redo, fix or note|die Partie ist vorbei: nur zurücknehmen, \
wiederholen, korrigieren oder notieren
%s has no drawing: pass when you cannot play|in %s wird nicht gezogen: passen, wer nicht legen kann
%s: draw %d tile(s) per turn, then play or pass|%s: %d Stein(e) je Zug ziehen, dann legen oder \
passen
draw first: %d tile(s) can still be drawn before passing|erst ziehen: vor dem Passen können noch \
%d Stein(e) gezogen werden
draw %d tile(s) before passing|vor dem Passen %d Stein(e) ziehen
%d players for %s: allowed are %d to %d|%d Spieler für %s: erlaubt sind %d bis %d
in %s every tile can be laid: play one, there is no passing|in %s passt jeder Stein: einen legen, \
Passen gibt es nicht
%s cannot draw %d: %d tile(s) may be drawn%s|%s kann nicht %d ziehen: %d Stein(e) dürfen gezogen \
werden%s
 (%d stay in reserve)| (%d bleiben im Vorrat)
%d tile|%d Stein
%d tiles|%d Steine
%d to %d tiles|%d bis %d Steine
blocked: %d tile(s) can still be drawn, and %s blocks only when nobody can draw; draw them, or \
say who went out|gesperrt: noch %d Stein(e) im Vorrat, und %s ist erst gesperrt, wenn keiner mehr \
ziehen kann; ziehen oder sagen, wer Domino hat
left: seat %d (%s) holds %s|Platz %d (%s) hat %s
%s, not %d|%s, nicht %d
%s, so at least %d pips, not %d|%s, also mindestens %d Augen, nicht %d
%s, so at most %d pips, not %d|%s, also höchstens %d Augen, nicht %d
left: the seats hold at least %d tiles in all, so at least %d pips together, not %d|die Plätze \
haben zusammen mindestens %d Steine, also mindestens %d Augen, nicht %d
%s holds %s, but it is on the table|%s hat %s, aber der liegt auf dem Tisch
%s is listed twice|%s steht doppelt da
%s: %d pips is more than the %d pips of all tiles off the table|%s: %d Augen sind mehr als die %d \
Augen aller Steine, die nicht liegen
%s went out, so holds no tiles, not %d|%s hat Domino, also keine Steine, nicht %d
%s went out, so holds 0 pips, not %d|%s hat Domino, also 0 Augen, nicht %d
%s holds no tiles, so 0 pips, not %d|%s hat keine Steine, also 0 Augen, nicht %d
%s: %d tile(s) left, but the record says %d|%s: %d Stein(e) übrig, laut Protokoll aber %d
%s and %s both hold 0-0; there is one|%s und %s haben beide 0-0; es gibt nur einen
the hands hold %d pips in all, but only %d pips are off the table|die Hände haben zusammen %d \
Augen, aber nur %d Augen liegen nicht auf dem Tisch
%s holds 0-0, but it is on the table|%s hat 0-0, aber der liegt auf dem Tisch
hand %d ended at the target without a tally; nothing to fix|Runde %d endete am Ziel ohne \
Abrechnung: nichts zu korrigieren
this correction ends the match at hand %d; undo back to it instead|diese Korrektur beendet die \
Partie in Runde %d; stattdessen bis dorthin zurücknehmen
this correction ends the match at hand %d, before the hand in progress; undo back to it \
instead|diese Korrektur beendet die Partie in Runde %d, vor der laufenden Runde; stattdessen bis \
dorthin zurücknehmen
"""
