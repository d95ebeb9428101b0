"""English: the app's words (scoreboard.words). Every language module names the same
constants; a "%s" or "%d" keeps its place and order (the value the message names)."""

# -- the start menu, the settings, the game list ------------------------------------------------
TITLE = "Domino scoreboard"
RESUME = "Resume: "
WINNER_OF = "Winner: "
NEW_MATCH = "New match"
LIKE_LAST = "Again: "
LIKE_LAST_ALONE = "The same again"
MATCHES = "Matches"
SETTINGS = "Settings"
LANGUAGE = "Language"
GAME = "Game"
NEXT = "Next"
SAVE = "Save"
CONTRAST = "Contrast"
SLEEP = "Screen sleep (s)"
LAYOUT = "Button layout"
LAYOUTS = ("5 keys", "UP/DOWN swap", "4 keys")
INPUTS = "Inputs"
INPUT_CHOICES = ("buttons", "+ knob", "+ keypad", "+ knob + keypad")
SAVED = "settings saved"
PLAYERS = "Players"
START_MATCH = "Start match"
TWO_SEATS = "%s is at two seats; pick another name"
ON_TO_NAMES = "OK: on to the names"
EVEN_PARTNERS = "partners: an even number of players, 4 or more"
TEAMS_DRAW = "Teams (draw)"
POINTS = "Points"
ROUNDS = "Rounds"
YES = "yes"
NO = "no"
USUAL = "usual"
STD = "std"
SET = "double-%d"
TRACKED = "tile by tile"
PAD = "score pad"

# -- the table and the score pad ----------------------------------------------------------------
TABLE_EMPTY = "table empty"
ON_OPEN = "%s on %s open %d"
DRAWS = "%s draws %d"
BARRICADE = "Barricade: %s"
LEAD_TILE = "Lead a tile"
CLAIMS = "%s claims %d"
MUGGINS = "Muggins! %s"
DRAW_LEFT = "Draw  (%d left)"
PASS = "Pass"
ENTER_POINTS = "Enter points"
END_HAND = "End the hand"
BLOCKED_WON = "Blocked, %s won"
RESULT_OF = "Hand %d result"
RESULT_WHO = "Who: "
RESULT_HOW = "How: "
RESULT_BLOCKED = "blocked, lowest"
RESULT_OUT = "went out"
RESULT_SCORES = "Scores: %d"
RESULT_KEYS = "OK next, BACK out"
ON_PAD = " %d on pad"
KEEP_PAD = "Keep a score pad"
MENU = "Menu"
UNCLAIMED = "%s %d unclaimed"
HIDDEN = "Standings hidden"
UNTIL_ROUND = "until round %d"
ROUND_OF = "Round %d of %d"
SCORED_MUGGINS = "%s +%d muggins"
SCORED_CLAIMED = "%s +%d claimed"
DREW = "%s drew %d"
NOBODY_TO_PLAY = "nobody is to play: lead first"
PASSED = "%s passed"
BLOCKED_ENTER = "Blocked: enter the hands"
PLUS_TILE = " +tile"
HAND = "H%d"  # the hand's number, short
SCORES = "%s scores"
TRACK = "Track the tiles"
SCORE_PAD = "Score pad"
PAD_KEYS = "UP/DN points, OK adds"
UNCLAIM = " UNDO:unclaim"
ENTER_HANDS = " Enter the hands"
IS_OUT_ASK = "%s is out!%s"
OTHERS_DREW = ", %s drew"
NO_PLAY = "no play of %s now"
TILE_HALF = "tile %s-"
WHICH_END = "%d-%d: which end?"
END_KEYS = "ends: keys 1-%d"
WHO_LEADS = "Who leads?"
LEAD = "lead"
LEAD_BY = "lead: %s"
SKIPS = ", %s skips"
SPELL_ON = "spell on %d"
AGAIN = "again"
NEW_LEGS = "new legs"
CCW = "ccw"
OPEN = " open %d"
NEW = "new"  # an end not yet on the table
PLAY_END = "Play %s %d  (%d)"
ON = "%d-%d on %s%s"
NEW_BRANCH = "New branch (%d)"
BRANCH = "Branch %d: %d (%d)"
NEW_BRANCHES = " +%dnew"
TOTAL_NEXT = "Total %d%s"
NEXT_TOTAL = " next %d"
LAY = "Lay a tile (%d)"
LAY_ON = "Lay %s%s"
SATISFY = "satisfy %d-%d %s"
UP = "up"
DOWN = "dn"
ALLOWED = "%d: allowed %d to %d%s"
IN_FIVES = " in fives"
IN_STEPS = " in steps of %d"

# -- the hand's end and the result --------------------------------------------------------------
HAND_PIPS = "Hand %d: pips"
HAND_TILES = "Hand %d: tiles"
HAND_OVER = "Hand %d over"
FIX_HAND = "Fix hand %d"
BARRICADED = "%s barricaded"
OUT = "%s out"
BLOCKED_LAST = "blocked, last tile %s"
BLOCKED = "blocked"
SCORE_HAND = "Score the hand"
TALLY_KEYS = "UP/DN pips OK next"
OK_SCORE = "OK: score the hand"
ASK_TILES = "  tiles"
ASK_DOUBLE = "  double?"
ASK_NO_DOUBLES = "  w/o dbls"
ASK_DOUBLE_BLANK = "  0-0?"
IS_OUT = "%s is out"
TOTAL = "Total %d"
OK_NEXT = "OK: next hand"
OK_WINNER = "OK: the winner"
FIXED_HAND = "Fixed hand %d"
HAND_SCORED = "Hand %d scored"
ANNOUNCED = "Standings announced"
TIE = "Tie"
WINNER = "Winner!"
AND = " & "
WINNER_KEYS = "OK menu  DOWN history"
HAND_NO = "Hand %d"
N_OF = "%d of %d"
OK_PICK = "OK pick"
UP_DN_TENS = "UP/DN, hold: tens"
DONE_N = "Done (%d)"
OK_TICK = "OK tick"
OK_ADD = "OK add, hold:done"
OK_SCORE_HAND = "OK: score hand"
NO_TILES = "no tiles yet"
AT_MOST = "%s: at most %d tiles"
AT_LEAST = "%s: at least %d tiles"
NOT_FIELDS = "%s is not one of this field's tiles"
NAMED = "%s is named already"

# -- the match menu and its screens -------------------------------------------------------------
BACK_TO_TABLE = "Back to table"
HISTORY = "History"
REDO = "Redo"
WHO = "Who: "
POINTS_N = "Points: %+d"
POINTS_KEYS = "OK next, BACK out"
WENT_OUT = "%s went out"
BLOCKED_END = "Blocked"
WHO_LAST = "Who laid the last tile?"
NO_HANDS = "no hands yet"
HAND_HIDDEN = "H%d hidden"
NOTHING_TO_FIX = "hand %d ended at the target: nothing to fix"
HAND_IS_OVER = "the hand is over"
UNDONE = "Undone: %s"
REDONE = "Redone: %s"
HAND_END = "hand end"
FIX_OF = "fix of hand %d"
EVENTS = {"draw": "draw", "pass": "pass", "claim": "claim", "mug": "mug"}

# -- Matches ------------------------------------------------------------------------------------
NONE_STORED = "none stored"
EVENTS_LAST = "%d ev, last"
EVENTS_N = "%d events"
NO_SETUP = " (no setup)"
MATCH = "Match "
OPEN_IT = "Open"
ABANDON = "Abandon"
DELETE = "Delete"
KEPT_TILL_SYNC = "kept till synced"
GONE = "gone from the box"
ON_TABLE_NOW = "on the table now"
CANNOT_OPEN = "cannot open %s: %s"
ASK_ONCE = "%s %s?"
ASK_TWICE = "Really %s %s?"
NO_KEEP = "No"
YES_DO = "Yes, %s it"
ABANDON_VERB = "abandon"
DELETE_VERB = "delete"
DELETED = "%s deleted"
ABANDONED = "%s abandoned"
NOT_DELETED = "%s not deleted: %s"
NOT_ABANDONED = "%s not abandoned: %s"
FLASH_FULL = "Flash nearly full - sync frees finished matches; Matches > Delete frees any"
USB = "USB: the computer has the board. Power off and on to play"
NOT_SAVED_SETTINGS = "settings not saved: %s"
NO_MATCH = "no match on the table; start or open one"
NOT_SAVED = "not saved (%s); nothing changed"
COMPACTION_FAILED = "compaction failed: %s"
ERROR = "error: %s %s"
NO_RESUME = "could not resume %s: %s"
SKIPPED = "event %d skipped: %s"

# -- the house rules on the new-match form: "key|label|sentence", one a line (rule_words) -------
RULES = """top|Domino set|the set the game is played with
muggins|Muggins calls|an opponent may take a count not claimed
lone_spinner|Lone 5-5 counts|the 5-5 alone on the table counts 10 or 20
spinner_counts|Spinner end counts|the spinner counts once both sides are played
sides_first|Sides before ends|the spinner's ends open only after both its sides
round|Round to five|losing hands round to the nearest five
spinner|Spinner|the first double can be played on all four sides
pips_without_doubles|Block: no doubles|a blocked hand compares pips less doubles
fixed_leader|Seat 1 leads|the first seat leads every hand
double_blank|0-0 left counts|a 0-0 left in hand counts 0, 25 or 50
draw_to_start|Draw for a train|no train yet: draw on until one can start
scoring|Scoring|simple: a point a tile; super: the pips
fifteen|15 left: draws|who draws when a fifteen is left
caster_exempt|Caster exempt|a spell does not bind the one who cast it
skip_after_start|Start skips next|the starting double skips the next player
skip_after_breaking|Break skips next|a double that breaks a spell skips the next
start15|Start 15-15 spell|start 15-15: everyone else takes a tile
start14|Start 14-14 spell|start 14-14: the starter plays again
start13|Start 13-13 spell|start 13-13: all legs start before any goes on
start3|Start 3-3 spell|start 3-3: play goes the other way
marks|Play for marks|a made bid wins marks; 7 marks is the game
points_entry|Enter points|enter each side's points, not tricks and count
revoke|Revoke penalty|not following suit when able costs 5 points
tie_bonus|Tie: bonus to|tied players: none takes the bonus, or each does
ten|Deal ten|ten tiles each, melds of three and four
draw_after_play|Draw after play|after playing, a player draws a tile
barricade|Barricade|a player may block the table and end the hand
sprout_first|Sprout first|every branch holds a tile before any grows
star|Star branches|the double-nine star has 8 or 9 branches
double_lead|Double leads|the highest double always starts
past_target|Win past 100|win with more than 100 (no: with 100)
elder_leads|Elder leads|the elder (seat 1) leads every hand
keep_two|Keep two back|the last two tiles are never drawn
draw_each_turn|Draw each turn|ending a turn owes a tile from the boneyard
five_tiles|Five tiles (3-4)|three or four players: five tiles each (003)
quadruple|Quadruple whom|who laid the last tile, or the player after
secret|Secret standings|standings stay hidden until the last round
players|Players|how many sit at the table
teams|Partners|sides of two playing together
way|Keep hands|every tile, or a score pad: points, tallies
mode|Play to|a target score, or a number of rounds
limit|Points|the target, or the rounds
"""
# the words the core gives (house rules' values, what a play announced): "word|said", one a
# line; a word not listed is shown as the core says it
SAY = "scored|points scored"  # a way to enter a hand (Game.entries)

# -- game names: "key|title", one a line, where the language names a game otherwise than the
# registry (domino.registry's titles are the English ones)
GAMES = ""

# -- the rules core's refusals (domino.errors.DominoError): its English text is the key the
# other languages say it by ("English|said" lines), so English needs none
CORE = ""
