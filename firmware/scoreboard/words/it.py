"""Italiano: le parole dell'app (scoreboard.words). Game words from booklet 003 (Schmidt,
Italian part): tessera, doppia, riserva, punti, round, partita, prelevare; docs/ui.md lists
the sources."""

TITLE = "Segnapunti domino"
RESUME = "Riprendi: "
WINNER_OF = "Vinta: "
NEW_MATCH = "Nuova partita"
LIKE_LAST = "Ancora: "
LIKE_LAST_ALONE = "Un'altra uguale"
MATCHES = "Partite"
SETTINGS = "Impostazioni"
LANGUAGE = "Lingua"
GAME = "Gioco"
NEXT = "Avanti"
SAVE = "Salva"
CONTRAST = "Contrasto"
SLEEP = "Riposo (s)"
LAYOUT = "Tasti"
LAYOUTS = ("5 tasti", "UP/DOWN invertiti", "4 tasti")
INPUTS = "Ingressi"
INPUT_CHOICES = ("pulsanti", "+ manopola", "+ tastiera", "+ man. + tast.")
SAVED = "impostazioni salvate"
PLAYERS = "Giocatori"
START_MATCH = "Inizia partita"
TWO_SEATS = "%s è a due posti; scegli un altro nome"
ON_TO_NAMES = "OK: ai nomi"
EVEN_PARTNERS = "squadre: giocatori in numero pari, 4 o più"
TEAMS_DRAW = "Squadre (sorteggio)"
POINTS = "Punti"
ROUNDS = "Round"
YES = "sì"
NO = "no"
USUAL = "solito"
STD = "std"
SET = "doppio %d"
TRACKED = "ogni tessera"
PAD = "foglio"
TABLE_EMPTY = "tavolo vuoto"
ON_OPEN = "%s su %s apre %d"
DRAWS = "%s preleva %d"
BARRICADE = "Barricata: %s"
LEAD_TILE = "Prima tessera"
CLAIMS = "%s segna %d"
MUGGINS = "Muggins! %s"
DRAW_LEFT = "Preleva  (restano %d)"
PASS = "Passa"
ENTER_POINTS = "Inserisci punti"
END_HAND = "Chiudi il round"
BLOCKED_WON = "Bloccato, vince %s"
RESULT_OF = "Round %d: risultato"
RESULT_WHO = "Chi: "
RESULT_HOW = "Come: "
RESULT_BLOCKED = "bloccato, meno"
RESULT_OUT = "chiuso"
RESULT_SCORES = "Punti: %d"
RESULT_KEYS = "OK avanti, BACK esci"
ON_PAD = " %d segnati"
KEEP_PAD = "Tieni un foglio"
MENU = "Menu"
UNCLAIMED = "%s %d non segnati"
HIDDEN = "Punteggi nascosti"
UNTIL_ROUND = "fino al round %d"
ROUND_OF = "Round %d di %d"
SCORED_MUGGINS = "%s +%d muggins"
SCORED_CLAIMED = "%s +%d segnati"
DREW = "%s ha preso %d"
NOBODY_TO_PLAY = "nessuno di turno: prima la prima tessera"
PASSED = "%s passa"
BLOCKED_ENTER = "Bloccato: inserisci le mani"
PLUS_TILE = " +tessera"
HAND = "R%d"
SCORES = "%s segna"
TRACK = "Tessera per tessera"
SCORE_PAD = "Foglio punti"
PAD_KEYS = "UP/DN punti, OK somma"
UNCLAIM = " UNDO:annulla"
ENTER_HANDS = " Inserisci le mani"
IS_OUT_ASK = "%s: domino!%s"
OTHERS_DREW = ", %s ha preso"
NO_PLAY = "%s non si gioca ora"
TILE_HALF = "tessera %s-"
WHICH_END = "%d-%d: quale estremità?"
END_KEYS = "estremità: tasti 1-%d"
WHO_LEADS = "Chi inizia?"
LEAD = "inizio"
LEAD_BY = "inizio: %s"
SKIPS = ", %s salta"
SPELL_ON = "incanto su %d"
AGAIN = "ancora"
NEW_LEGS = "nuove file"
CCW = "al contrario"
OPEN = " apre %d"
NEW = "nuovo"
PLAY_END = "Gioca %s %d  (%d)"
ON = "%d-%d su %s%s"
NEW_BRANCH = "Nuovo ramo (%d)"
BRANCH = "Ramo %d: %d (%d)"
NEW_BRANCHES = " +%dnuovi"
TOTAL_NEXT = "Totale %d%s"
NEXT_TOTAL = " poi %d"
LAY = "Metti tessera (%d)"
LAY_ON = "Metti %s%s"
SATISFY = "coprire %d-%d %s"
UP = "su"
DOWN = "giù"
ALLOWED = "%d: ammessi da %d a %d%s"
IN_FIVES = " di cinque in cinque"
IN_STEPS = " a passi di %d"
HAND_PIPS = "Round %d: punti"
HAND_TILES = "Round %d: tessere"
HAND_OVER = "Round %d finito"
FIX_HAND = "Correggi round %d"
BARRICADED = "%s ha bloccato"
OUT = "%s: domino"
BLOCKED_LAST = "bloccato, ultima di %s"
BLOCKED = "bloccato"
SCORE_HAND = "Conta il round"
TALLY_KEYS = "UP/DN punti OK avanti"
OK_SCORE = "OK: conta il round"
ASK_TILES = "  tessere"
ASK_DOUBLE = "  doppia?"
ASK_NO_DOUBLES = "  senza doppie"
ASK_DOUBLE_BLANK = "  0-0?"
IS_OUT = "%s: domino"
TOTAL = "Totale %d"
OK_NEXT = "OK: round seguente"
OK_WINNER = "OK: il vincitore"
FIXED_HAND = "Round %d corretto"
HAND_SCORED = "Round %d contato"
ANNOUNCED = "Punteggi annunciati"
TIE = "Pareggio"
WINNER = "Vince!"
AND = " & "
WINNER_KEYS = "OK menu  DOWN storico"
HAND_NO = "Round %d"
N_OF = "%d di %d"
OK_PICK = "OK scegli"
UP_DN_TENS = "UP/DN, tieni: x10"
DONE_N = "Fatto (%d)"
OK_TICK = "OK spunta"
OK_ADD = "OK somma, tieni: fine"
OK_SCORE_HAND = "OK: conta il round"
NO_TILES = "ancora nessuna tessera"
AT_MOST = "%s: al massimo %d tessere"
AT_LEAST = "%s: almeno %d tessere"
NOT_FIELDS = "%s non è una tessera di questo campo"
NAMED = "%s è già nominata"
BACK_TO_TABLE = "Torna al tavolo"
HISTORY = "Storico"
REDO = "Ripeti"
WHO = "Chi: "
POINTS_N = "Punti: %+d"
POINTS_KEYS = "OK avanti, BACK esci"
WENT_OUT = "%s: domino"
BLOCKED_END = "Bloccato"
WHO_LAST = "Chi ha messo l'ultima?"
NO_HANDS = "ancora nessun round"
HAND_HIDDEN = "R%d nascosto"
NOTHING_TO_FIX = "il round %d è finito al traguardo: niente da correggere"
HAND_IS_OVER = "il round è finito"
UNDONE = "Annullato: %s"
REDONE = "Ripetuto: %s"
HAND_END = "fine round"
FIX_OF = "correzione round %d"
EVENTS = {"draw": "preleva", "pass": "passa", "claim": "segna", "mug": "muggins"}
NONE_STORED = "nessuna salvata"
EVENTS_LAST = "%d ev, ora"
EVENTS_N = "%d eventi"
NO_SETUP = " (senza dati)"
MATCH = "Partita "
OPEN_IT = "Apri"
ABANDON = "Abbandona"
DELETE = "Elimina"
KEPT_TILL_SYNC = "resta fino alla sincro"
GONE = "tolta dalla scatola"
ON_TABLE_NOW = "ora sul tavolo"
CANNOT_OPEN = "impossibile aprire %s: %s"
ASK_ONCE = "%s %s?"
ASK_TWICE = "Davvero %s %s?"
NO_KEEP = "No"
YES_DO = "Sì, %s"
ABANDON_VERB = "abbandonare"
DELETE_VERB = "eliminare"
DELETED = "%s eliminata"
ABANDONED = "%s abbandonata"
NOT_DELETED = "%s non eliminata: %s"
NOT_ABANDONED = "%s non abbandonata: %s"
FLASH_FULL = (
    "Memoria quasi piena: sincronizzare libera le partite finite; "
    "Partite > Elimina, qualsiasi"
)
USB = "USB: il computer ha la scatola. Spegni e riaccendi per giocare"
NOT_SAVED_SETTINGS = "impostazioni non salvate: %s"
NO_MATCH = "nessuna partita sul tavolo; iniziane o aprine una"
NOT_SAVED = "non salvato (%s); nulla è cambiato"
COMPACTION_FAILED = "compattazione fallita: %s"
ERROR = "errore: %s %s"
NO_RESUME = "impossibile riprendere %s: %s"
SKIPPED = "evento %d saltato: %s"
RULES = """top|Set|il set di tessere della partita
muggins|Muggins|un avversario prende un conto non segnato
lone_spinner|5-5 da solo|il 5-5 da solo sul tavolo conta 10 o 20
spinner_counts|Doppia conta|la doppia conta a lati entrambi giocati
sides_first|Prima i lati|le estremità si aprono dopo i due lati
round|Arrotonda a 5|i perdenti arrotondano al cinque vicino
spinner|Quattro lati|la prima doppia si gioca sui quattro lati
pips_without_doubles|Senza doppie|bloccato: punti confrontati senza doppie
fixed_leader|Posto 1 inizia|il primo posto inizia ogni round
double_blank|0-0 in mano|uno 0-0 in mano conta 0, 25 o 50
draw_to_start|Preleva treno|senza treno: preleva finché si può
scoring|Punteggio|semplice: un punto a tessera; super: i punti
fifteen|15 restante|chi preleva quando resta un quindici
caster_exempt|Chi lancia|l'incanto non vincola chi lo ha lanciato
skip_after_start|Inizio salta|la doppia d'inizio fa saltare il seguente
skip_after_breaking|Rompere salta|la doppia che rompe un incanto: salta
start15|Incanto 15-15|inizio 15-15: gli altri prelevano una tessera
start14|Incanto 14-14|inizio 14-14: chi inizia gioca ancora
start13|Incanto 13-13|inizio 13-13: prima si iniziano tutte le file
start3|Incanto 3-3|inizio 3-3: il gioco gira al contrario
marks|A segni|una dichiarazione riuscita vince segni; 7
points_entry|Punti a mano|punti di ogni lato, non prese e conto
revoke|Rifiuto|non rispondere potendo costa 5 punti
tie_bonus|Pari: bonus|in parità: nessuno o ognuno prende il bonus
ten|Dieci tessere|dieci a testa, combinazioni di tre e quattro
draw_after_play|Preleva dopo|dopo aver giocato si preleva una tessera
barricade|Barricata|un giocatore può bloccare e chiudere il round
sprout_first|Prima i rami|ogni ramo ha una tessera prima di crescere
star|Stella|la stella del doppio 9 ha 8 o 9 rami
double_lead|Doppia inizia|la doppia più alta inizia sempre
past_target|Oltre 100|vince con più di 100 (no: con 100)
elder_leads|Inizia il 1|il primo (posto 1) inizia ogni round
keep_two|Due restano|le ultime due tessere non si prelevano
draw_each_turn|Preleva a turno|finire il turno obbliga a prelevare
five_tiles|Cinque tessere (3-4)|tre o quattro giocatori: cinque tessere a testa
quadruple|Quadruplo a|chi ha messo l'ultima, o il seguente
secret|Punti segreti|punteggi nascosti fino all'ultimo round
players|Giocatori|quanti siedono al tavolo
teams|Squadre|lati di due che giocano insieme
way|Registra|ogni tessera, o un foglio punti
mode|Gioca a|un punteggio da raggiungere, o dei round
limit|Punti|il traguardo, o i round
"""
SAY = """scored|punti segnati
made|fatti
target|traguardo
rounds|round
simple|semplice
super|super
alternate|alternato
others|gli altri
none|nessuno
each|ognuno
last|ultimo
next|seguente
points|punti
fives|cinque
lead|inizio
double-header|doppia
triple-header|tripla
above|su
below|giù
bidder|dichiarante
bid|dichiarazione
trump|briscola
tricks|prese
counts|conti
pieces|tessere
winner|vincitore
melds|combinazioni
hands|mani
blanks|bianchi
aces|uno
deuces|due
treys|tre
fours|quattro
sixes|sei
doubles|doppie
no-trump|senza briscola
"""
GAMES = """draw|Domino a prelievo
mexican|Mexican Train
peruvian|Domino peruviano
teamblock|Block Domino a squadre
hungarian|Domino ungherese
french|Domino francese
barricade|Domino à blocage
sebastopol|Sebastopoli
allsevens|All Seven
italian|Domino italiano
cyprus|Cipro
block|Block Domino
"""

# -- the rules core's refusals (domino.errors.DominoError): "English|said", one a line (a
# backslash ends a source line only), the same %s and %d in the same order: the values
# the core names, put in place
CORE = """%s: the highest double leads in %s|%s: in %s inizia la doppia più alta
%s: the highest double starts the hand|%s: la doppia più alta apre il round
%s: the highest double leads in %s (house rule double_lead)|%s: in %s inizia la doppia più alta \
(regola Doppia inizia)
%s: the highest double begins in %s|%s: in %s inizia la doppia più alta
%s: the highest double always starts %s|%s: %s inizia sempre con la doppia più alta
%s: the first play of a hand is a double|%s: la prima giocata di un round è una doppia
%s: open the station with your highest double|%s: apri la stazione con la tua doppia più alta
%s: hand %d opens with the station %s|%s: il round %d si apre con la stazione %s
nobody passes before the station: whoever holds %s lays it, else draw|nessuno passa prima della \
stazione: chi ha %s la posa, se no preleva
%s: the %s is set first in %s|%s: il %s va posato per primo in %s
%s is already on the table|%s è già sul tavolo
%s has no tiles left to play|%s non ha più tessere
it is %s's turn (seat %d), not %s's|tocca a %s (posto %d), non a %s
%s has nothing to claim: the ends total %d|%s non ha niente da segnare: le estremità fanno %d
%s cannot take a count from their own side|%s non può prendere un conto della propria squadra
muggins is off in this match (house rule muggins=false)|niente muggins in questa partita (regola \
Muggins: no)
no unclaimed count to take|nessun conto non segnato da prendere
nothing to undo|niente da annullare
nothing to redo|niente da ripetere
the match is over; only undo, redo, fix or note|la partita è finita: solo annullare, ripetere, \
correggere o annotare
%s has no drawing: pass when you cannot play|in %s non si preleva: passa se non puoi giocare
%s: draw %d tile(s) per turn, then play or pass|%s: preleva %d tessera/e per turno, poi gioca o \
passa
draw first: %d tile(s) can still be drawn before passing|prima preleva: si possono ancora \
prelevare %d tessera/e prima di passare
draw %d tile(s) before passing|preleva %d tessera/e prima di passare
%d players for %s: allowed are %d to %d|%d giocatori per %s: ammessi da %d a %d
in %s every tile can be laid: play one, there is no passing|in %s ogni tessera si può posare: \
giocane una, non si passa
%s cannot draw %d: %d tile(s) may be drawn%s|%s non può prelevare %d: si possono prelevare %d \
tessera/e%s
 (%d stay in reserve)| (%d restano di riserva)
%d tile|%d tessera
%d tiles|%d tessere
%d to %d tiles|da %d a %d tessere
blocked: %d tile(s) can still be drawn, and %s blocks only when nobody can draw; draw them, or \
say who went out|bloccato: si possono ancora prelevare %d tessera/e, e %s si blocca solo quando \
nessuno può prelevare; prelevale o di' chi ha fatto domino
left: seat %d (%s) holds %s|posto %d (%s) ha %s
%s, not %d|%s, non %d
%s, so at least %d pips, not %d|%s, quindi almeno %d punti, non %d
%s, so at most %d pips, not %d|%s, quindi al massimo %d punti, non %d
left: the seats hold at least %d tiles in all, so at least %d pips together, not %d|i posti hanno \
almeno %d tessere in tutto, quindi almeno %d punti insieme, non %d
%s holds %s, but it is on the table|%s ha %s, ma è sul tavolo
%s is listed twice|%s è indicata due volte
%s: %d pips is more than the %d pips of all tiles off the table|%s: %d punti sono più dei %d \
punti di tutte le tessere fuori dal tavolo
%s went out, so holds no tiles, not %d|%s ha fatto domino, quindi non ha tessere, non %d
%s went out, so holds 0 pips, not %d|%s ha fatto domino, quindi 0 punti, non %d
%s holds no tiles, so 0 pips, not %d|%s non ha tessere, quindi 0 punti, non %d
%s: %d tile(s) left, but the record says %d|%s: restano %d tessera/e, ma il registro dice %d
%s and %s both hold 0-0; there is one|%s e %s hanno entrambi lo 0-0; ce n'è uno solo
the hands hold %d pips in all, but only %d pips are off the table|le mani hanno %d punti in \
tutto, ma fuori dal tavolo ci sono solo %d punti
%s holds 0-0, but it is on the table|%s ha lo 0-0, ma è sul tavolo
hand %d ended at the target without a tally; nothing to fix|il round %d è finito al traguardo \
senza conteggio: niente da correggere
this correction ends the match at hand %d; undo back to it instead|questa correzione chiude la \
partita al round %d; annulla invece fino a lì
this correction ends the match at hand %d, before the hand in progress; undo back to it \
instead|questa correzione chiude la partita al round %d, prima del round in corso; annulla invece \
fino a lì
"""
