"""Français : les mots de l'app (scoreboard.words). Game words from booklet 003 (Schmidt,
French part): domino, double, pioche, piocher, manche, partie, points, Domino à blocage;
docs/ui.md lists the sources."""

TITLE = "Marqueur de dominos"
RESUME = "Reprendre : "
WINNER_OF = "Gagné : "
NEW_MATCH = "Nouvelle partie"
LIKE_LAST = "Encore : "
LIKE_LAST_ALONE = "La même encore"
MATCHES = "Parties"
SETTINGS = "Réglages"
LANGUAGE = "Langue"
GAME = "Jeu"
NEXT = "Suivant"
SAVE = "Enregistrer"
CONTRAST = "Contraste"
SLEEP = "Veille (s)"
LAYOUT = "Touches"
LAYOUTS = ("5 touches", "UP/DOWN inv.", "4 touches")
INPUTS = "Saisie"
INPUT_CHOICES = ("boutons", "+ molette", "+ clavier", "+ molette + clavier")
SAVED = "réglages enregistrés"
PLAYERS = "Joueurs"
START_MATCH = "Commencer"
TWO_SEATS = "%s est à deux places ; choisir un autre nom"
ON_TO_NAMES = "OK : vers les noms"
EVEN_PARTNERS = "équipes : nombre pair de joueurs, 4 ou plus"
TEAMS_DRAW = "Équipes (tirage)"
POINTS = "Points"
ROUNDS = "Manches"
YES = "oui"
NO = "non"
USUAL = "normal"
STD = "norm."
SET = "double-%d"
TRACKED = "domino par domino"
PAD = "feuille"
TABLE_EMPTY = "table vide"
ON_OPEN = "%s sur %s ouvre %d"
DRAWS = "%s pioche %d"
BARRICADE = "Blocage : %s"
LEAD_TILE = "Poser le premier"
CLAIMS = "%s marque %d"
MUGGINS = "Muggins ! %s"
DRAW_LEFT = "Piocher  (reste %d)"
PASS = "Passer"
ENTER_POINTS = "Saisir des points"
END_HAND = "Finir la manche"
BLOCKED_WON = "Bloqué, %s gagne"
RESULT_OF = "Manche %d : résultat"
RESULT_WHO = "Qui : "
RESULT_HOW = "Comment : "
RESULT_BLOCKED = "bloqué, le moins"
RESULT_OUT = "domino"
RESULT_SCORES = "Points : %d"
RESULT_KEYS = "OK suite, BACK sortir"
ON_PAD = " %d notés"
KEEP_PAD = "Tenir une feuille"
MENU = "Menu"
UNCLAIMED = "%s %d non marqués"
HIDDEN = "Scores cachés"
UNTIL_ROUND = "jusqu'à la manche %d"
ROUND_OF = "Manche %d sur %d"
SCORED_MUGGINS = "%s +%d muggins"
SCORED_CLAIMED = "%s +%d marqués"
DREW = "%s a pioché %d"
NOBODY_TO_PLAY = "personne ne joue : poser d'abord le premier"
PASSED = "%s passe"
BLOCKED_ENTER = "Bloqué : saisir les mains"
PLUS_TILE = " +domino"
HAND = "M%d"
SCORES = "%s marque"
TRACK = "Domino par domino"
SCORE_PAD = "Feuille de points"
PAD_KEYS = "UP/DN points, OK ajoute"
UNCLAIM = " UNDO:annuler"
ENTER_HANDS = " Saisir les mains"
IS_OUT_ASK = "%s : domino !%s"
OTHERS_DREW = ", %s pioche"
NO_PLAY = "%s ne se joue pas ici"
TILE_HALF = "domino %s-"
WHICH_END = "%d-%d : quel bout ?"
END_KEYS = "bouts : touches 1-%d"
WHO_LEADS = "Qui commence ?"
LEAD = "départ"
LEAD_BY = "départ : %s"
SKIPS = ", %s saute son tour"
SPELL_ON = "sort sur %d"
AGAIN = "rejoue"
NEW_LEGS = "nouvelles rangées"
CCW = "sens inverse"
OPEN = " ouvre %d"
NEW = "nouv."
PLAY_END = "Jouer %s %d  (%d)"
ON = "%d-%d sur %s%s"
NEW_BRANCH = "Nouvelle branche (%d)"
BRANCH = "Branche %d : %d (%d)"
NEW_BRANCHES = " +%dnouv."
TOTAL_NEXT = "Total %d%s"
NEXT_TOTAL = " puis %d"
LAY = "Poser un domino (%d)"
LAY_ON = "Poser %s%s"
SATISFY = "couvrir le %d-%d %s"
UP = "haut"
DOWN = "bas"
ALLOWED = "%d : permis de %d à %d%s"
IN_FIVES = " par cinq"
IN_STEPS = " par pas de %d"
HAND_PIPS = "Manche %d : points"
HAND_TILES = "Manche %d : dominos"
HAND_OVER = "Manche %d finie"
FIX_HAND = "Corriger manche %d"
BARRICADED = "%s a bloqué"
OUT = "%s : domino"
BLOCKED_LAST = "bloqué, dernier domino %s"
BLOCKED = "bloqué"
SCORE_HAND = "Compter la manche"
TALLY_KEYS = "UP/DN points OK suite"
OK_SCORE = "OK : compter la manche"
ASK_TILES = "  dominos"
ASK_DOUBLE = "  double ?"
ASK_NO_DOUBLES = "  sans doubles"
ASK_DOUBLE_BLANK = "  0-0 ?"
IS_OUT = "%s : domino"
TOTAL = "Total %d"
OK_NEXT = "OK : manche suivante"
OK_WINNER = "OK : le gagnant"
FIXED_HAND = "Manche %d corrigée"
HAND_SCORED = "Manche %d comptée"
ANNOUNCED = "Scores annoncés"
TIE = "Égalité"
WINNER = "Gagnant !"
AND = " & "
WINNER_KEYS = "OK menu  DOWN manches"
HAND_NO = "Manche %d"
N_OF = "%d sur %d"
OK_PICK = "OK choisir"
UP_DN_TENS = "UP/DN, tenir : x10"
DONE_N = "Fini (%d)"
OK_TICK = "OK cocher"
OK_ADD = "OK ajoute, tenir: fin"
OK_SCORE_HAND = "OK : compter"
NO_TILES = "pas encore de domino"
AT_MOST = "%s : au plus %d dominos"
AT_LEAST = "%s : au moins %d dominos"
NOT_FIELDS = "%s n'est pas un domino de ce champ"
NAMED = "%s est déjà nommé"
BACK_TO_TABLE = "Retour à la table"
HISTORY = "Historique"
REDO = "Refaire"
WHO = "Qui : "
POINTS_N = "Points : %+d"
POINTS_KEYS = "OK suite, BACK sortir"
WENT_OUT = "%s : domino"
BLOCKED_END = "Bloqué"
WHO_LAST = "Qui a posé le dernier ?"
NO_HANDS = "pas encore de manche"
HAND_HIDDEN = "M%d cachée"
NOTHING_TO_FIX = "la manche %d a fini au but : rien à corriger"
HAND_IS_OVER = "la manche est finie"
UNDONE = "Annulé : %s"
REDONE = "Refait : %s"
HAND_END = "fin de manche"
FIX_OF = "correction manche %d"
EVENTS = {"draw": "pioche", "pass": "passe", "claim": "marque", "mug": "muggins"}
NONE_STORED = "aucune partie"
EVENTS_LAST = "%d év, act"
EVENTS_N = "%d évén."
NO_SETUP = " (sans données)"
MATCH = "Partie "
OPEN_IT = "Ouvrir"
ABANDON = "Abandonner"
DELETE = "Supprimer"
KEPT_TILL_SYNC = "gardée jusqu'à synchro"
GONE = "effacée du boîtier"
ON_TABLE_NOW = "sur la table"
CANNOT_OPEN = "impossible d'ouvrir %s : %s"
ASK_ONCE = "%s %s ?"
ASK_TWICE = "Vraiment %s %s ?"
NO_KEEP = "Non"
YES_DO = "Oui, %s"
ABANDON_VERB = "abandonner"
DELETE_VERB = "supprimer"
DELETED = "%s supprimée"
ABANDONED = "%s abandonnée"
NOT_DELETED = "%s non supprimée : %s"
NOT_ABANDONED = "%s non abandonnée : %s"
FLASH_FULL = (
    "Mémoire presque pleine : synchroniser libère les parties finies ; "
    "Parties > Supprimer, toute"
)
USB = "USB : l'ordinateur a le boîtier. Éteindre et rallumer pour jouer"
NOT_SAVED_SETTINGS = "réglages non enregistrés : %s"
NO_MATCH = "pas de partie sur la table ; en commencer ou en ouvrir une"
NOT_SAVED = "non enregistré (%s) ; rien n'a changé"
COMPACTION_FAILED = "échec du compactage : %s"
ERROR = "erreur : %s %s"
NO_RESUME = "impossible de reprendre %s : %s"
SKIPPED = "événement %d ignoré : %s"
RULES = """top|Jeu|le jeu de dominos de la partie
muggins|Muggins|un adversaire prend un compte non marqué
lone_spinner|5-5 seul|le 5-5 seul sur la table compte 10 ou 20
spinner_counts|Double compte|le double compte quand ses côtés sont joués
sides_first|Côtés d'abord|ses bouts s'ouvrent après ses deux côtés
round|Arrondir à 5|les perdants arrondissent au cinq le plus proche
spinner|Quatre côtés|le premier double se joue sur ses 4 côtés
pips_without_doubles|Sans doubles|bloqué : points comparés sans les doubles
fixed_leader|Place 1 pose|la première place commence chaque manche
double_blank|0-0 en main|un 0-0 en main compte 0, 25 ou 50
draw_to_start|Piocher train|sans train : piocher jusqu'à pouvoir
scoring|Points|simple : un par domino ; super : les points
fifteen|15 restant|qui pioche quand un quinze reste
caster_exempt|Lanceur libre|un sort ne lie pas celui qui l'a lancé
skip_after_start|Départ saute|le double de départ fait sauter le suivant
skip_after_breaking|Briser saute|un double qui brise un sort : suivant saute
start15|Sort 15-15|départ 15-15 : les autres piochent un domino
start14|Sort 14-14|départ 14-14 : celui qui pose rejoue
start13|Sort 13-13|départ 13-13 : toutes les rangées d'abord
start3|Sort 3-3|départ 3-3 : le jeu tourne dans l'autre sens
marks|Aux marques|une enchère réussie gagne des marques ; 7
points_entry|Saisir points|points de chaque camp, pas plis et compte
revoke|Renonce|ne pas fournir en pouvant coûte 5 points
tie_bonus|Égalité: bonus|à égalité : personne ou chacun a le bonus
ten|Dix dominos|dix chacun, combinaisons de trois et quatre
draw_after_play|Piocher après|après avoir posé, on pioche un domino
barricade|Blocage|un joueur peut bloquer et finir la manche
sprout_first|Branches d'abord|chaque branche a un domino avant de grandir
star|Étoile|l'étoile du double-9 a 8 ou 9 branches
double_lead|Double pose|le plus fort double commence toujours
past_target|Plus de 100|gagner avec plus de 100 (non : avec 100)
elder_leads|L'aîné pose|l'aîné (place 1) commence chaque manche
keep_two|Deux restent|les deux derniers dominos ne se piochent pas
draw_each_turn|Pioche au tour|finir son tour oblige à piocher un domino
five_tiles|Cinq dominos (3-4)|trois ou quatre joueurs : cinq dominos chacun
quadruple|Quadruple à|qui a posé le dernier, ou le suivant
secret|Scores secrets|scores cachés jusqu'à la dernière manche
players|Joueurs|combien sont à la table
teams|Équipes|camps de deux jouant ensemble
way|Saisie|chaque domino, ou une feuille de points
mode|Jouer à|un score à atteindre, ou des manches
limit|Points|le but, ou les manches
"""
SAY = """scored|points marqués
made|faits
target|but
rounds|manches
simple|simple
super|super
alternate|alterné
others|les autres
none|personne
each|chacun
last|dernier
next|suivant
points|points
fives|cinq
lead|départ
double-header|double
triple-header|triple
above|haut
below|bas
bidder|preneur
bid|enchère
trump|atout
tricks|plis
counts|comptes
pieces|dominos
winner|gagnant
melds|combinaisons
hands|mains
blanks|blancs
aces|as
deuces|deux
treys|trois
fours|quatre
sixes|six
doubles|doubles
no-trump|sans atout
"""
GAMES = """draw|Domino pioche
block|Dominos Block
mexican|Train mexicain
peruvian|Domino péruvien
teamblock|Block en équipe
hungarian|Domino hongrois
french|Domino français
barricade|Domino à blocage
sebastopol|Sébastopol
allfives|Tous les cinq
allsevens|Tous les sept
italian|Dominos-comptables
"""

# -- the rules core's refusals (domino.errors.DominoError): "English|said", one a line (a
# backslash ends a source line only), the same %s and %d in the same order: the values
# the core names, put in place
CORE = """%s: the highest double leads in %s|%s : dans %s, le plus fort double commence
%s: the highest double starts the hand|%s : le plus fort double ouvre la manche
%s: the highest double leads in %s (house rule double_lead)|%s : dans %s, le plus fort double \
commence (règle Double pose)
%s: the highest double begins in %s|%s : dans %s, le plus fort double commence
%s: the highest double always starts %s|%s : %s commence toujours par le plus fort double
%s: the first play of a hand is a double|%s : le premier domino d'une manche est un double
%s: open the station with your highest double|%s : ouvre la gare avec ton plus fort double
%s: hand %d opens with the station %s|%s : la manche %d s'ouvre avec la gare %s
nobody passes before the station: whoever holds %s lays it, else draw|personne ne passe avant la \
gare : qui a le %s le pose, sinon il pioche
%s: the %s is set first in %s|%s : le %s se pose d'abord dans %s
%s is already on the table|%s est déjà sur la table
%s has no tiles left to play|%s n'a plus de dominos
it is %s's turn (seat %d), not %s's|c'est à %s (place %d), pas à %s
%s has nothing to claim: the ends total %d|%s n'a rien à marquer : les bouts font %d
%s cannot take a count from their own side|%s ne peut prendre un compte de son propre camp
muggins is off in this match (house rule muggins=false)|pas de muggins dans cette partie (règle \
Muggins : non)
no unclaimed count to take|aucun compte non marqué à prendre
nothing to undo|rien à annuler
nothing to redo|rien à rétablir
the match is over; only undo, redo, fix or note|la partie est finie : seulement annuler, \
rétablir, corriger ou noter
%s has no drawing: pass when you cannot play|%s se joue sans pioche : passe si tu ne peux pas jouer
%s: draw %d tile(s) per turn, then play or pass|%s : pioche %d domino(s) par tour, puis joue ou \
passe
draw first: %d tile(s) can still be drawn before passing|pioche d'abord : encore %d domino(s) à \
piocher avant de passer
draw %d tile(s) before passing|pioche %d domino(s) avant de passer
%d players for %s: allowed are %d to %d|%d joueurs pour %s : de %d à %d permis
in %s every tile can be laid: play one, there is no passing|dans %s tout domino se pose : \
joues-en un, on ne passe pas
%s cannot draw %d: %d tile(s) may be drawn%s|%s ne peut piocher %d : %d domino(s) à piocher%s
 (%d stay in reserve)| (%d restent en réserve)
%d tile|%d domino
%d tiles|%d dominos
%d to %d tiles|%d à %d dominos
blocked: %d tile(s) can still be drawn, and %s blocks only when nobody can draw; draw them, or \
say who went out|bloqué : encore %d domino(s) à piocher, et %s ne se bloque que quand personne ne \
peut piocher ; piochez-les ou dites qui a fait domino
left: seat %d (%s) holds %s|place %d (%s) a %s
%s, not %d|%s, pas %d
%s, so at least %d pips, not %d|%s, donc au moins %d points, pas %d
%s, so at most %d pips, not %d|%s, donc au plus %d points, pas %d
left: the seats hold at least %d tiles in all, so at least %d pips together, not %d|les places \
ont au moins %d dominos en tout, donc au moins %d points ensemble, pas %d
%s holds %s, but it is on the table|%s a le %s, mais il est sur la table
%s is listed twice|le %s est nommé deux fois
%s: %d pips is more than the %d pips of all tiles off the table|%s : %d points, c'est plus que \
les %d points des dominos hors de la table
%s went out, so holds no tiles, not %d|%s a fait domino, donc n'a plus de dominos, pas %d
%s went out, so holds 0 pips, not %d|%s a fait domino, donc 0 point, pas %d
%s holds no tiles, so 0 pips, not %d|%s n'a pas de dominos, donc 0 point, pas %d
%s: %d tile(s) left, but the record says %d|%s : %d domino(s) restants, mais le relevé dit %d
%s and %s both hold 0-0; there is one|%s et %s ont tous deux le 0-0 ; il n'y en a qu'un
the hands hold %d pips in all, but only %d pips are off the table|les mains ont %d points en \
tout, mais seuls %d points sont hors de la table
%s holds 0-0, but it is on the table|%s a le 0-0, mais il est sur la table
hand %d ended at the target without a tally; nothing to fix|la manche %d a fini au but sans \
décompte : rien à corriger
this correction ends the match at hand %d; undo back to it instead|cette correction finit la \
partie à la manche %d ; annulez plutôt jusqu'à elle
this correction ends the match at hand %d, before the hand in progress; undo back to it \
instead|cette correction finit la partie à la manche %d, avant la manche en cours ; annulez \
plutôt jusqu'à elle
"""
