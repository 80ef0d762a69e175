/*
 * pyramido_core.c - the C core: see pyramido_core.h and docs/core.md.
 *
 * Conventions: every public function validates all of its inputs first (null pointers,
 * ranges, every board byte, the stage box), computes into stack buffers, checks the
 * result against the caller's capacity and only then writes its outputs. Nothing here
 * touches global mutable state or the heap; the only statics are constant tables.
 * The version and pyr_strerror() serve the S&G functions of sg_core.c too.
 */
#include "pyramido_core.h"
#include "pyramido_internal.h"

#include <string.h>

enum {
    SIDE = PYR_SIDE,
    LAYER = PYR_SIDE * PYR_SIDE, /* block spaces per stage */
    CELLS = PYR_CELLS,
    VIEW = PYR_CELLS * PYR_CELLS
};

/* Where block B lies relative to block A, by rotation (0 right, 1 down, 2 left, 3 up). */
static const int STEP_X[4] = {1, 0, -1, 0};
static const int STEP_Y[4] = {0, 1, 0, -1};

/* An inclusive box of block coordinates. */
typedef struct {
    int x0, y0, x1, y1;
} box_t;

/* ---- version and errors ------------------------------------------------------------- */

const char *pyr_version(void)
{
    return PYR_VERSION;
}

int pyr_version_number(void)
{
    return PYR_VERSION_NUMBER;
}

const char *pyr_strerror(int code)
{
    switch (code) {
    case PYR_OK: return "success";
    case PYR_E_NULL: return "null pointer";
    case PYR_E_RANGE: return "argument out of range";
    case PYR_E_BOARD: return "malformed board or card";
    case PYR_E_CAPACITY: return "output buffer too small";
    case PYR_E_NOBOX: return "stage has no box";
    default: return "unknown error code";
    }
}

/* ---- validation --------------------------------------------------------------------- */

/*
 * A block byte is valid iff bit 3 is clear and an empty colour carries no icons. Written
 * branch-free on bytes so that the compiler vectorizes it (4-5x faster than with &&).
 */
static int board_is_valid(const uint8_t *board)
{
    uint8_t bad = 0;
    for (int i = 0; i < PYR_BOARD_SIZE; i++) {
        uint8_t v = board[i];
        uint8_t colourless = (uint8_t)((v & 7u) == 0);
        bad |= (uint8_t)(v & 8u);
        bad |= (uint8_t)(colourless & (uint8_t)(v != 0));
    }
    return bad == 0;
}

static int stage_in_range(int stage)
{
    return stage >= 0 && stage < PYR_STAGES;
}

int pyr__base_in_range(int stage, int base_w, int base_h)
{
    int shorter = base_w < base_h ? base_w : base_h;
    return base_w >= 1 && base_w <= PYR_MAX_BASE && base_h >= 1 && base_h <= PYR_MAX_BASE &&
           base_w * base_h >= 2 && stage_in_range(stage) && stage < shorter;
}

/* ---- boxes -------------------------------------------------------------------------- */

/* Bounding box of the non-empty blocks of stage 0; returns how many there are. */
static int stage0_bounds(const uint8_t *board, box_t *box)
{
    int count = 0;
    box->x0 = SIDE;
    box->y0 = SIDE;
    box->x1 = -1;
    box->y1 = -1;
    for (int y = 0; y < SIDE; y++) {
        for (int x = 0; x < SIDE; x++) {
            if (board[y * SIDE + x] & 7u) {
                count++;
                if (x < box->x0) box->x0 = x;
                if (x > box->x1) box->x1 = x;
                if (y < box->y0) box->y0 = y;
                if (y > box->y1) box->y1 = y;
            }
        }
    }
    return count;
}

/* A width x height span fits the pyramid's base of base_w x base_h blocks, either way
 * round: at most 5x4 or 4x5 for the printed base. */
static int fits_base(int width, int height, int base_w, int base_h)
{
    return (width <= base_w && height <= base_h) || (width <= base_h && height <= base_w);
}

/* The box of stage >= 1: stage 0's bounding box, if exactly the base (base_w x base_h or
 * base_h x base_w), shrunk. */
static int upper_box(const uint8_t *board, int stage, int base_w, int base_h, box_t *box)
{
    box_t base;
    if (stage0_bounds(board, &base) == 0) return PYR_E_NOBOX;
    int width = base.x1 - base.x0 + 1;
    int height = base.y1 - base.y0 + 1;
    if (!((width == base_w && height == base_h) || (width == base_h && height == base_w)))
        return PYR_E_NOBOX;
    box->x0 = base.x0;
    box->y0 = base.y0;
    box->x1 = base.x1 - stage;
    box->y1 = base.y1 - stage;
    return PYR_OK;
}

/* ---- placements --------------------------------------------------------------------- */

/*
 * Stage 0 after the first domino: every legal domino covers a space that touches a block,
 * so only dominoes on such spaces are tried; each found domino marks both of its
 * placements (A on either end), and the marks are read back in ascending order.
 */
static int placements_stage0(const uint8_t *board, int base_w, int base_h, uint16_t *res)
{
    const uint8_t *layer = board; /* stage 0 */
    box_t bounds;
    int count = 0;

    if (stage0_bounds(board, &bounds) == 0) {
        for (int rot = 0; rot < 4; rot++)
            res[count++] = (uint16_t)((PYR_ANCHOR_Y * SIDE + PYR_ANCHOR_X) * 4 + rot);
        return count;
    }

    /* touches[i]: space i is orthogonally adjacent to a non-empty block */
    uint8_t touches[LAYER];
    memset(touches, 0, sizeof touches);
    for (int y = bounds.y0; y <= bounds.y1; y++) {
        for (int x = bounds.x0; x <= bounds.x1; x++) {
            if (layer[y * SIDE + x] == 0) continue;
            if (x > 0) touches[y * SIDE + x - 1] = 1;
            if (x < SIDE - 1) touches[y * SIDE + x + 1] = 1;
            if (y > 0) touches[(y - 1) * SIDE + x] = 1;
            if (y < SIDE - 1) touches[(y + 1) * SIDE + x] = 1;
        }
    }

    uint8_t mark[PYR_PLACEMENTS];
    int lo = PYR_PLACEMENTS, hi = -1;
    memset(mark, 0, sizeof mark);
    for (int a = 0; a < LAYER; a++) {
        if (!touches[a] || layer[a] != 0) continue;
        int x = a % SIDE, y = a / SIDE;
        for (int rot = 0; rot < 4; rot++) {
            int bx = x + STEP_X[rot];
            int by = y + STEP_Y[rot];
            if (bx < 0 || bx >= SIDE || by < 0 || by >= SIDE) continue;
            int b = by * SIDE + bx;
            if (layer[b] != 0) continue;
            int x0 = bounds.x0, x1 = bounds.x1, y0 = bounds.y0, y1 = bounds.y1;
            int lo_x = x < bx ? x : bx, hi_x = x < bx ? bx : x;
            int lo_y = y < by ? y : by, hi_y = y < by ? by : y;
            if (lo_x < x0) x0 = lo_x;
            if (hi_x > x1) x1 = hi_x;
            if (lo_y < y0) y0 = lo_y;
            if (hi_y > y1) y1 = hi_y;
            if (!fits_base(x1 - x0 + 1, y1 - y0 + 1, base_w, base_h)) continue;
            int from_a = a * 4 + rot, from_b = b * 4 + ((rot + 2) & 3);
            mark[from_a] = 1;
            mark[from_b] = 1;
            if (from_a < lo) lo = from_a;
            if (from_b < lo) lo = from_b;
            if (from_a > hi) hi = from_a;
            if (from_b > hi) hi = from_b;
        }
    }
    for (int p = lo; p <= hi; p++)
        if (mark[p]) res[count++] = (uint16_t)p;
    return count;
}

static int placements_upper(const uint8_t *layer, const box_t *box, uint16_t *res)
{
    int count = 0;
    for (int y = box->y0; y <= box->y1; y++) {
        for (int x = box->x0; x <= box->x1; x++) {
            if (layer[y * SIDE + x] != 0) continue;
            for (int rot = 0; rot < 4; rot++) {
                int bx = x + STEP_X[rot];
                int by = y + STEP_Y[rot];
                if (bx < box->x0 || bx > box->x1 || by < box->y0 || by > box->y1) continue;
                if (layer[by * SIDE + bx] != 0) continue;
                res[count++] = (uint16_t)((y * SIDE + x) * 4 + rot);
            }
        }
    }
    return count;
}

int pyr_placements(const uint8_t *board, int stage, int base_w, int base_h, uint16_t *out,
                   int cap)
{
    uint16_t res[PYR_PLACEMENTS];
    box_t box;
    int count;

    if (board == NULL || out == NULL) return PYR_E_NULL;
    if (!pyr__base_in_range(stage, base_w, base_h) || cap < 0) return PYR_E_RANGE;
    if (!board_is_valid(board)) return PYR_E_BOARD;
    if (stage == 0) {
        count = placements_stage0(board, base_w, base_h, res);
    } else {
        int rc = upper_box(board, stage, base_w, base_h, &box);
        if (rc != PYR_OK) return rc;
        count = placements_upper(board + stage * LAYER, &box, res);
    }
    if (count > cap) return PYR_E_CAPACITY;
    if (count > 0) memcpy(out, res, (size_t)count * sizeof res[0]);
    return count;
}

int pyr_placement_indices(const uint8_t *board, int stage, int base_w, int base_h, int first,
                          int32_t *out, int cap)
{
    uint16_t res[PYR_PLACEMENTS];
    int count;

    if (board == NULL || out == NULL) return PYR_E_NULL;
    if (!pyr__base_in_range(stage, base_w, base_h) || first < 0 ||
        first > INT32_MAX - PYR_PLACEMENTS || cap < 0)
        return PYR_E_RANGE;
    count = pyr_placements(board, stage, base_w, base_h, res, PYR_PLACEMENTS);
    if (count < 0) return count;
    if (count > cap) return PYR_E_CAPACITY;
    for (int i = 0; i < count; i++) out[i] = first + res[i];
    return count;
}

/* ---- top view ----------------------------------------------------------------------- */

/*
 * Fill view[324] from a validated board: paint every block's cells, stage by stage from
 * the bottom, so that each cell ends up showing its topmost block.
 */
static void compute_top_view(const uint8_t *board, uint8_t *view)
{
    memset(view, 0, VIEW);
    for (int s = 0; s < PYR_STAGES; s++) {
        const uint8_t *layer = board + s * LAYER;
        for (int y = 0; y < SIDE; y++) {
            for (int x = 0; x < SIDE; x++) {
                unsigned byte = layer[y * SIDE + x];
                if ((byte & 7u) == 0) continue;
                unsigned base = (byte & 7u) | ((unsigned)s << 4);
                for (int q = 0; q < 4; q++) {
                    int cx = 2 * x + s + (q & 1), cy = 2 * y + s + (q >> 1);
                    if (cx >= CELLS || cy >= CELLS) continue; /* beyond the grid */
                    view[cy * CELLS + cx] = (uint8_t)(base | (((byte >> (4 + q)) & 1u) << 3));
                }
            }
        }
    }
}

int pyr_top_view(const uint8_t *board, uint8_t *out, int cap)
{
    if (board == NULL || out == NULL) return PYR_E_NULL;
    if (cap < 0) return PYR_E_RANGE;
    if (!board_is_valid(board)) return PYR_E_BOARD;
    if (cap < VIEW) return PYR_E_CAPACITY;
    compute_top_view(board, out);
    return PYR_OK;
}

/* ---- areas -------------------------------------------------------------------------- */

/*
 * Label the 4-connected same-colour areas of a top view: one breadth-first fill per area,
 * started from its first cell in row-major order, so areas come out numbered by their
 * first cell. Writes label[324] (PYR_NO_AREA for gaps) and, per area, its colour, visible
 * icons and cells; returns the number of areas.
 */
static int label_top_view(const uint8_t *view, uint16_t *label, uint8_t *colour,
                          uint16_t *icons, uint16_t *cells)
{
    uint16_t queue[VIEW];
    int areas = 0;

    for (int i = 0; i < VIEW; i++) label[i] = PYR_NO_AREA;
    for (int start = 0; start < VIEW; start++) {
        if (view[start] == 0 || label[start] != PYR_NO_AREA) continue;
        unsigned want = view[start] & 7u;
        int head = 0, tail = 0, n_cells = 0, n_icons = 0;
        label[start] = (uint16_t)areas;
        queue[tail++] = (uint16_t)start;
        while (head < tail) {
            int cell = queue[head++];
            int cx = cell % CELLS, cy = cell / CELLS;
            n_cells++;
            n_icons += (view[cell] >> 3) & 1;
            int next[4];
            int n_next = 0;
            if (cx > 0) next[n_next++] = cell - 1;
            if (cx < CELLS - 1) next[n_next++] = cell + 1;
            if (cy > 0) next[n_next++] = cell - CELLS;
            if (cy < CELLS - 1) next[n_next++] = cell + CELLS;
            for (int k = 0; k < n_next; k++) {
                int c = next[k];
                if (label[c] == PYR_NO_AREA && view[c] != 0 && (view[c] & 7u) == want) {
                    label[c] = (uint16_t)areas;
                    queue[tail++] = (uint16_t)c;
                }
            }
        }
        colour[areas] = (uint8_t)want;
        icons[areas] = (uint16_t)n_icons;
        cells[areas] = (uint16_t)n_cells;
        areas++;
    }
    return areas;
}

/*
 * Union-find for the linked mode. Elements 0..PYR_MAX_AREAS-1 are top-view areas, the
 * next PYR_BOARD_SIZE are blocks (by board index). A union keeps the smaller root, so the
 * root of any set holding an area is its lowest-numbered area: the one whose first cell
 * comes first in row-major order, which is what the renumbering needs.
 */
enum { AREA_NODES = PYR_MAX_AREAS, UF_NODES = PYR_MAX_AREAS + PYR_BOARD_SIZE };

static unsigned uf_find(uint16_t *parent, unsigned i)
{
    while (parent[i] != i) {
        parent[i] = parent[parent[i]]; /* path halving */
        i = parent[i];
    }
    return i;
}

static void uf_union(uint16_t *parent, unsigned a, unsigned b)
{
    a = uf_find(parent, a);
    b = uf_find(parent, b);
    if (a < b) parent[b] = (uint16_t)a;
    else parent[a] = (uint16_t)b;
}

/* Does block (x, y) of stage s cover a cell of the grid? (Stage 2-3 blocks on column or
   row 8 lie entirely beyond it: they are no nodes and link nothing.) */
static int block_on_grid(int s, int x, int y)
{
    return 2 * x + s < CELLS && 2 * y + s < CELLS;
}

/*
 * Join block `node`, (x, y) of stage s, to the top-view areas of its visible cells. Its
 * visible cells that touch are in one area already, so a repeat of the area just joined
 * is skipped: one union per block, two when only two diagonal quadrants show.
 */
static void join_visible_cells(const uint8_t *view, const uint16_t *label, int s, int x,
                               int y, unsigned node, uint16_t *parent)
{
    unsigned last = PYR_NO_AREA;
    for (int q = 0; q < 4; q++) {
        int cx = 2 * x + s + (q & 1), cy = 2 * y + s + (q >> 1);
        if (cx >= CELLS || cy >= CELLS) continue;
        int cell = cy * CELLS + cx;
        if ((view[cell] >> 4) != (unsigned)s) continue; /* hidden by a higher stage */
        if (label[cell] == last) continue;
        last = label[cell];
        uf_union(parent, last, node);
    }
}

/*
 * Join block `node`, (x, y) of stage s >= 1 and colour `want`, to the same-colour blocks
 * of stage s - 1 it rests on: block (x + i, y + j) under cell (2x + s + i, 2y + s + j),
 * when that cell is on the grid (which puts the block on the lattice: 2x + i <= 16).
 */
static void join_supports(const uint8_t *board, int s, int x, int y, unsigned want,
                          unsigned node, uint16_t *parent)
{
    for (int j = 0; j < 2; j++) {
        for (int i = 0; i < 2; i++) {
            if (2 * x + s + i >= CELLS || 2 * y + s + j >= CELLS) continue;
            int below = ((s - 1) * SIDE + y + j) * SIDE + x + i;
            if ((board[below] & 7u) == want) uf_union(parent, node, AREA_NODES + (unsigned)below);
        }
    }
}

/*
 * Join what the linked mode connects, block by block. Every cell of a block has its
 * colour and stage, and its cells on the grid touch each other, so a block is one piece:
 * it is joined to the areas of its visible cells, to a same-colour block beside it in its
 * stage (their facing cells are on the grid whenever the farther block has a cell on it)
 * and to the same-colour blocks it rests on.
 */
static void join_blocks(const uint8_t *board, const uint8_t *view, const uint16_t *label,
                        uint16_t *parent)
{
    for (int s = 0; s < PYR_STAGES; s++) {
        for (int y = 0; y < SIDE; y++) {
            for (int x = 0; x < SIDE; x++) {
                int b = (s * SIDE + y) * SIDE + x;
                unsigned want = board[b] & 7u, node = AREA_NODES + (unsigned)b;
                if (want == 0 || !block_on_grid(s, x, y)) continue;
                join_visible_cells(view, label, s, x, y, node, parent);
                if (x + 1 < SIDE && (board[b + 1] & 7u) == want && block_on_grid(s, x + 1, y))
                    uf_union(parent, node, node + 1);
                if (y + 1 < SIDE && (board[b + SIDE] & 7u) == want && block_on_grid(s, x, y + 1))
                    uf_union(parent, node, node + SIDE);
                if (s > 0) join_supports(board, s, x, y, want, node, parent);
            }
        }
    }
}

/*
 * The linked mode, from the top-view areas: join the blocks to the areas they show in and
 * to each other (join_blocks), then merge the areas that ended up in one set and renumber
 * them in place, by the first area of each set, which keeps the numbering by first
 * visible cell. A top-view area is never split (its cells are joined already), so linked
 * areas are unions of them. Returns the number of linked areas.
 */
static int link_through_supports(const uint8_t *board, const uint8_t *view, int areas,
                                 uint16_t *label, uint8_t *colour, uint16_t *icons,
                                 uint16_t *cells)
{
    uint16_t parent[UF_NODES];
    uint16_t number[AREA_NODES]; /* the linked area of each top-view area */
    int merged = 0;

    for (unsigned i = 0; i < UF_NODES; i++) parent[i] = (uint16_t)i;
    join_blocks(board, view, label, parent);

    /* roots come first in their set, so each one is numbered before its members */
    for (int a = 0; a < areas; a++) {
        unsigned root = uf_find(parent, (unsigned)a);
        if (root == (unsigned)a) {
            number[a] = (uint16_t)merged;
            colour[merged] = colour[a];
            icons[merged] = icons[a];
            cells[merged] = cells[a];
            merged++;
        } else {
            number[a] = number[root];
            icons[number[a]] = (uint16_t)(icons[number[a]] + icons[a]);
            cells[number[a]] = (uint16_t)(cells[number[a]] + cells[a]);
        }
    }
    for (int cell = 0; cell < VIEW; cell++)
        if (label[cell] != PYR_NO_AREA) label[cell] = number[label[cell]];
    return merged;
}

int pyr_label_areas_mode(const uint8_t *board, int mode, uint16_t *labels, int labels_cap,
                         uint8_t *area_colour, uint16_t *area_icons, uint16_t *area_cells,
                         int areas_cap)
{
    uint16_t label[VIEW];
    uint8_t colour[VIEW];
    uint16_t icons[VIEW];
    uint16_t cells[VIEW];

    if (board == NULL || labels == NULL || area_colour == NULL || area_icons == NULL ||
        area_cells == NULL)
        return PYR_E_NULL;
    if ((mode != PYR_AREAS_TOP_VIEW && mode != PYR_AREAS_LINKED) || labels_cap < 0 ||
        areas_cap < 0)
        return PYR_E_RANGE;
    if (!board_is_valid(board)) return PYR_E_BOARD;

    int areas = pyr__areas(board, mode, label, colour, icons, cells);

    if (labels_cap < VIEW || areas > areas_cap) return PYR_E_CAPACITY;
    memcpy(labels, label, sizeof label);
    if (areas > 0) {
        memcpy(area_colour, colour, (size_t)areas);
        memcpy(area_icons, icons, (size_t)areas * sizeof icons[0]);
        memcpy(area_cells, cells, (size_t)areas * sizeof cells[0]);
    }
    return areas;
}

int pyr_label_areas(const uint8_t *board, uint16_t *labels, int labels_cap,
                    uint8_t *area_colour, uint16_t *area_icons, uint16_t *area_cells,
                    int areas_cap)
{
    return pyr_label_areas_mode(board, PYR_AREAS_TOP_VIEW, labels, labels_cap, area_colour,
                                area_icons, area_cells, areas_cap);
}

/* ---- tiling ------------------------------------------------------------------------- */

/*
 * Can the set `free` of cells of a box `width` cells wide (bit i = cell (i % width,
 * i / width), at most 25 cells) be tiled exactly by dominoes? The lowest free cell must
 * pair with its right or its lower neighbour; try both. Depth <= 12, branching <= 2.
 */
static int tileable(uint32_t free, int width)
{
    if (free == 0) return 1;
    int i = 0;
    while (!((free >> i) & 1u)) i++;
    uint32_t rest = free & ~(UINT32_C(1) << i);
    if (i % width != width - 1 && ((rest >> (i + 1)) & 1u) &&
        tileable(rest & ~(UINT32_C(1) << (i + 1)), width))
        return 1;
    if (((rest >> (i + width)) & 1u) && tileable(rest & ~(UINT32_C(1) << (i + width)), width))
        return 1;
    return 0;
}

/* Are the empty spaces of `layer` inside `box` (<= 25 spaces) tileable by dominoes? */
static int box_tileable(const uint8_t *layer, const box_t *box)
{
    int width = box->x1 - box->x0 + 1;
    uint32_t free = 0;
    int bit = 0, balance = 0;
    for (int y = box->y0; y <= box->y1; y++) {
        for (int x = box->x0; x <= box->x1; x++, bit++) {
            if (layer[y * SIDE + x] == 0) {
                free |= UINT32_C(1) << bit;
                balance += ((x + y) & 1) ? 1 : -1; /* chessboard colouring */
            }
        }
    }
    if (balance != 0) return 0;
    return tileable(free, width);
}

int pyr_can_tile(const uint8_t *board, int stage, int base_w, int base_h)
{
    if (board == NULL) return PYR_E_NULL;
    if (!pyr__base_in_range(stage, base_w, base_h)) return PYR_E_RANGE;
    if (!board_is_valid(board)) return PYR_E_BOARD;
    return pyr__can_tile(board, stage, base_w, base_h);
}

int pyr__can_tile(const uint8_t *board, int stage, int base_w, int base_h)
{
    box_t box;

    if (stage == 0) {
        box_t bounds;
        const int shapes[2][2] = {{base_w, base_h}, {base_h, base_w}};
        if (stage0_bounds(board, &bounds) == 0) return 1;
        for (int k = 0; k < (base_w == base_h ? 1 : 2); k++) {
            int width = shapes[k][0], height = shapes[k][1];
            /* every box of this shape inside the lattice that contains the bounds */
            int x_lo = bounds.x1 - width + 1, x_hi = bounds.x0;
            int y_lo = bounds.y1 - height + 1, y_hi = bounds.y0;
            if (x_lo < 0) x_lo = 0;
            if (y_lo < 0) y_lo = 0;
            if (x_hi > SIDE - width) x_hi = SIDE - width;
            if (y_hi > SIDE - height) y_hi = SIDE - height;
            for (int y0 = y_lo; y0 <= y_hi; y0++) {
                for (int x0 = x_lo; x0 <= x_hi; x0++) {
                    box.x0 = x0;
                    box.y0 = y0;
                    box.x1 = x0 + width - 1;
                    box.y1 = y0 + height - 1;
                    if (box_tileable(board, &box)) return 1;
                }
            }
        }
        return 0;
    }

    int rc = upper_box(board, stage, base_w, base_h, &box);
    if (rc != PYR_OK) return rc;
    return box_tileable(board + stage * LAYER, &box);
}

/* ---- stage box ---------------------------------------------------------------------- */

int pyr_stage_box(const uint8_t *board, int stage, int base_w, int base_h, int *out, int cap)
{
    box_t box;

    if (board == NULL || out == NULL) return PYR_E_NULL;
    if (!pyr__base_in_range(stage, base_w, base_h) || cap < 0) return PYR_E_RANGE;
    if (!board_is_valid(board)) return PYR_E_BOARD;
    if (stage == 0) {
        if (stage0_bounds(board, &box) == 0) return PYR_E_NOBOX;
    } else {
        int rc = upper_box(board, stage, base_w, base_h, &box);
        if (rc != PYR_OK) return rc;
    }
    if (cap < 4) return PYR_E_CAPACITY;
    out[0] = box.x0;
    out[1] = box.y0;
    out[2] = box.x1;
    out[3] = box.y1;
    return PYR_OK;
}

/* ---- for the other files of the core (pyramido_internal.h) ------------------------------ */

int pyr__board_is_valid(const uint8_t *board)
{
    return board_is_valid(board);
}

int pyr__areas(const uint8_t *board, int mode, uint16_t *label, uint8_t *colour,
               uint16_t *icons, uint16_t *cells)
{
    uint8_t view[VIEW];
    compute_top_view(board, view);
    return pyr__areas_of_view(board, view, mode, label, colour, icons, cells);
}

void pyr__top_view(const uint8_t *board, uint8_t *view)
{
    compute_top_view(board, view);
}

int pyr__areas_of_view(const uint8_t *board, const uint8_t *view, int mode, uint16_t *label,
                       uint8_t *colour, uint16_t *icons, uint16_t *cells)
{
    int areas = label_top_view(view, label, colour, icons, cells);
    if (mode == PYR_AREAS_LINKED)
        areas = link_through_supports(board, view, areas, label, colour, icons, cells);
    return areas;
}
