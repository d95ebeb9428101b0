"""Where a key's time goes in the firmware's C functions, on the emulated Pico: the program
counter sampled during every key of one kind, over a table of bench/target_bench.py, summed by
the ELF symbol it falls in (docs/target.md). `--base UF2` runs a second firmware on the same
keys, side by side, sorted by the difference: how the 6 ms a hand's end lost to a collector
that marked the heap twice was found (firmware/boards/DOMINOBOARD_PICO/mpconfigboard.h).

Counts are instructions per key (samples x --every / keys), emulated, so they do not depend on
how busy this machine is. Python code shows as the VM's functions (mp_execute_bytecode,
mp_map_lookup...); bench/profile_target.py times Python functions instead.

Run: .venv/bin/python -m bench.profile_keys [--table "Muggins, 31"] [--kind "hand end"]
     [--base OTHER.uf2] [--every 4] [--top 30]    (after `make firmware`)
"""

import argparse
import bisect
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench import target_bench
from dominoboard.rp2 import EmulatedPico, TargetMissing, frozen_firmware
from harness.target import SPEED, functions, probes


def profile(uf2: Path, table: str, kind: str, every: int) -> tuple[dict[str, float], int]:
    """Instructions per key of ``kind`` by C function, and how many keys, on a new Pico."""
    elf = uf2.with_suffix(".elf")
    addresses, names = functions(elf)
    presses = next(p for name, p in target_bench.TABLES if name.startswith(table))
    by_name: dict[str, int] = {}
    keys = 0
    with tempfile.TemporaryDirectory() as work:
        addresses_of = probes(elf)
        flash = Path(work) / "flash.img"
        with EmulatedPico(flash, speed=SPEED, uf2=uf2, probes=addresses_of) as pico:
            pico.boot()
            pico.wait_drawn()
            for command, key_kind in presses():
                sampled = target_bench.fits(key_kind, kind)  # "move": a play, a draw or pass
                if sampled:
                    pico.sample(every)
                pico.do(command)
                pico.settle(quiet_ms=150)
                if not sampled:
                    continue
                pico.sample(0)
                keys += 1
                for pc, n in pico.samples().items():
                    i = bisect.bisect_right(addresses, pc & ~1) - 1
                    name = names[i] if i >= 0 else "?"
                    by_name[name] = by_name.get(name, 0) + n
    return {name: n * every / max(keys, 1) for name, n in by_name.items()}, keys


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.profile_keys", description=__doc__)
    ap.add_argument("--table", default="Muggins", help="a target-bench table (a prefix)")
    ap.add_argument("--kind", default="hand end", choices=target_bench.KINDS)
    ap.add_argument("--base", type=Path, help="another firmware UF2 (its .elf beside it)")
    ap.add_argument("--every", type=int, default=4, help="instructions per sample")
    ap.add_argument("--top", type=int, default=30)
    args = ap.parse_args(argv)
    if not any(name.startswith(args.table) for name, _p in target_bench.TABLES):
        tables = ", ".join(repr(name) for name, _p in target_bench.TABLES)
        print(f"error: no table {args.table!r}; the tables: {tables}", file=sys.stderr)
        return 2
    try:
        firmware = [frozen_firmware()]
    except TargetMissing as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if args.base is not None:
        if not args.base.with_suffix(".elf").exists():
            print(f"error: no {args.base.with_suffix('.elf')} beside --base", file=sys.stderr)
            return 2
        firmware.insert(0, args.base)
    with ThreadPoolExecutor(len(firmware)) as pool:
        runs = list(pool.map(lambda u: profile(u, args.table, args.kind, args.every), firmware))
    names = set().union(*(counts for counts, _keys in runs))
    if len(runs) == 2:
        order = sorted(names, key=lambda n: -abs(runs[1][0].get(n, 0) - runs[0][0].get(n, 0)))
    else:
        order = sorted(names, key=lambda n: -runs[0][0].get(n, 0))
    print(f"{args.kind} keys of {args.table!r}, instructions per key by C function (emulated)")
    labels = ["--base", "firmware"] if len(runs) == 2 else ["firmware"]
    print(f"{'function':<36}" + "".join(f"{label:>15}" for label in labels))
    print(f"{'all':<36}" + "".join(f"{sum(c.values()):>15,.0f}" for c, _k in runs))
    for name in order[: args.top]:
        print(f"{name[:36]:<36}" + "".join(f"{c.get(name, 0):>15,.0f}" for c, _k in runs))
    print("keys: " + ", ".join(str(k) for _c, k in runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
