"""The SSD1306 driver, made safe to construct when the panel does not answer.

micropython-lib's driver initialises the panel in its constructor, so a
loose cable at power-on would raise and stop the app. This subclass records
the failure in `ready` instead; scoreboard.display re-initialises the panel
once it answers again.
"""

from ssd1306 import SSD1306_I2C


class Oled(SSD1306_I2C):
    ready = False

    def init_display(self):
        try:
            super().init_display()
            self.ready = True
        except OSError:
            self.ready = False
