"""Build the compiled core (`make compiled`): mypyc on `core.compiled.HOT`, into a folder of its own.
A dev tool, not part of the core: mypyc and setuptools are dev dependencies.

    python -m tests.core.compiled_build [FOLDER] [--opt-level 0|1|2|3]     # default build/compiled, -O3

Needs the dev dependencies (mypy brings mypyc; a C compiler). The folder gets the extension modules
in the package layout and a manifest naming them with the SHA-256 of the sources they were built
from (`core.compiled.load_build` refuses a build whose sources have changed since). The folder is
replaced only once the build has succeeded.

`--opt-level` is the C compiler's (-O3 by default, the build the benchmarks measure). The suite,
when `make compiled` left no current build, makes its own at -O0 (tests/core/test_compiled.py): it
checks what mypyc generates, not the C compiler's optimiser, and the build then takes about 4.7 s
of CPU instead of 11.9 s (2 cores, AMD EPYC), while the 300 games a game it plays take 4.9 s instead
of 4.6 s.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path

from core.compiled import DEFAULT_BUILD, HOT, MANIFEST, ROOT, fingerprint, source_of


def build(out: Path = DEFAULT_BUILD, modules: Sequence[str] = HOT, opt_level: str = "3") -> dict[str, str]:
    """Compile `modules` into `out` (the C compiler at -O`opt_level`); the built modules' names ->
    their files under `out`."""
    from mypyc.build import mypycify  # a dev dependency: imported only to build
    from setuptools import Distribution  # type: ignore[import-untyped]  # (mypyc builds through it)

    sources = fingerprint(modules)  # before compiling: an edit made meanwhile makes the build stale
    out = out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=out.name + ".", dir=out.parent))
    here = Path.cwd()
    os.chdir(ROOT)  # mypyc names each module from its path relative to here
    try:
        paths = [str(source_of(m).relative_to(ROOT)) for m in modules]
        extensions = mypycify(paths, target_dir=str(work / "c"), opt_level=opt_level)
        dist = Distribution({"name": "cardbot-compiled", "ext_modules": extensions})
        command = dist.get_command_obj("build_ext")
        command.build_lib = str(work / "lib")
        command.build_temp = str(work / "temp")
        command.parallel = os.cpu_count() or 1
        dist.run_command("build_ext")
    finally:
        os.chdir(here)
    lib = work / "lib"
    built = {  # core/games/svolota/rules.cpython-311-x86_64-linux-gnu.so -> core.games.svolota.rules
        ".".join((*file.relative_to(lib).parent.parts, file.name.split(".")[0])): str(file.relative_to(lib))
        for file in sorted([*lib.rglob("*.so"), *lib.rglob("*.pyd")])
    }
    (lib / MANIFEST).write_text(json.dumps({"modules": built, "sources": sources}, indent=1) + "\n")
    if out.exists():
        shutil.rmtree(out)
    lib.rename(out)
    shutil.rmtree(work)
    return built


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", nargs="?", type=Path, default=DEFAULT_BUILD)
    parser.add_argument("--opt-level", choices=["0", "1", "2", "3"], default="3")
    args = parser.parse_args()
    names = build(args.folder, opt_level=args.opt_level)
    print(f"built {len(names)} modules into {args.folder} (-O{args.opt_level})")
