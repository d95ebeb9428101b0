"""The one pin map of the scoreboard (Raspberry Pi Pico, Pico W, Pico 2).

Plain constants so that board bindings, tests and hardware/pinmap.md all read
the same numbers. GPn is the RP2040/RP2350 GPIO number, not the header pin.

Why these pins:
- OLED on I2C0 at GP4/GP5 (header pins 6/7): the default the issue names and
  what most Pico OLED tutorials use; GND is header pin 8, right beside them.
- Buttons on GP10..GP14 (header pins 14-17 and 19): one run along the same
  edge, with GND on pins 13 and 18 in the middle of the run, so a breadboard
  ground rail reaches every switch with short jumpers. The order along the
  header is the order of the buttons on the front panel (UP above DOWN, then
  OK, BACK, UNDO), so the wiring never crosses.
- Kept free on purpose: GP0/GP1 (UART0, a debug console), GP26-GP28 (the ADC
  pins, e.g. battery voltage sensing) and GP23-GP25/GP29, which the Pico
  board uses internally (SMPS mode, VBUS sense, LED, VSYS/3; on the Pico W
  they talk to the wireless chip).
- Buzzer on GP15 (header pin 20, the end of the same run), PWM slice 7
  channel B, no other PWM user shares the slice.
- Optional rotary encoder (EC11 / KY-040) on GP16-GP18 (header pins 21, 22,
  24) with GND on pin 23 between them: the next run on the same edge, so the
  knob's three wires and ground sit together. It replaces UP/DOWN/OK (turn,
  push) and may be fitted beside the five buttons (chosen in the Settings, or
  ENCODER_FITTED below).
- Optional membrane keypad (3x4 or 4x4 matrix, 8 wires) on what is left in two
  runs: rows on GP6-GP9 (header pins 9-12, between the OLED's and the buttons'
  grounds on pins 8 and 13) and columns on GP19-GP22 (header pins 25-27 and
  29, ground on 28). The ADC pins and the UART stay free (chosen in the Settings, or
  KEYPAD_FITTED below).
"""

# SSD1306 128x64 OLED on I2C bus 0.
OLED_I2C_ID = 0
OLED_SDA = 4
OLED_SCL = 5
OLED_FREQ = 400_000
OLED_ADDR = 0x3C
OLED_WIDTH = 128
OLED_HEIGHT = 64

# Momentary buttons from the GPIO to ground; the internal pull-up holds the
# input at 1, a press reads 0.
BUTTON_UP = 10
BUTTON_DOWN = 11
BUTTON_OK = 12
BUTTON_BACK = 13
BUTTON_UNDO = 14

# name -> GPIO, in front-panel order. The names are the events' button names.
BUTTONS = (
    ("UP", BUTTON_UP),
    ("DOWN", BUTTON_DOWN),
    ("OK", BUTTON_OK),
    ("BACK", BUTTON_BACK),
    ("UNDO", BUTTON_UNDO),
)

# Optional rotary encoder: quadrature channels A and B (the KY-040's CLK and
# DT) and its push switch, all to ground with internal pull-ups like the
# buttons. The switch acts as OK; BACK and UNDO keep their own buttons.
# ENCODER_FITTED: True reads the knob whatever the settings say. False (the
# default, the UF2 makers install) reads it when the device's Settings > Inputs
# (or `dominoboard names --inputs knob`) say it is fitted, and otherwise leaves the pins
# alone and keeps the decoder's code out of the heap.
ENCODER_FITTED = False
ENCODER_A = 16
ENCODER_B = 17
ENCODER_SW = 18
ENCODER_SWITCH = "SW"  # the switch's name among the buttons (the app reads it as OK)

# Optional membrane matrix keypad (3x4 or 4x4): a key joins its row's wire to its column's.
# Rows are open-drain outputs, held low at rest and released (floating) in turn while
# scanning; columns are inputs with internal pull-ups, so a column reads 0 only through a
# pressed key on a row held low. A 3x4 keypad (7 wires) uses the first three columns.
# KEYPAD_FITTED: True scans the keypad whatever the settings say (`dominoboard deploy
# --keypad`). False (the default, the UF2 makers install) scans it when Settings > Inputs
# (or `dominoboard names --inputs keypad`) say it is fitted, and otherwise leaves the pins alone
# and keeps the scanner's code out of the heap.
KEYPAD_FITTED = False
KEYPAD_ROWS = (6, 7, 8, 9)
KEYPAD_COLS = (19, 20, 21, 22)
KEYPAD_KEYS = ("123A", "456B", "789C", "*0#D")  # the legends, row by row, column by column
# What a key that is no digit does: # is OK, * BACK (and takes a typed digit off), A and B
# UP and DOWN, C BACK, D UNDO (held: redo). Digits type numbers and name tiles (docs/ui.md).
KEYPAD_AS = {"#": "OK", "*": "BACK", "A": "UP", "B": "DOWN", "C": "BACK", "D": "UNDO"}

# Optional passive piezo buzzer driven by PWM; None when not fitted.
BUZZER = 15

# GPIO -> physical header pin of the Pico (for the wiring table and tests).
HEADER_PIN = {
    0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12,
    10: 14, 11: 15, 12: 16, 13: 17, 14: 19, 15: 20, 16: 21, 17: 22,
    18: 24, 19: 25, 20: 26, 21: 27, 22: 29, 26: 31, 27: 32, 28: 34,
}  # fmt: skip
