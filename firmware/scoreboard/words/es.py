"""Español: las palabras de la app (scoreboard.words). Game words from the Spanish booklets
(001 Dominó Doble 15, 002 Dominó Doble 12, 004, and 000's Spanish half): ficha, doble, robar,
pasar, mano, ronda, partida, tren mexicano, hechizo, ramal; docs/ui.md lists the sources."""

TITLE = "Marcador de dominó"
RESUME = "Seguir: "
WINNER_OF = "Ganó: "
NEW_MATCH = "Partida nueva"
LIKE_LAST = "Otra: "
LIKE_LAST_ALONE = "Otra igual"
MATCHES = "Partidas"
SETTINGS = "Ajustes"
LANGUAGE = "Idioma"
GAME = "Juego"
NEXT = "Siguiente"
SAVE = "Guardar"
CONTRAST = "Contraste"
SLEEP = "Reposo (s)"
LAYOUT = "Botones"
LAYOUTS = ("5 teclas", "UP/DOWN inv.", "4 teclas")
INPUTS = "Entradas"
INPUT_CHOICES = ("botones", "+ mando", "+ teclado", "+ mando + teclado")
SAVED = "ajustes guardados"
PLAYERS = "Jugadores"
START_MATCH = "Empezar partida"
TWO_SEATS = "%s está en dos puestos; elige otro nombre"
ON_TO_NAMES = "OK: a los nombres"
EVEN_PARTNERS = "parejas: jugadores en número par, 4 o más"
TEAMS_DRAW = "Parejas (sorteo)"
POINTS = "Puntos"
ROUNDS = "Rondas"
YES = "sí"
NO = "no"
USUAL = "normal"
STD = "normal"
SET = "doble %d"
TRACKED = "ficha a ficha"
PAD = "libreta"
TABLE_EMPTY = "mesa vacía"
ON_OPEN = "%s en %s abre %d"
DRAWS = "%s roba %d"
BARRICADE = "Barricada: %s"
LEAD_TILE = "Salir con ficha"
CLAIMS = "%s anota %d"
MUGGINS = "¡Muggins! %s"
DRAW_LEFT = "Robar  (quedan %d)"
PASS = "Pasar"
ENTER_POINTS = "Anotar puntos"
END_HAND = "Terminar la mano"
BLOCKED_WON = "Cierre, gana %s"
RESULT_OF = "Mano %d: resultado"
RESULT_WHO = "Quién: "
RESULT_HOW = "Cómo: "
RESULT_BLOCKED = "cierre, menos"
RESULT_OUT = "dominó"
RESULT_SCORES = "Puntos: %d"
RESULT_KEYS = "OK sigue, BACK sale"
ON_PAD = " %d en hoja"
KEEP_PAD = "Llevar libreta"
MENU = "Menú"
UNCLAIMED = "%s %d sin anotar"
HIDDEN = "Puntos ocultos"
UNTIL_ROUND = "hasta la ronda %d"
ROUND_OF = "Ronda %d de %d"
SCORED_MUGGINS = "%s +%d muggins"
SCORED_CLAIMED = "%s +%d anotados"
DREW = "%s robó %d"
NOBODY_TO_PLAY = "no es turno de nadie: primero la salida"
PASSED = "%s pasó"
BLOCKED_ENTER = "Cerrado: anota las manos"
PLUS_TILE = " +ficha"
HAND = "M%d"
SCORES = "%s anota"
TRACK = "Ficha a ficha"
SCORE_PAD = "Libreta"
PAD_KEYS = "UP/DN puntos, OK suma"
UNCLAIM = " UNDO:no anotar"
ENTER_HANDS = " Anota las manos"
IS_OUT_ASK = "¡%s dominó!%s"
OTHERS_DREW = ", %s robó"
NO_PLAY = "%s: ninguna jugada ahora"
TILE_HALF = "ficha %s-"
WHICH_END = "%d-%d: ¿qué extremo?"
END_KEYS = "extremos: teclas 1-%d"
WHO_LEADS = "¿Quién sale?"
LEAD = "salida"
LEAD_BY = "salida: %s"
SKIPS = ", %s pierde turno"
SPELL_ON = "hechizo en %d"
AGAIN = "otra vez"
NEW_LEGS = "hileras nuevas"
CCW = "al revés"
OPEN = " abre %d"
NEW = "nuevo"
PLAY_END = "Jugar %s %d  (%d)"
ON = "%d-%d en %s%s"
NEW_BRANCH = "Rama nueva (%d)"
BRANCH = "Rama %d: %d (%d)"
NEW_BRANCHES = " +%dnuevas"
TOTAL_NEXT = "Total %d%s"
NEXT_TOTAL = " luego %d"
LAY = "Poner ficha (%d)"
LAY_ON = "Poner %s%s"
SATISFY = "cerrar doble %d-%d %s"
UP = "sube"
DOWN = "baja"
ALLOWED = "%d: se admite de %d a %d%s"
IN_FIVES = " de cinco en cinco"
IN_STEPS = " en pasos de %d"
HAND_PIPS = "Mano %d: puntos"
HAND_TILES = "Mano %d: fichas"
HAND_OVER = "Fin de la mano %d"
FIX_HAND = "Corregir mano %d"
BARRICADED = "barricada de %s"
OUT = "%s dominó"
BLOCKED_LAST = "cerrado, última ficha %s"
BLOCKED = "cerrado"
SCORE_HAND = "Anotar la mano"
TALLY_KEYS = "UP/DN puntos OK sigue"
OK_SCORE = "OK: anotar la mano"
ASK_TILES = "  fichas"
ASK_DOUBLE = "  ¿doble?"
ASK_NO_DOUBLES = "  sin dobles"
ASK_DOUBLE_BLANK = "  ¿0-0?"
IS_OUT = "%s dominó"
TOTAL = "Total %d"
OK_NEXT = "OK: mano siguiente"
OK_WINNER = "OK: el ganador"
FIXED_HAND = "Mano %d corregida"
HAND_SCORED = "Mano %d anotada"
ANNOUNCED = "Puntos anunciados"
TIE = "Empate"
WINNER = "¡Ganador!"
AND = " y "
WINNER_KEYS = "OK menú  DOWN manos"
HAND_NO = "Mano %d"
N_OF = "%d de %d"
OK_PICK = "OK elegir"
UP_DN_TENS = "UP/DN, mantener: x10"
DONE_N = "Listo (%d)"
OK_TICK = "OK marcar"
OK_ADD = "OK añade, mantén: fin"
OK_SCORE_HAND = "OK: anotar mano"
NO_TILES = "aún no hay fichas"
AT_MOST = "%s: como mucho %d fichas"
AT_LEAST = "%s: al menos %d fichas"
NOT_FIELDS = "%s no es ficha de este campo"
NAMED = "%s ya está nombrada"
BACK_TO_TABLE = "Volver a la mesa"
HISTORY = "Historial"
REDO = "Rehacer"
WHO = "Quién: "
POINTS_N = "Puntos: %+d"
POINTS_KEYS = "OK sigue, BACK sale"
WENT_OUT = "%s dominó"
BLOCKED_END = "Cerrado"
WHO_LAST = "¿Quién jugó al final?"
NO_HANDS = "aún no hay manos"
HAND_HIDDEN = "M%d oculta"
NOTHING_TO_FIX = "la mano %d acabó en la meta: nada que corregir"
HAND_IS_OVER = "la mano ha terminado"
UNDONE = "Deshecho: %s"
REDONE = "Rehecho: %s"
HAND_END = "fin de mano"
FIX_OF = "corrección de la mano %d"
EVENTS = {"draw": "roba", "pass": "pasa", "claim": "anota", "mug": "muggins"}
NONE_STORED = "ninguna guardada"
EVENTS_LAST = "%d ev, act"
EVENTS_N = "%d eventos"
NO_SETUP = " (sin datos)"
MATCH = "Partida "
OPEN_IT = "Abrir"
ABANDON = "Abandonar"
DELETE = "Borrar"
KEPT_TILL_SYNC = "queda hasta sincronizar"
GONE = "se borra de la caja"
ON_TABLE_NOW = "en la mesa ahora"
CANNOT_OPEN = "no se puede abrir %s: %s"
ASK_ONCE = "¿%s %s?"
ASK_TWICE = "¿Seguro? %s %s"
NO_KEEP = "No"
YES_DO = "Sí, %s"
ABANDON_VERB = "abandonar"
DELETE_VERB = "borrar"
DELETED = "%s borrada"
ABANDONED = "%s abandonada"
NOT_DELETED = "%s no borrada: %s"
NOT_ABANDONED = "%s no abandonada: %s"
FLASH_FULL = (
    "Memoria casi llena: sincronizar libera las partidas acabadas; "
    "Partidas > Borrar, cualquiera"
)
USB = "USB: la computadora tiene la caja. Apaga y enciende para jugar"
NOT_SAVED_SETTINGS = "ajustes no guardados: %s"
NO_MATCH = "no hay partida en la mesa; empieza o abre una"
NOT_SAVED = "no guardado (%s); nada cambió"
COMPACTION_FAILED = "fallo al compactar: %s"
ERROR = "error: %s %s"
NO_RESUME = "no se pudo seguir %s: %s"
SKIPPED = "evento %d omitido: %s"
RULES = """top|Dominó|el juego de fichas de la partida
muggins|Muggins|un rival anota la cuenta no anotada
lone_spinner|5-5 solo cuenta|el 5-5 solo en la mesa cuenta 10 o 20
spinner_counts|Cuenta el doble|el primer doble cuenta con sus lados jugados
sides_first|Lados antes|sus extremos abren tras jugar sus lados
round|Redondear a 5|las manos perdidas se redondean a cinco
spinner|Cuatro lados|el primer doble se juega por los cuatro lados
pips_without_doubles|Cierre sin dobles|al cerrar se comparan puntos sin dobles
fixed_leader|Sale el 1|el primer puesto sale en cada mano
double_blank|0-0 en mano|un 0-0 en mano cuenta 0, 25 o 50
draw_to_start|Robar por tren|sin tren: roba hasta poder empezarlo
scoring|Puntos|simple: uno por ficha; súper: los puntos
fifteen|Quedan 15|quién roba cuando quedan quince
caster_exempt|Hechicero libre|el hechizo no obliga a quien lo lanza
skip_after_start|Salida salta|el doble de salida salta al siguiente
skip_after_breaking|Romper salta|el doble que rompe un hechizo salta al siguiente
start15|Hechizo 15-15|salida 15-15: los demás toman una ficha
start14|Hechizo 14-14|salida 14-14: quien sale juega otra vez
start13|Hechizo 13-13|salida 13-13: toda hilera empieza antes
start3|Hechizo 3-3|salida 3-3: el juego cambia de sentido
marks|Jugar a marcas|una apuesta cumplida gana marcas; 7 ganan
points_entry|Anotar puntos|los puntos de cada lado, no bazas y cuenta
revoke|Renuncio|no asistir pudiendo cuesta 5 puntos
tie_bonus|Empate: bono|empatados: nadie o cada uno toma el bono
ten|Diez fichas|diez fichas cada uno, juegos de tres y cuatro
draw_after_play|Robar al jugar|tras jugar, el jugador roba una ficha
barricade|Barricada|un jugador puede cerrar la mesa y la mano
sprout_first|Ramas antes|cada rama tiene ficha antes de crecer
star|Estrella|la estrella del doble 9 tiene 8 o 9 ramas
double_lead|Sale doble|siempre sale el doble más alto
past_target|Pasar de 100|gana con más de 100 (no: con 100)
elder_leads|Sale el mayor|el mayor (puesto 1) sale en cada mano
keep_two|Dejar dos|las dos últimas fichas no se roban
draw_each_turn|Robar por turno|acabar el turno obliga a robar una ficha
five_tiles|Cinco fichas (3-4)|tres o cuatro jugadores: cinco fichas cada uno
quadruple|Cuádruple a|quien puso la última ficha, o el siguiente
secret|Puntos secretos|los puntos se ocultan hasta la última ronda
players|Jugadores|cuántos se sientan a la mesa
teams|Parejas|dos que juegan juntos
way|Anotar|cada ficha, o libreta: puntos, cuentas
mode|Jugar a|una meta de puntos, o un número de rondas
limit|Puntos|la meta, o las rondas
"""
SAY = """scored|puntos anotados
made|hechos
target|meta
rounds|rondas
simple|simple
super|súper
alternate|alterno
others|los demás
none|nadie
each|cada uno
last|última
next|siguiente
points|puntos
fives|cincos
lead|salida
double-header|doble
triple-header|triple
above|sube
below|baja
bidder|apostador
bid|apuesta
trump|triunfo
tricks|bazas
counts|cuentas
pieces|fichas
winner|ganador
melds|juegos
hands|manos
blanks|blancas
aces|unos
deuces|doses
treys|treses
fours|cuatros
sixes|seises
doubles|dobles
no-trump|sin triunfo
"""
GAMES = """draw|Robo
block|Cierre
mexican|Tren mexicano
texas|Cuatro manos de Texas
doubletakes|Atrapar las dobles
highfives|El Cinquillo
thatsit|¡Ya está!
poker|Póquer
"""

# -- the rules core's refusals (domino.errors.DominoError): "English|said", one a line (a
# backslash ends a source line only), the same %s and %d in the same order: the values
# the core names, put in place
CORE = """%s: the highest double leads in %s|%s: en %s sale el doble más alto
%s: the highest double starts the hand|%s: la mano la abre el doble más alto
%s: the highest double leads in %s (house rule double_lead)|%s: en %s sale el doble más alto \
(regla Sale doble)
%s: the highest double begins in %s|%s: en %s empieza el doble más alto
%s: the highest double always starts %s|%s: %s lo empieza siempre el doble más alto
%s: the first play of a hand is a double|%s: la primera jugada de la mano es un doble
%s: open the station with your highest double|%s: abre la estación con tu doble más alto
%s: hand %d opens with the station %s|%s: la mano %d se abre con la estación %s
nobody passes before the station: whoever holds %s lays it, else draw|nadie pasa antes de la \
estación: quien tenga el %s lo pone, si no roba
%s: the %s is set first in %s|%s: primero se pone el %s en %s
%s is already on the table|%s ya está en la mesa
%s has no tiles left to play|a %s no le quedan fichas
it is %s's turn (seat %d), not %s's|le toca a %s (puesto %d), no a %s
%s has nothing to claim: the ends total %d|%s no tiene nada que anotar: las puntas suman %d
%s cannot take a count from their own side|%s no puede tomar una cuenta de su propio equipo
muggins is off in this match (house rule muggins=false)|en esta partida no hay muggins (regla \
Muggins: no)
no unclaimed count to take|no hay cuenta sin anotar que tomar
nothing to undo|nada que deshacer
nothing to redo|nada que rehacer
the match is over; only undo, redo, fix or note|la partida ha terminado: solo deshacer, rehacer, \
corregir o anotar
%s has no drawing: pass when you cannot play|en %s no se roba: pasa si no puedes jugar
%s: draw %d tile(s) per turn, then play or pass|%s: roba %d ficha(s) por turno, luego juega o pasa
draw first: %d tile(s) can still be drawn before passing|roba primero: aún se pueden robar %d \
ficha(s) antes de pasar
draw %d tile(s) before passing|roba %d ficha(s) antes de pasar
%d players for %s: allowed are %d to %d|%d jugadores para %s: se admiten de %d a %d
in %s every tile can be laid: play one, there is no passing|en %s toda ficha se puede poner: \
juega una, no se pasa
%s cannot draw %d: %d tile(s) may be drawn%s|%s no puede robar %d: se pueden robar %d ficha(s)%s
 (%d stay in reserve)| (%d quedan en reserva)
%d tile|%d ficha
%d tiles|%d fichas
%d to %d tiles|de %d a %d fichas
blocked: %d tile(s) can still be drawn, and %s blocks only when nobody can draw; draw them, or \
say who went out|cerrado: aún se pueden robar %d ficha(s), y %s solo se cierra cuando nadie puede \
robar; róbalas o di quién dominó
left: seat %d (%s) holds %s|puesto %d (%s) tiene %s
%s, not %d|%s, no %d
%s, so at least %d pips, not %d|%s, así que al menos %d puntos, no %d
%s, so at most %d pips, not %d|%s, así que como mucho %d puntos, no %d
left: the seats hold at least %d tiles in all, so at least %d pips together, not %d|los puestos \
tienen al menos %d fichas en total, así que al menos %d puntos juntos, no %d
%s holds %s, but it is on the table|%s tiene el %s, pero está en la mesa
%s is listed twice|el %s está dos veces
%s: %d pips is more than the %d pips of all tiles off the table|%s: %d puntos son más que los %d \
puntos de todas las fichas fuera de la mesa
%s went out, so holds no tiles, not %d|%s dominó, así que no tiene fichas, no %d
%s went out, so holds 0 pips, not %d|%s dominó, así que tiene 0 puntos, no %d
%s holds no tiles, so 0 pips, not %d|%s no tiene fichas, así que 0 puntos, no %d
%s: %d tile(s) left, but the record says %d|%s: quedan %d ficha(s), pero el registro dice %d
%s and %s both hold 0-0; there is one|%s y %s tienen los dos el 0-0; solo hay uno
the hands hold %d pips in all, but only %d pips are off the table|las manos tienen %d puntos en \
total, pero fuera de la mesa solo hay %d
%s holds 0-0, but it is on the table|%s tiene el 0-0, pero está en la mesa
hand %d ended at the target without a tally; nothing to fix|la mano %d acabó en la meta sin \
recuento: nada que corregir
this correction ends the match at hand %d; undo back to it instead|esta corrección acaba la \
partida en la mano %d; deshaz hasta ella
this correction ends the match at hand %d, before the hand in progress; undo back to it \
instead|esta corrección acaba la partida en la mano %d, antes de la mano en juego; deshaz hasta \
ella
"""
