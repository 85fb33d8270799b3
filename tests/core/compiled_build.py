"""Build the compiled core (`make compiled`): mypyc on `core.compiled.HOT`, into a folder of its own.
A dev tool, not part of the core: mypyc and setuptools are dev dependencies.

    python -m tests.core.compiled_build [FOLDER]      # default build/compiled

Needs the dev dependencies (mypy brings mypyc; a C compiler). The folder gets the extension modules
in the package layout and a manifest naming them with the SHA-256 of the sources they were built
from (`core.compiled.load_build` refuses a build whose sources have changed since). The folder is
replaced only once the build has succeeded.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from core.compiled import DEFAULT_BUILD, HOT, MANIFEST, ROOT, fingerprint, source_of


def build(out: Path = DEFAULT_BUILD, modules: Sequence[str] = HOT) -> dict[str, str]:
    """Compile `modules` into `out`; the built modules' names -> their files under `out`."""
    from mypyc.build import mypycify  # a dev dependency: imported only to build
    from setuptools import Distribution  # type: ignore[import-untyped]  # (mypyc builds through it)

    sources = fingerprint(modules)  # before compiling: an edit made meanwhile makes the build stale
    out = out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=out.name + ".", dir=out.parent))
    here = Path.cwd()
    os.chdir(ROOT)  # mypyc names each module from its path relative to here
    try:
        extensions = mypycify([str(source_of(m).relative_to(ROOT)) for m in modules], target_dir=str(work / "c"))
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
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_BUILD
    names = build(folder)
    print(f"built {len(names)} modules into {folder}")
