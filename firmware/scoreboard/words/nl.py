"""Nederlands: de woorden van de app (scoreboard.words). Game words from booklet 003
(Schmidt, Dutch part): steen, dubbel, stapel, ogen, ronde, aanleggen, trekken, Blokdomino;
docs/ui.md lists the sources."""

TITLE = "Domino-scorebord"
RESUME = "Verder: "
WINNER_OF = "Winnaar: "
NEW_MATCH = "Nieuw spel"
LIKE_LAST = "Opnieuw: "
LIKE_LAST_ALONE = "Nog eens hetzelfde"
MATCHES = "Spellen"
SETTINGS = "Instellingen"
LANGUAGE = "Taal"
GAME = "Spel"
NEXT = "Volgende"
SAVE = "Opslaan"
CONTRAST = "Contrast"
SLEEP = "Slaap na (s)"
LAYOUT = "Knoppen"
LAYOUTS = ("5 knoppen", "UP/DOWN omgekeerd", "4 knoppen")
INPUTS = "Invoer"
INPUT_CHOICES = ("knoppen", "+ draaiknop", "+ toetsen", "+ knop + toetsen")
SAVED = "instellingen opgeslagen"
PLAYERS = "Spelers"
START_MATCH = "Spel beginnen"
TWO_SEATS = "%s zit op twee plaatsen; kies een andere naam"
ON_TO_NAMES = "OK: naar de namen"
EVEN_PARTNERS = "teams: een even aantal spelers, 4 of meer"
TEAMS_DRAW = "Teams (getrokken)"
POINTS = "Punten"
ROUNDS = "Rondes"
YES = "ja"
NO = "nee"
USUAL = "gewoon"
STD = "std"
SET = "dubbel-%d"
TRACKED = "steen voor steen"
PAD = "scoreblok"
TABLE_EMPTY = "tafel leeg"
ON_OPEN = "%s aan %s open %d"
DRAWS = "%s trekt %d"
BARRICADE = "Blokkade: %s"
LEAD_TILE = "Eerste steen leggen"
CLAIMS = "%s neemt %d"
MUGGINS = "Muggins! %s"
DRAW_LEFT = "Trekken  (nog %d)"
PASS = "Passen"
ENTER_POINTS = "Punten invoeren"
END_HAND = "Ronde beëindigen"
BLOCKED_WON = "Geblokt, %s wint"
RESULT_OF = "Ronde %d: uitslag"
RESULT_WHO = "Wie: "
RESULT_HOW = "Hoe: "
RESULT_BLOCKED = "geblokt, minste"
RESULT_OUT = "uitgegaan"
RESULT_SCORES = "Punten: %d"
RESULT_KEYS = "OK verder, BACK terug"
ON_PAD = " %d genoteerd"
KEEP_PAD = "Scoreblok bijhouden"
MENU = "Menu"
UNCLAIMED = "%s %d niet genomen"
HIDDEN = "Stand verborgen"
UNTIL_ROUND = "tot ronde %d"
ROUND_OF = "Ronde %d van %d"
SCORED_MUGGINS = "%s +%d muggins"
SCORED_CLAIMED = "%s +%d genomen"
DREW = "%s trok %d"
NOBODY_TO_PLAY = "niemand aan de beurt: eerst uitkomen"
PASSED = "%s past"
BLOCKED_ENTER = "Geblokkeerd: voer de stenen in"
PLUS_TILE = " +steen"
HAND = "R%d"
SCORES = "%s scoort"
TRACK = "Steen voor steen"
SCORE_PAD = "Scoreblok"
PAD_KEYS = "UP/DN punten, OK telt"
UNCLAIM = " UNDO:terug"
ENTER_HANDS = " Voer de stenen in"
IS_OUT_ASK = "%s: domino!%s"
OTHERS_DREW = ", %s trok"
NO_PLAY = "%s past nu nergens"
TILE_HALF = "steen %s-"
WHICH_END = "%d-%d: welk einde?"
END_KEYS = "einden: toetsen 1-%d"
WHO_LEADS = "Wie komt uit?"
LEAD = "uitkomen"
LEAD_BY = "uitkomen: %s"
SKIPS = ", %s slaat over"
SPELL_ON = "ban op %d"
AGAIN = "nog eens"
NEW_LEGS = "nieuwe rijen"
CCW = "andersom"
OPEN = " open %d"
NEW = "nieuw"
PLAY_END = "Aanleggen %s %d (%d)"
ON = "%d-%d aan %s%s"
NEW_BRANCH = "Nieuwe tak (%d)"
BRANCH = "Tak %d: %d (%d)"
NEW_BRANCHES = " +%dnieuw"
TOTAL_NEXT = "Totaal %d%s"
NEXT_TOTAL = " dan %d"
LAY = "Steen leggen (%d)"
LAY_ON = "Leg %s%s"
SATISFY = "dubbel %d-%d %s bedienen"
UP = "op"
DOWN = "af"
ALLOWED = "%d: toegestaan %d tot %d%s"
IN_FIVES = " per vijf"
IN_STEPS = " per %d"
HAND_PIPS = "Ronde %d: ogen"
HAND_TILES = "Ronde %d: stenen"
HAND_OVER = "Ronde %d voorbij"
FIX_HAND = "Ronde %d verbeteren"
BARRICADED = "%s blokkeerde"
OUT = "%s: domino"
BLOCKED_LAST = "geblokkeerd, laatste %s"
BLOCKED = "geblokkeerd"
SCORE_HAND = "Ronde tellen"
TALLY_KEYS = "UP/DN ogen OK verder"
OK_SCORE = "OK: ronde tellen"
ASK_TILES = "  stenen"
ASK_DOUBLE = "  dubbel?"
ASK_NO_DOUBLES = "  zonder dubbel"
ASK_DOUBLE_BLANK = "  0-0?"
IS_OUT = "%s: domino"
TOTAL = "Totaal %d"
OK_NEXT = "OK: volgende ronde"
OK_WINNER = "OK: de winnaar"
FIXED_HAND = "Ronde %d verbeterd"
HAND_SCORED = "Ronde %d geteld"
ANNOUNCED = "Stand bekend"
TIE = "Gelijkspel"
WINNER = "Winnaar!"
AND = " & "
WINNER_KEYS = "OK menu  DOWN verloop"
HAND_NO = "Ronde %d"
N_OF = "%d van %d"
OK_PICK = "OK kiezen"
UP_DN_TENS = "UP/DN, vasthouden: x10"
DONE_N = "Klaar (%d)"
OK_TICK = "OK aanvinken"
OK_ADD = "OK erbij, houd: klaar"
OK_SCORE_HAND = "OK: ronde tellen"
NO_TILES = "nog geen stenen"
AT_MOST = "%s: hoogstens %d stenen"
AT_LEAST = "%s: minstens %d stenen"
NOT_FIELDS = "%s hoort niet bij dit veld"
NAMED = "%s is al genoemd"
BACK_TO_TABLE = "Terug naar tafel"
HISTORY = "Verloop"
REDO = "Opnieuw"
WHO = "Wie: "
POINTS_N = "Punten: %+d"
POINTS_KEYS = "OK verder, BACK weg"
WENT_OUT = "%s: domino"
BLOCKED_END = "Geblokkeerd"
WHO_LAST = "Wie legde de laatste?"
NO_HANDS = "nog geen rondes"
HAND_HIDDEN = "R%d verborgen"
NOTHING_TO_FIX = "ronde %d eindigde op het doel: niets te verbeteren"
HAND_IS_OVER = "de ronde is voorbij"
UNDONE = "Terug: %s"
REDONE = "Opnieuw: %s"
HAND_END = "einde ronde"
FIX_OF = "verbetering ronde %d"
EVENTS = {"draw": "trekt", "pass": "past", "claim": "neemt", "mug": "muggins"}
NONE_STORED = "geen opgeslagen"
EVENTS_LAST = "%d geb, nu"
EVENTS_N = "%d geb."
NO_SETUP = " (zonder gegevens)"
MATCH = "Spel "
OPEN_IT = "Openen"
ABANDON = "Opgeven"
DELETE = "Wissen"
KEPT_TILL_SYNC = "blijft tot synchronisatie"
GONE = "weg uit de kast"
ON_TABLE_NOW = "nu op tafel"
CANNOT_OPEN = "%s niet te openen: %s"
ASK_ONCE = "%s: %s?"
ASK_TWICE = "Echt %s %s?"
NO_KEEP = "Nee"
YES_DO = "Ja, %s"
ABANDON_VERB = "opgeven"
DELETE_VERB = "wissen"
DELETED = "%s gewist"
ABANDONED = "%s opgegeven"
NOT_DELETED = "%s niet gewist: %s"
NOT_ABANDONED = "%s niet opgegeven: %s"
FLASH_FULL = "Geheugen bijna vol: synchroniseren maakt afgelopen spellen vrij; Spellen > Wissen elk"
USB = "USB: de computer heeft het kastje. Uit en aan om te spelen"
NOT_SAVED_SETTINGS = "instellingen niet opgeslagen: %s"
NO_MATCH = "geen spel op tafel; begin of open er een"
NOT_SAVED = "niet opgeslagen (%s); niets veranderd"
COMPACTION_FAILED = "comprimeren mislukt: %s"
ERROR = "fout: %s %s"
NO_RESUME = "%s niet te hervatten: %s"
SKIPPED = "gebeurtenis %d overgeslagen: %s"
RULES = """top|Dominoset|de set waarmee gespeeld wordt
muggins|Muggins|een tegenstander neemt niet genomen punten
lone_spinner|5-5 alleen|de 5-5 alleen op tafel telt 10 of 20
spinner_counts|Dubbel telt|de dubbel telt als beide zijkanten liggen
sides_first|Zijkanten eerst|de einden pas na beide zijkanten
round|Op 5 afronden|verliezers ronden af op de naaste vijf
spinner|Vier kanten|de eerste dubbel neemt aan alle vier kanten aan
pips_without_doubles|Zonder dubbel|geblokkeerd: ogen zonder dubbels vergelijken
fixed_leader|Plaats 1 begint|de eerste plaats komt elke ronde uit
double_blank|0-0 over|een 0-0 in de hand telt 0, 25 of 50
draw_to_start|Trek voor trein|geen trein: trek tot er een kan beginnen
scoring|Telling|simpel: een punt per steen; super: de ogen
fifteen|15 over|wie trekt als er een vijftien overblijft
caster_exempt|Banner vrij|een ban bindt niet wie hem legde
skip_after_start|Start slaat|de startdubbel laat de volgende overslaan
skip_after_breaking|Breken slaat|een dubbel die een ban breekt: volgende over
start15|Ban 15-15|start 15-15: de anderen trekken een steen
start14|Ban 14-14|start 14-14: de starter speelt nog eens
start13|Ban 13-13|start 13-13: eerst alle rijen beginnen
start3|Ban 3-3|start 3-3: het spel draait andersom
marks|Om merken|een gehaald bod wint merken; 7 wint
points_entry|Punten invoeren|punten per kant, geen slagen en telling
revoke|Verzaken|niet bekennen terwijl het kan kost 5 punten
tie_bonus|Gelijk: bonus|gelijk: niemand of ieder krijgt de bonus
ten|Tien delen|tien stenen elk, sets van drie en vier
draw_after_play|Trek na leggen|na het leggen trekt de speler een steen
barricade|Blokkade|een speler mag blokkeren en de ronde beëindigen
sprout_first|Takken eerst|elke tak een steen voordat er een groeit
star|Ster|de dubbel-9-ster heeft 8 of 9 takken
double_lead|Dubbel begint|de hoogste dubbel begint altijd
past_target|Boven 100|winnen met meer dan 100 (nee: met 100)
elder_leads|Oudste begint|de oudste (plaats 1) begint elke ronde
keep_two|Twee blijven|de laatste twee stenen worden niet getrokken
draw_each_turn|Trek per beurt|een beurt eindigt met een steen trekken
five_tiles|Vijf stenen (3-4)|drie of vier spelers: elk vijf stenen
quadruple|Viervoud voor|wie de laatste legde, of de volgende
secret|Geheime stand|de stand blijft geheim tot de laatste ronde
players|Spelers|hoeveel er aan tafel zitten
teams|Teams|kanten van twee die samen spelen
way|Invoer|elke steen, of een scoreblok
mode|Spelen tot|een doelscore, of een aantal rondes
limit|Punten|het doel, of de rondes
"""
SAY = """scored|gescoorde punten
made|gemaakt
target|doel
rounds|rondes
simple|simpel
super|super
alternate|om beurten
others|de anderen
none|niemand
each|ieder
last|laatste
next|volgende
points|punten
fives|vijven
lead|uitkomen
double-header|dubbel
triple-header|driedubbel
above|op
below|af
bidder|bieder
bid|bod
trump|troef
tricks|slagen
counts|telstenen
pieces|stenen
winner|winnaar
melds|sets
hands|handen
blanks|blanco
aces|enen
deuces|tweeën
treys|drieën
fours|vieren
sixes|zessen
doubles|dubbels
no-trump|zonder troef
"""
GAMES = """draw|Trekdomino
block|Blokdomino
mexican|Mexicaanse trein
peruvian|Peruviaans domino
teamblock|Blokdomino voor teams
hungarian|Hongaars domino
french|Frans domino
barricade|Domino à blocage
allfives|All fives
allsevens|All sevens
italian|Italiaans domino
"""

# -- the rules core's refusals (domino.errors.DominoError): "English|said", one a line (a
# backslash ends a source line only), the same %s and %d in the same order: the values
# the core names, put in place
CORE = """%s: the highest double leads in %s|%s: in %s komt de hoogste dubbel uit
%s: the highest double starts the hand|%s: de hoogste dubbel begint de ronde
%s: the highest double leads in %s (house rule double_lead)|%s: in %s komt de hoogste dubbel uit \
(huisregel Dubbel begint)
%s: the highest double begins in %s|%s: in %s begint de hoogste dubbel
%s: the highest double always starts %s|%s: %s begint altijd met de hoogste dubbel
%s: the first play of a hand is a double|%s: de eerste steen van een ronde is een dubbel
%s: open the station with your highest double|%s: open het station met je hoogste dubbel
%s: hand %d opens with the station %s|%s: ronde %d opent met het station %s
nobody passes before the station: whoever holds %s lays it, else draw|niemand past vóór het \
station: wie %s heeft legt hem, anders trekken
%s: the %s is set first in %s|%s: de %s ligt eerst in %s
%s is already on the table|%s ligt al op tafel
%s has no tiles left to play|%s heeft geen stenen meer
it is %s's turn (seat %d), not %s's|%s is aan de beurt (plaats %d), niet %s
%s has nothing to claim: the ends total %d|%s heeft niets te nemen: de einden tellen %d
%s cannot take a count from their own side|%s kan geen punten van de eigen kant nemen
muggins is off in this match (house rule muggins=false)|muggins geldt niet in dit spel (huisregel \
Muggins: nee)
no unclaimed count to take|geen niet genomen punten te nemen
nothing to undo|niets terug te nemen
nothing to redo|niets opnieuw te doen
the match is over; only undo, redo, fix or note|het spel is voorbij: alleen terugnemen, opnieuw \
doen, verbeteren of noteren
%s has no drawing: pass when you cannot play|in %s wordt niet getrokken: pas als je niet kunt \
leggen
%s: draw %d tile(s) per turn, then play or pass|%s: trek %d steen/stenen per beurt, dan leggen of \
passen
draw first: %d tile(s) can still be drawn before passing|eerst trekken: er kunnen nog %d \
steen/stenen getrokken worden voor je past
draw %d tile(s) before passing|trek %d steen/stenen voor je past
%d players for %s: allowed are %d to %d|%d spelers voor %s: toegestaan zijn %d tot %d
in %s every tile can be laid: play one, there is no passing|in %s past elke steen: leg er een, \
passen bestaat niet
%s cannot draw %d: %d tile(s) may be drawn%s|%s kan geen %d trekken: %d steen/stenen mogen \
getrokken worden%s
 (%d stay in reserve)| (%d blijven in reserve)
%d tile|%d steen
%d tiles|%d stenen
%d to %d tiles|%d tot %d stenen
blocked: %d tile(s) can still be drawn, and %s blocks only when nobody can draw; draw them, or \
say who went out|geblokkeerd: nog %d steen/stenen te trekken, en %s blokkeert pas als niemand kan \
trekken; trek ze of zeg wie uit is
left: seat %d (%s) holds %s|plaats %d (%s) heeft %s
%s, not %d|%s, niet %d
%s, so at least %d pips, not %d|%s, dus minstens %d ogen, niet %d
%s, so at most %d pips, not %d|%s, dus hoogstens %d ogen, niet %d
left: the seats hold at least %d tiles in all, so at least %d pips together, not %d|de plaatsen \
hebben samen minstens %d stenen, dus minstens %d ogen, niet %d
%s holds %s, but it is on the table|%s heeft %s, maar die ligt op tafel
%s is listed twice|%s staat er twee keer
%s: %d pips is more than the %d pips of all tiles off the table|%s: %d ogen is meer dan de %d \
ogen van alle stenen die niet liggen
%s went out, so holds no tiles, not %d|%s is uit, dus heeft geen stenen, niet %d
%s went out, so holds 0 pips, not %d|%s is uit, dus 0 ogen, niet %d
%s holds no tiles, so 0 pips, not %d|%s heeft geen stenen, dus 0 ogen, niet %d
%s: %d tile(s) left, but the record says %d|%s: %d steen/stenen over, maar het verslag zegt %d
%s and %s both hold 0-0; there is one|%s en %s hebben allebei 0-0; er is er maar één
the hands hold %d pips in all, but only %d pips are off the table|de handen hebben samen %d ogen, \
maar er zijn maar %d ogen niet op tafel
%s holds 0-0, but it is on the table|%s heeft 0-0, maar die ligt op tafel
hand %d ended at the target without a tally; nothing to fix|ronde %d eindigde op het doel zonder \
telling: niets te verbeteren
this correction ends the match at hand %d; undo back to it instead|deze verbetering beëindigt het \
spel in ronde %d; neem liever terug tot daar
this correction ends the match at hand %d, before the hand in progress; undo back to it \
instead|deze verbetering beëindigt het spel in ronde %d, vóór de lopende ronde; neem liever terug \
tot daar
"""
