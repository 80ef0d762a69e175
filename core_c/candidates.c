/*
 * candidates.c - positions valued in one call (pyr_position_value, pyr_placement_values):
 * see pyramido_core.h. A bot weighing every placement of a domino asks once; each
 * candidate is the board with the domino laid on a copy, labelled by the flood fill of
 * pyramido_core.c, then read for the statistics of its marked areas.
 */
#include "pyramido_core.h"
#include "pyramido_internal.h"

#include <string.h>

enum {
    SIDE = PYR_SIDE,
    LAYER = PYR_SIDE * PYR_SIDE,
    CELLS = PYR_CELLS,
    VIEW = PYR_CELLS * PYR_CELLS,
    ALL_COLOURS = ((1 << (PYR_COLOURS + 1)) - 1) & ~1 /* bits 1..7 */
};

static const int STEP_X[4] = {1, 0, -1, 0};
static const int STEP_Y[4] = {0, 1, 0, -1};

/* Where quadrant q (dy * 2 + dx) goes in one quarter turn clockwise: TL TR BR BL. */
static const int CLOCKWISE[4] = {1, 3, 0, 2};

/* The areas of one position. */
typedef struct {
    int count;
    uint16_t label[VIEW];
    uint8_t colour[VIEW];
    uint16_t icons[VIEW];
    uint16_t cells[VIEW];
} areas_t;

static int markers_valid(const uint16_t *markers, int open)
{
    if (markers[0] != PYR_NO_AREA) return 0;
    for (int c = 1; c <= PYR_COLOURS; c++)
        if (markers[c] != PYR_NO_AREA && markers[c] >= VIEW) return 0;
    return (open & ~ALL_COLOURS) == 0;
}

/*
 * The value of a labelled position with these markers (see the header): the marked areas
 * are collected once (an area holding two markers counts once), then each open colour's
 * best unmarked area is found in one pass over the areas.
 */
static double value_of(const areas_t *areas, const uint16_t *markers, int open,
                       const double *weights)
{
    uint8_t marked[VIEW];
    int best[PYR_COLOURS + 1];
    long sum = 0, fewest = -1;

    memset(marked, 0, (size_t)areas->count);
    for (int c = 1; c <= PYR_COLOURS; c++) {
        if (markers[c] == PYR_NO_AREA) continue;
        unsigned area = areas->label[markers[c]];
        if (area == PYR_NO_AREA || marked[area]) continue;
        marked[area] = 1;
        sum += areas->icons[area];
        if (fewest < 0 || areas->icons[area] < fewest) fewest = areas->icons[area];
    }
    for (int c = 0; c <= PYR_COLOURS; c++) best[c] = 0;
    for (int a = 0; a < areas->count; a++) {
        int c = areas->colour[a];
        if (!marked[a] && ((open >> c) & 1) && areas->icons[a] > best[c]) best[c] = areas->icons[a];
    }
    long open_sum = 0;
    for (int c = 1; c <= PYR_COLOURS; c++) open_sum += best[c];
    return weights[0] * (double)sum + weights[1] * (double)(fewest < 0 ? 0 : fewest) +
           weights[2] * (double)open_sum;
}

int pyr_position_value(const uint8_t *board, int mode, const uint16_t *markers, int open,
                       const double *weights, double *out, int cap)
{
    areas_t areas;

    if (board == NULL || markers == NULL || weights == NULL || out == NULL)
        return PYR_E_NULL;
    if ((mode != PYR_AREAS_TOP_VIEW && mode != PYR_AREAS_LINKED) || cap < 0 ||
        !markers_valid(markers, open))
        return PYR_E_RANGE;
    if (!pyr__board_is_valid(board)) return PYR_E_BOARD;
    if (cap < 1) return PYR_E_CAPACITY;
    areas.count = pyr__areas(board, mode, areas.label, areas.colour, areas.icons, areas.cells);
    out[0] = value_of(&areas, markers, open, weights);
    return PYR_OK;
}

/* A block byte of a domino: a colour, bit 3 clear. */
static int block_byte_valid(uint8_t byte)
{
    return (byte & 7u) != 0 && (byte & 8u) == 0;
}

/* The byte of `byte` turned `rot` quarter turns clockwise (its icons; its colour stays). */
static uint8_t turned(uint8_t byte, int rot)
{
    unsigned icons = byte >> 4;
    for (int r = 0; r < rot; r++) {
        unsigned next = 0;
        for (int q = 0; q < 4; q++)
            if ((icons >> q) & 1u) next |= 1u << CLOCKWISE[q];
        icons = next;
    }
    return (uint8_t)((byte & 7u) | (icons << 4));
}

/* The block spaces (stage-local indices) of a placement, or 0 if a block is off the
 * lattice or on a space of `layer` that is not empty. */
static int spaces_of(const uint8_t *layer, unsigned placement, int *space_a, int *space_b)
{
    int x = (int)(placement / 4) % SIDE, y = (int)(placement / 4) / SIDE, rot = (int)(placement % 4);
    int bx = x + STEP_X[rot], by = y + STEP_Y[rot];
    if (bx < 0 || bx >= SIDE || by < 0 || by >= SIDE) return 0;
    *space_a = y * SIDE + x;
    *space_b = by * SIDE + bx;
    return layer[*space_a] == 0 && layer[*space_b] == 0;
}

/* The first cell of block space `space` of `stage`, as a view index (PYR_NO_AREA when the
 * block lies beyond the grid, as stage 2-3 blocks of row or column 8 do). */
static uint16_t first_cell(int stage, int space)
{
    int cx = 2 * (space % SIDE) + stage, cy = 2 * (space / SIDE) + stage;
    if (cx >= CELLS || cy >= CELLS) return PYR_NO_AREA;
    return (uint16_t)(cy * CELLS + cx);
}

/* The best value of the ways of marking the domino just laid on `spaces` (bytes laid). */
static double best_marking(const areas_t *areas, const uint16_t *markers, int open,
                           int must_mark, const double *weights, const int *spaces,
                           const uint8_t *laid, int stage)
{
    uint16_t with[PYR_COLOURS + 1];
    double best = 0.0;
    int ways = 0;

    for (int k = 0; k < 2; k++) {
        int c = laid[k] & 7;
        if ((laid[k] >> 4) == 0 || !((open >> c) & 1)) continue;
        memcpy(with, markers, sizeof with);
        with[c] = first_cell(stage, spaces[k]);
        double value = value_of(areas, with, open & ~(1 << c), weights);
        if (ways++ == 0 || value > best) best = value;
    }
    if (ways == 0 || !must_mark) {
        double value = value_of(areas, markers, open, weights);
        if (ways++ == 0 || value > best) best = value;
    }
    return best;
}

int pyr_placement_values(const uint8_t *board, int stage, int mode, uint8_t a, uint8_t b,
                         const uint16_t *placements, int n, const uint16_t *markers,
                         int open, int must_mark, const double *weights, double *out,
                         int cap)
{
    uint8_t copy[PYR_BOARD_SIZE];
    areas_t areas;
    int spaces[2];

    if (board == NULL || placements == NULL || markers == NULL || weights == NULL ||
        out == NULL)
        return PYR_E_NULL;
    if (stage < 0 || stage >= PYR_STAGES || (mode != PYR_AREAS_TOP_VIEW && mode != PYR_AREAS_LINKED) ||
        n < 0 || cap < 0 || !markers_valid(markers, open) || (must_mark != 0 && must_mark != 1))
        return PYR_E_RANGE;
    if (!pyr__board_is_valid(board) || !block_byte_valid(a) || !block_byte_valid(b))
        return PYR_E_BOARD;
    int tileable = pyr__can_tile(board, stage); /* PYR_E_NOBOX: an upper stage with no box */
    if (tileable < 0) return tileable;
    const uint8_t *layer = board + stage * LAYER;
    for (int k = 0; k < n; k++)
        if (placements[k] >= PYR_PLACEMENTS || !spaces_of(layer, placements[k], &spaces[0], &spaces[1]))
            return PYR_E_RANGE;
    if (cap < n) return PYR_E_CAPACITY;

    memcpy(copy, board, sizeof copy);
    uint8_t *top = copy + stage * LAYER;
    for (int k = 0; k < n; k++) {
        int rot = placements[k] % 4;
        uint8_t laid[2] = {turned(a, rot), turned(b, rot)};
        spaces_of(layer, placements[k], &spaces[0], &spaces[1]);
        top[spaces[0]] = laid[0];
        top[spaces[1]] = laid[1];
        areas.count = pyr__areas(copy, mode, areas.label, areas.colour, areas.icons, areas.cells);
        double value = best_marking(&areas, markers, open, must_mark, weights, spaces, laid, stage);
        if (pyr__can_tile(copy, stage) == 0) value += weights[3];
        out[k] = value;
        top[spaces[0]] = 0;
        top[spaces[1]] = 0;
    }
    return n;
}
