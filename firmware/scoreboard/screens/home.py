"""Which screen a match calls for, from its state and the game's declarations only.

Each screen's module is imported here when it is the one shown (App.home drops the ones the
screen on show does not need, scoreboard.lifetimes). docs/ui.md shows each screen and the
presses it takes. Screens read the match and send events through ``app.record``; they never
touch flash or the display hardware themselves.
"""


def home_screen(app):
    """The screen the match's state calls for: the start menu, the winner, the game's outcome
    entry, the score pad, the hand's end, or the table."""
    m = app.match
    if m is None:
        from scoreboard.screens.menus import StartMenu

        return StartMenu(app)
    if m.over:
        from scoreboard.screens.result import Winner

        return Winner()
    if m.game.entry is not None:  # scored from each hand's outcome (Texas, Poker, ...)
        from scoreboard.screens.entry import Entry

        return Entry(app)
    if m.hand.is_over():
        if not m.game.scores_hand_end:  # nothing held scores (Italian): one OK goes on
            from scoreboard.screens.tally import HandOver

            return HandOver()
        from scoreboard.screens.tally import Tally

        return Tally(app)
    if m.way == "pad":  # a score pad: the table's code is not needed
        from scoreboard.screens.pad import Pad

        return Pad(app)
    from scoreboard.screens.table import Table

    return Table()
