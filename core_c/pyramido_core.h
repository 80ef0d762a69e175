/*
 * pyramido_core.h - the C core of the Pyramido engine: placement legality, the top view,
 * area labelling and stage tiling on the 324-byte board of pyramido/board.py.
 *
 * Board layout (the contract of pyramido/board.py):
 *   - a board is PYR_BOARD_SIZE = 4 * 9 * 9 bytes; block space (x, y) of stage s (0-based)
 *     is at byte (s * 9 + y) * 9 + x;
 *   - a block byte is colour | icons << 4: colour 0 = empty, 1-7 = a colour; the high nibble
 *     is a mask of icon quadrants (bit 1 << q, q = dy * 2 + dx); bit 3 is always 0, and an
 *     empty byte is exactly 0 (anything else is PYR_E_BOARD);
 *   - block (x, y) of stage s covers the quadrant cells (2x + s + dx, 2y + s + dy) of the
 *     18 x 18 top view, dx, dy in 0-1;
 *   - a placement is ((y * 9) + x) * 4 + rot: block A at (x, y), block B one step away in
 *     direction rot (0 right, 1 down, 2 left, 3 up).
 *
 * Every function checks all of its inputs before it computes or writes anything, in this
 * order: null pointers (PYR_E_NULL), stage and capacity ranges (PYR_E_RANGE), every board
 * byte (PYR_E_BOARD), the stage box (PYR_E_NOBOX), and last the result size against the
 * caller's capacity (PYR_E_CAPACITY). On any error no output is written. The functions use
 * no global state, no heap and no I/O; they are reentrant and thread-safe.
 *
 * See docs/core.md for the full description.
 */
#ifndef PYRAMIDO_CORE_H
#define PYRAMIDO_CORE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* cffi-begin */
#define PYR_STAGES 4
#define PYR_SIDE 9
#define PYR_CELLS 18
#define PYR_BOARD_SIZE 324
#define PYR_PLACEMENTS 324
#define PYR_VIEW_SIZE 324
#define PYR_MAX_AREAS 324
#define PYR_EMPTY 0
#define PYR_NO_AREA 0xFFFF
#define PYR_ANCHOR_X 4
#define PYR_ANCHOR_Y 4

#define PYR_OK 0
#define PYR_E_NULL -1
#define PYR_E_RANGE -2
#define PYR_E_BOARD -3
#define PYR_E_CAPACITY -4
#define PYR_E_NOBOX -5

/* Legal placements of a domino in `stage`, ascending; returns their count (<= 324). */
int pyr_placements(const uint8_t *board, int stage, uint16_t *out, int cap);

/* The 18 x 18 top view: colour | 8 if a visible icon | stage << 4; 0 for a gap. */
int pyr_top_view(const uint8_t *board, uint8_t *out);

/* 4-connected same-colour areas of the top view; returns the number of areas. */
int pyr_label_areas(const uint8_t *board, uint16_t *labels, uint8_t *area_colour,
                    uint16_t *area_icons, uint16_t *area_cells, int cap);

/* 1 if every empty space of the stage can still be covered by dominoes, else 0. */
int pyr_can_tile(const uint8_t *board, int stage);

/* The stage's box, inclusive block coordinates x0, y0, x1, y1 written to out4. */
int pyr_stage_box(const uint8_t *board, int stage, int *out4);
/* cffi-end */

#ifdef __cplusplus
}
#endif

#endif /* PYRAMIDO_CORE_H */
