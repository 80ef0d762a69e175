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
 * Every output pointer is followed by its capacity (cap; labels_cap and areas_cap for the
 * areas), in elements: a function needs the result to fit and writes nothing beyond it. Every function checks all of its inputs
 * before it computes or writes anything, in this order: null pointers (PYR_E_NULL), stage,
 * mode and capacity ranges (PYR_E_RANGE: cap < 0), every board byte (PYR_E_BOARD), the
 * stage box (PYR_E_NOBOX), and last the result size against the caller's capacity
 * (PYR_E_CAPACITY). On any error no output is written. pyr_strerror() names each code.
 * The functions use no global state, no heap and no I/O; they are reentrant and
 * thread-safe.
 *
 * Version: the macros below are the version of this header, pyr_version() and
 * pyr_version_number() the version of the library linked in; a program using the shared
 * library can check that they agree (see docs/core.md). 2.0.0 added the capacities of
 * pyr_top_view, pyr_label_areas(_mode), pyr_stage_box, pyr_sg_single_cells and
 * pyr_sg_reachable, an incompatible change from the unnumbered API before it (1.x).
 *
 * See docs/core.md for the full description.
 */
#ifndef PYRAMIDO_CORE_H
#define PYRAMIDO_CORE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Export the declarations below from a shared library built with -fvisibility=hidden. */
#if defined(__GNUC__)
#pragma GCC visibility push(default)
#endif

/* cffi-begin */
#define PYR_VERSION_MAJOR 5
#define PYR_VERSION_MINOR 0
#define PYR_VERSION_PATCH 0

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
#define PYR_MAX_BASE 5

#define PYR_OK 0
#define PYR_E_NULL -1
#define PYR_E_RANGE -2
#define PYR_E_BOARD -3
#define PYR_E_CAPACITY -4
#define PYR_E_NOBOX -5

/* The library's version, "MAJOR.MINOR.PATCH", and MAJOR * 10000 + MINOR * 100 + PATCH. */
const char *pyr_version(void);
int pyr_version_number(void);

/* A static description of a PYR_OK or PYR_E_* code; "unknown error code" for any other.
 * Never NULL. */
const char *pyr_strerror(int code);

/*
 * The base: every function that needs stage boxes takes the pyramid's base, base_w x
 * base_h blocks (the printed pyramid's is 5 x 4), either way round: stage 0 grows within
 * base_w x base_h or base_h x base_w until it spans one exactly, and stage s's box is
 * stage 0's shrunk by s. Each side is in 1..PYR_MAX_BASE, base_w * base_h >= 2, and the
 * stage must be below the shorter side (the base's pyramid has that many stages); anything
 * else is PYR_E_RANGE.
 */

/* Legal placements of a domino in `stage`, ascending; returns their count (<= 324). */
int pyr_placements(const uint8_t *board, int stage, int base_w, int base_h, uint16_t *out,
                   int cap);

/* pyr_placements, each plus `first` (0 <= first <= INT32_MAX - PYR_PLACEMENTS): the action
 * indices of the placements in an action space whose place actions start at `first` and
 * follow the placement numbers. */
int pyr_placement_indices(const uint8_t *board, int stage, int base_w, int base_h, int first,
                          int32_t *out, int cap);

/* The 18 x 18 top view, PYR_VIEW_SIZE bytes (cap >= PYR_VIEW_SIZE):
 * colour | 8 if a visible icon | stage << 4; 0 for a gap. */
int pyr_top_view(const uint8_t *board, uint8_t *out, int cap);

/* 4-connected same-colour areas of the top view; returns the number of areas n. labels
 * gets PYR_VIEW_SIZE entries (labels_cap >= PYR_VIEW_SIZE), each area_* array n entries
 * (areas_cap >= n; PYR_MAX_AREAS always suffices).
 * The same as pyr_label_areas_mode(..., PYR_AREAS_TOP_VIEW, ...). */
int pyr_label_areas(const uint8_t *board, uint16_t *labels, int labels_cap,
                    uint8_t *area_colour, uint16_t *area_icons, uint16_t *area_cells,
                    int areas_cap);

/*
 * Areas under either reading of "each block is connected to the blocks that support it";
 * returns the number of areas, an unknown mode is PYR_E_RANGE. Both modes label the
 * visible cells only (labels[cy * 18 + cx], PYR_NO_AREA for a gap), count the visible
 * icons of an area, and number areas by their first visible cell in row-major order.
 *
 * PYR_AREAS_TOP_VIEW: an area is a 4-connected set of same-colour cells of the top view,
 *   whatever their stages (pyr_label_areas).
 * PYR_AREAS_LINKED: the literal reading, in which a hidden block still joins the areas of
 *   the blocks it supports. The nodes are every present cell (stage s, cell) - a cell of
 *   stage s is present if a block of stage s covers it, visible if no block of a higher
 *   stage covers it. Two nodes of the same colour are joined when (a) both are visible and
 *   4-adjacent (the top-view rule, whatever their stages), (b) they are of the same stage
 *   and 4-adjacent, or (c) they are the same cell in stages s and s + 1. An area is a
 *   connected component holding a visible cell; its cells are its visible cells, its
 *   colour the component's. Components with no visible cell are no areas. Linked areas
 *   are unions of top-view areas; on a single stage the two modes agree.
 */
#define PYR_AREAS_TOP_VIEW 0
#define PYR_AREAS_LINKED 1
int pyr_label_areas_mode(const uint8_t *board, int mode, uint16_t *labels, int labels_cap,
                         uint8_t *area_colour, uint16_t *area_icons, uint16_t *area_cells,
                         int areas_cap);

/* The cells of the n areas `wanted` (labels below PYR_MAX_AREAS) of a labelling (`labels`,
 * PYR_VIEW_SIZE entries as pyr_label_areas writes them: labels_len == PYR_VIEW_SIZE): area
 * after area, each area's cells (cy * 18 + cx) ascending, their number in counts[i];
 * returns how many cells were written. Errors: a NULL pointer (wanted and counts may be
 * NULL when n is 0) (PYR_E_NULL); labels_len, n outside 0..PYR_MAX_AREAS, a negative cap,
 * a wanted label of PYR_MAX_AREAS or more (PYR_E_RANGE); more cells than cap
 * (PYR_E_CAPACITY: PYR_VIEW_SIZE suffices unless an area is wanted twice). */
int pyr_area_cells(const uint16_t *labels, int labels_len, const uint16_t *wanted, int n,
                   uint16_t *counts, uint16_t *out, int cap);

/* 1 if every empty space of the stage can still be covered by dominoes, else 0. */
int pyr_can_tile(const uint8_t *board, int stage, int base_w, int base_h);

/* The stage's box: inclusive block coordinates x0, y0, x1, y1 written to out[0..3]
 * (cap >= 4). */
int pyr_stage_box(const uint8_t *board, int stage, int base_w, int base_h, int *out, int cap);

/*
 * Candidate positions valued in one call, for bots (core_c/candidates.c): a linear value
 * of the statistics of the marked areas, computed by the flood fill above, so that a bot
 * weighs a hundred placements without a hundred round trips. The weights are the
 * caller's (its rules and its judgement); this file knows no rule.
 *
 * Markers: markers[c], c = 1..PYR_COLOURS, is the top-view cell (cy * 18 + cx) where the
 * marker of colour c stands, PYR_NO_AREA for none; markers[0] must be PYR_NO_AREA. `open`
 * is a mask of colours (bit c) whose markers are still to be placed. A marked area is
 * the area of a marker's cell (a marker on a gap or off the grid marks nothing); one area
 * holding two markers counts once.
 *
 * The value of a position is
 *   weights[0] * (icons of the marked areas, summed)
 * + weights[1] * (icons of the marked area with the fewest, 0 with none)
 * + weights[2] * (for each open colour, the most icons of an unmarked area of it, summed)
 * + weights[4] * (icons of the marked area with the most, 0 with none).
 * weights holds PYR_VALUE_WEIGHTS doubles (weights[3]: see pyr_placement_values).
 *
 * pyr_position_value: the value of `board` (areas read in `mode`, PYR_AREAS_*), to out[0]
 * (cap >= 1).
 *
 * pyr_placement_values: for each of the n placements of `stage` (each putting blocks A
 * and B, the block bytes a and b as printed, on two empty spaces of the lattice, the icons
 * turned rot quarter turns clockwise), to out[k]: the best value over the ways of marking
 * it - no new marker, or the marker of an open colour on a block of that colour holding
 * icons (on its first cell; the colour is then no longer open); with must_mark set, no
 * new marker is a way only when no marker can go - plus weights[3] if the stage can no
 * longer be tiled after it (pyr_can_tile). Returns n; cap >= n.
 *
 * Checks, the first failure wins: null pointers (PYR_E_NULL); stage and base, mode, n < 0, cap < 0,
 * markers (markers[0] not PYR_NO_AREA, a cell beyond the view), open (bits outside
 * 1..PYR_COLOURS), must_mark not 0 or 1 (PYR_E_RANGE); the board, then a or b not a
 * coloured block byte (PYR_E_BOARD); an upper stage with no box (PYR_E_NOBOX); a placement
 * beyond PYR_PLACEMENTS, or with a block off the lattice or on a space that is not empty
 * (PYR_E_RANGE); the capacity (PYR_E_CAPACITY). pyr_position_value checks what it takes
 * in the same order.
 */
#define PYR_COLOURS 7
#define PYR_VALUE_WEIGHTS 5
int pyr_position_value(const uint8_t *board, int mode, const uint16_t *markers, int open,
                       const double *weights, double *out, int cap);
int pyr_placement_values(const uint8_t *board, int stage, int base_w, int base_h, int mode,
                         uint8_t a, uint8_t b, const uint16_t *placements, int n,
                         const uint16_t *markers, int open, int must_mark,
                         const double *weights, double *out, int cap);

/*
 * The candidates of a whole decision in one call (a greedy bot's take and cover-card
 * decisions), valued as pyr_placement_values values a placement.
 *
 * pyr_dominoes_values: pyr_placement_values for each of m dominoes j (block bytes a[j] and
 * b[j]) on the same n placements: domino j's values to out[j * n + k]; cap >= m * n
 * (m * n beyond int is PYR_E_RANGE). Returns m * n. Checks as pyr_placement_values, m < 0
 * with the ranges, every a[j] and b[j] in order after the board.
 *
 * pyr_block_values: for each of the n candidates, the single block byte blocks[k] laid on
 * space spaces[k] (y * 9 + x, < 81) of `stage`, empty or not (a cover card on a block),
 * to out[k]: the best value over the ways of marking it as for a placement's blocks, with
 * no tiling term (weights[3] is unused). Returns n; cap >= n. Checks, the first failure
 * wins: null pointers (PYR_E_NULL); stage, mode, n < 0, cap < 0, markers, open, must_mark,
 * then each space (PYR_E_RANGE); the board, then each block byte (PYR_E_BOARD); the
 * capacity (PYR_E_CAPACITY).
 */
int pyr_dominoes_values(const uint8_t *board, int stage, int base_w, int base_h, int mode,
                        const uint8_t *a, const uint8_t *b, int m, const uint16_t *placements,
                        int n, const uint16_t *markers, int open, int must_mark,
                        const double *weights, double *out, int cap);
int pyr_block_values(const uint8_t *board, int stage, int mode, const uint16_t *spaces,
                     const uint8_t *blocks, int n, const uint16_t *markers, int open,
                     int must_mark, const double *weights, double *out, int cap);

/*
 * The candidates of pyr_dominoes_values as records rather than values, for a caller whose
 * rules score the marked areas otherwise than linearly (a house rule's Mino bonus): it
 * scores each distinct set of marked areas once, and adds what the records count.
 *
 * pyr_dominoes_marks: for each way of marking each candidate (domino j on placement k, the
 * ways of pyr_placement_values: the marker of an open colour on a block of it showing
 * icons, block A then B, then no new marker), one record of PYR_MARK_FIELDS int32_t to out:
 * [0] the candidate, j * n + k; [1] 1 if the stage can no longer be tiled after it, else
 * 0; [2] for each colour still open, the most icons of an area of it not marked, summed;
 * [3] the number of marked areas, then for each marked area in the order of
 * pyr_label_areas's labels (an area holding two markers once) its colour, its icons and
 * the mask of the colours (bit c) whose markers are in it, 3 fields each; the fields of
 * the areas beyond are 0. A candidate has at most PYR_MARK_WAYS records; cap, in records,
 * must be >= PYR_MARK_WAYS * m * n (beyond int is PYR_E_RANGE). Returns the number of
 * records. Checks as pyr_dominoes_values (out for weights).
 */
#define PYR_MARK_FIELDS 25 /* 4 + 3 * PYR_COLOURS */
#define PYR_MARK_WAYS 3
int pyr_dominoes_marks(const uint8_t *board, int stage, int base_w, int base_h, int mode,
                       const uint8_t *a, const uint8_t *b, int m, const uint16_t *placements,
                       int n, const uint16_t *markers, int open, int must_mark, int32_t *out,
                       int cap);

/*
 * pyr_block_marks: the candidates of pyr_block_values as records of pyr_dominoes_marks
 * (the candidate: k; the stage's tiling: 0, not asked), each way of marking one: the
 * marker of the block's colour on it when open and it shows icons, then no new marker
 * (with must_mark, only when none can go). At most PYR_BLOCK_MARK_WAYS records per
 * candidate: cap, in records, >= PYR_BLOCK_MARK_WAYS * n (beyond int is PYR_E_RANGE).
 * Returns the number of records. Checks as pyr_block_values (out for weights).
 */
#define PYR_BLOCK_MARK_WAYS 2
int pyr_block_marks(const uint8_t *board, int stage, int mode, const uint16_t *spaces,
                    const uint8_t *blocks, int n, const uint16_t *markers, int open,
                    int must_mark, int32_t *out, int cap);

/*
 * A board's stage planes, for learning agents' tensors (core_c/planes.c): PYR_STAGES *
 * channels layers of 9 x 9 int16 values (a tensor's integers), planes[((stage * channels + channel) * 9 + y) * 9 + x].
 * The block byte at (stage, x, y) sets to 1 channel 0 (occupied), channel c for its colour
 * c (1..colours) and channel colours + 1 + q for each icon quadrant q of its high nibble;
 * an empty space sets none. The channels from colours + 5 on are the caller's.
 *
 * pyr_board_planes: the planes of `before` turned into those of `board`, in place: at each
 * byte where the two differ, before's channels set to 0, then board's to 1; nothing else
 * is written. Returns the number of bytes that differ (0..PYR_BOARD_SIZE). Checks, the
 * first failure wins: null pointers (PYR_E_NULL); colours outside 1..PYR_COLOURS,
 * channels below colours + 5, planes_len other than PYR_STAGES * channels * 81
 * (PYR_E_RANGE); board, then before, not a valid board or holding a colour above
 * `colours` (PYR_E_BOARD).
 */
int pyr_board_planes(const uint8_t *board, const uint8_t *before, int colours, int channels,
                     int16_t *planes, int planes_len);

/*
 * The games' random generator (core_c/rng.c): PCG32, XSH RR variant (O'Neill), with the
 * multiplier 6364136223846793005 and the increment 1442695040888963407, so that any
 * implementation in any language draws the same numbers from a game's seed. The caller
 * owns the 64-bit state; every function advances it in place.
 *
 * pyr_rng_seed: the state of a generator seeded with `seed` (any 64-bit value): from state
 *   0, one step, `seed` added, one more step.
 * pyr_rng_next: the next 32-bit output (a value in 0..2^32-1), or PYR_E_NULL.
 * pyr_rng_below: an unbiased value in [0, bound), bound in 1..2^32 (else PYR_E_RANGE):
 *   outputs below 2^32 mod bound are drawn again, the first other one taken mod bound.
 * pyr_rng_permutation: a shuffle of 0..n-1 to out (cap >= n, n >= 0): out starts as the
 *   identity, then for i from n-1 down to 1 out[i] and out[j] are swapped, j drawn by
 *   pyr_rng_below(state, i + 1) (Fisher-Yates). Shuffling a list the same way puts its
 *   item out[k] at position k. Returns n.
 * pyr_rng_draw: up to `count` items drawn without replacement from a multiset of `kinds`
 *   kinds holding counts[k] items of kind k (the counts' sum at most 2^32), the kind of
 *   each to out (cap >= count, count >= 0): each draw takes v = pyr_rng_below(state, the
 *   counts' sum), the kind k with counts[0] + ... + counts[k-1] <= v < counts[0] + ... +
 *   counts[k], and one item from counts[k]. The draws stop early when the counts are all
 *   0. Returns the number drawn.
 *
 * Checks, the first failure wins: null pointers (PYR_E_NULL), n, kinds, count or cap < 0,
 * a bound or a sum of counts out of range (PYR_E_RANGE), cap < n or cap < count
 * (PYR_E_CAPACITY). On error the state is unchanged and nothing is written.
 */
int pyr_rng_seed(uint64_t seed, uint64_t *state);
int64_t pyr_rng_next(uint64_t *state);
int64_t pyr_rng_below(uint64_t *state, uint64_t bound);
int pyr_rng_permutation(uint64_t *state, int n, uint32_t *out, int cap);
int pyr_rng_draw(uint64_t *state, uint32_t *counts, int kinds, int count, uint32_t *out, int cap);

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
 * The mask of the cells a single mark may go on, to out[0] (cap >= 1): the entrance if
 * `marked` is 0, else every unmarked non-wall cell orthogonally adjacent to a marked cell.
 */
int pyr_sg_single_cells(uint32_t walls, uint32_t marked, int entrance, uint32_t *out, int cap);

/* The mask of the cells reachable from the entrance by orthogonal steps over non-wall
 * cells (the entrance included), to out[0] (cap >= 1). */
int pyr_sg_reachable(uint32_t walls, int entrance, uint32_t *out, int cap);

/*
 * The markings of n cards at once, as numbers (a game lists a seat's in one call):
 * `cards` holds PYR_SG_CARD_FIELDS values per card, its walls, marked cells, entrance and
 * two bases, shape_base and cell_base (each 0..PYR_SG_MAX_BASE); `table` holds n_table
 * (0..PYR_SG_MAX_PLACEMENTS) non-empty cell sets, a shape's placements on an empty card
 * (their indices are the placement ids). For each card, shape_base + i for each table[i]
 * a mark may cover (on no wall and no marked cell, holding the entrance if nothing is
 * marked, else beside a marked cell: with the shape's table, pyr_sg_placements' sets),
 * and cell_base + each cell of pyr_sg_single_cells; all ascending to out (duplicates
 * kept). Returns their count (<= PYR_SG_MAX_MARKINGS).
 *
 * Checks, the first failure wins: out, or cards with n > 0, or table with n_table > 0,
 * NULL (PYR_E_NULL); cap < 0, n outside 0..PYR_SG_MAX_CARDS, n_table outside
 * 0..PYR_SG_MAX_PLACEMENTS, a table set empty or with bits 25-31, then card by card a
 * mask with bits 25-31, an entrance outside 0..24, a base above PYR_SG_MAX_BASE
 * (PYR_E_RANGE); card by card walls & marked nonzero, the entrance on a wall
 * (PYR_E_BOARD); the result against cap (PYR_E_CAPACITY).
 */
#define PYR_SG_CARD_FIELDS 5
#define PYR_SG_MAX_CARDS 8
#define PYR_SG_MAX_BASE 0xFFFFFF
/* PYR_SG_MAX_CARDS * (PYR_SG_MAX_PLACEMENTS + PYR_SG_CELLS) */
#define PYR_SG_MAX_MARKINGS 968
int pyr_sg_markings(const uint32_t *cards, int n, const uint32_t *table, int n_table,
                    uint32_t *out, int cap);

/*
 * pyr_sg_markings for several seats in one call (a game lists every seat's when an
 * expedition card is revealed): the n cards of `cards` (PYR_SG_CARD_FIELDS values each, as
 * pyr_sg_markings reads them) are the seats' in turn, sizes[s] cards (0..PYR_SG_MAX_CARDS)
 * for seat s; to out, seat after seat, what pyr_sg_markings returns for each seat's cards
 * alone, and to counts[s] how many are seat s's. Returns their total count (at most
 * n_seats * PYR_SG_MAX_MARKINGS).
 *
 * Checks, the first failure wins: out, counts, sizes with n_seats > 0, cards with n > 0,
 * or table with n_table > 0 NULL (PYR_E_NULL); cap < 0, n_seats outside
 * 0..PYR_SG_MAX_SEATS, a size outside 0..PYR_SG_MAX_CARDS, n not the sum of the sizes,
 * then pyr_sg_markings' checks from n_table on (PYR_E_RANGE, PYR_E_BOARD); the result
 * against cap (PYR_E_CAPACITY).
 */
#define PYR_SG_MAX_SEATS 8
int pyr_sg_markings_seats(const uint32_t *cards, int n, const int *sizes, int n_seats,
                          const uint32_t *table, int n_table, uint32_t *out, int cap,
                          int *counts);
/* cffi-end */

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

/* The version as a string and as one number, from the three numbers above (cffi reads
 * only integer #defines, so these stay outside its section). */
#define PYR_STRINGIFY_(x) #x
#define PYR_STRINGIFY(x) PYR_STRINGIFY_(x)
#define PYR_VERSION                                                                         \
    PYR_STRINGIFY(PYR_VERSION_MAJOR) "." PYR_STRINGIFY(PYR_VERSION_MINOR) "."               \
    PYR_STRINGIFY(PYR_VERSION_PATCH)
#define PYR_VERSION_NUMBER                                                                  \
    (PYR_VERSION_MAJOR * 10000 + PYR_VERSION_MINOR * 100 + PYR_VERSION_PATCH)

#ifdef __cplusplus
}
#endif

#endif /* PYRAMIDO_CORE_H */
