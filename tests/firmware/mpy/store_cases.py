# Match store on real files: behaviour, bad input, and a power cut at every byte offset.
# Runs on MicroPython (tests/mpy_run.py, Pico-sized heap) and on CPython (test_store.py).
# ruff: noqa: UP031  (runs on MicroPython: %-formatting everywhere, as in firmware/)

import gc
import os
import sys

from store_fs import files, fresh_dir, put_files, read_bytes, write_bytes

from check import raises
from scoreboard.journal import decode, encode
from scoreboard.store import MAX_EVENT_BYTES, MatchStore, hold_admin


def event(i):
    return '{"v":1,"t":"play","tile":[%d,%d],"end":%d}' % (i % 7, (i * 3) % 7, i % 4)


def filled(name, total, compact_at=()):
    """A store folder holding match "m" with ``total`` events, compacted after each index
    in ``compact_at``; returns (folder, events)."""
    root = fresh_dir(name)
    store = MatchStore(root)
    store.create("m")
    events = []
    for i in range(total):
        events.append(event(i))
        store.append("m", events[-1])
        if i in compact_at:
            store.compact("m")
    store.close()
    return root, events


def restored(root):
    # Collected first: at this heap the store's admin module, compiled here from source (frozen
    # on the Pico), wants a 2 KB block, which the last restore's garbage could leave split.
    gc.collect()
    store = MatchStore(root)
    return store, list(store.read("m"))


def test_append_read_count_survive_restart():
    root = fresh_dir("basic")
    store = MatchStore(root)
    store.create("m1")
    assert store.append("m1", "first") == 0
    assert store.append("m1", "zweite \u00e9") == 1
    assert store.count("m1") == 2
    assert list(store.read("m1")) == ["first", "zweite \u00e9"]
    assert list(store.read("m1", 1)) == ["zweite \u00e9"]
    assert list(store.read("m1", 5)) == []
    store.close()
    again = MatchStore(root)
    assert again.count("m1") == 2 and list(again.read("m1")) == ["first", "zweite \u00e9"]
    assert again.problems == []


def test_indices_never_change_across_compactions():
    root, events = filled("indices", 30, compact_at=(4, 5, 17))
    store = MatchStore(root)
    assert store.count("m") == 30
    for start in (0, 4, 5, 6, 17, 18, 29, 30):
        assert list(store.read("m", start)) == events[start:]
    assert store.compact("m") is True
    assert store.compact("m") is False  # nothing new: no flash written
    assert list(store.read("m", 12)) == events[12:]
    assert store.append("m", "after") == 30


def test_several_matches_list_and_delete():
    root = fresh_dir("several")
    store = MatchStore(root)
    for match_id in ("b-2", "a_1", "c3"):
        store.create(match_id)
    store.append("a_1", "x")
    store.compact("a_1")
    store.append("b-2", "y")
    assert store.list() == ["a_1", "b-2", "c3"]
    store.delete("a_1")
    assert store.list() == ["b-2", "c3"]
    assert list(store.read("b-2")) == ["y"]
    names = sorted(files(root))
    assert names == ["b-2.jnl", "c3.jnl", "index.cfg"], names
    store.create("a_1")  # the id is free again, and starts empty
    assert store.count("a_1") == 0


def test_bad_input_is_refused_and_changes_nothing():
    root = fresh_dir("bad")
    store = MatchStore(root)
    store.create("m")
    store.append("m", "ok")
    before = files(root)
    assert "already exists" in str(raises(ValueError, store.create, "m"))
    for bad_id in ("", "a/b", "../x", "x" * 25, "sp ace", 7, None):
        assert "bad match id" in str(raises(ValueError, store.create, bad_id))
    assert "no match" in str(raises(ValueError, store.append, "nope", "x"))
    assert "line break" in str(raises(ValueError, store.append, "m", "a\nb"))
    assert "line break" in str(raises(ValueError, store.append, "m", "a\rb"))
    assert "str" in str(raises(TypeError, store.append, "m", b"bytes"))
    err = raises(ValueError, store.append, "m", "x" * (MAX_EVENT_BYTES + 1))
    assert "at most %d" % MAX_EVENT_BYTES in str(err)
    assert "start" in str(raises(ValueError, store.read, "m", -1))
    assert "no match" in str(raises(ValueError, store.delete, "nope"))
    assert files(root) == before
    assert list(store.read("m")) == ["ok"]


def test_settings_round_trip_defaults_and_damage():
    root = fresh_dir("settings")
    store = MatchStore(root)
    defaults = {"contrast": 128, "sleep_s": 60, "layout": "left", "names": []}
    assert store.load_settings(defaults) == defaults
    mine = {"contrast": 40, "sleep_s": 300, "layout": "right", "names": ["Ana", "Bo"]}
    assert store.save_settings(mine) is True
    assert store.save_settings(mine) is False  # unchanged: not rewritten
    assert MatchStore(root).load_settings(defaults) == mine
    # a value of the wrong type keeps the default, and says so
    store.save_settings({"contrast": "max", "sleep_s": 30})
    fresh = MatchStore(root)
    assert fresh.load_settings(defaults)["contrast"] == 128
    assert fresh.load_settings(defaults)["sleep_s"] == 30
    assert "contrast" in fresh.problems[0]
    # refused input leaves the record as it was
    before = files(root)["settings.cfg"]
    raises(TypeError, store.save_settings, [1, 2])
    raises(TypeError, store.save_settings, {"x": {"nested": 1}})
    raises(ValueError, store.save_settings, {"x": "y" * MAX_EVENT_BYTES})
    assert read_bytes(root + "/settings.cfg") == before
    # a cut at every byte of the temp file: the old record stays
    for i in range(len(before) + 1):
        write_bytes(root + "/settings.cfg.tmp", before[:i])
        after_cut = MatchStore(root)
        assert after_cut.load_settings(defaults)["sleep_s"] == 30
        assert "settings.cfg.tmp" not in files(root)
    # a damaged record gives the defaults, never an exception
    write_bytes(root + "/settings.cfg", before[:-3] + b"\x00\x00\n")
    damaged = MatchStore(root)
    assert damaged.load_settings(defaults) == defaults
    assert "settings" in damaged.problems[0]


def test_usage_counts_the_store_files():
    root, events = filled("usage", 10)
    used, free, total = MatchStore(root).usage()
    on_disk = sum(len(data) for data in files(root).values())
    assert used == on_disk and used > sum(len(e) for e in events)
    assert 0 < free <= total


def test_cut_during_append_at_every_byte():
    # journal states a cut can leave while the next record is being written: every prefix,
    # and every prefix followed by zero fill (a filesystem that grew the file first)
    for compact_at in ((), (3,)):
        root, events = filled("append_cut", 6, compact_at)
        before = files(root)
        store = MatchStore(root)
        store.append("m", event(6))
        store.close()
        record = files(root)["m.jnl"][len(before["m.jnl"]) :]
        assert len(record) > len(event(6))
        for i in range(len(record) + 1):
            for fill in (b"", b"\x00" * (len(record) - i)):
                state = dict(before)
                state["m.jnl"] = before["m.jnl"] + record[:i] + fill
                put_files(root, state)
                store, got = restored(root)
                complete = i == len(record)
                assert got == events + [event(6)] if complete else got == events, (i, got)
                assert (store.problems == []) == (complete or (i == 0 and not fill))
                # the torn tail is repaired: the next event gets the next index, and stays
                assert store.append("m", "next") == len(got)
                store.close()
                assert restored(root)[1] == got + ["next"]


def _compaction_states(name, compact_at):
    """(events, the files before a compaction, the snapshot it writes)."""
    root, events = filled(name, 9, compact_at)
    before = files(root)
    store = MatchStore(root)
    assert store.compact("m") is True
    store.close()
    return root, events, before, files(root)["m.snp"]


def _cut_compaction(before, snapshot):
    """Every file state a cut during a compaction can leave: (state, realistic)."""
    journal = before["m.jnl"]
    for i in range(len(snapshot) + 1):  # temp file partly written (or whole, not renamed)
        state = dict(before)
        state["m.tmp"] = snapshot[:i]
        yield state, True
    yield {"m.snp": snapshot, "m.jnl": journal}, True  # renamed, journal not yet emptied
    yield {"m.snp": snapshot, "m.jnl": None}, True  # journal removed, not recreated
    yield {"m.snp": snapshot, "m.jnl": journal, "m.tmp": snapshot}, True  # rename = link+unlink
    # emptying the journal is atomic on littlefs and POSIX; a filesystem that shortened it
    # byte by byte would leave these, which must still restore every event
    for i in range(len(journal)):
        yield {"m.snp": snapshot, "m.jnl": journal[:i]}, False


def test_cut_during_compaction_at_every_byte():
    for compact_at in ((), (2,)):  # the first compaction, and one replacing a snapshot
        root, events, before, snapshot = _compaction_states("compact_cut", compact_at)
        for state, realistic in _cut_compaction(before, snapshot):
            put_files(root, state)
            store, got = restored(root)
            assert got == events, state
            if realistic:
                assert store.problems == [], (state, store.problems)  # nothing was lost
            left = files(root)
            assert "m.tmp" not in left and "m.bad" not in left and "m.jnl" in left, state
            assert store.append("m", "next") == len(events)
            store.close()
            assert restored(root)[1] == events + ["next"]


def test_cut_during_delete_finishes_the_delete():
    root, _ = filled("delete_cut", 5, compact_at=(2,))
    before = files(root)
    for state in (
        {"m.del": before["m.jnl"], "m.snp": before["m.snp"]},
        {"m.del": before["m.jnl"], "m.snp": before["m.snp"], "m.tmp": b"#snap 1 5\n"},
        {"m.del": before["m.jnl"]},
    ):
        put_files(root, state)
        store = MatchStore(root)
        assert store.list() == [] and files(root) == {}


def test_damage_in_the_middle_keeps_the_prefix_and_a_copy():
    root, events = filled("damage", 8, compact_at=(2,))
    journal = files(root)["m.jnl"]
    lines = journal.split(b"\n")
    lines[2] = lines[2].replace(b"play", b"plaY")  # event 5: CRC no longer matches
    write_bytes(root + "/m.jnl", b"\n".join(lines))
    store, got = restored(root)
    assert got == events[:5]
    assert "dropped 3 damaged" in store.problems[0], store.problems
    assert read_bytes(root + "/m.bad") == b"\n".join(lines)
    assert store.append("m", "next") == 5


def test_damaged_snapshot_and_garbage_never_raise():
    root, events = filled("garbage", 6, compact_at=(3,))
    good = files(root)
    snapshot = good["m.snp"]
    cases = (
        {"m.snp": snapshot[:-7] + b"1234567", "m.jnl": good["m.jnl"]},  # damaged last record
        {"m.snp": b"#snap 1 x\n" + snapshot[10:], "m.jnl": good["m.jnl"]},  # bad header
        {"m.snp": b"\xff" * 5000, "m.jnl": good["m.jnl"]},  # erased flash, no newline
        {"m.jnl": b"\x00" * 3000},
        {"m.jnl": b"\n\n\n" + good["m.jnl"]},
        {"m.snp": snapshot, "m.jnl": b"9 00000000 bogus\n" + good["m.jnl"]},  # a gap
    )
    for state in cases:
        put_files(root, state)
        store, got = restored(root)
        assert got == events[: len(got)], state  # a prefix, never reordered or invented
        assert store.problems, state
        assert store.append("m", "next") == len(got)
        store.close()
        assert restored(root)[1] == got + ["next"]


def test_long_match_in_a_pico_sized_heap():
    # 2,000 events with compactions every 40, then a full streamed read; under
    # `micropython -X heapsize=180K` this fails with MemoryError if anything accumulates
    root = fresh_dir("long")
    store = MatchStore(root)
    store.create("m")
    for i in range(2000):
        store.append("m", event(i))
        if i % 40 == 39:
            store.compact("m")
    gc.collect()
    seen = 0
    for line in MatchStore(root).read("m"):
        assert line == event(seen)
        seen += 1
    assert seen == 2000


def test_a_match_is_created_with_its_setup_whole_or_not_at_all():
    root = fresh_dir("create")
    store = MatchStore(root)
    store.create("m", event(0))
    assert store.count("m") == 1
    store.append("m", event(1))
    store.close()
    assert restored(root)[1] == [event(0), event(1)]
    # a power cut while "n" was created leaves its temporary file: gone at boot
    write_bytes(root + "/n.tmp", b"0 0000")
    assert MatchStore(root).list() == ["m"]
    assert sorted(files(root)) == ["index.cfg", "m.jnl"]


def test_an_empty_match_left_by_a_cut_is_removed_at_boot():
    # Older firmware created the journal, then appended the setup: a cut between the two
    # left a match that could be neither opened nor removed in the Matches list.
    root = fresh_dir("ghost")
    store = MatchStore(root)
    store.create("m", event(0))
    store.create("ghost")
    store.close()
    store = MatchStore(root)
    assert store.list() == ["m"]
    assert store.problems == ["match ghost: empty (cut while created); removed"]
    # an emptied journal beside its snapshot is a compacted match, not a ghost
    store.append("m", event(1))
    store.compact("m")
    store.close()
    assert MatchStore(root).list() == ["m"] and restored(root)[1] == [event(0), event(1)]


def test_the_index_gives_each_match_its_setup_without_reading_the_match():
    root = fresh_dir("index")
    store = MatchStore(root)
    for i in range(4):
        store.create("m%d" % i, '{"game":"g%d"}' % i)
        store.append("m%d" % i, event(i))
    want = {"m%d" % i: '{"game":"g%d"}' % i for i in range(4)}
    assert store.first_lines() == want
    # a deleted match leaves the index; its id used again gives the new setup
    store.delete("m1")
    store.create("m1", '{"game":"again"}')
    want["m1"] = '{"game":"again"}'
    assert MatchStore(root).first_lines() == want
    # an index cut short (or gone) is read as far as it goes; the rest is read from the
    # matches once and written back
    index = root + "/index.cfg"
    raw = read_bytes(index)
    assert raw is not None
    write_bytes(index, raw[: len(raw) - 7])
    assert MatchStore(root).first_lines() == want
    write_bytes(index, b"")
    assert MatchStore(root).first_lines() == want
    assert (read_bytes(index) or b"").count(b"\n") == 4  # written anew, one record a match
    # a match created by a firmware without the index
    write_bytes(root + "/old.jnl", read_bytes(root + "/m0.jnl") or b"")
    assert MatchStore(root).first_lines()["old"] == '{"game":"g0"}'


def test_the_list_kept_from_power_on_follows_creates_and_deletes():
    # The folder is listed once, at power-on (listing 200 files took ~0.1 s on the Pico, the
    # Matches list now lists none): what a restart finishes leaves the list kept, what the
    # store creates and deletes after changes it, and it always agrees with a new listing.
    root = fresh_dir("kept")
    store = MatchStore(root)
    for match_id in ("m2", "m1", "m3"):
        store.create(match_id, event(0))
    store.append("m3", event(1))
    store.compact("m3")
    store.close()
    os.rename(root + "/m3.jnl", root + "/m3.del")  # a delete cut after its commit point
    write_bytes(root + "/ghost.jnl", b"")  # a create cut short by an older firmware
    write_bytes(root + "/m4.tmp", b"0 0000")
    store = MatchStore(root)
    assert store.list() == ["m1", "m2"], store.list()
    mine = store.list()
    mine.reverse()  # the caller's own list (Matches turns it newest first)
    store.create("m0", event(0))
    store.delete("m2")
    store.create("m9", event(0))
    assert store.list() == ["m0", "m1", "m9"] == MatchStore(root).list(), store.list()
    store.delete("m9")
    store.delete("m0")
    store.delete("m1")
    assert store.list() == [] == MatchStore(root).list()


def test_the_admin_code_stays_only_while_held():
    # power-on holds it for its first calls; a hand never has it in the heap
    store = MatchStore(fresh_dir("held"))
    admin = "scoreboard.store_admin"
    assert admin not in sys.modules
    hold_admin(True)
    store.usage()
    loaded = sys.modules.get(admin)
    store.boots()
    assert loaded is not None and sys.modules.get(admin) is loaded
    hold_admin(False)
    assert admin not in sys.modules
    store.usage()
    assert admin not in sys.modules


def test_the_index_is_read_across_its_blocks():
    # The index is read a block at a time (a file's readline reads a byte at a time): records
    # across a block's end are whole, a torn last one is read from its match.
    root = fresh_dir("index_blocks")
    store = MatchStore(root)
    want = {}
    for i in range(40):
        mid = "m%02d" % i
        want[mid] = '{"game":"muggins","players":["P%d","Q%d"],"n":%d}' % (i, i, i * 37)
        store.create(mid, want[mid])
    index = root + "/index.cfg"
    raw = read_bytes(index) or b""
    assert len(raw) > 3 * 512
    del store
    gc.collect()  # as restored() does: the admin module, compiled from source here, wants 2 KB
    assert MatchStore(root).first_lines() == want
    write_bytes(index, raw[:-1])  # the last record torn
    gc.collect()
    assert MatchStore(root).first_lines() == want
    assert read_bytes(index) == raw  # its record written again


def test_a_record_is_read_only_as_written():
    # decode takes exactly what encode writes: decimal index, 8 lowercase hex digits of CRC
    record = encode(12, b"hello")
    assert decode(record) == (12, b"hello") and decode(bytearray(record)) == (12, b"hello")
    crc = record[3:11]
    for bad in (
        record[:-1],  # torn
        b"x" + record,
        b"1a " + crc + b" hello\n",
        b"-1 " + crc + b" hello\n",
        b"12 " + crc.upper() + b" hello\n",
        b"12 0x" + crc[2:] + b" hello\n",
        b"12 +" + crc[1:] + b" hello\n",
        b"12  " + crc[1:] + b" hello\n",
        b"12 " + crc[:3] + b"_" + crc[4:] + b" hello\n",
        b"12 " + crc + b" hellO\n",  # the CRC no longer matches
        b"",
        b"\n",
    ):
        assert decode(bad) is None, bad


def test_a_damaged_boot_record_never_gives_its_flash_id_again():
    # A draw that repeats (a seeded emulator's): the lost record's id is not taken again,
    # from the damaged record itself or from a stored match's setup, so no new power-on
    # shares a boot id, and a host's clock, with the former lifetime.
    def same():
        return b"\xca\xfe\xf0\x0d"

    root = fresh_dir("boots")
    store = MatchStore(root)
    assert store.start_boot(same) == "cafef00d.1"
    raw = read_bytes(root + "/boots.cfg") or b""
    write_bytes(root + "/boots.cfg", raw[:-3] + b"X" + raw[-2:])  # its CRC fails
    again = MatchStore(root).start_boot(same)
    assert again is not None and again.endswith(".1") and not again.startswith("cafef00d")
    store = MatchStore(root)
    store.create("m0001", '{"game":"muggins","boot":"%s","up":5}' % again)
    write_bytes(root + "/boots.cfg", b"")  # gone: only the match says the id
    third = MatchStore(root).start_boot(same)
    assert third is not None and third.endswith(".1") and not third.startswith(again[:8])
