"""Every house rule in plain words for the new-match form: a short label with its value on
the row, and a sentence for the rule under the cursor on the form's last two rows. Loaded
with the form only (scoreboard.screens.menus imports it inside SetupForm)."""

# key: (label, sentence); a label leaves room on its row for the value
RULES = {
    "top": ("Domino set", "the set the game is played with"),
    "muggins": ("Muggins calls", "an opponent may take a count not claimed"),
    "lone_spinner": ("Lone 5-5 counts", "the 5-5 alone on the table counts 10 or 20"),
    "spinner_counts": ("Spinner end counts", "the spinner counts once both sides are played"),
    "sides_first": ("Sides before ends", "the spinner's ends open only after both its sides"),
    "round": ("Round to five", "losing hands round to the nearest five"),
    "spinner": ("Spinner", "the first double can be played on all four sides"),
    "pips_without_doubles": ("Block: no doubles", "a blocked hand compares pips less doubles"),
    "fixed_leader": ("Seat 1 leads", "the first seat leads every hand"),
    "double_blank": ("0-0 left counts", "a 0-0 left in hand counts 0, 25 or 50"),
    "draw_to_start": ("Draw for a train", "no train yet: draw on until one can start"),
    "scoring": ("Scoring", "simple: a point a tile; super: the pips"),
    "fifteen": ("15 left: draws", "who draws when a fifteen is left"),
    "caster_exempt": ("Caster exempt", "a spell does not bind the one who cast it"),
    "skip_after_start": ("Start skips next", "the starting double skips the next player"),
    "skip_after_breaking": ("Break skips next", "a double that breaks a spell skips the next"),
    "start15": ("Start 15-15 spell", "start 15-15: everyone else takes a tile"),
    "start14": ("Start 14-14 spell", "start 14-14: the starter plays again"),
    "start13": ("Start 13-13 spell", "start 13-13: all legs start before any goes on"),
    "start3": ("Start 3-3 spell", "start 3-3: play goes the other way"),
    "marks": ("Play for marks", "a made bid wins marks; 7 marks is the game"),
    "points_entry": ("Enter points", "enter each side's points, not tricks and count"),
    "revoke": ("Revoke penalty", "not following suit when able costs 5 points"),
    "tie_bonus": ("Tie: bonus to", "tied players: none takes the bonus, or each does"),
    "ten": ("Deal ten", "ten tiles each, melds of three and four"),
    "draw_after_play": ("Draw after play", "after playing, a player draws a tile"),
    "barricade": ("Barricade", "a player may block the table and end the hand"),
    "sprout_first": ("Sprout first", "every branch holds a tile before any grows"),
    "star": ("Star branches", "the double-nine star has 8 or 9 branches"),
    "double_lead": ("Double leads", "the highest double always starts"),
    "past_target": ("Win past 100", "win with more than 100 (no: with 100)"),
    "elder_leads": ("Elder leads", "the elder (seat 1) leads every hand"),
    "keep_two": ("Keep two back", "the last two tiles are never drawn"),
    "draw_each_turn": ("Draw each turn", "ending a turn owes a tile from the boneyard"),
    "five_tiles": ("Five tiles (3-4)", "three or four players: five tiles each (003)"),
    "quadruple": ("Quadruple whom", "who laid the last tile, or the player after"),
    "secret": ("Secret standings", "standings stay hidden until the last round"),
    # the form's own rows
    "players": ("Players", "how many sit at the table"),
    "teams": ("Partners", "sides of two playing together"),
    "way": ("Keep hands", "every tile, or a score pad: points, tallies"),
    "mode": ("Play to", "a target score, or a number of rounds"),
    "limit": ("Points", "the target, or the rounds"),
}


def words(key, value):
    """A value as the form shows it."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None:
        return "usual"
    if key == "top":
        return "double-%d" % value
    if key == "way":
        return "tile by tile" if value == "tracked" else "score pad"
    if key == "lone_spinner":
        return "%d" % (10 * value)  # 5-5 alone: 10 or 20
    return str(value)
