"""The C core's own tests (``make -C core_c test``), and the header against board.py."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from cffi import FFI

from pyramido import board, reference

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


@needs_toolchain
def test_c_tests_pass() -> None:
    # a sanitizer run of the Python suite preloads libasan: make and gcc don't want it
    env = {key: value for key, value in os.environ.items() if key != "LD_PRELOAD"}
    done = subprocess.run(
        ["make", "--no-print-directory", "-C", str(CORE_C), "test"],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        check=False,
    )
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


def test_header_error_codes_match_reference() -> None:
    defines = _header_defines()
    assert defines["PYR_OK"] == reference.OK
    assert defines["PYR_E_NULL"] == reference.E_NULL
    assert defines["PYR_E_RANGE"] == reference.E_RANGE
    assert defines["PYR_E_BOARD"] == reference.E_BOARD
    assert defines["PYR_E_CAPACITY"] == reference.E_CAPACITY
    assert defines["PYR_E_NOBOX"] == reference.E_NOBOX


def test_header_cffi_section_parses() -> None:
    text = HEADER.read_text(encoding="utf-8")
    start = text.index("/* cffi-begin */") + len("/* cffi-begin */")
    cdefs = text[start : text.index("/* cffi-end */")]
    ffi = FFI()
    ffi.cdef(cdefs)  # raises on anything cffi cannot parse
    for name in ("pyr_placements", "pyr_top_view", "pyr_label_areas", "pyr_can_tile", "pyr_stage_box"):
        assert name in cdefs
    # include guards and includes stay outside the markers
    assert "#include" not in cdefs and "#ifndef" not in cdefs
