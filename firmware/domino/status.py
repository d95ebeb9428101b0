"""What a game tells the table about a hand in progress beyond its layout and scores."""


class Status:
    """What the table must be told about a hand in progress beyond its layout and scores
    (``Game.status``): every field a game may tell, None (or False) where it tells nothing.
    ``told`` names the fields the game gave, the ones ``replay`` prints (``as_dict``); a name
    not declared here is refused, so the device and the host read only what games give."""

    turn: "int | None" = None  # the seat in turn (Mexican Train, Super Dominós)
    # Super Dominós: the way play goes round (1, or -1 after a 14), the leg a spell is on
    # and the leg it binds the player in turn to, a second play owed, the tiles each seat
    # owes the boneyard, new legs sprouting before the old grow.
    dir: "int | None" = None
    spell: "int | None" = None
    bound: "int | None" = None
    again = False
    owes: "list | None" = None
    legs_first = False
    # Mexican Train: the station's double, each train [open pip, owner (None: the Mexican),
    # marker, length], the trains open to the player in turn, the train of the double to
    # satisfy first and all those owed, the starting series being laid.
    station: "str | None" = None
    trains: "list | None" = None
    open: "list | None" = None
    double: "int | None" = None
    owed: "list | None" = None
    series = False
    stack: "list | None" = None  # French: "above" or "below", where each end's next tile goes
    total: "int | None" = None  # Italian: the running total, and the next one that scores
    next: "int | None" = None
    owes_draw: "int | None" = None  # Block 003: the seat that owes its end-of-turn tile

    def __init__(self, **told):
        for k in told:
            getattr(Status, k)  # AttributeError: no such field
            setattr(self, k, told[k])
        self.told = tuple(told)

    def as_dict(self):
        """The fields told, by name: what ``replay`` prints under ``status``."""
        return {k: getattr(self, k) for k in self.told}
