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
HAND_RESULT = "Uitslag"
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
