/*
 * candidates.c - positions valued in one call (pyr_position_value, pyr_placement_values,
 * pyr_dominoes_values, pyr_block_values): see pyramido_core.h. A bot weighing every
 * candidate of a decision asks once; each candidate is the board with its blocks laid on
 * a copy, its top view the board's painted with those blocks (the view of the board is
 * made once per call), labelled by the flood fill of pyramido_core.c, then read for the
 * statistics of its marked areas.
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

/* The record of a way of marking (pyr_dominoes_marks): 4 fields, then 3 per marked area. */
typedef char mark_fields_are_right[PYR_MARK_FIELDS == 4 + 3 * PYR_COLOURS ? 1 : -1];

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

/* For each open colour, the most icons of an area of it not marked (marked[a] set),
 * summed, in one pass over the areas: what a marker still in hand could mark. */
static long open_icons(int count, const uint8_t *colour, const uint16_t *icons,
                       const uint8_t *marked, int open)
{
    int best[PYR_COLOURS + 1];
    long open_sum = 0;

    for (int c = 0; c <= PYR_COLOURS; c++) best[c] = 0;
    for (int a = 0; a < count; a++) {
        int c = colour[a];
        if (!marked[a] && ((open >> c) & 1) && icons[a] > best[c]) best[c] = icons[a];
    }
    for (int c = 1; c <= PYR_COLOURS; c++) open_sum += best[c];
    return open_sum;
}

/*
 * The value of a position from its areas' colours and icons (colour 0: no area) and the
 * area of each marker (marker_area[c], PYR_NO_AREA for none; see the header): the marked
 * areas are collected once (an area holding two markers counts once), then the open
 * colours' best unmarked areas.
 */
static double value_of_areas(int count, const uint8_t *colour, const uint16_t *icons,
                             const uint16_t *marker_area, int open, const double *weights)
{
    uint8_t marked[2 * VIEW];
    long sum = 0, fewest = -1, most = 0;

    memset(marked, 0, (size_t)count);
    for (int c = 1; c <= PYR_COLOURS; c++) {
        unsigned area = marker_area[c];
        if (area == PYR_NO_AREA || marked[area]) continue;
        marked[area] = 1;
        sum += icons[area];
        if (fewest < 0 || icons[area] < fewest) fewest = icons[area];
        if (icons[area] > most) most = icons[area];
    }
    long open_sum = open_icons(count, colour, icons, marked, open);
    return weights[0] * (double)sum + weights[1] * (double)(fewest < 0 ? 0 : fewest) +
           weights[2] * (double)open_sum + weights[4] * (double)most;
}

/* The value of a labelled position with these markers (cells, see the header). */
static double value_of(const areas_t *areas, const uint16_t *markers, int open,
                       const double *weights)
{
    uint16_t marker_area[PYR_COLOURS + 1];
    for (int c = 0; c <= PYR_COLOURS; c++)
        marker_area[c] = markers[c] == PYR_NO_AREA ? PYR_NO_AREA : areas->label[markers[c]];
    return value_of_areas(areas->count, areas->colour, areas->icons, marker_area, open, weights);
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

/*
 * Paint block byte `byte` of `stage`, on space `space` (stage-local), into a top view: each
 * cell of the block shows it unless a block of a higher stage covers the cell (the view
 * compute_top_view would give the board with the block laid). The cells painted are
 * added to painted[*n_painted].
 */
static void paint(uint8_t *view, int stage, int space, uint8_t byte, int *painted, int *n_painted)
{
    int x = space % SIDE, y = space / SIDE;
    unsigned base = (byte & 7u) | ((unsigned)stage << 4);
    for (int q = 0; q < 4; q++) {
        int cx = 2 * x + stage + (q & 1), cy = 2 * y + stage + (q >> 1);
        if (cx >= CELLS || cy >= CELLS) continue; /* beyond the grid */
        int cell = cy * CELLS + cx;
        if (view[cell] == 0 || (view[cell] >> 4) <= stage) {
            view[cell] = (uint8_t)(base | (((byte >> (4 + q)) & 1u) << 3));
            painted[(*n_painted)++] = cell;
        }
    }
}

/*
 * The top-view areas of the call's board, and what relabelling a candidate around its
 * painted cells needs (PYR_AREAS_TOP_VIEW). A candidate changes a few cells; an area of the
 * board with none of them keeps its cells, and can only be joined by the painted cells
 * (a cell of it next to an unpainted cell of its colour would be in one area with it). So
 * a candidate floods the painted cells and the cells of the areas they fall on ("dirty"),
 * and any clean area of the colour it meets joins the component that met it whole. Marks
 * of the candidate being valued are those equal to `stamp`: nothing is cleared between
 * candidates.
 */
typedef struct {
    int count; /* areas of the board */
    uint16_t label[VIEW];
    uint8_t colour[VIEW];
    uint16_t icons[VIEW];
    uint16_t first[VIEW + 1]; /* the cells of area a: cells[first[a]] .. cells[first[a + 1] - 1] */
    uint16_t cells[VIEW];
    uint32_t stamp;
    uint32_t flooded[VIEW]; /* cell flooded: comp[cell] is its component */
    uint32_t painted[VIEW]; /* cell painted */
    uint32_t dirty[VIEW];   /* area with a painted cell */
    uint32_t joined[VIEW];  /* clean area joined to component join[area] */
    uint16_t comp[VIEW];
    uint16_t join[VIEW];
    uint16_t joined_list[VIEW]; /* the areas joined, n_joined of them */
    int n_joined;
    /* the components of the candidate: union-find, colour, icons of their own */
    uint16_t parent[VIEW];
    uint8_t comp_colour[VIEW];
    uint16_t comp_icons[VIEW];
    uint16_t comp_first[VIEW]; /* the first cell (row-major) of a component, joined areas'
                                  included: its order among the areas (pyr_dominoes_marks) */
    unsigned n_comps;
} relabel_t;

/* The areas of a candidate: the board's (colour 0 for one it changed), then its components
 * (colour 0 for one joined to another). */
typedef struct {
    int count;
    uint8_t colour[2 * VIEW];
    uint16_t icons[2 * VIEW];
} stats_t;

static void relabel_start(relabel_t *r, const uint8_t *board, const uint8_t *view)
{
    uint16_t cells_of[VIEW];
    int at = 0;

    r->count = pyr__areas_of_view(board, view, PYR_AREAS_TOP_VIEW, r->label, r->colour, r->icons,
                                  cells_of);
    for (int a = 0; a < r->count; a++) {
        r->first[a] = (uint16_t)at;
        at += cells_of[a];
    }
    r->first[r->count] = (uint16_t)at;
    for (int cell = 0; cell < VIEW; cell++) /* row-major order within each area */
        if (r->label[cell] != PYR_NO_AREA) r->cells[r->first[r->label[cell]]++] = (uint16_t)cell;
    for (int a = r->count; a > 0; a--) r->first[a] = r->first[a - 1];
    r->first[0] = 0;
    r->stamp = 0;
    memset(r->flooded, 0, sizeof r->flooded);
    memset(r->painted, 0, sizeof r->painted);
    memset(r->dirty, 0, sizeof r->dirty);
    memset(r->joined, 0, sizeof r->joined);
}

static unsigned comp_root(uint16_t *parent, unsigned k)
{
    while (parent[k] != k) {
        parent[k] = parent[parent[k]];
        k = parent[k];
    }
    return k;
}

/* Flood one component of `view` from `start` (see relabel_t), as component k. */
static void flood(relabel_t *r, const uint8_t *view, int start, unsigned k)
{
    uint16_t queue[VIEW];
    uint32_t t = r->stamp;
    unsigned want = view[start] & 7u;
    int head = 0, tail = 0, icons = 0, first = start;

    r->parent[k] = (uint16_t)k;
    r->comp_colour[k] = (uint8_t)want;
    r->flooded[start] = t;
    r->comp[start] = (uint16_t)k;
    queue[tail++] = (uint16_t)start;
    while (head < tail) {
        int cell = queue[head++];
        int cx = cell % CELLS, cy = cell / CELLS;
        int next[4], n_next = 0;
        icons += (view[cell] >> 3) & 1;
        if (cell < first) first = cell;
        if (cx > 0) next[n_next++] = cell - 1;
        if (cx < CELLS - 1) next[n_next++] = cell + 1;
        if (cy > 0) next[n_next++] = cell - CELLS;
        if (cy < CELLS - 1) next[n_next++] = cell + CELLS;
        for (int j = 0; j < n_next; j++) {
            int c = next[j];
            if (view[c] == 0 || (view[c] & 7u) != want || r->flooded[c] == t) continue;
            unsigned area = r->label[c];
            if (r->painted[c] == t || r->dirty[area] == t) {
                r->flooded[c] = t;
                r->comp[c] = (uint16_t)k;
                queue[tail++] = (uint16_t)c;
            } else if (r->joined[area] != t) { /* a clean area of the colour */
                r->joined[area] = t;
                r->join[area] = (uint16_t)k;
                r->joined_list[r->n_joined++] = (uint16_t)area;
                icons += r->icons[area];
                if (r->cells[r->first[area]] < first) first = r->cells[r->first[area]];
            } else { /* met by another component too: one area */
                unsigned a = comp_root(r->parent, k), b = comp_root(r->parent, r->join[area]);
                if (a != b) r->parent[a > b ? a : b] = (uint16_t)(a > b ? b : a);
            }
        }
    }
    r->comp_icons[k] = (uint16_t)icons;
    r->comp_first[k] = (uint16_t)first;
}

/* Relabel `view`, the board's view with the cells `painted` changed: the areas to `stats`. */
static void relabel(relabel_t *r, const uint8_t *view, const int *painted, int n_painted,
                    stats_t *stats)
{
    uint16_t dirty[8];
    int n_dirty = 0;
    unsigned comps = 0;
    uint32_t t = ++r->stamp;

    r->n_joined = 0;
    for (int j = 0; j < n_painted; j++) {
        unsigned area = r->label[painted[j]];
        r->painted[painted[j]] = t;
        if (area != PYR_NO_AREA && r->dirty[area] != t) {
            r->dirty[area] = t;
            dirty[n_dirty++] = (uint16_t)area;
        }
    }
    for (int j = 0; j < n_painted; j++)
        if (r->flooded[painted[j]] != t) flood(r, view, painted[j], comps++);
    for (int d = 0; d < n_dirty; d++)
        for (int i = r->first[dirty[d]]; i < r->first[dirty[d] + 1]; i++)
            if (r->flooded[r->cells[i]] != t) flood(r, view, r->cells[i], comps++);

    memcpy(stats->colour, r->colour, (size_t)r->count);
    memcpy(stats->icons, r->icons, (size_t)r->count * sizeof r->icons[0]);
    for (int d = 0; d < n_dirty; d++) stats->colour[dirty[d]] = 0;
    for (int j = 0; j < r->n_joined; j++) stats->colour[r->joined_list[j]] = 0;
    for (unsigned k = 0; k < comps; k++) {
        stats->colour[r->count + k] = 0;
        stats->icons[r->count + k] = 0;
    }
    for (unsigned k = 0; k < comps; k++) {
        unsigned root = comp_root(r->parent, k);
        stats->colour[r->count + root] = r->comp_colour[k];
        stats->icons[r->count + root] += r->comp_icons[k];
    }
    stats->count = r->count + (int)comps;
    r->n_comps = comps;
}

/* The area of `cell` in the candidate last relabelled (an index into its stats_t). */
static uint16_t area_at(relabel_t *r, unsigned cell)
{
    if (cell == PYR_NO_AREA) return PYR_NO_AREA;
    if (r->flooded[cell] == r->stamp) return (uint16_t)(r->count + comp_root(r->parent, r->comp[cell]));
    unsigned area = r->label[cell];
    if (area == PYR_NO_AREA) return PYR_NO_AREA;
    if (r->joined[area] == r->stamp) return (uint16_t)(r->count + comp_root(r->parent, r->join[area]));
    return (uint16_t)area;
}

/* One call's board and what every candidate shares: a copy of the board that candidates
 * are laid on (and taken off again), the view of the board, the caller's markers; the
 * board's areas to relabel from (PYR_AREAS_TOP_VIEW), or the areas of the candidate being
 * valued, labelled whole (PYR_AREAS_LINKED, where a block joins what it covers). */
typedef struct {
    uint8_t copy[PYR_BOARD_SIZE];
    uint8_t view[VIEW];
    int stage, base_w, base_h, mode, open, must_mark;
    const uint16_t *markers;
    const double *weights;
    relabel_t relabel;
    stats_t stats;
    areas_t areas;
} batch_t;

static void batch_start(batch_t *batch, const uint8_t *board, int stage, int mode,
                        const uint16_t *markers, int open, int must_mark, const double *weights)
{
    memcpy(batch->copy, board, sizeof batch->copy);
    pyr__top_view(board, batch->view);
    batch->stage = stage;
    batch->mode = mode;
    batch->markers = markers;
    batch->open = open;
    batch->must_mark = must_mark;
    batch->weights = weights;
    if (mode == PYR_AREAS_TOP_VIEW) relabel_start(&batch->relabel, board, batch->view);
}

/* The area of `cell` (PYR_NO_AREA: none) in the candidate last labelled. */
static uint16_t cell_area(batch_t *batch, unsigned cell)
{
    if (batch->mode == PYR_AREAS_TOP_VIEW) return area_at(&batch->relabel, cell);
    return cell == PYR_NO_AREA ? PYR_NO_AREA : batch->areas.label[cell];
}

/* A candidate laid and labelled: its areas, the area of each marker, and the ways of
 * marking it (see laid_ways). */
typedef struct {
    int n_areas;
    const uint8_t *colour;
    const uint16_t *icons;
    uint16_t marker_area[PYR_COLOURS + 1];
    int ways;
    int way_colour[3]; /* the colour marked, 0: no new marker */
    uint16_t way_area[3];
} laid_t;

/*
 * Lay the `count` blocks (bytes `laid`) on `spaces` of the batch's stage and label the
 * candidate into `out`: its areas, its markers' areas, and its ways of marking - the
 * marker of an open colour on a block of it showing icons (in block order), then no new
 * marker (with must_mark, only when none can go). The board copy is left as it was.
 */
static void laid_ways(batch_t *batch, int count, const int *spaces, const uint8_t *laid,
                      laid_t *out)
{
    uint8_t view[VIEW], under[2];
    int painted[8], n_painted = 0;
    uint8_t *top = batch->copy + batch->stage * LAYER;
    int open = batch->open;

    memcpy(view, batch->view, sizeof view);
    for (int k = 0; k < count; k++) {
        under[k] = top[spaces[k]];
        top[spaces[k]] = laid[k];
        paint(view, batch->stage, spaces[k], laid[k], painted, &n_painted);
    }
    if (batch->mode == PYR_AREAS_TOP_VIEW) {
        relabel(&batch->relabel, view, painted, n_painted, &batch->stats);
        out->n_areas = batch->stats.count;
        out->colour = batch->stats.colour;
        out->icons = batch->stats.icons;
    } else {
        areas_t *areas = &batch->areas;
        areas->count = pyr__areas_of_view(batch->copy, view, batch->mode, areas->label,
                                          areas->colour, areas->icons, areas->cells);
        out->n_areas = areas->count;
        out->colour = areas->colour;
        out->icons = areas->icons;
    }
    for (int c = 0; c <= PYR_COLOURS; c++) out->marker_area[c] = cell_area(batch, batch->markers[c]);
    out->ways = 0;
    for (int k = 0; k < count; k++) {
        int c = laid[k] & 7;
        if ((laid[k] >> 4) == 0 || !((open >> c) & 1)) continue;
        out->way_colour[out->ways] = c;
        out->way_area[out->ways++] = cell_area(batch, first_cell(batch->stage, spaces[k]));
    }
    if (out->ways == 0 || !batch->must_mark) out->way_colour[out->ways++] = 0;
    for (int k = count - 1; k >= 0; k--) top[spaces[k]] = under[k];
}

/* The markers' areas and open colours of way `w` of a candidate, into `marker_area`. */
static int way_markers(const laid_t *laid, int w, int open, uint16_t *marker_area)
{
    int c = laid->way_colour[w];
    memcpy(marker_area, laid->marker_area, sizeof laid->marker_area);
    if (c == 0) return open;
    marker_area[c] = laid->way_area[w];
    return open & ~(1 << c);
}

/*
 * The best value of the ways of marking the `count` blocks laid (bytes `laid`) on `spaces`
 * of the batch's stage (see laid_ways), plus weights[3] if `untileable`.
 */
static double laid_value(batch_t *batch, int count, const int *spaces, const uint8_t *laid,
                         int untileable)
{
    laid_t candidate;
    uint16_t marker_area[PYR_COLOURS + 1];
    double best = 0.0;

    laid_ways(batch, count, spaces, laid, &candidate);
    for (int w = 0; w < candidate.ways; w++) {
        int open = way_markers(&candidate, w, batch->open, marker_area);
        double value = value_of_areas(candidate.n_areas, candidate.colour, candidate.icons,
                                      marker_area, open, batch->weights);
        if (w == 0 || value > best) best = value;
    }
    return untileable ? best + batch->weights[3] : best;
}

/* The checks that pyr_dominoes_values and pyr_dominoes_marks share (see the header), the
 * caller's output and weights checked for null first: PYR_OK or the first failure. `per`
 * outputs per candidate (cap >= per * m * n). */
static int check_placements(const uint8_t *board, int stage, int base_w, int base_h, int mode,
                            const uint16_t *placements,
                            int n, const uint16_t *markers, int open, int must_mark, int cap,
                            int per, int m, const uint8_t *a, const uint8_t *b)
{
    int spaces[2];

    if (board == NULL || placements == NULL || markers == NULL || a == NULL || b == NULL)
        return PYR_E_NULL;
    if (!pyr__base_in_range(stage, base_w, base_h) ||
        (mode != PYR_AREAS_TOP_VIEW && mode != PYR_AREAS_LINKED) || n < 0 || m < 0 || cap < 0 || !markers_valid(markers, open) || (must_mark != 0 && must_mark != 1) ||
        (m > 0 && n > (int)(~0u >> 1) / m / per)) /* per * m * n beyond int */
        return PYR_E_RANGE;
    if (!pyr__board_is_valid(board)) return PYR_E_BOARD;
    for (int j = 0; j < m; j++)
        if (!block_byte_valid(a[j]) || !block_byte_valid(b[j])) return PYR_E_BOARD;
    /* PYR_E_NOBOX: an upper stage with no box */
    int tileable = pyr__can_tile(board, stage, base_w, base_h);
    if (tileable < 0) return tileable;
    const uint8_t *layer = board + stage * LAYER;
    for (int k = 0; k < n; k++)
        if (placements[k] >= PYR_PLACEMENTS || !spaces_of(layer, placements[k], &spaces[0], &spaces[1]))
            return PYR_E_RANGE;
    if (cap < per * m * n) return PYR_E_CAPACITY;
    return PYR_OK;
}

/* The block spaces of a checked placement, to spaces[0..1]; whether the stage can no
 * longer be tiled once a domino (bytes a and b) is laid there: that depends on the spaces
 * filled alone, so it is asked once for every domino laid there. */
static int placement_spaces(batch_t *batch, unsigned placement, uint8_t a, uint8_t b, int *spaces)
{
    uint8_t *top = batch->copy + batch->stage * LAYER;
    spaces_of(top, placement, &spaces[0], &spaces[1]);
    top[spaces[0]] = a;
    top[spaces[1]] = b;
    int untileable = pyr__can_tile(batch->copy, batch->stage, batch->base_w, batch->base_h) == 0;
    top[spaces[0]] = 0;
    top[spaces[1]] = 0;
    return untileable;
}

int pyr_dominoes_values(const uint8_t *board, int stage, int base_w, int base_h, int mode,
                        const uint8_t *a,
                        const uint8_t *b, int m, const uint16_t *placements, int n,
                        const uint16_t *markers, int open, int must_mark, const double *weights,
                        double *out, int cap)
{
    batch_t batch;
    int spaces[2];

    if (weights == NULL || out == NULL) return PYR_E_NULL;
    int code = check_placements(board, stage, base_w, base_h, mode, placements, n, markers, open,
                                must_mark, cap, 1, m, a, b);
    if (code != PYR_OK) return code;
    if (m == 0) return 0;
    batch_start(&batch, board, stage, mode, markers, open, must_mark, weights);
    batch.base_w = base_w;
    batch.base_h = base_h;
    for (int k = 0; k < n; k++) {
        int untileable = placement_spaces(&batch, placements[k], a[0], b[0], spaces);
        int rot = placements[k] % 4;
        for (int j = 0; j < m; j++) {
            uint8_t laid[2] = {turned(a[j], rot), turned(b[j], rot)};
            out[j * n + k] = laid_value(&batch, 2, spaces, laid, untileable);
        }
    }
    return m * n;
}

/* The order of `area` of the candidate last labelled among its areas: its first cell in
 * row-major order (PYR_AREAS_TOP_VIEW, relabelled), or its number (labelled whole): the
 * order of pyr_label_areas's labels. */
static unsigned area_order(batch_t *batch, unsigned area)
{
    relabel_t *r = &batch->relabel;
    if (batch->mode != PYR_AREAS_TOP_VIEW) return area;
    if (area < (unsigned)r->count) return r->cells[r->first[area]];
    unsigned root = area - (unsigned)r->count, first = VIEW;
    for (unsigned k = 0; k < r->n_comps; k++)
        if (comp_root(r->parent, k) == root && r->comp_first[k] < first) first = r->comp_first[k];
    return first;
}

/* The record of way `w` of candidate `laid` (see the header): its marked areas in label
 * order, each with its colour, icons and the colours of the markers in it. */
static void way_record(batch_t *batch, const laid_t *laid, int w, int candidate, int untileable,
                       int32_t *record)
{
    uint16_t marker_area[PYR_COLOURS + 1];
    uint8_t marked[2 * VIEW];
    unsigned area[PYR_COLOURS], order[PYR_COLOURS];
    int32_t mask[PYR_COLOURS];
    int n = 0;

    int open = way_markers(laid, w, batch->open, marker_area);
    memset(marked, 0, (size_t)laid->n_areas);
    for (int c = 1; c <= PYR_COLOURS; c++) {
        unsigned a = marker_area[c];
        if (a == PYR_NO_AREA) continue;
        if (marked[a]) {
            for (int i = 0; i < n; i++)
                if (area[i] == a) mask[i] |= 1 << c;
            continue;
        }
        marked[a] = 1;
        unsigned key = area_order(batch, a);
        int i = n++;
        for (; i > 0 && order[i - 1] > key; i--) { /* insertion: by label order */
            area[i] = area[i - 1];
            order[i] = order[i - 1];
            mask[i] = mask[i - 1];
        }
        area[i] = a;
        order[i] = key;
        mask[i] = 1 << c;
    }
    memset(record, 0, PYR_MARK_FIELDS * sizeof record[0]);
    record[0] = candidate;
    record[1] = untileable;
    record[2] = (int32_t)open_icons(laid->n_areas, laid->colour, laid->icons, marked, open);
    record[3] = n;
    for (int i = 0; i < n; i++) {
        record[4 + 3 * i] = laid->colour[area[i]];
        record[5 + 3 * i] = laid->icons[area[i]];
        record[6 + 3 * i] = mask[i];
    }
}

int pyr_dominoes_marks(const uint8_t *board, int stage, int base_w, int base_h, int mode,
                       const uint8_t *a,
                       const uint8_t *b, int m, const uint16_t *placements, int n,
                       const uint16_t *markers, int open, int must_mark, int32_t *out, int cap)
{
    batch_t batch;
    laid_t candidate;
    int spaces[2], records = 0;

    if (out == NULL) return PYR_E_NULL;
    int code = check_placements(board, stage, base_w, base_h, mode, placements, n, markers, open,
                                must_mark, cap, PYR_MARK_WAYS, m, a, b);
    if (code != PYR_OK) return code;
    if (m == 0) return 0;
    batch_start(&batch, board, stage, mode, markers, open, must_mark, NULL);
    batch.base_w = base_w;
    batch.base_h = base_h;
    for (int k = 0; k < n; k++) {
        int untileable = placement_spaces(&batch, placements[k], a[0], b[0], spaces);
        int rot = placements[k] % 4;
        for (int j = 0; j < m; j++) {
            uint8_t laid[2] = {turned(a[j], rot), turned(b[j], rot)};
            laid_ways(&batch, 2, spaces, laid, &candidate);
            for (int w = 0; w < candidate.ways; w++)
                way_record(&batch, &candidate, w, j * n + k, untileable,
                           out + (size_t)records++ * PYR_MARK_FIELDS);
        }
    }
    return records;
}

int pyr_placement_values(const uint8_t *board, int stage, int base_w, int base_h, int mode,
                         uint8_t a, uint8_t b,
                         const uint16_t *placements, int n, const uint16_t *markers,
                         int open, int must_mark, const double *weights, double *out,
                         int cap)
{
    return pyr_dominoes_values(board, stage, base_w, base_h, mode, &a, &b, 1, placements, n,
                               markers, open, must_mark, weights, out, cap);
}

/* The checks of pyr_block_values and pyr_block_marks (see the header), the caller's output
 * and weights checked for null first: PYR_OK or the first failure. `per` outputs per
 * candidate (cap >= per * n). */
static int check_blocks(const uint8_t *board, int stage, int mode, const uint16_t *spaces,
                        const uint8_t *blocks, int n, const uint16_t *markers, int open,
                        int must_mark, int cap, int per)
{
    if (board == NULL || spaces == NULL || blocks == NULL || markers == NULL) return PYR_E_NULL;
    if (stage < 0 || stage >= PYR_STAGES || (mode != PYR_AREAS_TOP_VIEW && mode != PYR_AREAS_LINKED) ||
        n < 0 || cap < 0 || !markers_valid(markers, open) || (must_mark != 0 && must_mark != 1) ||
        n > (int)(~0u >> 1) / per)
        return PYR_E_RANGE;
    for (int k = 0; k < n; k++)
        if (spaces[k] >= LAYER) return PYR_E_RANGE;
    if (!pyr__board_is_valid(board)) return PYR_E_BOARD;
    for (int k = 0; k < n; k++)
        if (!block_byte_valid(blocks[k])) return PYR_E_BOARD;
    if (cap < per * n) return PYR_E_CAPACITY;
    return PYR_OK;
}

int pyr_block_values(const uint8_t *board, int stage, int mode, const uint16_t *spaces,
                     const uint8_t *blocks, int n, const uint16_t *markers, int open,
                     int must_mark, const double *weights, double *out, int cap)
{
    batch_t batch;

    if (weights == NULL || out == NULL) return PYR_E_NULL;
    int code = check_blocks(board, stage, mode, spaces, blocks, n, markers, open, must_mark, cap, 1);
    if (code != PYR_OK) return code;
    batch_start(&batch, board, stage, mode, markers, open, must_mark, weights);
    for (int k = 0; k < n; k++) {
        int space = spaces[k];
        out[k] = laid_value(&batch, 1, &space, &blocks[k], 0);
    }
    return n;
}

int pyr_block_marks(const uint8_t *board, int stage, int mode, const uint16_t *spaces,
                    const uint8_t *blocks, int n, const uint16_t *markers, int open,
                    int must_mark, int32_t *out, int cap)
{
    batch_t batch;
    laid_t candidate;
    int records = 0;

    if (out == NULL) return PYR_E_NULL;
    int code = check_blocks(board, stage, mode, spaces, blocks, n, markers, open, must_mark, cap,
                            PYR_BLOCK_MARK_WAYS);
    if (code != PYR_OK) return code;
    batch_start(&batch, board, stage, mode, markers, open, must_mark, NULL);
    for (int k = 0; k < n; k++) {
        int space = spaces[k];
        laid_ways(&batch, 1, &space, &blocks[k], &candidate);
        for (int w = 0; w < candidate.ways; w++)
            way_record(&batch, &candidate, w, k, 0, out + (size_t)records++ * PYR_MARK_FIELDS);
    }
    return records;
}
