/*
 * test_core.c - tests of the C core on hand-made boards, plus a deterministic fuzz that
 * checks invariants and buffer bounds on random boards (valid and malformed) and on
 * random games. Prints "N passed, M failed" last and exits nonzero on any failure.
 *
 * Build and run: make -C core_c test (or test-sanitize).
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "pyramido_core.h"

static long passed = 0;
static long failed = 0;

#define CHECK(cond)                                                                        \
    do {                                                                                   \
        if (cond) {                                                                        \
            passed++;                                                                      \
        } else {                                                                           \
            failed++;                                                                      \
            if (failed <= 30) printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);       \
        }                                                                                  \
    } while (0)

#define CHECK_EQ(a, b)                                                                     \
    do {                                                                                   \
        long _a = (long)(a), _b = (long)(b);                                               \
        if (_a == _b) {                                                                    \
            passed++;                                                                      \
        } else {                                                                           \
            failed++;                                                                      \
            if (failed <= 30)                                                              \
                printf("FAIL %s:%d: %s == %s (%ld != %ld)\n", __FILE__, __LINE__, #a, #b,   \
                       _a, _b);                                                            \
        }                                                                                  \
    } while (0)

/* ---- helpers ------------------------------------------------------------------------ */

static int idx(int stage, int x, int y)
{
    return (stage * PYR_SIDE + y) * PYR_SIDE + x;
}

static void put(uint8_t *board, int stage, int x, int y, int colour, int icons)
{
    board[idx(stage, x, y)] = (uint8_t)(colour | (icons << 4));
}

static int placement(int x, int y, int rot)
{
    return ((y * PYR_SIDE) + x) * 4 + rot;
}

/* Fill a w x h box of a stage with blocks of one colour. */
static void fill(uint8_t *board, int stage, int x0, int y0, int w, int h, int colour)
{
    for (int y = y0; y < y0 + h; y++)
        for (int x = x0; x < x0 + w; x++) put(board, stage, x, y, colour, 0);
}

static int contains(const uint16_t *list, int n, int value)
{
    for (int i = 0; i < n; i++)
        if (list[i] == value) return 1;
    return 0;
}

/* xorshift32: deterministic randomness for the fuzz */
static uint32_t rng_state = 2463534242u;
static uint32_t rnd(void)
{
    uint32_t x = rng_state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return rng_state = x;
}
static int rnd_below(int n)
{
    return (int)(rnd() % (uint32_t)n);
}

/* ---- constants ---------------------------------------------------------------------- */

static void test_constants(void)
{
    CHECK_EQ(PYR_STAGES, 4);
    CHECK_EQ(PYR_SIDE, 9);
    CHECK_EQ(PYR_CELLS, 2 * PYR_SIDE);
    CHECK_EQ(PYR_BOARD_SIZE, PYR_STAGES * PYR_SIDE * PYR_SIDE);
    CHECK_EQ(PYR_PLACEMENTS, PYR_SIDE * PYR_SIDE * 4);
    CHECK_EQ(PYR_VIEW_SIZE, PYR_CELLS * PYR_CELLS);
    CHECK_EQ(PYR_NO_AREA, 0xFFFF);
    CHECK_EQ(PYR_ANCHOR_X, 4);
    CHECK_EQ(PYR_ANCHOR_Y, 4);
    CHECK_EQ(PYR_OK, 0);
    CHECK_EQ(PYR_E_NULL, -1);
    CHECK_EQ(PYR_E_RANGE, -2);
    CHECK_EQ(PYR_E_BOARD, -3);
    CHECK_EQ(PYR_E_CAPACITY, -4);
    CHECK_EQ(PYR_E_NOBOX, -5);
}

/* ---- errors ------------------------------------------------------------------------- */

static void test_errors(void)
{
    uint8_t board[PYR_BOARD_SIZE] = {0};
    uint8_t bad[PYR_BOARD_SIZE] = {0};
    uint16_t out[PYR_PLACEMENTS];
    uint8_t view[PYR_VIEW_SIZE];
    uint16_t labels[PYR_VIEW_SIZE], icons[PYR_MAX_AREAS], cells[PYR_MAX_AREAS];
    uint8_t colours[PYR_MAX_AREAS];
    int box[4];
    static const int bad_stages[] = {-1, 4, 5, 100, INT_MIN, INT_MAX};

    /* null pointers come first, whatever else is wrong */
    CHECK_EQ(pyr_placements(NULL, 0, out, PYR_PLACEMENTS), PYR_E_NULL);
    CHECK_EQ(pyr_placements(board, 0, NULL, PYR_PLACEMENTS), PYR_E_NULL);
    CHECK_EQ(pyr_placements(NULL, 9, NULL, -1), PYR_E_NULL);
    CHECK_EQ(pyr_top_view(NULL, view), PYR_E_NULL);
    CHECK_EQ(pyr_top_view(board, NULL), PYR_E_NULL);
    CHECK_EQ(pyr_label_areas(NULL, labels, colours, icons, cells, 324), PYR_E_NULL);
    CHECK_EQ(pyr_label_areas(board, NULL, colours, icons, cells, 324), PYR_E_NULL);
    CHECK_EQ(pyr_label_areas(board, labels, NULL, icons, cells, 324), PYR_E_NULL);
    CHECK_EQ(pyr_label_areas(board, labels, colours, NULL, cells, 324), PYR_E_NULL);
    CHECK_EQ(pyr_label_areas(board, labels, colours, icons, NULL, 324), PYR_E_NULL);
    CHECK_EQ(pyr_can_tile(NULL, 0), PYR_E_NULL);
    CHECK_EQ(pyr_stage_box(NULL, 0, box), PYR_E_NULL);
    CHECK_EQ(pyr_stage_box(board, 0, NULL), PYR_E_NULL);
    CHECK_EQ(pyr_stage_box(NULL, -7, NULL), PYR_E_NULL);

    /* then stage and capacity ranges */
    for (size_t i = 0; i < sizeof bad_stages / sizeof bad_stages[0]; i++) {
        int s = bad_stages[i];
        CHECK_EQ(pyr_placements(board, s, out, PYR_PLACEMENTS), PYR_E_RANGE);
        CHECK_EQ(pyr_can_tile(board, s), PYR_E_RANGE);
        CHECK_EQ(pyr_stage_box(board, s, box), PYR_E_RANGE);
    }
    CHECK_EQ(pyr_placements(board, 0, out, -1), PYR_E_RANGE);
    CHECK_EQ(pyr_placements(board, 0, out, INT_MIN), PYR_E_RANGE);
    CHECK_EQ(pyr_label_areas(board, labels, colours, icons, cells, -1), PYR_E_RANGE);

    /* then board bytes: bit 3, or icons with no colour, anywhere on the board */
    static const uint8_t bad_bytes[] = {0x08, 0x09, 0x0F, 0x10, 0x80, 0xF0, 0xF8, 0xFF, 0x18};
    static const int where[] = {0, 80, 81, 200, 323};
    for (size_t b = 0; b < sizeof bad_bytes; b++) {
        for (size_t w = 0; w < sizeof where / sizeof where[0]; w++) {
            memset(bad, 0, sizeof bad);
            fill(bad, 0, 2, 2, 5, 4, 1); /* an exact stage 0, so NOBOX is no excuse */
            bad[where[w]] = bad_bytes[b];
            CHECK_EQ(pyr_placements(bad, 0, out, PYR_PLACEMENTS), PYR_E_BOARD);
            CHECK_EQ(pyr_placements(bad, 3, out, PYR_PLACEMENTS), PYR_E_BOARD);
            CHECK_EQ(pyr_top_view(bad, view), PYR_E_BOARD);
            CHECK_EQ(pyr_label_areas(bad, labels, colours, icons, cells, 324), PYR_E_BOARD);
            CHECK_EQ(pyr_can_tile(bad, 1), PYR_E_BOARD);
            CHECK_EQ(pyr_stage_box(bad, 2, box), PYR_E_BOARD);
            /* range is checked before bytes */
            CHECK_EQ(pyr_can_tile(bad, 4), PYR_E_RANGE);
            CHECK_EQ(pyr_placements(bad, 0, out, -5), PYR_E_RANGE);
        }
    }
    /* every valid byte is accepted: colour 1-7 with any icons, and 0 */
    for (int colour = 1; colour <= 7; colour++) {
        for (int icon = 0; icon < 16; icon++) {
            memset(bad, 0, sizeof bad);
            put(bad, 3, 8, 8, colour, icon);
            CHECK_EQ(pyr_top_view(bad, view), PYR_OK);
        }
    }

    /* NOBOX: a stage >= 1 needs stage 0 to span exactly 5x4 or 4x5 */
    memset(board, 0, sizeof board);
    CHECK_EQ(pyr_stage_box(board, 0, box), PYR_E_NOBOX);
    for (int s = 1; s < PYR_STAGES; s++) {
        CHECK_EQ(pyr_placements(board, s, out, PYR_PLACEMENTS), PYR_E_NOBOX);
        CHECK_EQ(pyr_can_tile(board, s), PYR_E_NOBOX);
        CHECK_EQ(pyr_stage_box(board, s, box), PYR_E_NOBOX);
    }
    fill(board, 0, 0, 0, 5, 3, 2); /* 5x3: not yet */
    CHECK_EQ(pyr_stage_box(board, 0, box), PYR_OK);
    CHECK_EQ(pyr_stage_box(board, 1, box), PYR_E_NOBOX);
    CHECK_EQ(pyr_placements(board, 2, out, PYR_PLACEMENTS), PYR_E_NOBOX);
    put(board, 0, 0, 3, 2, 0); /* 5x4 */
    CHECK_EQ(pyr_stage_box(board, 1, box), PYR_OK);
    put(board, 0, 0, 4, 2, 0); /* 5x5: too big, no box again */
    CHECK_EQ(pyr_stage_box(board, 1, box), PYR_E_NOBOX);
    CHECK_EQ(pyr_can_tile(board, 3), PYR_E_NOBOX);
    CHECK_EQ(pyr_can_tile(board, 0), 0);
    CHECK_EQ(pyr_placements(board, 0, out, PYR_PLACEMENTS), 0);
    memset(board, 0, sizeof board);
    put(board, 0, 0, 0, 1, 0);
    put(board, 0, 8, 8, 1, 0); /* not reachable, but defined: 9x9 span */
    CHECK_EQ(pyr_stage_box(board, 0, box), PYR_OK);
    CHECK(box[0] == 0 && box[1] == 0 && box[2] == 8 && box[3] == 8);
    CHECK_EQ(pyr_stage_box(board, 1, box), PYR_E_NOBOX);
    CHECK_EQ(pyr_can_tile(board, 0), 0);
    CHECK_EQ(pyr_placements(board, 0, out, PYR_PLACEMENTS), 0);
}

/* ---- capacity ----------------------------------------------------------------------- */

static void test_capacity(void)
{
    uint8_t board[PYR_BOARD_SIZE] = {0};
    uint16_t out[8];
    uint16_t labels[PYR_VIEW_SIZE], icons[4], cells[4];
    uint8_t colours[4];

    for (int i = 0; i < 8; i++) out[i] = 0xABCD;
    CHECK_EQ(pyr_placements(board, 0, out, 3), PYR_E_CAPACITY);
    CHECK_EQ(out[0], 0xABCD); /* nothing written on error */
    CHECK_EQ(pyr_placements(board, 0, out, 4), 4);
    CHECK_EQ(out[4], 0xABCD); /* nothing written past the results */
    CHECK_EQ(pyr_placements(board, 0, out, 0), PYR_E_CAPACITY);

    /* five areas of five colours, in stage 0 */
    for (int i = 0; i < 5; i++) put(board, 0, 2 * i, 0, i + 1, 0);
    for (int i = 0; i < 4; i++) colours[i] = 0xEE;
    labels[0] = 0x1234;
    CHECK_EQ(pyr_label_areas(board, labels, colours, icons, cells, 4), PYR_E_CAPACITY);
    CHECK_EQ(colours[0], 0xEE);
    CHECK_EQ(labels[0], 0x1234);
    put(board, 0, 8, 0, 0, 0);
    CHECK_EQ(pyr_label_areas(board, labels, colours, icons, cells, 4), 4);
    memset(board, 0, sizeof board);
    CHECK_EQ(pyr_label_areas(board, labels, colours, icons, cells, 0), 0);
    CHECK_EQ(labels[0], PYR_NO_AREA);
    CHECK_EQ(labels[323], PYR_NO_AREA);
}

/* ---- placements --------------------------------------------------------------------- */

static void test_placements_stage0(void)
{
    uint8_t board[PYR_BOARD_SIZE] = {0};
    uint16_t out[PYR_PLACEMENTS];
    int n;

    /* empty stage 0: the four rotations at the anchor, whatever the upper stages hold */
    put(board, 2, 1, 1, 3, 0);
    n = pyr_placements(board, 0, out, PYR_PLACEMENTS);
    CHECK_EQ(n, 4);
    for (int r = 0; r < 4 && n == 4; r++) CHECK_EQ(out[r], placement(4, 4, r));
    CHECK_EQ(placement(4, 4, 0), 160);

    /* one domino (4,4)-(5,4): 16 domino positions touch it, each in 2 directions */
    memset(board, 0, sizeof board);
    put(board, 0, 4, 4, 1, 0);
    put(board, 0, 5, 4, 1, 0);
    n = pyr_placements(board, 0, out, PYR_PLACEMENTS);
    CHECK_EQ(n, 32);
    for (int i = 1; i < n; i++) CHECK(out[i - 1] < out[i]);
    CHECK(contains(out, n, placement(3, 4, 2)));  /* (3,4)-(2,4) */
    CHECK(contains(out, n, placement(2, 4, 0)));  /* (2,4)-(3,4) */
    CHECK(contains(out, n, placement(6, 4, 0)));  /* (6,4)-(7,4) */
    CHECK(contains(out, n, placement(7, 4, 2)));  /* (7,4)-(6,4) */
    CHECK(contains(out, n, placement(4, 3, 3)));  /* (4,3)-(4,2) */
    CHECK(contains(out, n, placement(5, 6, 3)));  /* (5,6)-(5,5) */
    CHECK(!contains(out, n, placement(4, 4, 0))); /* occupied */
    CHECK(!contains(out, n, placement(7, 4, 0))); /* (7,4)-(8,4) touches nothing */
    CHECK(!contains(out, n, placement(3, 3, 3))); /* (3,3)-(3,2): diagonal only */
    CHECK(!contains(out, n, placement(4, 2, 3))); /* (4,2)-(4,1) too far */

    /* the span limit: a row of 4 blocks accepts no 5th column and a 2nd... */
    memset(board, 0, sizeof board);
    fill(board, 0, 2, 4, 4, 1, 1); /* x 2..5, y 4 */
    n = pyr_placements(board, 0, out, PYR_PLACEMENTS);
    CHECK(!contains(out, n, placement(6, 4, 0))); /* (6,4)-(7,4): 6 wide */
    CHECK(!contains(out, n, placement(1, 4, 2))); /* (1,4)-(0,4): 6 wide */
    CHECK(contains(out, n, placement(6, 4, 1)));  /* (6,4)-(6,5): 5x2 */
    CHECK(contains(out, n, placement(2, 3, 3)));  /* (2,3)-(2,2): 4x3 */
    fill(board, 0, 2, 3, 4, 4, 1);                /* 4x4 block at x 2..5, y 3..6 */
    n = pyr_placements(board, 0, out, PYR_PLACEMENTS);
    CHECK(contains(out, n, placement(6, 3, 1)));  /* 5x4 */
    CHECK(contains(out, n, placement(2, 7, 0)));  /* 4x5 */
    CHECK(!contains(out, n, placement(6, 6, 0))); /* 6 wide */
    CHECK(!contains(out, n, placement(2, 8, 3))); /* (2,8)-(2,7): 6 high */
    for (int i = 0; i < n; i++) {
        /* every legal placement here makes a 5x4 or 4x5 */
        int x = out[i] / 4 % PYR_SIDE, y = out[i] / 4 / PYR_SIDE;
        CHECK(x == 1 || x == 6 || y == 2 || y == 7 || x == 0 || x == 7 || y == 1 || y == 8);
    }

    /* lattice edges: nothing leaves 0..8 */
    memset(board, 0, sizeof board);
    put(board, 0, 0, 0, 1, 0);
    put(board, 0, 1, 0, 1, 0);
    n = pyr_placements(board, 0, out, PYR_PLACEMENTS);
    for (int i = 0; i < n; i++) {
        int x = out[i] / 4 % PYR_SIDE, y = out[i] / 4 / PYR_SIDE, r = out[i] % 4;
        static const int dx[4] = {1, 0, -1, 0}, dy[4] = {0, 1, 0, -1};
        CHECK(x + dx[r] >= 0 && x + dx[r] < PYR_SIDE && y + dy[r] >= 0 && y + dy[r] < PYR_SIDE);
    }
    /* positions touching (2,0), (0,1) or (1,1): (2,0)-(3,0), (2,0)-(2,1), (0,1)-(1,1),
       (0,1)-(0,2), (1,1)-(2,1), (1,1)-(1,2); each both ways */
    CHECK_EQ(n, 2 * 6);
}

static void test_placements_upper(void)
{
    uint8_t board[PYR_BOARD_SIZE] = {0};
    uint16_t out[PYR_PLACEMENTS];
    int box[4], n;

    /* stage 0: a full 5x4 at x 2..6, y 3..6 */
    fill(board, 0, 2, 3, 5, 4, 4);
    CHECK_EQ(pyr_placements(board, 0, out, PYR_PLACEMENTS), 0);
    CHECK_EQ(pyr_stage_box(board, 0, box), PYR_OK);
    CHECK(box[0] == 2 && box[1] == 3 && box[2] == 6 && box[3] == 6);
    CHECK_EQ(pyr_stage_box(board, 1, box), PYR_OK);
    CHECK(box[0] == 2 && box[1] == 3 && box[2] == 5 && box[3] == 5);
    CHECK_EQ(pyr_stage_box(board, 2, box), PYR_OK);
    CHECK(box[0] == 2 && box[1] == 3 && box[2] == 4 && box[3] == 4);
    CHECK_EQ(pyr_stage_box(board, 3, box), PYR_OK);
    CHECK(box[0] == 2 && box[1] == 3 && box[2] == 3 && box[3] == 3);

    /* 4x3: 9 horizontal + 8 vertical positions; 3x2: 4 + 3; 2x1: 1; each both ways */
    CHECK_EQ(pyr_placements(board, 1, out, PYR_PLACEMENTS), 34);
    CHECK_EQ(pyr_placements(board, 2, out, PYR_PLACEMENTS), 14);
    n = pyr_placements(board, 3, out, PYR_PLACEMENTS);
    CHECK_EQ(n, 2);
    CHECK_EQ(out[0], placement(2, 3, 0));
    CHECK_EQ(out[1], placement(3, 3, 2));

    /* no support needed: a gap in stage 0 changes nothing above it */
    put(board, 0, 3, 4, 0, 0);
    CHECK_EQ(pyr_placements(board, 1, out, PYR_PLACEMENTS), 34);

    /* upper stages are independent of each other; occupied spaces are excluded */
    put(board, 1, 2, 3, 1, 0);
    put(board, 1, 3, 3, 1, 0);
    n = pyr_placements(board, 1, out, PYR_PLACEMENTS);
    CHECK_EQ(n, 34 - 2 * 4); /* (2,3)-(3,3), (3,3)-(4,3), (2,3)-(2,4), (3,3)-(3,4) gone */
    CHECK(!contains(out, n, placement(4, 3, 2)));
    CHECK(contains(out, n, placement(4, 3, 0)));
    CHECK_EQ(pyr_placements(board, 2, out, PYR_PLACEMENTS), 14);

    /* blocks outside the box (not reachable) are ignored, and never placed on */
    put(board, 1, 8, 8, 5, 0);
    put(board, 1, 7, 8, 5, 0);
    n = pyr_placements(board, 1, out, PYR_PLACEMENTS);
    CHECK_EQ(n, 26);
    for (int i = 0; i < n; i++) {
        int x = out[i] / 4 % PYR_SIDE, y = out[i] / 4 / PYR_SIDE;
        CHECK(x >= 2 && x <= 5 && y >= 3 && y <= 5);
    }

    /* 4x5 transposed: stage 3 is 1x2, vertical */
    memset(board, 0, sizeof board);
    fill(board, 0, 0, 4, 4, 5, 2);
    n = pyr_placements(board, 3, out, PYR_PLACEMENTS);
    CHECK_EQ(n, 2);
    CHECK_EQ(out[0], placement(0, 4, 1));
    CHECK_EQ(out[1], placement(0, 5, 3));
    CHECK_EQ(pyr_stage_box(board, 3, box), PYR_OK);
    CHECK(box[0] == 0 && box[1] == 4 && box[2] == 0 && box[3] == 5);
    /* an exact span with holes still defines the box */
    put(board, 0, 1, 5, 0, 0);
    put(board, 0, 2, 6, 0, 0);
    CHECK_EQ(pyr_placements(board, 3, out, PYR_PLACEMENTS), 2);
    put(board, 3, 0, 5, 6, 0);
    CHECK_EQ(pyr_placements(board, 3, out, PYR_PLACEMENTS), 0);
}

/* ---- top view and areas ------------------------------------------------------------- */

static void test_top_view(void)
{
    uint8_t board[PYR_BOARD_SIZE] = {0};
    uint8_t view[PYR_VIEW_SIZE];

    CHECK_EQ(pyr_top_view(board, view), PYR_OK);
    {
        int zero = 1;
        for (int i = 0; i < PYR_VIEW_SIZE; i++) zero &= view[i] == 0;
        CHECK(zero);
    }

    put(board, 0, 0, 0, 2, 0x9); /* TL and BR icons */
    put(board, 1, 0, 0, 3, 0x2); /* TR icon: covers cells (1..2, 1..2) */
    put(board, 3, 7, 7, 5, 0x1); /* covers cells (17..18, 17..18): only (17,17) shows */
    put(board, 3, 8, 8, 6, 0xF); /* cells 19..20: off the grid entirely */
    put(board, 0, 8, 8, 7, 0x8); /* cells (16..17, 16..17), BR icon under stage 3 */
    CHECK_EQ(pyr_top_view(board, view), PYR_OK);
    CHECK_EQ(view[0 * 18 + 0], 2 | 8);
    CHECK_EQ(view[0 * 18 + 1], 2);
    CHECK_EQ(view[1 * 18 + 0], 2);
    CHECK_EQ(view[1 * 18 + 1], 3 | (1 << 4)); /* stage 1 TL quadrant hides stage 0's BR */
    CHECK_EQ(view[1 * 18 + 2], 3 | 8 | (1 << 4));
    CHECK_EQ(view[2 * 18 + 1], 3 | (1 << 4));
    CHECK_EQ(view[2 * 18 + 2], 3 | (1 << 4));
    CHECK_EQ(view[0 * 18 + 2], 0);
    CHECK_EQ(view[17 * 18 + 17], 5 | 8 | (3 << 4));
    CHECK_EQ(view[16 * 18 + 16], 7);
    CHECK_EQ(view[16 * 18 + 17], 7);
    CHECK_EQ(view[17 * 18 + 16], 7);
    {
        int shown = 0;
        for (int i = 0; i < PYR_VIEW_SIZE; i++) shown += view[i] != 0;
        CHECK_EQ(shown, 4 + 3 + 4 - 1 + 1); /* stage 0 (0,0): 4, stage 1: 3 more, ... */
    }
}

static void test_areas(void)
{
    uint8_t board[PYR_BOARD_SIZE] = {0};
    uint16_t labels[PYR_VIEW_SIZE], icons[PYR_MAX_AREAS], cells[PYR_MAX_AREAS];
    uint8_t colours[PYR_MAX_AREAS];
    int n;

    /* stage 0: (0,0) red(1) with 2 icons, (1,0) red, (2,0) blue(2) */
    put(board, 0, 0, 0, 1, 0x3);
    put(board, 0, 1, 0, 1, 0x0);
    put(board, 0, 2, 0, 2, 0x4);
    n = pyr_label_areas(board, labels, colours, icons, cells, PYR_MAX_AREAS);
    CHECK_EQ(n, 2);
    CHECK_EQ(colours[0], 1);
    CHECK_EQ(cells[0], 8);
    CHECK_EQ(icons[0], 2);
    CHECK_EQ(colours[1], 2);
    CHECK_EQ(cells[1], 4);
    CHECK_EQ(icons[1], 1);
    CHECK_EQ(labels[0], 0);
    CHECK_EQ(labels[3], 0);
    CHECK_EQ(labels[4], 1);
    CHECK_EQ(labels[18 + 5], 1);
    CHECK_EQ(labels[6], PYR_NO_AREA);
    CHECK_EQ(labels[2 * 18], PYR_NO_AREA);

    /* a blue stage-1 block (0,0) covers cells (1..2, 1..2), hiding none of the red icons
       (TL and TR of block (0,0)); it touches only red cells: a third area, numbered by
       its first cell (1,1), after the stage-0 blue one (first cell (4,0)) */
    put(board, 1, 0, 0, 2, 0x8); /* icon BR at cell (2,2) */
    n = pyr_label_areas(board, labels, colours, icons, cells, PYR_MAX_AREAS);
    CHECK_EQ(n, 3);
    CHECK_EQ(colours[0], 1);
    CHECK_EQ(cells[0], 8 - 2); /* (1,1) and (2,1) now blue */
    CHECK_EQ(icons[0], 2);
    CHECK_EQ(colours[1], 2);
    CHECK_EQ(cells[1], 4);
    CHECK_EQ(icons[1], 1);
    CHECK_EQ(colours[2], 2);
    CHECK_EQ(cells[2], 4);
    CHECK_EQ(icons[2], 1);
    CHECK_EQ(labels[4], 1);
    CHECK_EQ(labels[1 * 18 + 1], 2);
    CHECK_EQ(labels[2 * 18 + 2], 2);

    /* a blue stage-1 block (1,0) covers cells (3..4, 1..2): it joins both blues across
       stages, and hides the stage-0 blue icon (BL of block (2,0), cell (4,1)) */
    put(board, 1, 1, 0, 2, 0x0);
    n = pyr_label_areas(board, labels, colours, icons, cells, PYR_MAX_AREAS);
    CHECK_EQ(n, 2);
    CHECK_EQ(colours[0], 1);
    CHECK_EQ(cells[0], 5);
    CHECK_EQ(icons[0], 2);
    CHECK_EQ(colours[1], 2);
    CHECK_EQ(cells[1], 3 + 8);
    CHECK_EQ(icons[1], 1);
    CHECK_EQ(labels[1 * 18 + 1], 1);
    CHECK_EQ(labels[1 * 18 + 4], 1);

    /* a red stage-1 block elsewhere, not touching: a third area, numbered by first cell */
    put(board, 1, 4, 0, 1, 0);
    n = pyr_label_areas(board, labels, colours, icons, cells, PYR_MAX_AREAS);
    CHECK_EQ(n, 3);
    CHECK_EQ(labels[1 * 18 + 9], 2);
    CHECK_EQ(colours[2], 1);
    CHECK_EQ(cells[2], 4);

    /* the top view separates what the stages below would join: a stage-3 block of
       another colour cuts a red stage-0 row in two */
    memset(board, 0, sizeof board);
    fill(board, 0, 0, 4, 5, 1, 1); /* cells (0..9, 8..9) red */
    put(board, 3, 2, 3, 2, 0);     /* cells (7..8, 9..10): cuts only row 9 */
    n = pyr_label_areas(board, labels, colours, icons, cells, PYR_MAX_AREAS);
    CHECK_EQ(n, 2); /* row 8 still joins the red */
    CHECK_EQ(cells[0], 20 - 2);
    put(board, 3, 2, 4, 2, 0); /* cells (7..8, 11..12): nothing of stage 0 there */
    put(board, 2, 3, 3, 2, 0); /* cells (8..9, 8..9): cuts rows 8 and 9 at x 8..9 */
    n = pyr_label_areas(board, labels, colours, icons, cells, PYR_MAX_AREAS);
    CHECK_EQ(colours[0], 1);
    CHECK_EQ(cells[0], 16 - 1); /* red (0..7, 8..9) minus the stage-3 cell (7,9) */
    CHECK_EQ(n, 2);             /* the blue blocks touch: one blue area */
}

/* ---- tiling ------------------------------------------------------------------------- */

static void test_can_tile(void)
{
    uint8_t board[PYR_BOARD_SIZE] = {0};

    CHECK_EQ(pyr_can_tile(board, 0), 1); /* empty stage 0 */
    put(board, 0, 4, 4, 1, 0);
    CHECK_EQ(pyr_can_tile(board, 0), 0); /* one block, 19 spaces: odd */
    put(board, 0, 5, 4, 1, 0);
    CHECK_EQ(pyr_can_tile(board, 0), 1);

    /* a full 5x4 at x 2..6, y 3..6 with two opposite corner holes: balanced, stuck */
    memset(board, 0, sizeof board);
    fill(board, 0, 2, 3, 5, 4, 1);
    CHECK_EQ(pyr_can_tile(board, 0), 1);
    put(board, 0, 2, 3, 0, 0);
    put(board, 0, 6, 6, 0, 0);
    CHECK_EQ(pyr_can_tile(board, 0), 0);
    put(board, 0, 3, 3, 0, 0);
    put(board, 0, 6, 5, 0, 0);
    CHECK_EQ(pyr_can_tile(board, 0), 1);

    /* upper stages of that box: 4x3 (x 2..5, y 3..5), 3x2, 2x1, all empty: tileable */
    for (int s = 1; s < PYR_STAGES; s++) CHECK_EQ(pyr_can_tile(board, s), 1);
    /* stage 1: (3,3) and (3,5) filled strand both (2,3) and (2,5) on (2,4) */
    put(board, 1, 3, 3, 1, 0);
    put(board, 1, 3, 5, 1, 0);
    CHECK_EQ(pyr_can_tile(board, 1), 0);
    put(board, 1, 3, 5, 0, 0);
    CHECK_EQ(pyr_can_tile(board, 1), 0); /* 11 spaces */
    put(board, 1, 2, 3, 1, 0);
    CHECK_EQ(pyr_can_tile(board, 1), 1);
    /* stage 2 (3x2 at x 2..4, y 3..4) */
    put(board, 2, 2, 3, 1, 0);
    put(board, 2, 3, 3, 1, 0);
    CHECK_EQ(pyr_can_tile(board, 2), 1);
    put(board, 2, 3, 3, 0, 0);
    put(board, 2, 4, 3, 1, 0);
    CHECK_EQ(pyr_can_tile(board, 2), 0); /* (3,3),(2,4),(3,4),(4,4): T-less, unbalanced */
    /* stage 3: 2x1 */
    put(board, 3, 2, 3, 1, 0);
    CHECK_EQ(pyr_can_tile(board, 3), 0);
    put(board, 3, 3, 3, 1, 0);
    CHECK_EQ(pyr_can_tile(board, 3), 1); /* full */
    /* blocks outside the box don't matter */
    put(board, 3, 8, 8, 1, 0);
    CHECK_EQ(pyr_can_tile(board, 3), 1);

    /* the box floats: a 4x4 at x 1..4, y 1..4 with holes (1,1) and (1,4) only tiles
       with the left column x = 0 */
    memset(board, 0, sizeof board);
    fill(board, 0, 1, 1, 4, 4, 3);
    put(board, 0, 1, 1, 0, 0);
    put(board, 0, 1, 4, 0, 0);
    CHECK_EQ(pyr_can_tile(board, 0), 1);
    /* the same shape against the lattice's left edge: no box has that column */
    memset(board, 0, sizeof board);
    fill(board, 0, 0, 1, 4, 4, 3);
    put(board, 0, 0, 1, 0, 0);
    put(board, 0, 0, 4, 0, 0);
    CHECK_EQ(pyr_can_tile(board, 0), 0);
    /* mirrored: against the right edge no box has the column x = 9, but one square in
       from it the column x = 8 does */
    memset(board, 0, sizeof board);
    fill(board, 0, 5, 1, 4, 4, 3);
    put(board, 0, 8, 1, 0, 0);
    put(board, 0, 8, 4, 0, 0);
    CHECK_EQ(pyr_can_tile(board, 0), 0);
    memset(board, 0, sizeof board);
    fill(board, 0, 4, 1, 4, 4, 3);
    put(board, 0, 7, 1, 0, 0);
    put(board, 0, 7, 4, 0, 0);
    CHECK_EQ(pyr_can_tile(board, 0), 1);
    /* transposed, against the bottom edge: no row y = 9 */
    memset(board, 0, sizeof board);
    fill(board, 0, 1, 5, 4, 4, 3);
    put(board, 0, 1, 8, 0, 0);
    put(board, 0, 4, 8, 0, 0);
    CHECK_EQ(pyr_can_tile(board, 0), 0);
    put(board, 0, 1, 8, 3, 0);
    put(board, 0, 4, 8, 3, 0);
    put(board, 0, 1, 5, 0, 0);
    put(board, 0, 4, 5, 0, 0);
    CHECK_EQ(pyr_can_tile(board, 0), 1); /* the row y = 4 above pairs with both */
    /* and in a 4x5 box at the bottom edge */
    memset(board, 0, sizeof board);
    fill(board, 0, 2, 4, 4, 5, 3);
    CHECK_EQ(pyr_can_tile(board, 0), 1);
}

/* ---- fuzz --------------------------------------------------------------------------- */

/* A random byte: valid most of the time, sometimes any byte at all. */
static uint8_t random_byte(int empty_percent)
{
    if (rnd_below(100) < empty_percent) return 0;
    if (rnd_below(200) == 0) return (uint8_t)rnd();
    int colour = 1 + rnd_below(7); /* one draw per statement: a fixed order */
    int icons = rnd_below(16);
    return (uint8_t)(colour | (icons << 4));
}

static int byte_ok(uint8_t v)
{
    return !(v & 8) && !((v & 7) == 0 && v != 0);
}

/* Check every function on one board, with guard words around every output. */
static void check_everything(const uint8_t *board)
{
    enum { GUARD = 8 };
    uint16_t out[GUARD + PYR_PLACEMENTS + GUARD];
    uint8_t view[GUARD + PYR_VIEW_SIZE + GUARD];
    uint16_t labels[GUARD + PYR_VIEW_SIZE + GUARD];
    uint16_t icons[GUARD + PYR_MAX_AREAS + GUARD], cells[GUARD + PYR_MAX_AREAS + GUARD];
    uint8_t colours[GUARD + PYR_MAX_AREAS + GUARD];
    int box[GUARD + 4 + GUARD];
    int valid = 1;
    for (int i = 0; i < PYR_BOARD_SIZE; i++) valid &= byte_ok(board[i]);

    memset(out, 0x5A, sizeof out);
    memset(view, 0x5A, sizeof view);
    memset(labels, 0x5A, sizeof labels);
    memset(icons, 0x5A, sizeof icons);
    memset(cells, 0x5A, sizeof cells);
    memset(colours, 0x5A, sizeof colours);
    memset(box, 0x5A, sizeof box);

    int stage_rc[PYR_STAGES];
    for (int s = -1; s <= PYR_STAGES; s++) {
        int n = pyr_placements(board, s, out + GUARD, PYR_PLACEMENTS);
        int t = pyr_can_tile(board, s);
        int b = pyr_stage_box(board, s, box + GUARD);
        if (s < 0 || s >= PYR_STAGES) {
            CHECK(n == PYR_E_RANGE && t == PYR_E_RANGE && b == PYR_E_RANGE);
            continue;
        }
        if (!valid) {
            CHECK(n == PYR_E_BOARD && t == PYR_E_BOARD && b == PYR_E_BOARD);
            continue;
        }
        stage_rc[s] = b;
        CHECK(b == PYR_OK || b == PYR_E_NOBOX);
        if (s >= 1) {
            CHECK(n == (b == PYR_OK ? n : PYR_E_NOBOX) && t == (b == PYR_OK ? t : PYR_E_NOBOX));
            CHECK(b == stage_rc[1]);
        }
        CHECK(n >= 0 || n == PYR_E_NOBOX);
        CHECK(t == 0 || t == 1 || t == PYR_E_NOBOX);
        if (b == PYR_OK) {
            CHECK(box[GUARD] <= box[GUARD + 2] && box[GUARD + 1] <= box[GUARD + 3]);
            CHECK(box[GUARD] >= 0 && box[GUARD + 2] < PYR_SIDE);
            CHECK(box[GUARD + 1] >= 0 && box[GUARD + 3] < PYR_SIDE);
        }
        /* placements: ascending, on two empty spaces of the stage, inside its box */
        for (int i = 0; i < n; i++) {
            int p = out[GUARD + i];
            int x = p / 4 % PYR_SIDE, y = p / 4 / PYR_SIDE, r = p % 4;
            static const int dx[4] = {1, 0, -1, 0}, dy[4] = {0, 1, 0, -1};
            int bx = x + dx[r], by = y + dy[r];
            if (i > 0) CHECK(out[GUARD + i - 1] < p);
            CHECK(bx >= 0 && bx < PYR_SIDE && by >= 0 && by < PYR_SIDE);
            if (bx >= 0 && bx < PYR_SIDE && by >= 0 && by < PYR_SIDE) {
                CHECK(board[idx(s, x, y)] == 0 && board[idx(s, bx, by)] == 0);
            }
            if (s >= 1) {
                CHECK(x >= box[GUARD] && x <= box[GUARD + 2] && y >= box[GUARD + 1] &&
                      y <= box[GUARD + 3]);
            }
        }
        /* an empty but tileable stage box always has a move */
        if (s >= 1 && t == 1) {
            int empty = 0;
            for (int y = box[GUARD + 1]; y <= box[GUARD + 3]; y++)
                for (int x = box[GUARD]; x <= box[GUARD + 2]; x++) empty += board[idx(s, x, y)] == 0;
            CHECK(empty == 0 || n > 0);
        }
    }

    int v = pyr_top_view(board, view + GUARD);
    int a = pyr_label_areas(board, labels + GUARD, colours + GUARD, icons + GUARD,
                            cells + GUARD, PYR_MAX_AREAS);
    if (!valid) {
        CHECK(v == PYR_E_BOARD && a == PYR_E_BOARD);
    } else {
        CHECK(v == PYR_OK);
        CHECK(a >= 0 && a <= PYR_MAX_AREAS);
        int shown = 0, total_cells = 0, total_icons = 0;
        for (int i = 0; i < PYR_VIEW_SIZE; i++) {
            uint8_t c = view[GUARD + i];
            uint16_t l = labels[GUARD + i];
            shown += c != 0;
            total_icons += (c >> 3) & 1;
            CHECK((c == 0) == (l == PYR_NO_AREA));
            if (c != 0 && l < a) CHECK(colours[GUARD + l] == (c & 7));
            if (c != 0) CHECK(l < a);
        }
        for (int k = 0; k < a; k++) {
            total_cells += cells[GUARD + k];
            CHECK(cells[GUARD + k] >= 1);
        }
        for (int k = 0; k < a; k++) total_icons -= icons[GUARD + k];
        CHECK_EQ(total_cells, shown);
        CHECK_EQ(total_icons, 0);
    }

    /* nothing written outside the outputs */
    int intact = 1;
    for (int g = 0; g < GUARD; g++) {
        intact &= out[g] == 0x5A5A && out[GUARD + PYR_PLACEMENTS + g] == 0x5A5A;
        intact &= view[g] == 0x5A && view[GUARD + PYR_VIEW_SIZE + g] == 0x5A;
        intact &= labels[g] == 0x5A5A && labels[GUARD + PYR_VIEW_SIZE + g] == 0x5A5A;
        intact &= icons[g] == 0x5A5A && icons[GUARD + PYR_MAX_AREAS + g] == 0x5A5A;
        intact &= cells[g] == 0x5A5A && cells[GUARD + PYR_MAX_AREAS + g] == 0x5A5A;
        intact &= colours[g] == 0x5A && colours[GUARD + PYR_MAX_AREAS + g] == 0x5A;
        intact &= box[g] == 0x5A5A5A5A && box[GUARD + 4 + g] == 0x5A5A5A5A;
    }
    CHECK(intact);
}

static void test_fuzz_random_bytes(void)
{
    uint8_t board[PYR_BOARD_SIZE];
    for (int round = 0; round < 400; round++) {
        int empty = rnd_below(101);
        for (int i = 0; i < PYR_BOARD_SIZE; i++) board[i] = random_byte(empty);
        check_everything(board);
    }
}

/*
 * Random games: play random legal placements until the stage has no move, then go on
 * with the next stage. Along the way, can_tile must agree with a brute force: a stage
 * (>= 1) can be completed iff some sequence of placements fills its box.
 */
static int brute_fill(uint8_t *board, int stage, int depth)
{
    uint16_t moves[PYR_PLACEMENTS];
    int box[4];
    int n = pyr_placements(board, stage, moves, PYR_PLACEMENTS);
    pyr_stage_box(board, stage, box);
    /* the lowest empty space must be covered: try only moves covering it */
    int first = -1;
    for (int y = box[1]; y <= box[3] && first < 0; y++)
        for (int x = box[0]; x <= box[2] && first < 0; x++)
            if (board[idx(stage, x, y)] == 0) first = y * PYR_SIDE + x;
    if (first < 0) return 1;
    if (depth > 12) return 0;
    for (int i = 0; i < n; i++) {
        static const int dx[4] = {1, 0, -1, 0}, dy[4] = {0, 1, 0, -1};
        int x = moves[i] / 4 % PYR_SIDE, y = moves[i] / 4 / PYR_SIDE, r = moves[i] % 4;
        int a = y * PYR_SIDE + x, b = (y + dy[r]) * PYR_SIDE + x + dx[r];
        if (a != first && b != first) continue;
        board[stage * 81 + a] = 1;
        board[stage * 81 + b] = 1;
        int ok = brute_fill(board, stage, depth + 1);
        board[stage * 81 + a] = 0;
        board[stage * 81 + b] = 0;
        if (ok) return 1;
    }
    return 0;
}

static void test_fuzz_games(void)
{
    static const int dx[4] = {1, 0, -1, 0}, dy[4] = {0, 1, 0, -1};
    uint8_t board[PYR_BOARD_SIZE];
    uint16_t moves[PYR_PLACEMENTS];
    for (int game = 0; game < 150; game++) {
        memset(board, 0, sizeof board);
        int stop = rnd_below(4 * 12);
        int steps = 0;
        for (int s = 0; s < PYR_STAGES && steps < stop; s++) {
            for (;;) {
                int n = pyr_placements(board, s, moves, PYR_PLACEMENTS);
                if (n <= 0 || steps >= stop) break;
                int p = moves[rnd_below(n)];
                int x = p / 4 % PYR_SIDE, y = p / 4 / PYR_SIDE, r = p % 4;
                for (int half = 0; half < 2; half++) {
                    int colour = 1 + rnd_below(6);
                    int icons = rnd_below(16);
                    put(board, s, x + half * dx[r], y + half * dy[r], colour, icons);
                }
                steps++;
                check_everything(board);
                if (s >= 1) {
                    uint8_t copy[PYR_BOARD_SIZE];
                    memcpy(copy, board, sizeof copy);
                    CHECK_EQ(pyr_can_tile(board, s), brute_fill(copy, s, 0));
                }
                if (rnd_below(12) == 0) break; /* leave gaps, as Forgotten Treasures may */
            }
            if (pyr_stage_box(board, 1, (int[4]){0}) != PYR_OK) break;
        }
        /* random corruption of a played board */
        board[rnd_below(PYR_BOARD_SIZE)] = (uint8_t)rnd();
        check_everything(board);
    }
}

int main(void)
{
    test_constants();
    test_errors();
    test_capacity();
    test_placements_stage0();
    test_placements_upper();
    test_top_view();
    test_areas();
    test_can_tile();
    test_fuzz_random_bytes();
    test_fuzz_games();
    printf("%ld passed, %ld failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
