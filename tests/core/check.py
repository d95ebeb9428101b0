# Helpers for core tests that run on both CPython (pytest) and MicroPython (tests/mpy_run.py).


def raises(exc_type, fn, *args, **kw):
    """Call fn(*args, **kw), expecting it to raise exc_type (or a subclass); return the exception.

    Fails with AssertionError if fn returns normally or raises something else, so a test can go
    on to check the message:  err = raises(ValueError, parse, "7|9");  assert "9" in str(err)
    """
    try:
        fn(*args, **kw)
    except exc_type as exc:
        return exc
    except Exception as exc:
        raise AssertionError(
            "expected %s, got %s: %s" % (exc_type.__name__, type(exc).__name__, exc)
        )  # no "from exc": MicroPython warns that it does not chain exceptions
    raise AssertionError("expected %s, nothing was raised" % exc_type.__name__)
