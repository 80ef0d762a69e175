/*
 * sg_core.c - Silver & Gold Pyramids: polyominoes on a 5x5 card. See the pyr_sg_* section
 * of pyramido_core.h and docs/core.md.
 *
 * Every cell set is a 25-bit mask (cell (x, y) is bit y * 5 + x), so the geometry is bit
 * arithmetic on uint32_t: a step right is a shift left by 1 with column 0 masked out (the
 * bit that wrapped from the row above), a step down a shift left by 5, and so on.
 *
 * Same conventions as pyramido_core.c: every public function validates all of its inputs
 * first (null pointer, ranges, the card, in the order of the header), computes into stack
 * buffers and writes its outputs only on success. No globals, no heap, no I/O. This file
 * shares no code with pyramido_core.c, only the header's constants.
 */
#include "pyramido_core.h"

#include <string.h>

enum {
    SIDE = PYR_SG_SIDE,
    MAX_ORIENTATIONS = PYR_SG_MAX_ORIENTATIONS,
    /* every orientation at every offset: a bound on candidates that needs no proof */
    MAX_CANDIDATES = PYR_SG_MAX_ORIENTATIONS * PYR_SG_CELLS
};

#define FULL ((uint32_t)PYR_SG_FULL)
#define COL0 UINT32_C(0x0108421) /* the cells with x = 0 */
#define COL4 (COL0 << 4)         /* the cells with x = 4 */
#define ROW0 UINT32_C(0x1F)      /* the cells with y = 0 */

/* ---- cell sets ---------------------------------------------------------------------- */

/* m and every cell orthogonally adjacent to a cell of m. */
static uint32_t grow(uint32_t m)
{
    return (m | ((m << 1) & ~COL0) | ((m >> 1) & ~COL4) | (m << 5) | (m >> 5)) & FULL;
}

/* The cells of `within` connected to `seed` (a subset of it) by orthogonal steps. */
static uint32_t flood(uint32_t seed, uint32_t within)
{
    uint32_t reached = seed & within;
    for (;;) {
        uint32_t next = grow(reached) & within;
        if (next == reached) return reached;
        reached = next;
    }
}

static int is_mask(uint32_t m)
{
    return (m & ~FULL) == 0;
}

/* A shape: a non-empty, 4-connected 25-bit mask. */
static int is_shape(uint32_t shape)
{
    if (shape == 0 || !is_mask(shape)) return 0;
    return flood(shape & (0u - shape), shape) == shape; /* from its lowest cell */
}

static int cell_in_range(int cell)
{
    return cell >= 0 && cell < PYR_SG_CELLS;
}

/* Shift a non-empty mask up and left until it touches row 0 and column 0. */
static uint32_t normalise(uint32_t m)
{
    while (!(m & ROW0)) m >>= SIDE;
    while (!(m & COL0)) m >>= 1; /* column 0 is empty: nothing crosses a row */
    return m;
}

/*
 * Symmetry t (0..7) of a mask, normalised: bit 0 of t mirrors x, bit 1 mirrors y, bit 2
 * then swaps x and y. The 8 values of t are the 8 rotations and reflections.
 */
static uint32_t transform(uint32_t m, int t)
{
    uint32_t image = 0;
    for (int cell = 0; (m >> cell) != 0; cell++) { /* m < 2^25: stops by cell 24 */
        if (!((m >> cell) & 1u)) continue;
        int x = cell % SIDE, y = cell / SIDE;
        if (t & 1) x = SIDE - 1 - x;
        if (t & 2) y = SIDE - 1 - y;
        if (t & 4) {
            int swap = x;
            x = y;
            y = swap;
        }
        image |= UINT32_C(1) << (y * SIDE + x);
    }
    return normalise(image);
}

/* The distinct orientations of a valid shape into res[8], ascending; returns how many. */
static int orientations(uint32_t shape, uint32_t *res)
{
    int count = 0;
    for (int t = 0; t < 8; t++) {
        uint32_t o = transform(shape, t);
        int at = 0;
        while (at < count && res[at] < o) at++;
        if (at < count && res[at] == o) continue;
        memmove(res + at + 1, res + at, (size_t)(count - at) * sizeof res[0]);
        res[at] = o;
        count++;
    }
    return count;
}

/* Width and height of a normalised mask. */
static int width_of(uint32_t m)
{
    int w = 0;
    while (w < SIDE && (m & (COL0 << w))) w++;
    return w;
}

static int height_of(uint32_t m)
{
    int h = 0;
    while (h < SIDE && (m & (ROW0 << (h * SIDE)))) h++;
    return h;
}

/* ---- validation --------------------------------------------------------------------- */

/* The card checks (PYR_E_BOARD) after the range checks passed; PYR_OK if it is sound. */
static int check_card(uint32_t walls, uint32_t marked, int entrance)
{
    if (walls & marked) return PYR_E_BOARD;
    if ((walls >> entrance) & 1u) return PYR_E_BOARD;
    return PYR_OK;
}

/* ---- public functions --------------------------------------------------------------- */

int pyr_sg_orientations(uint32_t shape, uint32_t *out, int cap)
{
    uint32_t res[MAX_ORIENTATIONS];

    if (out == NULL) return PYR_E_NULL;
    if (cap < 0 || !is_shape(shape)) return PYR_E_RANGE;
    int count = orientations(shape, res);
    if (count > cap) return PYR_E_CAPACITY;
    memcpy(out, res, (size_t)count * sizeof res[0]);
    return count;
}

/* The cells a placement or a single mark must touch: the entrance on a fresh card, else
 * the unmarked cells beside a marked one. */
static uint32_t needed_cells(uint32_t marked, int entrance)
{
    return marked ? grow(marked) & ~marked : UINT32_C(1) << entrance;
}

/*
 * Each orientation at each offset is one candidate, and no two candidates are the same
 * cell set (a set determines its normalised form, hence its orientation, and its offset),
 * so there is nothing to deduplicate. The candidates of one orientation come out
 * ascending (a larger offset is a larger shift), so the runs are merged, not sorted.
 */
int pyr_sg_placements(uint32_t walls, uint32_t marked, int entrance, uint32_t shape,
                      uint32_t *out, int cap)
{
    uint32_t shapes[MAX_ORIENTATIONS];
    uint32_t runs[MAX_ORIENTATIONS][PYR_SG_CELLS];
    int length[MAX_ORIENTATIONS], head[MAX_ORIENTATIONS];
    uint32_t res[MAX_CANDIDATES];

    if (out == NULL) return PYR_E_NULL;
    if (cap < 0 || !is_mask(walls) || !is_mask(marked) || !cell_in_range(entrance) ||
        !is_shape(shape))
        return PYR_E_RANGE;
    int rc = check_card(walls, marked, entrance);
    if (rc != PYR_OK) return rc;

    uint32_t blocked = walls | marked;
    uint32_t needed = needed_cells(marked, entrance);
    int n_shapes = orientations(shape, shapes);
    for (int k = 0; k < n_shapes; k++) {
        uint32_t o = shapes[k];
        int w = width_of(o), h = height_of(o), n = 0;
        for (int dy = 0; dy + h <= SIDE; dy++) {
            for (int dx = 0; dx + w <= SIDE; dx++) {
                uint32_t m = o << (dy * SIDE + dx);
                if (!(m & blocked) && (m & needed)) runs[k][n++] = m;
            }
        }
        length[k] = n;
        head[k] = 0;
    }

    int count = 0;
    for (;;) {
        int best = -1;
        for (int k = 0; k < n_shapes; k++) {
            if (head[k] < length[k] && (best < 0 || runs[k][head[k]] < runs[best][head[best]]))
                best = k;
        }
        if (best < 0) break;
        res[count++] = runs[best][head[best]++];
    }

    if (count > cap) return PYR_E_CAPACITY;
    if (count > 0) memcpy(out, res, (size_t)count * sizeof res[0]);
    return count;
}

int pyr_sg_single_cells(uint32_t walls, uint32_t marked, int entrance, uint32_t *out, int cap)
{
    if (out == NULL) return PYR_E_NULL;
    if (cap < 0 || !is_mask(walls) || !is_mask(marked) || !cell_in_range(entrance))
        return PYR_E_RANGE;
    int rc = check_card(walls, marked, entrance);
    if (rc != PYR_OK) return rc;
    if (cap < 1) return PYR_E_CAPACITY;
    out[0] = needed_cells(marked, entrance) & ~walls;
    return PYR_OK;
}

int pyr_sg_reachable(uint32_t walls, int entrance, uint32_t *out, int cap)
{
    if (out == NULL) return PYR_E_NULL;
    if (cap < 0 || !is_mask(walls) || !cell_in_range(entrance)) return PYR_E_RANGE;
    if ((walls >> entrance) & 1u) return PYR_E_BOARD;
    if (cap < 1) return PYR_E_CAPACITY;
    out[0] = flood(UINT32_C(1) << entrance, FULL & ~walls);
    return PYR_OK;
}

/* ---- markings of several cards at once (pyr_sg_markings) ---------------------------- */

/* Sort a[0..n) ascending: the runs come nearly sorted, and there are few. */
static void insertion_sort(uint32_t *a, int n)
{
    for (int i = 1; i < n; i++) {
        uint32_t v = a[i];
        int j = i;
        for (; j > 0 && a[j - 1] > v; j--) a[j] = a[j - 1];
        a[j] = v;
    }
}

/* The checks pyr_sg_markings and pyr_sg_markings_seats share, after their own: the
 * table's sets, then the cards' values card by card, then each card against its walls. */
static int check_markings(const uint32_t *cards, int n, const uint32_t *table, int n_table)
{
    for (int i = 0; i < n_table; i++) {
        if (table[i] == 0 || !is_mask(table[i])) return PYR_E_RANGE;
    }
    for (int k = 0; k < n; k++) {
        const uint32_t *card = cards + k * PYR_SG_CARD_FIELDS;
        if (!is_mask(card[0]) || !is_mask(card[1]) || card[2] >= PYR_SG_CELLS ||
            card[3] > PYR_SG_MAX_BASE || card[4] > PYR_SG_MAX_BASE)
            return PYR_E_RANGE;
    }
    for (int k = 0; k < n; k++) {
        const uint32_t *card = cards + k * PYR_SG_CARD_FIELDS;
        int rc = check_card(card[0], card[1], (int)card[2]);
        if (rc != PYR_OK) return rc;
    }
    return PYR_OK;
}

/*
 * The markings of n checked cards (at most PYR_SG_MAX_CARDS) into res, ascending; returns
 * their count. The caller hands the shape's placements on an empty card (its table, whose
 * indices are the placement ids) rather than the shape: a placement on a card is a set of
 * the table that a mark may cover, so each card is one pass over it, where finding the
 * table again (8 orientations, every offset, merged) would cost several times the call.
 */
static int markings(const uint32_t *cards, int n, const uint32_t *table, int n_table,
                    uint32_t *res)
{
    int count = 0;
    for (int k = 0; k < n; k++) {
        const uint32_t *card = cards + k * PYR_SG_CARD_FIELDS;
        uint32_t walls = card[0], blocked = walls | card[1];
        uint32_t needed = needed_cells(card[1], (int)card[2]);
        for (int id = 0; id < n_table; id++) {
            if (!(table[id] & blocked) && (table[id] & needed)) res[count++] = card[3] + (uint32_t)id;
        }
        uint32_t singles = needed & ~walls;
        for (int cell = 0; cell < PYR_SG_CELLS; cell++) {
            if ((singles >> cell) & 1u) res[count++] = card[4] + (uint32_t)cell;
        }
    }
    insertion_sort(res, count);
    return count;
}

int pyr_sg_markings(const uint32_t *cards, int n, const uint32_t *table, int n_table,
                    uint32_t *out, int cap)
{
    uint32_t res[PYR_SG_MAX_MARKINGS];

    if (out == NULL || (cards == NULL && n > 0) || (table == NULL && n_table > 0))
        return PYR_E_NULL;
    if (cap < 0 || n < 0 || n > PYR_SG_MAX_CARDS || n_table < 0 ||
        n_table > PYR_SG_MAX_PLACEMENTS)
        return PYR_E_RANGE;
    int rc = check_markings(cards, n, table, n_table);
    if (rc != PYR_OK) return rc;

    int count = markings(cards, n, table, n_table, res);
    if (count > cap) return PYR_E_CAPACITY;
    if (count > 0) memcpy(out, res, (size_t)count * sizeof res[0]);
    return count;
}

/*
 * One call for every seat (a game lists them all when an expedition card is revealed,
 * and a call from Python costs more than the work of a seat). The seats' markings are
 * counted first and written only once they are known to fit, so no buffer holds them all.
 */
int pyr_sg_markings_seats(const uint32_t *cards, int n, const int *sizes, int n_seats,
                          const uint32_t *table, int n_table, uint32_t *out, int cap,
                          int *counts)
{
    uint32_t res[PYR_SG_MAX_MARKINGS];
    int found[PYR_SG_MAX_SEATS];

    if (out == NULL || counts == NULL || (sizes == NULL && n_seats > 0) ||
        (cards == NULL && n > 0) || (table == NULL && n_table > 0))
        return PYR_E_NULL;
    if (cap < 0 || n_seats < 0 || n_seats > PYR_SG_MAX_SEATS) return PYR_E_RANGE;
    int total_cards = 0;
    for (int s = 0; s < n_seats; s++) {
        if (sizes[s] < 0 || sizes[s] > PYR_SG_MAX_CARDS) return PYR_E_RANGE;
        total_cards += sizes[s];
    }
    if (n != total_cards || n_table < 0 || n_table > PYR_SG_MAX_PLACEMENTS) return PYR_E_RANGE;
    int rc = check_markings(cards, n, table, n_table);
    if (rc != PYR_OK) return rc;

    int total = 0;
    const uint32_t *seat = cards;
    for (int s = 0; s < n_seats; s++) {
        found[s] = markings(seat, sizes[s], table, n_table, res);
        total += found[s];
        seat += sizes[s] * PYR_SG_CARD_FIELDS;
    }
    if (total > cap) return PYR_E_CAPACITY;
    seat = cards;
    uint32_t *at = out;
    for (int s = 0; s < n_seats; s++) {
        at += markings(seat, sizes[s], table, n_table, at);
        seat += sizes[s] * PYR_SG_CARD_FIELDS;
        counts[s] = found[s];
    }
    return total;
}
