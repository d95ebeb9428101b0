"""The heap question, measured on the emulated Pico: does the app need to load modules on
demand (scoreboard/lifetimes.py's ON_DEMAND), on the firmware makers install and on the
developer's path?

Four configurations, each table on a new Pico (docs/target.md), heap probes on:
- frozen: the scoreboard's firmware (`make firmware`) as it is;
- frozen, all kept: the same with every on-demand module kept once loaded;
- stock + deploy: stock MicroPython v1.28.0 (RPI_PICO) with the app deployed as `.mpy` files
  on its flash by `dominoboard deploy` (mpy-cross output of firmware/manifest.py);
- stock + deploy, all kept.

"All kept" changes nothing in the product: the bench writes a boot.py onto the Pico's flash
(KEEP_ALL below), which MicroPython runs before main.py (frozen or not). It marks every
ON_DEMAND module KEPT before the app starts, and keeps the ones a caller drops by itself
(lifetimes.unload, wrapped). The games still come and go one at a time (App.unload_games): a
table plays one game.

The heap probes need the firmware's symbols. The scoreboard's come with its ELF
(build/firmware/dominoboard-pico.elf); stock MicroPython's UF2 has none, so the same sources
are built again when missing (build_stock: `make -C ports/rp2 BOARD=RPI_PICO` in the tree
`make firmware` unpacked, about 4 minutes): its code is the shipped UF2's, byte for byte where
the probes look (checked before use). Measured: the rebuild differed from the shipped UF2 in
11 bytes, all in the build date (banner and __DATE__).

Run: .venv/bin/python -m bench.heap_plan [table name prefixes]  -> bench/results/heap-plan.txt
"""

import os
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench.target_bench import TABLES, pct, run_table
from dominoboard.cli import main as cli
from dominoboard.deploy import take_repl, tool
from dominoboard.rp2 import (
    EmulatedPico,
    TargetMissing,
    firmware_dir,
    frozen_firmware,
    rp2040js_dir,
    stock_firmware,
)
from harness.target import SPEED, probes

ROOT = Path(__file__).resolve().parents[1]
RESULTS = Path(os.environ.get("BENCH_RESULTS", ROOT / "bench" / "results"))
MICROPYTHON = ROOT / "build" / "micropython" / "micropython-v1.28.0"
STOCK_BUILD = MICROPYTHON / "ports" / "rp2" / "build-stock"
STOCK_ELF = Path(os.environ.get("DOMINOBOARD_STOCK_ELF", STOCK_BUILD / "firmware.elf"))
PLAN_TABLES = ("Muggins, 2 players", "Mexican Train, 4, tracked", "Super Dominós, 4, tracked")

# boot.py for "all kept": runs before main.py; every module it imports is one of ALWAYS.
KEEP_ALL = """\
# bench/heap_plan.py: every module the app loads on demand stays loaded once it is.
from scoreboard import lifetimes

lifetimes.ON_DEMAND = tuple((n, lifetimes.KEPT) for n, _w in lifetimes.ON_DEMAND)
_kept = set(n for n, _w in lifetimes.ON_DEMAND)
_unload = lifetimes.unload


def _unload_kept(name):
    return 0 if name in _kept else _unload(name)


lifetimes.unload = _unload_kept
"""

CONFIGS = (
    ("frozen", False, False),
    ("frozen, all kept", False, True),
    ("stock + deploy", True, False),
    ("stock + deploy, all kept", True, True),
)


def build_stock() -> None:
    """Stock RPI_PICO from the sources `make firmware` unpacked (tools/build_firmware.py's
    tree and picotool), into STOCK_BUILD: the ELF the probes read."""
    env = dict(
        os.environ,
        SOURCE_DATE_EPOCH="1795478400",  # 2026-11-24, the shipped UF2's build date
        PICOTOOL_FETCH_FROM_GIT_PATH=str(MICROPYTHON.parent / "tools"),
        MICROPY_GIT_TAG="v1.28.0",
        MICROPY_GIT_HASH="",
    )
    port = MICROPYTHON / "ports" / "rp2"
    cmd = ["make", "-j2", "-C", str(port), "BOARD=RPI_PICO", f"BUILD={STOCK_BUILD.name}"]
    print("$ " + " ".join(cmd), flush=True)
    subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL)


def stock_addresses(uf2: Path) -> dict | None:
    """The heap probes' addresses for stock MicroPython, from the rebuilt ELF, if its code at
    gc_alloc and gc_collect is the UF2's (else None: no heap figures for stock)."""
    if not STOCK_ELF.exists() and (MICROPYTHON / "ports" / "rp2").is_dir():
        build_stock()
    if not STOCK_ELF.exists():
        return None
    addresses = probes(STOCK_ELF)
    image = uf2_image(uf2)
    built = uf2_image(STOCK_ELF.with_suffix(".uf2"))
    for name in ("gc_alloc", "gc_collect"):
        at = (addresses[name] & ~1) - 0x10000000
        if image[at : at + 256] != built[at : at + 256]:
            return None
    return addresses


def uf2_image(path: Path) -> bytes:
    """A UF2's payload as the flash holds it, from offset 0."""
    data = path.read_bytes()
    flash = bytearray()
    for at in range(0, len(data), 512):
        address, size = (
            int.from_bytes(data[at + 12 : at + 16], "little"),
            int.from_bytes(data[at + 16 : at + 20], "little"),
        )
        offset = address - 0x10000000
        if len(flash) < offset + size:
            flash.extend(b"\xff" * (offset + size - len(flash)))
        flash[offset : offset + size] = data[at + 32 : at + 32 + size]
    return bytes(flash)


def mpremote(port: str, *args: str) -> None:
    subprocess.run([tool("mpremote"), "connect", port, *args], check=True, timeout=300)


def drawn_again(pico: EmulatedPico, before: int, limit_ms: float = 30_000) -> None:
    """After a reset: wait for the new boot's first display bytes, then for the display to
    settle (the old boot's bytes are still in pico.i2c)."""
    waited = 0.0
    while len(pico.i2c) <= before and waited < limit_ms:
        pico.wait_ms(100)
        waited += 100
    pico.settle(quiet_ms=300)


def prepare(pico: EmulatedPico, stock: bool, kept: bool, work: Path) -> None:
    """Boot a new Pico into the scoreboard's start screen in the given configuration."""
    boot_py = work / "boot.py"
    boot_py.write_text(KEEP_ALL)
    pico.boot()
    if stock:
        pico.wait_event("usb")
        if kept:  # no app yet: the REPL is free
            mpremote(pico.port, "fs", "cp", str(boot_py), ":boot.py")
        before = len(pico.i2c)
        if cli(["deploy", "--port", pico.port]) != 0:
            raise RuntimeError("deploy failed")
        pico.wait_event("reset")
        drawn_again(pico, before)
        return
    pico.wait_drawn()
    if kept:
        take_repl(pico.port)
        mpremote(pico.port, "fs", "cp", str(boot_py), ":boot.py")
        before = len(pico.i2c)
        mpremote(pico.port, "reset")
        pico.wait_event("reset")
        drawn_again(pico, before)


def run(config: tuple, table: tuple, uf2: Path, addresses: dict | None, work: Path) -> dict:
    """One table in one configuration on a new Pico: key kinds, collections, the screen
    after each key (bytes and PNG)."""
    (name, stock, kept), (table_name, presses) = config, table
    folder = work / (name + " " + table_name).replace(" ", "_").replace(",", "")
    folder.mkdir(parents=True)
    out: dict = {"kinds": {}, "gcs": [], "screens": [], "pngs": [], "failed": None}
    start = time.monotonic()
    try:
        with EmulatedPico(folder / "flash.img", speed=SPEED, uf2=uf2, probes=addresses) as pico:
            prepare(pico, stock, kept, folder)
            pico.collections.clear()  # the session's collections only, not the deploy's
            keys = presses()
            out["presses"] = len(keys)
            for key in keys:
                run_table(pico, [key], out["kinds"])
                with pico.lock:
                    out["screens"].append(bytes(pico.panel.gddram))
                out["pngs"].append(pico.png(2))
            out["gcs"] = list(pico.collections)
    except Exception as e:  # a boot or a deploy that fails is a result too
        out["failed"] = f"{type(e).__name__}: {e}"
    out["wall_s"] = time.monotonic() - start
    return out


def figures(r: dict) -> list[str]:
    if r["failed"]:
        return [f"    FAILED: {r['failed']}"]
    kinds, gcs = r["kinds"], r["gcs"]
    drew = sum(len(v) for v in kinds.values())
    lines = [f"    {r['presses']} presses, {drew} drew; {r['wall_s']:.0f} s wall"]
    for kind in ("play", "menu"):
        rows = kinds.get(kind, [])
        if rows:
            cpu = [row[0] for row in rows]
            lines.append(
                f"    {kind:<5} n={len(rows):<4} p50 {statistics.median(cpu):6.1f} ms"
                f"  p95 {pct(cpu, 0.95):6.1f} ms  max {max(cpu):6.1f} ms"
            )
    if gcs:
        live = [g["live"] for g in gcs]
        lines.append(
            f"    heap after each of {len(gcs)} collections (GC heap {gcs[0]['total']:,} B):"
            f" live median {statistics.median(live):,.0f} B, peak {max(live):,} B;"
            f" largest free block: median {statistics.median(g['largest_free'] for g in gcs):,.0f}"
            f" B, smallest {min(g['largest_free'] for g in gcs):,} B"
        )
    else:
        lines.append("    heap: no collections seen (no probes for this firmware)")
    return lines


def same_screens(r: dict, base: dict, keys: list, work: Path, label: str) -> str:
    """Whether the screen after every key is the frozen firmware's (``base``), byte for byte;
    else the first key where it is not (both screens saved as PNG into ``work``)."""
    if r["failed"] or base["failed"]:
        return "not compared"
    for i, (got, want) in enumerate(zip(r["screens"], base["screens"], strict=False)):
        if got != want:
            stem = work / (label.replace(" ", "_").replace(",", "") + f"-key{i}")
            stem.with_suffix(".png").write_bytes(r["pngs"][i])
            stem.with_name(stem.name + "-frozen.png").write_bytes(base["pngs"][i])
            return f"screens differ from the frozen firmware's from key {i + 1} ({keys[i][0]})"
    return "every key's screen the same as on the frozen firmware"


def main() -> int:
    try:
        firmware_dir()
        rp2040js_dir()
        frozen = frozen_firmware()
        stock = stock_firmware()
    except TargetMissing as e:
        print(f"heap plan skipped: {e}")
        return 0
    only = tuple(sys.argv[1:]) or PLAN_TABLES
    tables = [t for t in TABLES if t[0].startswith(only)]
    frozen_at = probes(frozen.with_suffix(".elf"))
    stock_at = stock_addresses(stock)
    work = Path(tempfile.mkdtemp(prefix="heap-plan-"))
    print(f"work folder (flash images, screens that differ): {work}", flush=True)
    jobs = [(c, t) for t in tables for c in CONFIGS]
    with ThreadPoolExecutor(max_workers=int(os.environ.get("HEAP_PLAN_JOBS", "2"))) as pool:
        futures = [
            pool.submit(run, c, t, stock if c[1] else frozen, stock_at if c[1] else frozen_at, work)
            for c, t in jobs
        ]
        results = [f.result() for f in futures]
    lines = [
        "# The heap question on the emulated Pico (bench/heap_plan.py): MicroPython v1.28.0 rp2",
        "# in rp2040js 1.4.1, each table on a new Pico, keys by buttons as bench/target_bench.py",
        "# plays them (its TABLES), heap read by the probes after every collection the firmware",
        "# makes during the session (docs/target.md, Heap probes).",
        "#   frozen: `make firmware` (app frozen in, pystack), as makers install it;",
        "#   stock + deploy: micropython-v1.28.0-rpi-pico.uf2 (stock RPI_PICO, no pystack) with",
        "#     the app copied on as mpy-cross -O3 .mpy files by `dominoboard deploy`;",
        "#   all kept: a boot.py on the flash marks every lifetimes.ON_DEMAND module KEPT and",
        "#     keeps the ones their callers drop (tiles, store_admin, app_matches); games still",
        "#     one at a time. No product change: the same firmware and .mpy files.",
        "# Times: key to last display byte, emulated ms, core time less flash busy (cpu);",
        "# play = OK on the table laying/drawing/passing; menu = menu keys (OK, BACK, holds).",
        f"# frozen firmware: {frozen.name}, {frozen.stat().st_size:,} B; stock:"
        f" {stock.name}, {stock.stat().st_size:,} B"
        + ("" if stock_at else " (no stock ELF matching it: no heap figures for stock)"),
    ]
    for table in tables:
        lines += ["", f"{table[0]}:"]
        mine = [(c, r) for (c, t), r in zip(jobs, results, strict=True) if t is table]
        base = mine[0][1]  # frozen, as it is
        for config, r in mine:
            lines.append(f"  {config[0]}:")
            lines += figures(r)
            if r is not base:
                label = f"{table[0]} {config[0]}"
                lines.append("    " + same_screens(r, base, table[1](), work, label))
    RESULTS.mkdir(parents=True, exist_ok=True)
    text = "\n".join(lines) + "\n"
    (RESULTS / "heap-plan.txt").write_text(text)
    print(text, end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
