# File helpers for the store tests; plain Python for MicroPython and CPython alike.

import os


def base_dir():
    """The scratch folder the pytest wrapper hands over (STORE_TEST_DIR)."""
    base = os.getenv("STORE_TEST_DIR")
    if not base:
        raise AssertionError("set STORE_TEST_DIR to a scratch folder")
    return base


def remove_tree(path):
    try:
        names = os.listdir(path)
    except OSError:
        return
    for name in names:
        full = path + "/" + name
        if os.stat(full)[0] & 0x4000:  # a folder
            remove_tree(full)
        else:
            os.remove(full)
    os.rmdir(path)


def fresh_dir(name):
    path = base_dir() + "/" + name
    remove_tree(path)
    os.mkdir(path)
    return path


def read_bytes(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def write_bytes(path, data):
    with open(path, "wb") as f:
        f.write(data)


def files(path):
    """{name: bytes} of every file in a folder."""
    found = {}
    for name in os.listdir(path):
        with open(path + "/" + name, "rb") as f:
            found[name] = f.read()
    return found


def put_files(path, contents):
    """Make the folder hold exactly ``contents`` ({name: bytes or None for absent})."""
    remove_tree(path)
    os.mkdir(path)
    for name in contents:
        if contents[name] is not None:
            write_bytes(path + "/" + name, contents[name])
