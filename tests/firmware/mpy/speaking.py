# Another driver's walk in a language: the language stored with the settings of a new box
# (as the Language menu or the host's `names --language` leaves it), then DRIVER runs on that
# storage. Run under text_fit.py to see every text fit in that language.
#
#   micropython tests/firmware/mpy/speaking.py LANG STORAGE DRIVER.py [DRIVER_ARGS...]

import os
import sys

sys.path[:0] = ["firmware", "build/mpy-lib", "tests/firmware/mpy"]

from scoreboard.store import MatchStore  # noqa: E402

code, storage, script = sys.argv[1], sys.argv[2], sys.argv[3]
try:
    os.mkdir(storage)
except OSError:
    pass  # there already
MatchStore(storage).save_settings({"language": code})
sys.argv[:] = [script, storage] + sys.argv[4:]
exec(open(script).read(), {"__name__": "__main__"})
