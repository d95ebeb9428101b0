"""Screens before and around a match: start, new match (game, house rules, players, names,
target or rounds, a game's team draw), settings. The stored matches are
scoreboard.screens.matches."""

from domino import DominoError, registry
from scoreboard import words
from scoreboard.numbers import NumberEntry, number_key
from scoreboard.ui import COLS, Menu, Screen, fit, row, spread, title, wrap

LAYOUTS = 3  # how many button layouts (App._key; their names: words.LAYOUTS): a setting
SLEEP_CHOICES = (0, 30, 60, 120, 300, 600)  # seconds; 0 = never


def show(value):
    if value is True:
        return words.YES
    if value is False:
        return words.NO
    if value is None:
        return words.STD
    return str(value)


class StartMenu(Menu):
    """Resume (or see the winner of) the last match, start one like it (*Again*: same game,
    players, teams, house rules, target and way; from the winner OK, DOWN, OK), a new match,
    the stored matches, the settings."""

    def __init__(self, app):
        self.actions = []
        items = []
        m = app.match
        self.again = None
        if app.match_id is not None:  # on the table, or parked on flash (App.park)
            self.actions.append("resume")
            items.append(
                (words.WINNER_OF if m is not None and m.over else words.RESUME) + app.match_id
            )
            self.again = last_setup(app)
        if self.again is not None:
            self.actions.append("again")
            game = "?"
            for key, title in registry.titles():
                if key == self.again.get("game"):
                    game = words.game(key, title)
            again = words.LIKE_LAST + game  # the game's name when it fits, never cut
            items.append(again if len(again) <= COLS else words.LIKE_LAST_ALONE)
        for a, label in (
            ("new", words.NEW_MATCH),
            ("list", words.MATCHES),
            ("settings", words.SETTINGS),
            ("language", words.LANGUAGE),
        ):
            self.actions.append(a)
            items.append(label)
        Menu.__init__(self, words.TITLE, items)

    def choose(self, app, index):
        a = self.actions[index]
        if a == "resume":
            app.home()
        elif a == "again":
            app.park()  # the last match stays on flash
            try:
                app.new_match(self.again)
            except DominoError as e:  # a setup this core no longer takes: say why
                app.flash(words.error(e), True)
        elif a == "new":
            app.push(GameMenu(app))
        elif a == "list":
            app.open("Matches")
        elif a == "settings":
            app.push(Settings(app))
        else:
            app.push(Language(app))


def last_setup(app):
    """The setup of the match on the table or parked on flash (its line 0), without when it
    started: the setup of a match like it. None when it cannot be read."""
    m = app.match
    setup = m.setup if m is not None else None
    if setup is None:
        from domino.events import loads

        lines = app.store.read(app.match_id)
        try:
            for line in lines:
                setup = loads(line)
                break
        except Exception:
            setup = None
        lines.close()
    if not isinstance(setup, dict):
        return None
    return {k: setup[k] for k in setup if k not in ("date", "boot", "up")}


def game_titles():
    """Every game the core knows, in the registry's order: (key, title). Read from the
    registry's table: importing each game's rules for its title would intern all their names
    in the heap for good."""
    return [(key, words.game(key, title)) for key, title in registry.titles()]


class GameMenu(Menu):
    """The presets the host pushed (`dominoboard names --presets`), by their names, then every
    game the core knows, in the registry's order. While a new match is set up, the match on the
    table waits on flash (App.park): its state leaves the heap."""

    def __init__(self, app, from_match=False, cursor=0):
        app.park()
        self.from_match = from_match  # opened from a match's menu: BACK returns there
        self.presets = stored_presets(app)
        titles = game_titles()
        self.keys = [k for k, _t in titles]
        items = [p["name"] for p in self.presets] + [t for _k, t in titles]
        Menu.__init__(self, words.GAME, items, cursor)

    def choose(self, app, index):
        if index < len(self.presets):  # a preset: its game and rules, on to the names
            p = self.presets[index]
            setup = {"v": 1, "game": p["game"], "players": [], "opts": p.get("opts", {})}
            if registry.game_class(p["game"]).entry is None:  # a tile game: how it is kept
                setup["way"] = p.get("way") or registry.game_class(p["game"]).way
            for key in ("target", "rounds"):  # else the game's own (Match's defaults)
                if key in p:
                    setup[key] = p[key]
            app.replace(Names(app, setup, p.get("players", 2)))
            return
        # the form takes this menu's place (the heap holds one of them); BACK rebuilds it
        cls = registry.game_class(self.keys[index - len(self.presets)])
        app.replace(SetupForm(app, cls, (self.from_match, index)))

    def key(self, app, key, repeat):
        if key == "back" and self.from_match:
            app.home()  # folds the parked match back from flash
            if app.match is not None:
                app.open("MatchMenu")
            return
        Menu.key(self, app, key, repeat)


def stored_presets(app):
    """The presets as the link stored them (its own settings record, scoreboard.link.Link):
    read from flash, so the link's code need not be loaded. The link checked each one."""
    import os

    from scoreboard.store import MatchStore

    root = app.store.root + "/link"
    try:
        os.stat(root)  # nothing pushed yet: no folder, and none is made here
        return MatchStore(root).load_settings({"presets": []})["presets"]
    except Exception:  # none, or unreadable: no presets; the games are still there
        return []


class Field:
    """One form row: a choice among values (OK steps through) or a number (UP/DOWN edit)."""

    __slots__ = ("label", "values", "index", "number", "key")

    def __init__(self, key, label, values=None, index=0, number=None):
        self.key = key
        self.label = label
        self.values = values
        self.index = index
        self.number = number

    def value(self):
        if self.number is not None:
            return self.number.value
        return self.values[self.index] if self.values else None

    def text(self):
        return "%s: %s" % (self.label, show(self.value()))

    def row_text(self, editing=False):
        """Label at the left, the value (always whole) at the right."""
        if self.key[:2] == "o:" or self.key in ("players", "teams", "way", "mode", "limit"):
            from scoreboard.rule_words import words_of

            value = words_of(self.key[2:] if self.key[:2] == "o:" else self.key, self.value())
        else:
            value = show(self.value())
        return spread(self.label, ("<%s>" if editing else "%s") % value)


class Form(Screen):
    """Rows of fields and a final action row. UP/DOWN move between rows; OK on a choice steps
    its value; OK on a number starts editing it (UP/DOWN change, OK ends). The cursor starts
    on the action row, so the defaults cost one press."""

    action = "NEXT"  # the action row's word (a name in scoreboard.words)

    def __init__(self, heading, fields):
        self.heading = heading
        self.fields = fields
        self.cursor = len(fields)
        self.editing = False
        self.top = 0

    visible = 7  # rows 1..7

    def draw(self, app, fb):
        title(fb, self.heading)
        rows = len(self.fields) + 1
        n = self.visible
        if self.cursor < self.top:
            self.top = self.cursor
        elif self.cursor >= self.top + n:
            self.top = self.cursor - n + 1
        for i in range(self.top, min(rows, self.top + n)):
            if i == len(self.fields):
                text = "> " + getattr(words, self.action)
            else:
                text = self.fields[i].row_text(self.editing and i == self.cursor)
            row(fb, 1 + i - self.top, text, i == self.cursor)

    def key(self, app, key, repeat):
        n = len(self.fields) + 1
        if not self.editing and len(key) == 1 and self.cursor < len(self.fields):
            self.editing = self.fields[self.cursor].number is not None  # a digit types at once
        if self.editing:
            f = self.fields[self.cursor]
            if number_key(app, f.number, key, repeat):
                self.changed(app, f)
            elif key in ("ok", "back"):
                self.editing = False
            return
        if key == "down":
            self.cursor = (self.cursor + 1) % n
        elif key == "up":
            self.cursor = (self.cursor - 1) % n
        elif key == "back":
            app.pop()
        elif key == "ok":
            if self.cursor == len(self.fields):
                self.done(app)
                return
            f = self.fields[self.cursor]
            if f.number is not None:
                self.editing = True
            else:
                f.index = (f.index + 1) % len(f.values)
                self.changed(app, f)

    def changed(self, app, field):
        pass

    def done(self, app):
        pass

    def field(self, key) -> Field:
        for f in self.fields:
            if f.key == key:
                return f
        raise KeyError("no field %r in %s" % (key, self.heading))

    def entry(self, key) -> NumberEntry:
        """The number of a number field."""
        number = self.field(key).number
        if number is None:
            raise KeyError("field %r is a choice, not a number" % key)
        return number


class SetupForm(Form):
    """House rules (booklet defaults preselected), players, partnerships, target or rounds."""

    visible = 5  # rows 6 and 7 say what the rule under the cursor does

    def __init__(self, app, cls, menu=(False, 0)):
        from scoreboard.rule_words import label

        self.cls = cls
        self.menu = menu  # how to rebuild the game list BACK returns to
        fields = []
        for key, default, allowed in cls.options:
            values = list(allowed)
            if default not in values:
                values.insert(0, default)
            fields.append(Field("o:" + key, label(key), values, values.index(default)))
        lo, hi = cls.players
        fields.append(Field("players", label("players"), None, 0, NumberEntry(lo, lo, hi)))
        # a partnership game (Texas) always plays partners: the row says so and cannot change
        teams = [True] if cls.partners else [False, True]
        fields.append(Field("teams", label("teams"), teams, 0))
        if cls.entry is None:  # a tile game: every tile, or a score pad (Game.way)
            way = 1 if cls.way == "pad" else 0
            fields.append(Field("way", label("way"), ["tracked", "pad"], way))
        fields.append(Field("mode", label("mode"), ["target", "rounds"], 0))
        fields.append(Field("limit", label("limit"), None, 0, NumberEntry(100, 1, 10000)))
        Form.__init__(self, words.game(cls.key, cls.title), fields)
        self.game = None
        self.changed(app, self.field("players"))

    def opts(self):
        out = {}
        for f in self.fields:
            if f.key[:2] == "o:" and f.value() is not None:
                out[f.key[2:]] = f.value()
        return out

    def changed(self, app, field):
        """Recompute the game's defaults (target, rounds) when a rule or the players change."""
        if field.key == "limit":
            return
        n = self.field("players").value()
        try:
            self.game = registry.create(self.cls.key, self.opts(), n)
        except DominoError as e:
            app.flash(words.error(e), True)
            return
        mode = self.field("mode")
        limit = self.field("limit")
        target = self.game.default_target()
        if field.key != "mode":
            mode.index = 0 if target is not None else 1
        if mode.value() == "target":
            limit.label = words.POINTS
            self.entry("limit").value = target or 100
        else:
            limit.label = words.ROUNDS
            self.entry("limit").value = self.game.rounds or 10

    def draw(self, app, fb):
        Form.draw(self, app, fb)
        if self.cursor < len(self.fields):
            from scoreboard.rule_words import sentence

            key = self.fields[self.cursor].key
            text = sentence(key[2:] if key[:2] == "o:" else key)
        else:
            text = words.ON_TO_NAMES
        for i, line in enumerate(wrap(text, COLS, 2)):
            row(fb, 6 + i, line)

    def key(self, app, key, repeat):
        if key == "back" and not self.editing:
            app.replace(GameMenu(app, self.menu[0], self.menu[1]))  # back to the game list
            return
        Form.key(self, app, key, repeat)

    def done(self, app):
        n = self.entry("players").value
        teams = None
        if self.field("teams").value():
            if n % 2 or n < 4:
                app.flash(words.EVEN_PARTNERS, True)
                return
            half = n // 2
            teams = [[p, p + half] for p in range(half)]  # partners sit opposite
        setup = {"v": 1, "game": self.cls.key, "players": [], "opts": self.opts()}
        if self.cls.entry is None:
            setup["way"] = self.field("way").value()
        if teams:
            setup["teams"] = teams
        limit = self.field("limit").value()
        if self.field("mode").value() == "target":
            setup["target"] = limit
            setup["rounds"] = None
        else:
            setup["target"] = None
            setup["rounds"] = limit
        app.push(Names(app, setup, n))


class Names(Form):
    """A name for each seat from the presets; OK on a seat steps to the next free preset."""

    action = "START_MATCH"

    def __init__(self, app, setup, n):
        self.setup = setup
        presets = app.settings["names"]
        fields = []
        for p in range(n):
            fields.append(Field("p%d" % p, "%d" % (p + 1), presets, p % len(presets)))
        Form.__init__(self, words.PLAYERS, fields)

    def done(self, app):
        names = [f.value() for f in self.fields]
        for i, a in enumerate(names):
            if a in names[:i]:
                app.flash(words.TWO_SEATS % a, True)
                return
        setup = dict(self.setup)
        setup["players"] = names
        if registry.game_class(setup["game"]).team_draw and not setup.get("teams"):
            app.push(TeamDraw(app, setup))  # the partnerships from the game's draw
            return
        try:
            app.new_match(setup)
        except (DominoError, OSError, ValueError) as e:
            app.flash(words.error(e), True)


class Settings(Form):
    """Contrast, screen sleep, button layout, the inputs fitted beside the five buttons (the
    knob, the keypad: one firmware for every board, App.fit_inputs). Applied at once, saved on
    leaving."""

    action = "SAVE"

    def __init__(self, app):
        s = app.settings
        sleep = SLEEP_CHOICES.index(s["sleep"]) if s["sleep"] in SLEEP_CHOICES else 0
        fields = [
            Field("contrast", words.CONTRAST, None, 0, NumberEntry(s["contrast"], 0, 255)),
            Field("sleep", words.SLEEP, list(SLEEP_CHOICES), sleep),
            Field("layout", words.LAYOUT, list(words.LAYOUTS), s["layout"] % LAYOUTS),
            Field("inputs", words.INPUTS, list(words.INPUT_CHOICES), s["inputs"] & 3),
        ]
        Form.__init__(self, words.SETTINGS, fields)

    def changed(self, app, field):
        if field.key == "contrast":
            app.display.contrast(field.value())

    def done(self, app):
        s = app.settings
        s["contrast"] = self.field("contrast").value()
        s["sleep"] = self.field("sleep").value()
        s["layout"] = self.field("layout").index
        s["inputs"] = self.field("inputs").index
        app.save_settings()
        app.fit_inputs()
        app.pop()
        app.flash(words.SAVED)

    def key(self, app, key, repeat):
        if key == "back" and not self.editing:
            app.display.contrast(app.settings["contrast"])  # leave without saving
        Form.key(self, app, key, repeat)


class TeamDraw(Menu):
    """Who partners whom, as the game's 4-tile draw decided (``Game.team_draw``: Team Block,
    the two highest totals against the two lowest), chosen before the match starts."""

    PAIRS = ([[0, 2], [1, 3]], [[0, 1], [2, 3]], [[0, 3], [1, 2]])

    def __init__(self, app, setup):
        self.setup = setup
        names = setup["players"]
        items = []
        for a, b in self.PAIRS:
            pair = (names[a[0]], names[a[1]], names[b[0]], names[b[1]])
            items.append(fit("%s+%s v %s+%s" % tuple(n[:5] for n in pair), COLS))
        Menu.__init__(self, words.TEAMS_DRAW, items)

    def choose(self, app, index):
        setup = dict(self.setup)
        setup["teams"] = [list(t) for t in self.PAIRS[index]]
        try:
            app.new_match(setup)
        except Exception as e:
            app.flash(words.error(e), True)


class Language(Menu):
    """The language the box speaks (scoreboard.words): chosen at once and kept on flash (the
    setting ``language``)."""

    def __init__(self, app):
        Menu.__init__(self, words.LANGUAGE, list(words.NAMES), words.CODES.index(words.code))

    def choose(self, app, index):
        app.settings["language"] = words.CODES[index]
        words.choose(words.CODES[index])
        app.save_settings()
        app.pop()
        app.replace(StartMenu(app))  # the start menu again, in the new words
