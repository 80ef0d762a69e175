"""Build the C core (``core_c/``) into the extension module ``pyramido._core`` with cffi.

Three ways in, one builder:

* ``python build.py`` compiles the module in place, for development from a checkout.
  ``PYRAMIDO_SANITIZE=1 python build.py`` adds ``-fsanitize=address,undefined``.
* ``pip install .`` / ``pip install -e .`` use this file as their PEP 517 backend: it is
  setuptools' own backend, with the cffi module handed to ``setup()`` so that the wheel
  carries the compiled core (cffi's out-of-line API mode).
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cffi import FFI

ROOT = Path(__file__).resolve().parent
CORE = ROOT / "core_c"
HEADER = CORE / "pyramido_core.h"


def _cdefs() -> str:
    """The header's declarations between the cffi markers, which cffi parses as-is."""
    text = HEADER.read_text(encoding="utf-8")
    start = text.index("/* cffi-begin */") + len("/* cffi-begin */")
    return text[start : text.index("/* cffi-end */")]


#: Put after the header in the module cffi generates, ahead of its wrappers: each wrapper
#: calls its C function with the GIL held, and without saving ``errno`` for ``ffi.errno``
#: (which the package never reads). By default a wrapper releases the GIL around the call
#: and saves and restores ``errno``: 1.2% of the instructions of a random Forgotten
#: Treasures game, which calls the core about 580 times, for nothing. Most calls take a
#: microsecond or two; the longest, a greedy Pyramido bot's decision, took 240 us at worst
#: in greedy games of the three games, well within the 5 ms a thread waiting for the GIL
#: lets the holder run (docs/core.md).
HOLD_THE_GIL = """
#undef Py_BEGIN_ALLOW_THREADS
#undef Py_END_ALLOW_THREADS
#define Py_BEGIN_ALLOW_THREADS {
#define Py_END_ALLOW_THREADS }
#undef _cffi_restore_errno
#undef _cffi_save_errno
#define _cffi_restore_errno() ((void)0)
#define _cffi_save_errno() ((void)0)
"""


def _sanitizer_flags() -> list[str]:
    if os.environ.get("PYRAMIDO_SANITIZE") == "1":
        return ["-fsanitize=address,undefined", "-fno-omit-frame-pointer", "-g", "-O1"]
    return []


def make_builder(absolute_paths: bool) -> FFI:
    """The FFI builder of ``pyramido._core``.

    setuptools wants paths relative to the project; ``FFI.compile`` (the in-place build)
    runs the compiler from its temporary directory and needs them absolute.
    """

    def where(path: Path) -> str:
        return str(path) if absolute_paths else os.path.relpath(path, ROOT)

    builder = FFI()
    builder.cdef(_cdefs())
    builder.set_source(
        "pyramido._core",
        '#include "pyramido_core.h"\n' + HOLD_THE_GIL,
        sources=[where(path) for path in sorted(CORE.glob("*.c"))],
        include_dirs=[where(CORE)],
        # -O3, as the Makefile: it vectorizes the board checks every call makes (2% fewer
        # instructions in a greedy game than -O2, 1% in a random one)
        extra_compile_args=["-std=c99", "-O3", "-Wall", "-Wextra", *_sanitizer_flags()],
        extra_link_args=_sanitizer_flags(),
    )
    return builder


ffibuilder = make_builder(absolute_paths=False)


# --- PEP 517 backend: setuptools' hooks, with the cffi module added to setup() -----------


def _with_cffi_module(hook: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(hook)
    def run(*args: Any, **kwargs: Any) -> Any:
        import setuptools

        original = setuptools.setup
        setuptools.setup = functools.partial(original, cffi_modules=["build.py:ffibuilder"])
        try:
            return hook(*args, **kwargs)
        finally:
            setuptools.setup = original

    return run


def __getattr__(name: str) -> Any:
    """Serve setuptools' PEP 517 hooks lazily, so a plain ``python build.py`` needs no setuptools."""
    from setuptools import build_meta

    hook = getattr(build_meta, name)
    return _with_cffi_module(hook) if callable(hook) else hook


if __name__ == "__main__":
    builder = make_builder(absolute_paths=True)
    built = Path(builder.compile(tmpdir=str(ROOT / "build" / "cffi"), verbose="-v" in sys.argv))
    for stale in (ROOT / "pyramido").glob("_core.*.so"):  # e.g. the abi3 module of `pip install -e`
        stale.unlink()
    target = ROOT / "pyramido" / built.name
    target.write_bytes(built.read_bytes())
    print(f"built {target.relative_to(ROOT)}")
