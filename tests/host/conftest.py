"""Host tests keep to their own folders: the match database `live` stores into and the
runtime folder its control channel and the emulators' markers live in are the test's, never
this user's (nor another test run's on the same computer)."""

import pytest


@pytest.fixture(autouse=True)
def own_user_dirs(tmp_path_factory, monkeypatch):
    base = tmp_path_factory.mktemp("user")
    for name in ("XDG_DATA_HOME", "XDG_RUNTIME_DIR"):
        (base / name.lower()).mkdir(mode=0o700)
        monkeypatch.setenv(name, str(base / name.lower()))
