/*
 * pyramido_core.h - the C core of the Pyramido engine: placement legality, the top view,
 * area labelling and stage tiling on the 324-byte board of pyramido/board.py; and, for
 * Silver & Gold Pyramids, polyomino placements on a 5x5 card (the pyr_sg_* section below).
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

/*
 * Silver & Gold Pyramids (S&G, core_c/sg_core.c): polyominoes on a 5x5 pyramid card.
 *
 *   - a cell set is a 25-bit mask: cell (x, y), x and y in 0..4, is bit y * 5 + x; bits
 *     25-31 of every mask argument must be 0 (else PYR_E_RANGE);
 *   - `walls` are the cells that can never be marked, `marked` the cells marked so far
 *     (any set: it need not be connected nor hold the entrance), `entrance` the index
 *     0..24 of the entrance cell (always checked, by every function that takes it);
 *   - a shape is a mask of a non-empty, 4-connected cell set drawn anywhere in the frame
 *     (else PYR_E_RANGE); an orientation is one of its images under the 8 rotations and
 *     reflections, shifted to touch x = 0 and y = 0.
 *
 * Checks, the first failure wins: out pointer (PYR_E_NULL); cap < 0, then each argument
 * in signature order: a mask with bits 25-31, an entrance outside 0..24, a shape with
 * bits 25-31, empty or not 4-connected (PYR_E_RANGE); walls & marked nonzero, then the
 * entrance on a wall (PYR_E_BOARD); the result against cap (PYR_E_CAPACITY). As above,
 * nothing is written on error, and nothing beyond the result on success.
 */
#define PYR_SG_SIDE 5
#define PYR_SG_CELLS 25
#define PYR_SG_FULL 0x1FFFFFF
#define PYR_SG_MAX_ORIENTATIONS 8
#define PYR_SG_MAX_PLACEMENTS 96

/* The distinct orientations of `shape`, ascending; returns their count (1..8). */
int pyr_sg_orientations(uint32_t shape, uint32_t *out, int cap);

/*
 * Every distinct cell set where `shape` may be marked, ascending; returns their count
 * (<= PYR_SG_MAX_PLACEMENTS). A set is an orientation of the shape at a position fully
 * inside the card, on no wall and no marked cell, that holds the entrance if `marked` is
 * 0 and otherwise has a cell orthogonally adjacent to a marked cell.
 */
int pyr_sg_placements(uint32_t walls, uint32_t marked, int entrance, uint32_t shape,
                      uint32_t *out, int cap);

/*
 * The mask of the cells a single mark may go on, to *out_mask: the entrance if `marked`
 * is 0, else every unmarked non-wall cell orthogonally adjacent to a marked cell.
 */
int pyr_sg_single_cells(uint32_t walls, uint32_t marked, int entrance, uint32_t *out_mask);

/* The mask of the cells reachable from the entrance by orthogonal steps over non-wall
 * cells (the entrance included), to *out_mask. */
int pyr_sg_reachable(uint32_t walls, int entrance, uint32_t *out_mask);
/* cffi-end */

#ifdef __cplusplus
}
#endif

#endif /* PYRAMIDO_CORE_H */
