"""The C core's own tests (``make -C core_c test``), its shared library and example
(``make -C core_c all run-examples``), the header against board.py, and the library's
version and error texts against the reference's."""

from __future__ import annotations

import ctypes
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from cffi import FFI

from pyramido.geometry import board, contract, core, reference

ffi, lib = core.ffi, core.lib  # the compiled module, pyramido._core

ROOT = Path(__file__).resolve().parent.parent
CORE_C = ROOT / "core_c"
HEADER = CORE_C / "pyramido_core.h"

needs_toolchain = pytest.mark.skipif(
    shutil.which("make") is None or shutil.which("gcc") is None,
    reason="make and gcc are needed to build the C tests",
)


def _header_defines() -> dict[str, int]:
    text = HEADER.read_text(encoding="utf-8")
    return {
        name: int(value, 0)
        for name, value in re.findall(r"^#define (PYR_\w+) (-?(?:0x[0-9A-Fa-f]+|\d+))$", text, re.M)
    }


def _cdefs() -> str:
    """The header's declarations between the cffi markers (as build.py reads them)."""
    text = HEADER.read_text(encoding="utf-8")
    start = text.index("/* cffi-begin */") + len("/* cffi-begin */")
    return text[start : text.index("/* cffi-end */")]


def _header_functions() -> set[str]:
    return set(re.findall(r"\b(pyr_\w+)\(", _cdefs()))


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    # a sanitizer run of the Python suite preloads libasan: make, gcc and binutils don't want it
    env = {key: value for key, value in os.environ.items() if key != "LD_PRELOAD"}
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=600, check=False)


@needs_toolchain
def test_c_tests_pass() -> None:
    done = _run("make", "--no-print-directory", "-C", str(CORE_C), "test")
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    last = done.stdout.strip().splitlines()[-1]
    match = re.fullmatch(r"(\d+) passed, 0 failed", last)
    assert match is not None, output
    assert int(match.group(1)) > 1000


def test_header_constants_match_board_layout() -> None:
    defines = _header_defines()
    assert defines["PYR_STAGES"] == board.STAGES
    assert defines["PYR_SIDE"] == board.SIDE
    assert defines["PYR_CELLS"] == board.CELLS
    assert defines["PYR_BOARD_SIZE"] == board.BOARD_SIZE
    assert defines["PYR_PLACEMENTS"] == board.PLACEMENTS
    assert defines["PYR_VIEW_SIZE"] == board.CELLS * board.CELLS
    assert defines["PYR_MAX_AREAS"] == board.CELLS * board.CELLS
    assert defines["PYR_EMPTY"] == board.EMPTY
    assert defines["PYR_NO_AREA"] == board.NO_AREA
    assert (defines["PYR_ANCHOR_X"], defines["PYR_ANCHOR_Y"]) == board.FIRST_ANCHOR
    assert defines["PYR_MAX_BASE"] == board.MAX_BASE
    # the area modes: label_areas(linked=False) and label_areas(linked=True)
    assert (defines["PYR_AREAS_TOP_VIEW"], defines["PYR_AREAS_LINKED"]) == (0, 1)


def test_header_error_codes_match_reference() -> None:
    defines = _header_defines()
    assert defines["PYR_OK"] == contract.OK
    assert defines["PYR_E_NULL"] == contract.E_NULL
    assert defines["PYR_E_RANGE"] == contract.E_RANGE
    assert defines["PYR_E_BOARD"] == contract.E_BOARD
    assert defines["PYR_E_CAPACITY"] == contract.E_CAPACITY
    assert defines["PYR_E_NOBOX"] == contract.E_NOBOX


def test_version_agrees_in_header_library_facade_and_reference() -> None:
    defines = _header_defines()
    major, minor, patch = (defines[f"PYR_VERSION_{part}"] for part in ("MAJOR", "MINOR", "PATCH"))
    assert core.version() == reference.version() == f"{major}.{minor}.{patch}"
    assert ffi.string(lib.pyr_version()) == core.version().encode()
    assert lib.pyr_version_number() == major * 10000 + minor * 100 + patch


def test_reference_error_texts_are_the_c_library_s() -> None:
    defines = _header_defines()
    codes = [code for name, code in defines.items() if name == "PYR_OK" or name.startswith("PYR_E_")]
    assert sorted(codes) == [-5, -4, -3, -2, -1, 0]  # a new code needs its text in the reference
    int_min, int_max = -(2 ** (8 * ffi.sizeof("int") - 1)), 2 ** (8 * ffi.sizeof("int") - 1) - 1
    for code in [*range(-50, 50), int_min, int_min + 1, int_max - 1, int_max]:
        assert reference.strerror(code) == ffi.string(lib.pyr_strerror(code)).decode()
        assert core.strerror(code) == reference.strerror(code)
    assert len({reference.strerror(code) for code in codes}) == len(codes)
    # the facade takes any int, as the reference does: beyond C's int is an unknown code
    for code in (int_min - 1, int_max + 1, 2**100, -(2**100)):
        assert core.strerror(code) == reference.strerror(code) == "unknown error code"


def test_header_cffi_section_parses() -> None:
    cdefs = _cdefs()
    FFI().cdef(cdefs)  # raises on anything cffi cannot parse
    assert _header_functions() == {
        "pyr_version",
        "pyr_version_number",
        "pyr_strerror",
        "pyr_placements",
        "pyr_placement_indices",
        "pyr_top_view",
        "pyr_label_areas",
        "pyr_label_areas_mode",
        "pyr_can_tile",
        "pyr_stage_box",
        "pyr_area_cells",
        "pyr_position_value",
        "pyr_placement_values",
        "pyr_dominoes_values",
        "pyr_block_values",
        "pyr_dominoes_marks",
        "pyr_block_marks",
        "pyr_sg_orientations",
        "pyr_sg_placements",
        "pyr_sg_single_cells",
        "pyr_sg_reachable",
        "pyr_sg_markings",
        "pyr_sg_markings_seats",
        "pyr_rng_seed",
        "pyr_rng_next",
        "pyr_rng_below",
        "pyr_rng_permutation",
        "pyr_rng_draw",
        "pyr_board_planes",
    }
    # include guards, includes and the visibility pragmas stay outside the markers
    assert "#include" not in cdefs and "#ifndef" not in cdefs and "#pragma" not in cdefs


def test_shared_library_and_example(tmp_path: Path) -> None:
    """CI's ``make -C core_c all run-examples``, in a fresh copy of core_c/: the libraries,
    their soname and exports, the example's output as expected, and the library called
    from another language (here Python's ctypes) through its C ABI."""
    copy = tmp_path / "core_c"
    shutil.copytree(CORE_C, copy, ignore=shutil.ignore_patterns("build"))
    done = _run("make", "--no-print-directory", "-C", str(copy), "all", "run-examples")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip().splitlines()[-1] == "examples ok"

    build = copy / "build"
    shared = build / "libpyramido_core.so"
    major, minor, patch = core.version().split(".")
    assert (build / "libpyramido_core.a").is_file()
    soname = f"libpyramido_core.so.{major}"
    assert os.readlink(shared) == soname
    assert os.readlink(build / soname) == f"{soname}.{minor}.{patch}"
    dynamic = _run("readelf", "--dynamic", str(shared)).stdout
    assert f"Library soname: [{soname}]" in dynamic
    symbols = _run("nm", "--dynamic", "--defined-only", str(shared)).stdout.split("\n")
    exported = {line.split()[-1] for line in symbols if line.strip()}
    assert exported == _header_functions()  # -fvisibility=hidden hides everything else

    library = ctypes.CDLL(str(shared))
    library.pyr_version.restype = ctypes.c_char_p
    library.pyr_strerror.restype = ctypes.c_char_p
    library.pyr_strerror.argtypes = [ctypes.c_int]
    assert library.pyr_version().decode() == core.version()
    assert library.pyr_strerror(contract.E_CAPACITY).decode() == reference.strerror(contract.E_CAPACITY)
    out = (ctypes.c_uint16 * board.PLACEMENTS)()
    width, height = board.PRINTED_BASE
    assert library.pyr_placements(bytes(board.BOARD_SIZE), 0, width, height, out, len(out)) == 4
    assert list(out[:4]) == core.placements(bytes(board.BOARD_SIZE), 0)
    assert library.pyr_placements(bytes(board.BOARD_SIZE), 0, width, height, out, 3) == contract.E_CAPACITY
