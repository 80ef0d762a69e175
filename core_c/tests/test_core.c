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

/* Are all `size` bytes at `buffer` still the fill byte 0x5A? */
static int untouched(const void *buffer, size_t size)
{
    const uint8_t *bytes = buffer;
    for (size_t i = 0; i < size; i++)
        if (bytes[i] != 0x5A) return 0;
    return 1;
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

/* ---- version and error strings ----------------------------------------------------- */

static void test_version(void)
{
    int major = -1, minor = -1, patch = -1, length = 0;

    CHECK(pyr_version() != NULL);
    CHECK(strcmp(pyr_version(), PYR_VERSION) == 0);
    CHECK_EQ(pyr_version_number(), PYR_VERSION_NUMBER);
    /* "MAJOR.MINOR.PATCH" with the numbers of the macros, nothing else */
    CHECK_EQ(sscanf(pyr_version(), "%d.%d.%d%n", &major, &minor, &patch, &length), 3);
    CHECK_EQ(major, PYR_VERSION_MAJOR);
    CHECK_EQ(minor, PYR_VERSION_MINOR);
    CHECK_EQ(patch, PYR_VERSION_PATCH);
    CHECK_EQ((size_t)length, strlen(pyr_version()));
    /* the number keeps the three apart, and orders versions as they are ordered */
    CHECK(PYR_VERSION_MINOR >= 0 && PYR_VERSION_MINOR < 100);
    CHECK(PYR_VERSION_PATCH >= 0 && PYR_VERSION_PATCH < 100);
    CHECK_EQ(PYR_VERSION_NUMBER / 10000, PYR_VERSION_MAJOR);
    CHECK_EQ(PYR_VERSION_NUMBER / 100 % 100, PYR_VERSION_MINOR);
    CHECK_EQ(PYR_VERSION_NUMBER % 100, PYR_VERSION_PATCH);
}

static void test_strerror(void)
{
    static const int codes[] = {PYR_OK,         PYR_E_NULL,  PYR_E_RANGE, PYR_E_BOARD,
                                PYR_E_CAPACITY, PYR_E_NOBOX};
    static const int unknown_codes[] = {1, 2, -6, -7, 100, -100, INT_MIN, INT_MAX};
    enum { N = sizeof codes / sizeof codes[0] };
    const char *unknown = pyr_strerror(unknown_codes[0]);

    CHECK(unknown != NULL && unknown[0] != '\0');
    for (size_t i = 0; i < sizeof unknown_codes / sizeof unknown_codes[0]; i++)
        CHECK(strcmp(pyr_strerror(unknown_codes[i]), unknown) == 0);
    /* every code has its own text, none of them the unknown one, stable from call to call */
    for (int i = 0; i < N; i++) {
        const char *text = pyr_strerror(codes[i]);
        CHECK(text != NULL && text[0] != '\0');
        CHECK(strcmp(text, unknown) != 0);
        CHECK(text == pyr_strerror(codes[i]));
        for (int j = 0; j < i; j++) CHECK(strcmp(text, pyr_strerror(codes[j])) != 0);
    }
}

/* ---- errors ------------------------------------------------------------------------- */

static void test_errors(void)
{
    uint8_t board[PYR_BOARD_SIZE] = {0};
    uint8_t bad[PYR_BOARD_SIZE] = {0};
    uint16_t out[PYR_PLACEMENTS];
    int32_t indices[PYR_PLACEMENTS];
    uint8_t view[PYR_VIEW_SIZE];
    uint16_t labels[PYR_VIEW_SIZE], icons[PYR_MAX_AREAS], cells[PYR_MAX_AREAS];
    uint8_t colours[PYR_MAX_AREAS];
    int box[4];
    static const int bad_stages[] = {-1, 4, 5, 100, INT_MIN, INT_MAX};

    /* null pointers come first, whatever else is wrong */
    CHECK_EQ(pyr_placements(NULL, 0, 5, 4, out, PYR_PLACEMENTS), PYR_E_NULL);
    CHECK_EQ(pyr_placements(board, 0, 5, 4, NULL, PYR_PLACEMENTS), PYR_E_NULL);
    CHECK_EQ(pyr_placements(NULL, 9, 5, 4, NULL, -1), PYR_E_NULL);
    CHECK_EQ(pyr_top_view(NULL, view, PYR_VIEW_SIZE), PYR_E_NULL);
    CHECK_EQ(pyr_top_view(board, NULL, PYR_VIEW_SIZE), PYR_E_NULL);
    CHECK_EQ(pyr_label_areas(NULL, labels, PYR_VIEW_SIZE, colours, icons, cells, 324), PYR_E_NULL);
    CHECK_EQ(pyr_label_areas(board, NULL, PYR_VIEW_SIZE, colours, icons, cells, 324), PYR_E_NULL);
    CHECK_EQ(pyr_label_areas(board, labels, PYR_VIEW_SIZE, NULL, icons, cells, 324), PYR_E_NULL);
    CHECK_EQ(pyr_label_areas(board, labels, PYR_VIEW_SIZE, colours, NULL, cells, 324), PYR_E_NULL);
    CHECK_EQ(pyr_label_areas(board, labels, PYR_VIEW_SIZE, colours, icons, NULL, 324), PYR_E_NULL);
    CHECK_EQ(pyr_label_areas_mode(NULL, 1, labels, PYR_VIEW_SIZE, colours, icons, cells, 324),
             PYR_E_NULL);
    CHECK_EQ(pyr_label_areas_mode(board, 1, NULL, PYR_VIEW_SIZE, colours, icons, cells, 324),
             PYR_E_NULL);
    CHECK_EQ(pyr_label_areas_mode(board, 1, labels, PYR_VIEW_SIZE, NULL, icons, cells, 324),
             PYR_E_NULL);
    CHECK_EQ(pyr_label_areas_mode(board, 1, labels, PYR_VIEW_SIZE, colours, NULL, cells, 324),
             PYR_E_NULL);
    CHECK_EQ(pyr_label_areas_mode(board, 1, labels, PYR_VIEW_SIZE, colours, icons, NULL, 324),
             PYR_E_NULL);
    CHECK_EQ(pyr_label_areas_mode(board, 7, labels, PYR_VIEW_SIZE, colours, icons, NULL, -1),
             PYR_E_NULL);
    CHECK_EQ(pyr_can_tile(NULL, 0, 5, 4), PYR_E_NULL);
    CHECK_EQ(pyr_stage_box(NULL, 0, 5, 4, box, 4), PYR_E_NULL);
    CHECK_EQ(pyr_stage_box(board, 0, 5, 4, NULL, 4), PYR_E_NULL);
    CHECK_EQ(pyr_stage_box(NULL, -7, 5, 4, NULL, 4), PYR_E_NULL);

    CHECK_EQ(pyr_placement_indices(NULL, 0, 5, 4, 3, indices, PYR_PLACEMENTS), PYR_E_NULL);
    CHECK_EQ(pyr_placement_indices(board, 0, 5, 4, 3, NULL, PYR_PLACEMENTS), PYR_E_NULL);
    CHECK_EQ(pyr_placement_indices(NULL, 9, 5, 4, -1, NULL, -1), PYR_E_NULL);

    /* then stage, first and capacity ranges */
    {
        static const int bad_firsts[] = {-1, INT32_MAX - PYR_PLACEMENTS + 1, INT_MIN, INT_MAX};
        for (size_t i = 0; i < sizeof bad_firsts / sizeof bad_firsts[0]; i++)
            CHECK_EQ(pyr_placement_indices(board, 0, 5, 4, bad_firsts[i], indices, PYR_PLACEMENTS),
                     PYR_E_RANGE);
        CHECK_EQ(pyr_placement_indices(board, 0, 5, 4, 3, indices, -1), PYR_E_RANGE);
        CHECK_EQ(pyr_placement_indices(board, 4, 5, 4, 3, indices, PYR_PLACEMENTS), PYR_E_RANGE);
        CHECK_EQ(pyr_placement_indices(board, 0, 5, 4, INT32_MAX - PYR_PLACEMENTS, indices,
                                       PYR_PLACEMENTS),
                 4);
        CHECK_EQ(indices[3], INT32_MAX - PYR_PLACEMENTS + 163); /* the anchor's last, (4, 4) rot 3 */
    }
    for (size_t i = 0; i < sizeof bad_stages / sizeof bad_stages[0]; i++) {
        int s = bad_stages[i];
        CHECK_EQ(pyr_placements(board, s, 5, 4, out, PYR_PLACEMENTS), PYR_E_RANGE);
        CHECK_EQ(pyr_can_tile(board, s, 5, 4), PYR_E_RANGE);
        CHECK_EQ(pyr_stage_box(board, s, 5, 4, box, 4), PYR_E_RANGE);
    }
    CHECK_EQ(pyr_placements(board, 0, 5, 4, out, -1), PYR_E_RANGE);
    CHECK_EQ(pyr_placements(board, 0, 5, 4, out, INT_MIN), PYR_E_RANGE);
    CHECK_EQ(pyr_label_areas(board, labels, PYR_VIEW_SIZE, colours, icons, cells, -1), PYR_E_RANGE);
    CHECK_EQ(pyr_label_areas_mode(board, 1, labels, PYR_VIEW_SIZE, colours, icons, cells, -1),
             PYR_E_RANGE);
    {
        static const int bad_modes[] = {-1, 2, 3, 255, INT_MIN, INT_MAX};
        for (size_t i = 0; i < sizeof bad_modes / sizeof bad_modes[0]; i++) {
            labels[0] = 0x1234;
            CHECK_EQ(pyr_label_areas_mode(board, bad_modes[i], labels, PYR_VIEW_SIZE, colours,
                                          icons, cells, 324),
                     PYR_E_RANGE);
            CHECK_EQ(labels[0], 0x1234); /* nothing written */
        }
    }

    /* then board bytes: bit 3, or icons with no colour, anywhere on the board */
    static const uint8_t bad_bytes[] = {0x08, 0x09, 0x0F, 0x10, 0x80, 0xF0, 0xF8, 0xFF, 0x18};
    static const int where[] = {0, 80, 81, 200, 323};
    for (size_t b = 0; b < sizeof bad_bytes; b++) {
        for (size_t w = 0; w < sizeof where / sizeof where[0]; w++) {
            memset(bad, 0, sizeof bad);
            fill(bad, 0, 2, 2, 5, 4, 1); /* an exact stage 0, so NOBOX is no excuse */
            bad[where[w]] = bad_bytes[b];
            CHECK_EQ(pyr_placements(bad, 0, 5, 4, out, PYR_PLACEMENTS), PYR_E_BOARD);
            CHECK_EQ(pyr_placements(bad, 3, 5, 4, out, PYR_PLACEMENTS), PYR_E_BOARD);
            CHECK_EQ(pyr_top_view(bad, view, PYR_VIEW_SIZE), PYR_E_BOARD);
            CHECK_EQ(pyr_label_areas(bad, labels, PYR_VIEW_SIZE, colours, icons, cells, 324),
                     PYR_E_BOARD);
            CHECK_EQ(pyr_label_areas_mode(bad, PYR_AREAS_LINKED, labels, PYR_VIEW_SIZE, colours,
                                          icons, cells, 324),
                     PYR_E_BOARD);
            /* mode is checked before bytes */
            CHECK_EQ(pyr_label_areas_mode(bad, 2, labels, PYR_VIEW_SIZE, colours, icons, cells,
                                          324),
                     PYR_E_RANGE);
            CHECK_EQ(pyr_can_tile(bad, 1, 5, 4), PYR_E_BOARD);
            CHECK_EQ(pyr_stage_box(bad, 2, 5, 4, box, 4), PYR_E_BOARD);
            /* range is checked before bytes */
            CHECK_EQ(pyr_can_tile(bad, 4, 5, 4), PYR_E_RANGE);
            CHECK_EQ(pyr_placements(bad, 0, 5, 4, out, -5), PYR_E_RANGE);
        }
    }
    /* every valid byte is accepted: colour 1-7 with any icons, and 0 */
    for (int colour = 1; colour <= 7; colour++) {
        for (int icon = 0; icon < 16; icon++) {
            memset(bad, 0, sizeof bad);
            put(bad, 3, 8, 8, colour, icon);
            CHECK_EQ(pyr_top_view(bad, view, PYR_VIEW_SIZE), PYR_OK);
        }
    }

    /* NOBOX: a stage >= 1 needs stage 0 to span exactly 5x4 or 4x5 */
    memset(board, 0, sizeof board);
    CHECK_EQ(pyr_stage_box(board, 0, 5, 4, box, 4), PYR_E_NOBOX);
    for (int s = 1; s < PYR_STAGES; s++) {
        CHECK_EQ(pyr_placements(board, s, 5, 4, out, PYR_PLACEMENTS), PYR_E_NOBOX);
        CHECK_EQ(pyr_can_tile(board, s, 5, 4), PYR_E_NOBOX);
        CHECK_EQ(pyr_stage_box(board, s, 5, 4, box, 4), PYR_E_NOBOX);
    }
    fill(board, 0, 0, 0, 5, 3, 2); /* 5x3: not yet */
    CHECK_EQ(pyr_stage_box(board, 0, 5, 4, box, 4), PYR_OK);
    CHECK_EQ(pyr_stage_box(board, 1, 5, 4, box, 4), PYR_E_NOBOX);
    CHECK_EQ(pyr_placements(board, 2, 5, 4, out, PYR_PLACEMENTS), PYR_E_NOBOX);
    put(board, 0, 0, 3, 2, 0); /* 5x4 */
    CHECK_EQ(pyr_stage_box(board, 1, 5, 4, box, 4), PYR_OK);
    put(board, 0, 0, 4, 2, 0); /* 5x5: too big, no box again */
    CHECK_EQ(pyr_stage_box(board, 1, 5, 4, box, 4), PYR_E_NOBOX);
    CHECK_EQ(pyr_can_tile(board, 3, 5, 4), PYR_E_NOBOX);
    CHECK_EQ(pyr_can_tile(board, 0, 5, 4), 0);
    CHECK_EQ(pyr_placements(board, 0, 5, 4, out, PYR_PLACEMENTS), 0);
    memset(board, 0, sizeof board);
    put(board, 0, 0, 0, 1, 0);
    put(board, 0, 8, 8, 1, 0); /* not reachable, but defined: 9x9 span */
    CHECK_EQ(pyr_stage_box(board, 0, 5, 4, box, 4), PYR_OK);
    CHECK(box[0] == 0 && box[1] == 0 && box[2] == 8 && box[3] == 8);
    CHECK_EQ(pyr_stage_box(board, 1, 5, 4, box, 4), PYR_E_NOBOX);
    CHECK_EQ(pyr_can_tile(board, 0, 5, 4), 0);
    CHECK_EQ(pyr_placements(board, 0, 5, 4, out, PYR_PLACEMENTS), 0);
}

/* ---- capacity ----------------------------------------------------------------------- */

static void test_capacity(void)
{
    uint8_t board[PYR_BOARD_SIZE] = {0};
    uint16_t out[8];
    uint16_t labels[PYR_VIEW_SIZE], icons[4], cells[4];
    uint8_t colours[4];

    for (int i = 0; i < 8; i++) out[i] = 0xABCD;
    CHECK_EQ(pyr_placements(board, 0, 5, 4, out, 3), PYR_E_CAPACITY);
    CHECK_EQ(out[0], 0xABCD); /* nothing written on error */
    CHECK_EQ(pyr_placements(board, 0, 5, 4, out, 4), 4);
    CHECK_EQ(out[4], 0xABCD); /* nothing written past the results */
    CHECK_EQ(pyr_placements(board, 0, 5, 4, out, 0), PYR_E_CAPACITY);

    /* five areas of five colours, in stage 0 */
    for (int i = 0; i < 5; i++) put(board, 0, 2 * i, 0, i + 1, 0);
    for (int i = 0; i < 4; i++) colours[i] = 0xEE;
    labels[0] = 0x1234;
    CHECK_EQ(pyr_label_areas(board, labels, PYR_VIEW_SIZE, colours, icons, cells, 4),
             PYR_E_CAPACITY);
    CHECK_EQ(colours[0], 0xEE);
    CHECK_EQ(labels[0], 0x1234);
    put(board, 0, 8, 0, 0, 0);
    CHECK_EQ(pyr_label_areas(board, labels, PYR_VIEW_SIZE, colours, icons, cells, 4), 4);
    memset(board, 0, sizeof board);
    CHECK_EQ(pyr_label_areas(board, labels, PYR_VIEW_SIZE, colours, icons, cells, 0), 0);
    CHECK_EQ(labels[0], PYR_NO_AREA);
    CHECK_EQ(labels[323], PYR_NO_AREA);
}

/* The outputs of a fixed size: the top view, the area labels, the stage box. */
static void test_fixed_capacities(void)
{
    enum { MORE = 4 };
    uint8_t board[PYR_BOARD_SIZE] = {0}, bad[PYR_BOARD_SIZE] = {0}, empty[PYR_BOARD_SIZE] = {0};
    uint8_t view[PYR_VIEW_SIZE + MORE];
    uint16_t labels[PYR_VIEW_SIZE + MORE], icons[PYR_MAX_AREAS], cells[PYR_MAX_AREAS];
    uint8_t colours[PYR_MAX_AREAS];
    int box[4 + MORE];
    static const int short_caps[] = {0, 1, PYR_VIEW_SIZE - 1};

    fill(board, 0, 2, 2, 5, 4, 3);
    bad[100] = 0x08;

    /* the top view: PYR_VIEW_SIZE bytes */
    memset(view, 0x5A, sizeof view);
    for (size_t i = 0; i < sizeof short_caps / sizeof short_caps[0]; i++)
        CHECK_EQ(pyr_top_view(board, view, short_caps[i]), PYR_E_CAPACITY);
    CHECK_EQ(pyr_top_view(board, view, -1), PYR_E_RANGE);
    CHECK_EQ(pyr_top_view(board, view, INT_MIN), PYR_E_RANGE);
    CHECK_EQ(pyr_top_view(NULL, view, -1), PYR_E_NULL);
    CHECK_EQ(pyr_top_view(bad, view, -1), PYR_E_RANGE); /* the range before the board */
    CHECK_EQ(pyr_top_view(bad, view, 0), PYR_E_BOARD);  /* the board before the capacity */
    CHECK(untouched(view, sizeof view));
    CHECK_EQ(pyr_top_view(board, view, PYR_VIEW_SIZE + MORE), PYR_OK);
    CHECK_EQ(view[5 * PYR_CELLS + 5], 3);
    CHECK(untouched(view + PYR_VIEW_SIZE, MORE)); /* nothing beyond the view */
    CHECK_EQ(pyr_top_view(board, view, INT_MAX), PYR_OK);

    /* the area labels: PYR_VIEW_SIZE entries, whatever the number of areas */
    memset(labels, 0x5A, sizeof labels);
    memset(colours, 0x5A, sizeof colours);
    for (int mode = PYR_AREAS_TOP_VIEW; mode <= PYR_AREAS_LINKED; mode++) {
        for (size_t i = 0; i < sizeof short_caps / sizeof short_caps[0]; i++) {
            CHECK_EQ(pyr_label_areas_mode(board, mode, labels, short_caps[i], colours, icons,
                                          cells, PYR_MAX_AREAS),
                     PYR_E_CAPACITY);
            CHECK_EQ(pyr_label_areas_mode(bad, mode, labels, short_caps[i], colours, icons,
                                          cells, PYR_MAX_AREAS),
                     PYR_E_BOARD);
        }
        CHECK_EQ(pyr_label_areas_mode(board, mode, labels, -1, colours, icons, cells, 1),
                 PYR_E_RANGE);
        CHECK_EQ(pyr_label_areas_mode(bad, mode, labels, PYR_VIEW_SIZE, colours, icons, cells,
                                      INT_MIN),
                 PYR_E_RANGE);
        CHECK_EQ(pyr_label_areas_mode(board, mode, NULL, -1, colours, icons, cells, -1),
                 PYR_E_NULL);
        /* an empty board has no areas, and its labels still need room */
        CHECK_EQ(pyr_label_areas_mode(empty, mode, labels, 0, colours, icons, cells, 0),
                 PYR_E_CAPACITY);
    }
    CHECK_EQ(pyr_label_areas(board, labels, PYR_VIEW_SIZE - 1, colours, icons, cells, 1),
             PYR_E_CAPACITY);
    CHECK(untouched(labels, sizeof labels) && untouched(colours, sizeof colours));
    CHECK_EQ(pyr_label_areas(board, labels, PYR_VIEW_SIZE + MORE, colours, icons, cells, 1), 1);
    CHECK_EQ(labels[5 * PYR_CELLS + 5], 0);
    CHECK(untouched(labels + PYR_VIEW_SIZE, MORE * sizeof labels[0]));
    CHECK(untouched(colours + 1, sizeof colours - 1));

    /* the stage box: 4 ints */
    memset(box, 0x5A, sizeof box);
    for (int cap = 0; cap < 4; cap++) {
        CHECK_EQ(pyr_stage_box(board, 0, 5, 4, box, cap), PYR_E_CAPACITY);
        CHECK_EQ(pyr_stage_box(board, 3, 5, 4, box, cap), PYR_E_CAPACITY);
        CHECK_EQ(pyr_stage_box(bad, 0, 5, 4, box, cap), PYR_E_BOARD);
        CHECK_EQ(pyr_stage_box(empty, 0, 5, 4, box, cap), PYR_E_NOBOX); /* no box to write */
    }
    CHECK_EQ(pyr_stage_box(board, 0, 5, 4, box, -1), PYR_E_RANGE);
    CHECK_EQ(pyr_stage_box(bad, 0, 5, 4, box, -1), PYR_E_RANGE);
    CHECK_EQ(pyr_stage_box(NULL, 0, 5, 4, box, -1), PYR_E_NULL);
    CHECK(untouched(box, sizeof box));
    CHECK_EQ(pyr_stage_box(board, 1, 5, 4, box, 4 + MORE), PYR_OK);
    CHECK(box[0] == 2 && box[1] == 2 && box[2] == 5 && box[3] == 4);
    CHECK(untouched(box + 4, MORE * sizeof box[0]));
}

/* ---- placements --------------------------------------------------------------------- */

static void test_placements_stage0(void)
{
    uint8_t board[PYR_BOARD_SIZE] = {0};
    uint16_t out[PYR_PLACEMENTS];
    int n;

    /* empty stage 0: the four rotations at the anchor, whatever the upper stages hold */
    put(board, 2, 1, 1, 3, 0);
    n = pyr_placements(board, 0, 5, 4, out, PYR_PLACEMENTS);
    CHECK_EQ(n, 4);
    for (int r = 0; r < 4 && n == 4; r++) CHECK_EQ(out[r], placement(4, 4, r));
    CHECK_EQ(placement(4, 4, 0), 160);

    /* one domino (4,4)-(5,4): 16 domino positions touch it, each in 2 directions */
    memset(board, 0, sizeof board);
    put(board, 0, 4, 4, 1, 0);
    put(board, 0, 5, 4, 1, 0);
    n = pyr_placements(board, 0, 5, 4, out, PYR_PLACEMENTS);
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
    n = pyr_placements(board, 0, 5, 4, out, PYR_PLACEMENTS);
    CHECK(!contains(out, n, placement(6, 4, 0))); /* (6,4)-(7,4): 6 wide */
    CHECK(!contains(out, n, placement(1, 4, 2))); /* (1,4)-(0,4): 6 wide */
    CHECK(contains(out, n, placement(6, 4, 1)));  /* (6,4)-(6,5): 5x2 */
    CHECK(contains(out, n, placement(2, 3, 3)));  /* (2,3)-(2,2): 4x3 */
    fill(board, 0, 2, 3, 4, 4, 1);                /* 4x4 block at x 2..5, y 3..6 */
    n = pyr_placements(board, 0, 5, 4, out, PYR_PLACEMENTS);
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
    n = pyr_placements(board, 0, 5, 4, out, PYR_PLACEMENTS);
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
    CHECK_EQ(pyr_placements(board, 0, 5, 4, out, PYR_PLACEMENTS), 0);
    CHECK_EQ(pyr_stage_box(board, 0, 5, 4, box, 4), PYR_OK);
    CHECK(box[0] == 2 && box[1] == 3 && box[2] == 6 && box[3] == 6);
    CHECK_EQ(pyr_stage_box(board, 1, 5, 4, box, 4), PYR_OK);
    CHECK(box[0] == 2 && box[1] == 3 && box[2] == 5 && box[3] == 5);
    CHECK_EQ(pyr_stage_box(board, 2, 5, 4, box, 4), PYR_OK);
    CHECK(box[0] == 2 && box[1] == 3 && box[2] == 4 && box[3] == 4);
    CHECK_EQ(pyr_stage_box(board, 3, 5, 4, box, 4), PYR_OK);
    CHECK(box[0] == 2 && box[1] == 3 && box[2] == 3 && box[3] == 3);

    /* 4x3: 9 horizontal + 8 vertical positions; 3x2: 4 + 3; 2x1: 1; each both ways */
    CHECK_EQ(pyr_placements(board, 1, 5, 4, out, PYR_PLACEMENTS), 34);
    CHECK_EQ(pyr_placements(board, 2, 5, 4, out, PYR_PLACEMENTS), 14);
    n = pyr_placements(board, 3, 5, 4, out, PYR_PLACEMENTS);
    CHECK_EQ(n, 2);
    CHECK_EQ(out[0], placement(2, 3, 0));
    CHECK_EQ(out[1], placement(3, 3, 2));

    /* no support needed: a gap in stage 0 changes nothing above it */
    put(board, 0, 3, 4, 0, 0);
    CHECK_EQ(pyr_placements(board, 1, 5, 4, out, PYR_PLACEMENTS), 34);

    /* upper stages are independent of each other; occupied spaces are excluded */
    put(board, 1, 2, 3, 1, 0);
    put(board, 1, 3, 3, 1, 0);
    n = pyr_placements(board, 1, 5, 4, out, PYR_PLACEMENTS);
    CHECK_EQ(n, 34 - 2 * 4); /* (2,3)-(3,3), (3,3)-(4,3), (2,3)-(2,4), (3,3)-(3,4) gone */
    CHECK(!contains(out, n, placement(4, 3, 2)));
    CHECK(contains(out, n, placement(4, 3, 0)));
    CHECK_EQ(pyr_placements(board, 2, 5, 4, out, PYR_PLACEMENTS), 14);

    /* blocks outside the box (not reachable) are ignored, and never placed on */
    put(board, 1, 8, 8, 5, 0);
    put(board, 1, 7, 8, 5, 0);
    n = pyr_placements(board, 1, 5, 4, out, PYR_PLACEMENTS);
    CHECK_EQ(n, 26);
    for (int i = 0; i < n; i++) {
        int x = out[i] / 4 % PYR_SIDE, y = out[i] / 4 / PYR_SIDE;
        CHECK(x >= 2 && x <= 5 && y >= 3 && y <= 5);
    }

    /* 4x5 transposed: stage 3 is 1x2, vertical */
    memset(board, 0, sizeof board);
    fill(board, 0, 0, 4, 4, 5, 2);
    n = pyr_placements(board, 3, 5, 4, out, PYR_PLACEMENTS);
    CHECK_EQ(n, 2);
    CHECK_EQ(out[0], placement(0, 4, 1));
    CHECK_EQ(out[1], placement(0, 5, 3));
    CHECK_EQ(pyr_stage_box(board, 3, 5, 4, box, 4), PYR_OK);
    CHECK(box[0] == 0 && box[1] == 4 && box[2] == 0 && box[3] == 5);
    /* an exact span with holes still defines the box */
    put(board, 0, 1, 5, 0, 0);
    put(board, 0, 2, 6, 0, 0);
    CHECK_EQ(pyr_placements(board, 3, 5, 4, out, PYR_PLACEMENTS), 2);
    put(board, 3, 0, 5, 6, 0);
    CHECK_EQ(pyr_placements(board, 3, 5, 4, out, PYR_PLACEMENTS), 0);
}

/* ---- top view and areas ------------------------------------------------------------- */

static void test_top_view(void)
{
    uint8_t board[PYR_BOARD_SIZE] = {0};
    uint8_t view[PYR_VIEW_SIZE];

    CHECK_EQ(pyr_top_view(board, view, PYR_VIEW_SIZE), PYR_OK);
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
    CHECK_EQ(pyr_top_view(board, view, PYR_VIEW_SIZE), PYR_OK);
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
    n = pyr_label_areas(board, labels, PYR_VIEW_SIZE, colours, icons, cells, PYR_MAX_AREAS);
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
    n = pyr_label_areas(board, labels, PYR_VIEW_SIZE, colours, icons, cells, PYR_MAX_AREAS);
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
    n = pyr_label_areas(board, labels, PYR_VIEW_SIZE, colours, icons, cells, PYR_MAX_AREAS);
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
    n = pyr_label_areas(board, labels, PYR_VIEW_SIZE, colours, icons, cells, PYR_MAX_AREAS);
    CHECK_EQ(n, 3);
    CHECK_EQ(labels[1 * 18 + 9], 2);
    CHECK_EQ(colours[2], 1);
    CHECK_EQ(cells[2], 4);

    /* the top view separates what the stages below would join: a stage-3 block of
       another colour cuts a red stage-0 row in two */
    memset(board, 0, sizeof board);
    fill(board, 0, 0, 4, 5, 1, 1); /* cells (0..9, 8..9) red */
    put(board, 3, 2, 3, 2, 0);     /* cells (7..8, 9..10): cuts only row 9 */
    n = pyr_label_areas(board, labels, PYR_VIEW_SIZE, colours, icons, cells, PYR_MAX_AREAS);
    CHECK_EQ(n, 2); /* row 8 still joins the red */
    CHECK_EQ(cells[0], 20 - 2);
    put(board, 3, 2, 4, 2, 0); /* cells (7..8, 11..12): nothing of stage 0 there */
    put(board, 2, 3, 3, 2, 0); /* cells (8..9, 8..9): cuts rows 8 and 9 at x 8..9 */
    n = pyr_label_areas(board, labels, PYR_VIEW_SIZE, colours, icons, cells, PYR_MAX_AREAS);
    CHECK_EQ(colours[0], 1);
    CHECK_EQ(cells[0], 16 - 1); /* red (0..7, 8..9) minus the stage-3 cell (7,9) */
    CHECK_EQ(n, 2);             /* the blue blocks touch: one blue area */
}

/* Area labelling with a mode, into the given arrays; returns the count or the error. */
static int areas_of(const uint8_t *board, int mode, uint16_t *labels, uint8_t *colours,
                    uint16_t *icons, uint16_t *cells)
{
    return pyr_label_areas_mode(board, mode, labels, PYR_VIEW_SIZE, colours, icons, cells,
                                PYR_MAX_AREAS);
}

static int cell_at(int cx, int cy)
{
    return cy * PYR_CELLS + cx;
}

static void test_areas_linked(void)
{
    uint8_t board[PYR_BOARD_SIZE] = {0};
    uint16_t labels[PYR_VIEW_SIZE], icons[PYR_MAX_AREAS], cells[PYR_MAX_AREAS];
    uint8_t colours[PYR_MAX_AREAS];
    int n;

    /* a red stage-1 block (2,2), cells (5..6, 5..6), fully covered by four stage-2 blocks
       that each rest on one of its cells: red (1,1) over (4..5, 4..5), blue (2,1) over
       (6..7, 4..5), green (1,2) over (4..5, 6..7), red (2,2) over (6..7, 6..7). The two
       reds touch only at a corner in the top view; the hidden red block joins them. */
    put(board, 1, 2, 2, 1, 0xF); /* hidden icons never count */
    put(board, 2, 1, 1, 1, 0x1);
    put(board, 2, 2, 1, 2, 0x0);
    put(board, 2, 1, 2, 3, 0x0);
    put(board, 2, 2, 2, 1, 0x8);
    n = areas_of(board, PYR_AREAS_TOP_VIEW, labels, colours, icons, cells);
    CHECK_EQ(n, 4); /* by first cell: red (4,4), blue (6,4), green (4,6), red (6,6) */
    CHECK(colours[0] == 1 && colours[1] == 2 && colours[2] == 3 && colours[3] == 1);
    CHECK_EQ(labels[cell_at(6, 6)], 3);
    n = areas_of(board, PYR_AREAS_LINKED, labels, colours, icons, cells);
    CHECK_EQ(n, 3);
    CHECK(colours[0] == 1 && colours[1] == 2 && colours[2] == 3);
    CHECK(cells[0] == 8 && cells[1] == 4 && cells[2] == 4);
    CHECK(icons[0] == 2 && icons[1] == 0 && icons[2] == 0);
    CHECK_EQ(labels[cell_at(4, 4)], 0);
    CHECK_EQ(labels[cell_at(7, 7)], 0);
    CHECK_EQ(labels[cell_at(7, 4)], 1);
    CHECK_EQ(labels[cell_at(4, 7)], 2);
    CHECK_EQ(labels[cell_at(5, 5)], 0); /* shows stage 2, not the hidden stage 1 */
    CHECK_EQ(labels[cell_at(3, 3)], PYR_NO_AREA);
    /* exact capacity is checked against the linked count, not the top view's */
    colours[0] = 0xEE;
    CHECK_EQ(pyr_label_areas_mode(board, PYR_AREAS_LINKED, labels, PYR_VIEW_SIZE, colours, icons,
                                  cells, 2),
             PYR_E_CAPACITY);
    CHECK_EQ(colours[0], 0xEE);
    CHECK_EQ(pyr_label_areas_mode(board, PYR_AREAS_LINKED, labels, PYR_VIEW_SIZE, colours, icons,
                                  cells, 3),
             3);
    CHECK_EQ(pyr_label_areas_mode(board, PYR_AREAS_TOP_VIEW, labels, PYR_VIEW_SIZE, colours, icons,
                                  cells, 3),
             PYR_E_CAPACITY);

    /* different colours are never joined: a blue hidden block links the blue one above */
    put(board, 1, 2, 2, 2, 0);
    CHECK_EQ(areas_of(board, PYR_AREAS_LINKED, labels, colours, icons, cells), 4);
    CHECK_EQ(labels[cell_at(6, 6)], 3);

    /* hidden blocks side by side in one stage: red stage-0 (2,2) and (3,2), cells
       (4..7, 4..5), hold up red stage-1 (1,1) at cell (4,4) and red stage-1 (3,1) at
       cell (7,4); blue stage-1 (2,1) parts the reds, three green stage-1 blocks hide the
       rest of stage 0 */
    memset(board, 0, sizeof board);
    put(board, 0, 2, 2, 1, 0);
    put(board, 0, 3, 2, 1, 0);
    put(board, 1, 1, 1, 1, 0);
    put(board, 1, 2, 1, 2, 0);
    put(board, 1, 3, 1, 1, 0);
    fill(board, 1, 1, 2, 3, 1, 3);
    n = areas_of(board, PYR_AREAS_TOP_VIEW, labels, colours, icons, cells);
    CHECK_EQ(n, 4); /* red (3,3), blue (5,3), red (7,3), green (3,5) */
    n = areas_of(board, PYR_AREAS_LINKED, labels, colours, icons, cells);
    CHECK_EQ(n, 3);
    CHECK(colours[0] == 1 && colours[1] == 2 && colours[2] == 3);
    CHECK(cells[0] == 8 && cells[1] == 4 && cells[2] == 12);
    CHECK_EQ(labels[cell_at(8, 4)], 0);
    CHECK_EQ(labels[cell_at(3, 5)], 2);
    put(board, 0, 3, 2, 4, 0); /* a yellow link breaks the chain */
    CHECK_EQ(areas_of(board, PYR_AREAS_LINKED, labels, colours, icons, cells), 4);

    /* a block's own quadrants are one piece: red stage-0 (2,2) shows only its TL (4,4)
       and BR (5,5); blue stage-1 (2,1) and (1,2) cover the other two */
    memset(board, 0, sizeof board);
    put(board, 0, 2, 2, 1, 0x9);
    put(board, 1, 2, 1, 2, 0);
    put(board, 1, 1, 2, 2, 0);
    n = areas_of(board, PYR_AREAS_TOP_VIEW, labels, colours, icons, cells);
    CHECK_EQ(n, 4); /* blue (5,3), red (4,4), blue (3,5), red (5,5) */
    n = areas_of(board, PYR_AREAS_LINKED, labels, colours, icons, cells);
    CHECK_EQ(n, 3); /* the blues rest on nothing blue: still apart */
    CHECK(colours[0] == 2 && colours[1] == 1 && colours[2] == 2);
    CHECK(cells[1] == 2 && icons[1] == 2);
    CHECK_EQ(labels[cell_at(5, 5)], 1);

    /* blocks beyond the grid are no nodes: red stage-2 blocks on column 8 (cells 18..19)
       do not join red stage-2 (7,0) and (7,2), parted by blue (7,1) */
    memset(board, 0, sizeof board);
    put(board, 2, 7, 0, 1, 0);
    put(board, 2, 7, 1, 2, 0);
    put(board, 2, 7, 2, 1, 0);
    fill(board, 2, 8, 0, 1, 3, 1);
    CHECK_EQ(areas_of(board, PYR_AREAS_LINKED, labels, colours, icons, cells), 3);
    /* ...while stage 1's column 8 (cells 17..18) is on the grid: a red stage-1 chain
       (8,1)-(8,2)-(8,3) under column 17, hidden at cells (17, 3..7), joins them */
    fill(board, 1, 8, 1, 1, 3, 1);
    CHECK_EQ(areas_of(board, PYR_AREAS_LINKED, labels, colours, icons, cells), 2);
    CHECK_EQ(areas_of(board, PYR_AREAS_TOP_VIEW, labels, colours, icons, cells), 3);

    /* a single stage: the two modes agree */
    memset(board, 0, sizeof board);
    fill(board, 0, 2, 3, 5, 4, 1);
    put(board, 0, 3, 4, 2, 0x3);
    put(board, 0, 5, 5, 2, 0x4);
    put(board, 0, 4, 4, 1, 0x0);
    n = areas_of(board, PYR_AREAS_TOP_VIEW, labels, colours, icons, cells);
    {
        uint16_t labels2[PYR_VIEW_SIZE], icons2[PYR_MAX_AREAS], cells2[PYR_MAX_AREAS];
        uint8_t colours2[PYR_MAX_AREAS];
        CHECK_EQ(areas_of(board, PYR_AREAS_LINKED, labels2, colours2, icons2, cells2), n);
        CHECK(memcmp(labels, labels2, sizeof labels) == 0);
        CHECK(memcmp(colours, colours2, (size_t)n) == 0);
        CHECK(memcmp(icons, icons2, (size_t)n * sizeof icons[0]) == 0);
        CHECK(memcmp(cells, cells2, (size_t)n * sizeof cells[0]) == 0);
    }
    CHECK_EQ(n, 3);

    /* pyr_label_areas is the top-view mode */
    {
        uint16_t labels2[PYR_VIEW_SIZE], icons2[PYR_MAX_AREAS], cells2[PYR_MAX_AREAS];
        uint8_t colours2[PYR_MAX_AREAS];
        put(board, 1, 2, 3, 1, 0x2);
        n = areas_of(board, PYR_AREAS_TOP_VIEW, labels, colours, icons, cells);
        CHECK_EQ(pyr_label_areas(board, labels2, PYR_VIEW_SIZE, colours2, icons2, cells2,
                                 PYR_MAX_AREAS),
                 n);
        CHECK(memcmp(labels, labels2, sizeof labels) == 0);
        CHECK(memcmp(icons, icons2, (size_t)n * sizeof icons[0]) == 0);
    }
}

/* ---- tiling ------------------------------------------------------------------------- */

static void test_can_tile(void)
{
    uint8_t board[PYR_BOARD_SIZE] = {0};

    CHECK_EQ(pyr_can_tile(board, 0, 5, 4), 1); /* empty stage 0 */
    put(board, 0, 4, 4, 1, 0);
    CHECK_EQ(pyr_can_tile(board, 0, 5, 4), 0); /* one block, 19 spaces: odd */
    put(board, 0, 5, 4, 1, 0);
    CHECK_EQ(pyr_can_tile(board, 0, 5, 4), 1);

    /* a full 5x4 at x 2..6, y 3..6 with two opposite corner holes: balanced, stuck */
    memset(board, 0, sizeof board);
    fill(board, 0, 2, 3, 5, 4, 1);
    CHECK_EQ(pyr_can_tile(board, 0, 5, 4), 1);
    put(board, 0, 2, 3, 0, 0);
    put(board, 0, 6, 6, 0, 0);
    CHECK_EQ(pyr_can_tile(board, 0, 5, 4), 0);
    put(board, 0, 3, 3, 0, 0);
    put(board, 0, 6, 5, 0, 0);
    CHECK_EQ(pyr_can_tile(board, 0, 5, 4), 1);

    /* upper stages of that box: 4x3 (x 2..5, y 3..5), 3x2, 2x1, all empty: tileable */
    for (int s = 1; s < PYR_STAGES; s++) CHECK_EQ(pyr_can_tile(board, s, 5, 4), 1);
    /* stage 1: (3,3) and (3,5) filled strand both (2,3) and (2,5) on (2,4) */
    put(board, 1, 3, 3, 1, 0);
    put(board, 1, 3, 5, 1, 0);
    CHECK_EQ(pyr_can_tile(board, 1, 5, 4), 0);
    put(board, 1, 3, 5, 0, 0);
    CHECK_EQ(pyr_can_tile(board, 1, 5, 4), 0); /* 11 spaces */
    put(board, 1, 2, 3, 1, 0);
    CHECK_EQ(pyr_can_tile(board, 1, 5, 4), 1);
    /* stage 2 (3x2 at x 2..4, y 3..4) */
    put(board, 2, 2, 3, 1, 0);
    put(board, 2, 3, 3, 1, 0);
    CHECK_EQ(pyr_can_tile(board, 2, 5, 4), 1);
    put(board, 2, 3, 3, 0, 0);
    put(board, 2, 4, 3, 1, 0);
    CHECK_EQ(pyr_can_tile(board, 2, 5, 4), 0); /* (3,3),(2,4),(3,4),(4,4): T-less, unbalanced */
    /* stage 3: 2x1 */
    put(board, 3, 2, 3, 1, 0);
    CHECK_EQ(pyr_can_tile(board, 3, 5, 4), 0);
    put(board, 3, 3, 3, 1, 0);
    CHECK_EQ(pyr_can_tile(board, 3, 5, 4), 1); /* full */
    /* blocks outside the box don't matter */
    put(board, 3, 8, 8, 1, 0);
    CHECK_EQ(pyr_can_tile(board, 3, 5, 4), 1);

    /* the box floats: a 4x4 at x 1..4, y 1..4 with holes (1,1) and (1,4) only tiles
       with the left column x = 0 */
    memset(board, 0, sizeof board);
    fill(board, 0, 1, 1, 4, 4, 3);
    put(board, 0, 1, 1, 0, 0);
    put(board, 0, 1, 4, 0, 0);
    CHECK_EQ(pyr_can_tile(board, 0, 5, 4), 1);
    /* the same shape against the lattice's left edge: no box has that column */
    memset(board, 0, sizeof board);
    fill(board, 0, 0, 1, 4, 4, 3);
    put(board, 0, 0, 1, 0, 0);
    put(board, 0, 0, 4, 0, 0);
    CHECK_EQ(pyr_can_tile(board, 0, 5, 4), 0);
    /* mirrored: against the right edge no box has the column x = 9, but one square in
       from it the column x = 8 does */
    memset(board, 0, sizeof board);
    fill(board, 0, 5, 1, 4, 4, 3);
    put(board, 0, 8, 1, 0, 0);
    put(board, 0, 8, 4, 0, 0);
    CHECK_EQ(pyr_can_tile(board, 0, 5, 4), 0);
    memset(board, 0, sizeof board);
    fill(board, 0, 4, 1, 4, 4, 3);
    put(board, 0, 7, 1, 0, 0);
    put(board, 0, 7, 4, 0, 0);
    CHECK_EQ(pyr_can_tile(board, 0, 5, 4), 1);
    /* transposed, against the bottom edge: no row y = 9 */
    memset(board, 0, sizeof board);
    fill(board, 0, 1, 5, 4, 4, 3);
    put(board, 0, 1, 8, 0, 0);
    put(board, 0, 4, 8, 0, 0);
    CHECK_EQ(pyr_can_tile(board, 0, 5, 4), 0);
    put(board, 0, 1, 8, 3, 0);
    put(board, 0, 4, 8, 3, 0);
    put(board, 0, 1, 5, 0, 0);
    put(board, 0, 4, 5, 0, 0);
    CHECK_EQ(pyr_can_tile(board, 0, 5, 4), 1); /* the row y = 4 above pairs with both */
    /* and in a 4x5 box at the bottom edge */
    memset(board, 0, sizeof board);
    fill(board, 0, 2, 4, 4, 5, 3);
    CHECK_EQ(pyr_can_tile(board, 0, 5, 4), 1);
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

/*
 * The linked areas by their definition, node by node, for the fuzz: nodes are the
 * (stage, cell) pairs a block covers; same-colour nodes are joined when both are visible
 * and 4-adjacent, of one stage and 4-adjacent, or one cell in consecutive stages. Fills
 * labels, colours, icons and cells like pyr_label_areas_mode; returns the area count.
 */
static int brute_linked(const uint8_t *board, uint16_t *labels, uint8_t *colours,
                        uint16_t *icons, uint16_t *cells)
{
    enum { NODES = PYR_STAGES * PYR_VIEW_SIZE };
    uint8_t colour_at[NODES] = {0}; /* node s * 324 + cell: its colour, 0 if absent */
    int top[PYR_VIEW_SIZE];         /* the visible stage of each cell, -1 for a gap */
    uint16_t area[NODES], stack[NODES];
    uint8_t view[PYR_VIEW_SIZE];
    int n = 0;

    pyr_top_view(board, view, PYR_VIEW_SIZE);
    for (int s = 0; s < PYR_STAGES; s++)
        for (int cy = s; cy < PYR_CELLS; cy++)
            for (int cx = s; cx < PYR_CELLS; cx++)
                colour_at[s * PYR_VIEW_SIZE + cy * PYR_CELLS + cx] =
                    board[idx(s, (cx - s) / 2, (cy - s) / 2)] & 7;
    for (int c = 0; c < PYR_VIEW_SIZE; c++) {
        top[c] = -1;
        for (int s = 0; s < PYR_STAGES; s++)
            if (colour_at[s * PYR_VIEW_SIZE + c]) top[c] = s;
    }
    for (int i = 0; i < NODES; i++) area[i] = PYR_NO_AREA;
    for (int c = 0; c < PYR_VIEW_SIZE; c++) {
        labels[c] = PYR_NO_AREA;
        if (top[c] < 0) continue;
        int start = top[c] * PYR_VIEW_SIZE + c;
        if (area[start] == PYR_NO_AREA) {
            int depth = 0;
            area[start] = (uint16_t)n;
            stack[depth++] = (uint16_t)start;
            colours[n] = colour_at[start];
            icons[n] = cells[n] = 0;
            while (depth > 0) {
                int node = stack[--depth], s = node / PYR_VIEW_SIZE, cell = node % PYR_VIEW_SIZE;
                int cx = cell % PYR_CELLS, cy = cell / PYR_CELLS;
                int near[6 + 4], k = 0;
                static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
                for (int d = 0; d < 4; d++) {
                    int nx = cx + dx[d], ny = cy + dy[d];
                    if (nx < 0 || nx >= PYR_CELLS || ny < 0 || ny >= PYR_CELLS) continue;
                    int other = ny * PYR_CELLS + nx;
                    near[k++] = s * PYR_VIEW_SIZE + other;                   /* one stage */
                    if (top[cell] == s && top[other] >= 0)                      /* both visible */
                        near[k++] = top[other] * PYR_VIEW_SIZE + other;
                }
                if (s > 0) near[k++] = node - PYR_VIEW_SIZE; /* the cell below */
                if (s < PYR_STAGES - 1) near[k++] = node + PYR_VIEW_SIZE;
                for (int i = 0; i < k; i++) {
                    int m = near[i];
                    if (colour_at[m] == colours[n] && area[m] == PYR_NO_AREA) {
                        area[m] = (uint16_t)n;
                        stack[depth++] = (uint16_t)m;
                    }
                }
            }
            n++;
        }
        labels[c] = area[start];
        cells[labels[c]]++;
        icons[labels[c]] += (view[c] >> 3) & 1;
    }
    return n;
}

/*
 * Both modes on a valid board: the linked mode against brute_linked, and linked areas as
 * unions of top-view areas (each top-view area inside one linked area, of its colour),
 * with the same cells and icons in all; a board of stage 0 alone gets the same answers.
 */
static void check_linked(const uint8_t *board, const uint16_t *top_labels, int top_n,
                         const uint8_t *top_colours, const uint16_t *top_icons,
                         const uint16_t *top_cells)
{
    enum { GUARD = 8 };
    uint16_t guarded_labels[GUARD + PYR_VIEW_SIZE + GUARD];
    uint16_t guarded_icons[GUARD + PYR_MAX_AREAS + GUARD];
    uint16_t guarded_cells[GUARD + PYR_MAX_AREAS + GUARD];
    uint8_t guarded_colours[GUARD + PYR_MAX_AREAS + GUARD];
    uint16_t *labels = guarded_labels + GUARD, *icons = guarded_icons + GUARD;
    uint16_t *cells = guarded_cells + GUARD;
    uint8_t *colours = guarded_colours + GUARD;
    uint16_t want_labels[PYR_VIEW_SIZE], want_icons[PYR_MAX_AREAS], want_cells[PYR_MAX_AREAS];
    uint8_t want_colours[PYR_MAX_AREAS];
    uint16_t into[PYR_MAX_AREAS]; /* the linked area of each top-view area */
    int icon_sum[PYR_MAX_AREAS] = {0}, cell_sum[PYR_MAX_AREAS] = {0};

    memset(guarded_labels, 0x5A, sizeof guarded_labels);
    memset(guarded_icons, 0x5A, sizeof guarded_icons);
    memset(guarded_cells, 0x5A, sizeof guarded_cells);
    memset(guarded_colours, 0x5A, sizeof guarded_colours);
    int n = areas_of(board, PYR_AREAS_LINKED, labels, colours, icons, cells);
    int want = brute_linked(board, want_labels, want_colours, want_icons, want_cells);
    int intact = 1;
    for (int g = 0; g < GUARD; g++) {
        intact &= guarded_labels[g] == 0x5A5A && labels[PYR_VIEW_SIZE + g] == 0x5A5A;
        intact &= guarded_icons[g] == 0x5A5A && icons[PYR_MAX_AREAS + g] == 0x5A5A;
        intact &= guarded_cells[g] == 0x5A5A && cells[PYR_MAX_AREAS + g] == 0x5A5A;
        intact &= guarded_colours[g] == 0x5A && colours[PYR_MAX_AREAS + g] == 0x5A;
    }
    CHECK(intact);
    CHECK_EQ(n, want);
    if (n != want) return;
    CHECK(memcmp(labels, want_labels, PYR_VIEW_SIZE * sizeof labels[0]) == 0);
    CHECK(memcmp(colours, want_colours, (size_t)n) == 0);
    CHECK(memcmp(icons, want_icons, (size_t)n * sizeof icons[0]) == 0);
    CHECK(memcmp(cells, want_cells, (size_t)n * sizeof cells[0]) == 0);

    CHECK(n <= top_n);
    for (int a = 0; a < top_n; a++) into[a] = PYR_NO_AREA;
    int unions = 1;
    for (int c = 0; c < PYR_VIEW_SIZE; c++) {
        uint16_t t = top_labels[c];
        if (t == PYR_NO_AREA) {
            unions &= labels[c] == PYR_NO_AREA;
            continue;
        }
        if (into[t] == PYR_NO_AREA) {
            into[t] = labels[c];
            icon_sum[labels[c]] += top_icons[t];
            cell_sum[labels[c]] += top_cells[t];
            unions &= colours[labels[c]] == top_colours[t];
        }
        unions &= into[t] == labels[c];
    }
    for (int a = 0; a < n; a++) unions &= icon_sum[a] == icons[a] && cell_sum[a] == cells[a];
    CHECK(unions);

    int single_stage = 1;
    for (int i = PYR_SIDE * PYR_SIDE; i < PYR_BOARD_SIZE; i++) single_stage &= board[i] == 0;
    if (single_stage) {
        CHECK_EQ(n, top_n);
        CHECK(memcmp(labels, top_labels, PYR_VIEW_SIZE * sizeof labels[0]) == 0);
    }
}

/* What a call one entry short of room returns, given what it returned with room. */
static int short_of(int with_room)
{
    return with_room < 0 ? with_room : PYR_E_CAPACITY;
}

/* One entry short of a list of `with_room` entries; 0 after an error. */
static int one_short(int with_room)
{
    return with_room > 0 ? with_room - 1 : 0;
}

/*
 * Every output of every function one entry short of room, on a board whose calls with room
 * returned placed[s] and boxed[s] (placements and box of stage s), viewed (top view),
 * areas and linked (the two area modes): the same error if there was one (the capacity is
 * checked last), else PYR_E_CAPACITY, and nothing written either way. An empty list
 * cannot be short; after an error, a list gets no room at all.
 */
static void check_short_capacities(const uint8_t *board, const int *placed, const int *boxed,
                                   int viewed, int areas, int linked)
{
    uint16_t out[PYR_PLACEMENTS];
    int box[4];
    uint8_t view[PYR_VIEW_SIZE];
    uint16_t labels[PYR_VIEW_SIZE], icons[PYR_MAX_AREAS], cells[PYR_MAX_AREAS];
    uint8_t colours[PYR_MAX_AREAS];

    memset(out, 0x5A, sizeof out);
    memset(box, 0x5A, sizeof box);
    memset(view, 0x5A, sizeof view);
    memset(labels, 0x5A, sizeof labels);
    memset(icons, 0x5A, sizeof icons);
    memset(cells, 0x5A, sizeof cells);
    memset(colours, 0x5A, sizeof colours);
    for (int s = 0; s < PYR_STAGES; s++) {
        if (placed[s] != 0)
            CHECK_EQ(pyr_placements(board, s, 5, 4, out, one_short(placed[s])), short_of(placed[s]));
        CHECK_EQ(pyr_stage_box(board, s, 5, 4, box, 3), short_of(boxed[s]));
    }
    CHECK_EQ(pyr_top_view(board, view, PYR_VIEW_SIZE - 1), short_of(viewed));
    for (int mode = PYR_AREAS_TOP_VIEW; mode <= PYR_AREAS_LINKED; mode++) {
        int n = mode == PYR_AREAS_LINKED ? linked : areas;
        CHECK_EQ(pyr_label_areas_mode(board, mode, labels, PYR_VIEW_SIZE - 1, colours, icons,
                                      cells, PYR_MAX_AREAS),
                 short_of(n));
        if (n != 0)
            CHECK_EQ(pyr_label_areas_mode(board, mode, labels, PYR_VIEW_SIZE, colours, icons,
                                          cells, one_short(n)),
                     short_of(n));
    }
    CHECK(untouched(out, sizeof out) && untouched(box, sizeof box) && untouched(view, sizeof view));
    CHECK(untouched(labels, sizeof labels) && untouched(icons, sizeof icons));
    CHECK(untouched(cells, sizeof cells) && untouched(colours, sizeof colours));
}

/* Check every function on one board, with guard words around every output. */
/*
 * pyr_placement_indices against pyr_placements on `board` in stage `s` (`n`: what
 * pyr_placements returned, `placements`: what it wrote): the same code, or each placement
 * plus `first`, for firsts from 0 to the largest; nothing written beyond the count, nor
 * beyond the buffer.
 */
static void check_placement_indices(const uint8_t *board, int s, int n, const uint16_t *placements)
{
    enum { GUARD = 8 };
    static const int firsts[] = {0, 3, 1000, INT32_MAX - PYR_PLACEMENTS};
    int32_t out[GUARD + PYR_PLACEMENTS + GUARD];

    for (size_t f = 0; f < sizeof firsts / sizeof firsts[0]; f++) {
        int first = firsts[f];
        memset(out, 0x5A, sizeof out);
        CHECK_EQ(pyr_placement_indices(board, s, 5, 4, first, out + GUARD, PYR_PLACEMENTS), n);
        for (int i = 0; i < n; i++) CHECK_EQ(out[GUARD + i], first + placements[i]);
        int intact = 1;
        for (int i = n > 0 ? n : 0; i < PYR_PLACEMENTS + GUARD; i++)
            intact &= out[GUARD + i] == 0x5A5A5A5A;
        for (int g = 0; g < GUARD; g++) intact &= out[g] == 0x5A5A5A5A;
        CHECK(intact);
        if (n > 0) { /* one short: the capacity error, nothing written */
            memset(out, 0x5A, sizeof out);
            CHECK_EQ(pyr_placement_indices(board, s, 5, 4, first, out + GUARD, n - 1), PYR_E_CAPACITY);
            CHECK_EQ(out[GUARD], 0x5A5A5A5A);
        }
    }
}

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

    int stage_rc[PYR_STAGES], placed[PYR_STAGES];
    for (int s = -1; s <= PYR_STAGES; s++) {
        int n = pyr_placements(board, s, 5, 4, out + GUARD, PYR_PLACEMENTS);
        int t = pyr_can_tile(board, s, 5, 4);
        int b = pyr_stage_box(board, s, 5, 4, box + GUARD, 4);
        check_placement_indices(board, s, n, out + GUARD);
        if (s < 0 || s >= PYR_STAGES) {
            CHECK(n == PYR_E_RANGE && t == PYR_E_RANGE && b == PYR_E_RANGE);
            continue;
        }
        placed[s] = n;
        stage_rc[s] = b;
        if (!valid) {
            CHECK(n == PYR_E_BOARD && t == PYR_E_BOARD && b == PYR_E_BOARD);
            continue;
        }
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

    int v = pyr_top_view(board, view + GUARD, PYR_VIEW_SIZE);
    int a = pyr_label_areas(board, labels + GUARD, PYR_VIEW_SIZE, colours + GUARD, icons + GUARD,
                            cells + GUARD, PYR_MAX_AREAS);
    int linked = pyr_label_areas_mode(board, PYR_AREAS_LINKED, labels + GUARD, PYR_VIEW_SIZE,
                                      colours + GUARD, icons + GUARD, cells + GUARD, PYR_MAX_AREAS);
    check_short_capacities(board, placed, stage_rc, v, a, linked);
    if (!valid) {
        CHECK(v == PYR_E_BOARD && a == PYR_E_BOARD && linked == PYR_E_BOARD);
    } else {
        /* the linked mode wrote over the outputs: label the top view again */
        a = pyr_label_areas(board, labels + GUARD, PYR_VIEW_SIZE, colours + GUARD, icons + GUARD,
                            cells + GUARD, PYR_MAX_AREAS);
        check_linked(board, labels + GUARD, a, colours + GUARD, icons + GUARD, cells + GUARD);
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
static int brute_fill(uint8_t *board, int stage, int base_w, int base_h, int depth)
{
    uint16_t moves[PYR_PLACEMENTS];
    int box[4];
    int n = pyr_placements(board, stage, base_w, base_h, moves, PYR_PLACEMENTS);
    pyr_stage_box(board, stage, base_w, base_h, box, 4);
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
        int ok = brute_fill(board, stage, base_w, base_h, depth + 1);
        board[stage * 81 + a] = 0;
        board[stage * 81 + b] = 0;
        if (ok) return 1;
    }
    return 0;
}

/* ---- other bases (a house rule's smaller pyramid) ------------------------------------ */

/* Is placement p legal in stage 0 of a base_w x base_h pyramid, by the definition (the
 * first domino at the anchor; then both blocks on the lattice and empty, one beside a
 * block, the blocks' span within the base either way round)? */
static int brute_stage0_legal(const uint8_t *board, int p, int base_w, int base_h)
{
    static const int dx[4] = {1, 0, -1, 0}, dy[4] = {0, 1, 0, -1};
    int x = p / 4 % PYR_SIDE, y = p / 4 / PYR_SIDE, r = p % 4;
    int bx = x + dx[r], by = y + dy[r];
    int x0 = PYR_SIDE, y0 = PYR_SIDE, x1 = -1, y1 = -1, blocks = 0, touches = 0;
    if (bx < 0 || bx >= PYR_SIDE || by < 0 || by >= PYR_SIDE) return 0;
    for (int yy = 0; yy < PYR_SIDE; yy++)
        for (int xx = 0; xx < PYR_SIDE; xx++)
            if (board[idx(0, xx, yy)] || (xx == x && yy == y) || (xx == bx && yy == by)) {
                if (board[idx(0, xx, yy)]) blocks++;
                if (xx < x0) x0 = xx;
                if (xx > x1) x1 = xx;
                if (yy < y0) y0 = yy;
                if (yy > y1) y1 = yy;
            }
    if (blocks == 0) return x == PYR_ANCHOR_X && y == PYR_ANCHOR_Y;
    if (board[idx(0, x, y)] || board[idx(0, bx, by)]) return 0;
    for (int k = 0; k < 4; k++) {
        int ax = x + dx[k], ay = y + dy[k], cx = bx + dx[k], cy = by + dy[k];
        if (ax >= 0 && ax < PYR_SIDE && ay >= 0 && ay < PYR_SIDE && board[idx(0, ax, ay)]) touches = 1;
        if (cx >= 0 && cx < PYR_SIDE && cy >= 0 && cy < PYR_SIDE && board[idx(0, cx, cy)]) touches = 1;
    }
    int w = x1 - x0 + 1, h = y1 - y0 + 1;
    return touches && ((w <= base_w && h <= base_h) || (w <= base_h && h <= base_w));
}

static void test_bases_errors(void)
{
    uint8_t board[PYR_BOARD_SIZE] = {0};
    uint16_t moves[PYR_PLACEMENTS];
    int32_t indices[PYR_PLACEMENTS];
    int box[4];
    double weights[PYR_VALUE_WEIGHTS] = {0}, values[4];
    int32_t records[PYR_MARK_WAYS * PYR_MARK_FIELDS];
    uint16_t markers[PYR_COLOURS + 1], one = (uint16_t)placement(4, 4, 0);
    uint8_t a = 1, b = 2;
    for (int c = 0; c <= PYR_COLOURS; c++) markers[c] = PYR_NO_AREA;
    /* (stage, base_w, base_h): sides beyond 1..5, a base of one block, a stage above the
     * base's shorter side */
    static const int bad[][3] = {{0, 0, 4}, {0, 5, 0}, {0, 6, 4}, {0, 4, 6}, {0, -1, 4},
                                 {0, 1, 1}, {3, 5, 3}, {2, 2, 5}, {1, 2, 1}, {4, 5, 5}};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        int s = bad[k][0], w = bad[k][1], h = bad[k][2];
        CHECK_EQ(pyr_placements(board, s, w, h, moves, PYR_PLACEMENTS), PYR_E_RANGE);
        CHECK_EQ(pyr_placement_indices(board, s, w, h, 0, indices, PYR_PLACEMENTS), PYR_E_RANGE);
        CHECK_EQ(pyr_can_tile(board, s, w, h), PYR_E_RANGE);
        CHECK_EQ(pyr_stage_box(board, s, w, h, box, 4), PYR_E_RANGE);
        CHECK_EQ(pyr_placement_values(board, s, w, h, PYR_AREAS_TOP_VIEW, a, b, &one, 1, markers,
                                      0, 0, weights, values, 4),
                 PYR_E_RANGE);
        CHECK_EQ(pyr_dominoes_values(board, s, w, h, PYR_AREAS_TOP_VIEW, &a, &b, 1, &one, 1,
                                     markers, 0, 0, weights, values, 4),
                 PYR_E_RANGE);
        CHECK_EQ(pyr_dominoes_marks(board, s, w, h, PYR_AREAS_TOP_VIEW, &a, &b, 1, &one, 1,
                                    markers, 0, 0, records, PYR_MARK_WAYS),
                 PYR_E_RANGE);
    }
    /* a 2x1 base: one stage, its one domino */
    CHECK_EQ(pyr_placements(board, 0, 2, 1, moves, PYR_PLACEMENTS), 4);
    put(board, 0, 4, 4, 1, 0);
    put(board, 0, 5, 4, 1, 0);
    CHECK_EQ(pyr_placements(board, 0, 2, 1, moves, PYR_PLACEMENTS), 0);
    CHECK_EQ(pyr_stage_box(board, 0, 1, 2, box, 4), PYR_OK);
    CHECK(box[0] == 4 && box[1] == 4 && box[2] == 5 && box[3] == 4);
    CHECK_EQ(pyr_can_tile(board, 0, 2, 1), 1);
    /* the printed base's 3x2 span is not a 3x2 base's 2x3 box turned: a 4x3 base's box */
    CHECK_EQ(pyr_stage_box(board, 1, 4, 3, box, 4), PYR_E_NOBOX);
}

/* Random games on random bases: stage 0's placements against the definition, the blocks'
 * span within the base, every upper box the base's exact span shrunk by the stage, the
 * upper placements inside it, and pyr_can_tile against a search. */
static void test_bases_fuzz(void)
{
    static const int dx[4] = {1, 0, -1, 0}, dy[4] = {0, 1, 0, -1};
    uint8_t board[PYR_BOARD_SIZE];
    uint16_t moves[PYR_PLACEMENTS];
    int box[4];
    for (int game = 0; game < 300; game++) {
        int w = 1 + rnd_below(PYR_MAX_BASE), h = 1 + rnd_below(PYR_MAX_BASE);
        if (w * h < 2) w = 2;
        int stages = w < h ? w : h;
        if (stages > PYR_STAGES) stages = PYR_STAGES;
        memset(board, 0, sizeof board);
        for (int s = 0; s < stages; s++) {
            for (;;) {
                int n = pyr_placements(board, s, w, h, moves, PYR_PLACEMENTS);
                CHECK(n >= 0);
                if (s == 0) {
                    int expected = 0;
                    for (int p = 0; p < PYR_PLACEMENTS; p++) {
                        int legal = brute_stage0_legal(board, p, w, h);
                        expected += legal;
                        if (legal != contains(moves, n, p)) {
                            CHECK(0);
                            break;
                        }
                    }
                    CHECK_EQ(n, expected);
                } else {
                    CHECK_EQ(pyr_stage_box(board, s, w, h, box, 4), PYR_OK);
                    int bw = box[2] - box[0] + 1, bh = box[3] - box[1] + 1;
                    CHECK((bw == w - s && bh == h - s) || (bw == h - s && bh == w - s));
                    for (int i = 0; i < n; i++) {
                        int x = moves[i] / 4 % PYR_SIDE, y = moves[i] / 4 / PYR_SIDE;
                        CHECK(x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3]);
                    }
                    uint8_t copy[PYR_BOARD_SIZE];
                    memcpy(copy, board, sizeof copy);
                    CHECK_EQ(pyr_can_tile(board, s, w, h), brute_fill(copy, s, w, h, 0));
                }
                if (n <= 0) break;
                int p = moves[rnd_below(n)];
                int x = p / 4 % PYR_SIDE, y = p / 4 / PYR_SIDE, r = p % 4;
                put(board, s, x, y, 1 + rnd_below(6), 0);
                put(board, s, x + dx[r], y + dy[r], 1 + rnd_below(6), 0);
                if (s == 0) {
                    CHECK_EQ(pyr_stage_box(board, 0, w, h, box, 4), PYR_OK);
                    int bw = box[2] - box[0] + 1, bh = box[3] - box[1] + 1;
                    CHECK((bw <= w && bh <= h) || (bw <= h && bh <= w));
                }
                if (s > 0 && rnd_below(10) == 0) break; /* leave gaps */
            }
            if (s + 1 < stages && pyr_stage_box(board, 1, w, h, box, 4) != PYR_OK) break;
        }
    }
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
                int n = pyr_placements(board, s, 5, 4, moves, PYR_PLACEMENTS);
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
                    CHECK_EQ(pyr_can_tile(board, s, 5, 4), brute_fill(copy, s, 5, 4, 0));
                }
                if (rnd_below(12) == 0) break; /* leave gaps, as Forgotten Treasures may */
            }
            if (pyr_stage_box(board, 1, 5, 4, (int[4]){0}, 4) != PYR_OK) break;
        }
        /* random corruption of a played board */
        board[rnd_below(PYR_BOARD_SIZE)] = (uint8_t)rnd();
        check_everything(board);
    }
}

/* ==== Silver & Gold Pyramids: pyr_sg_* on a 5x5 card ================================== */

enum { SG_GUARD = 8 };

static uint32_t sg_cell(int x, int y)
{
    return UINT32_C(1) << (y * PYR_SG_SIDE + x);
}

/* A mask from a picture of 25 cells, row by row: '#' a cell, '.' none, spaces ignored. */
static uint32_t sg_mask(const char *picture)
{
    uint32_t m = 0;
    int cell = 0;
    for (const char *p = picture; *p; p++) {
        if (*p == ' ') continue;
        if (*p == '#') m |= UINT32_C(1) << cell;
        cell++;
    }
    return m;
}

static int sg_popcount(uint32_t m)
{
    int n = 0;
    for (; m; m &= m - 1) n++;
    return n;
}

/* Independent geometry for the checks: coordinates, not bit shifts. */
static int sg_connected(uint32_t m)
{
    int seen[PYR_SG_CELLS] = {0}, stack[PYR_SG_CELLS], top = 0, found = 0;
    if (m == 0 || (m >> PYR_SG_CELLS)) return 0;
    int first = 0;
    while (!((m >> first) & 1u)) first++;
    stack[top++] = first;
    seen[first] = 1;
    while (top > 0) {
        int c = stack[--top], x = c % 5, y = c / 5;
        found++;
        int nx[4] = {x + 1, x - 1, x, x}, ny[4] = {y, y, y + 1, y - 1};
        for (int k = 0; k < 4; k++) {
            if (nx[k] < 0 || nx[k] > 4 || ny[k] < 0 || ny[k] > 4) continue;
            int n = ny[k] * 5 + nx[k];
            if (((m >> n) & 1u) && !seen[n]) {
                seen[n] = 1;
                stack[top++] = n;
            }
        }
    }
    return found == sg_popcount(m);
}

static uint32_t sg_adjacent(uint32_t m)
{
    uint32_t near = 0;
    for (int c = 0; c < PYR_SG_CELLS; c++) {
        if (!((m >> c) & 1u)) continue;
        int x = c % 5, y = c / 5;
        if (x > 0) near |= sg_cell(x - 1, y);
        if (x < 4) near |= sg_cell(x + 1, y);
        if (y > 0) near |= sg_cell(x, y - 1);
        if (y < 4) near |= sg_cell(x, y + 1);
    }
    return near & ~m;
}

static void sg_sort(uint32_t *list, int n)
{
    for (int i = 1; i < n; i++) {
        uint32_t v = list[i];
        int j = i;
        for (; j > 0 && list[j - 1] > v; j--) list[j] = list[j - 1];
        list[j] = v;
    }
}

/*
 * Brute force: the 8 integer matrices of the square's symmetries applied to coordinates,
 * every offset that keeps the image on the card, kept if legal and not seen before.
 */
static int sg_brute_placements(uint32_t walls, uint32_t marked, int entrance, uint32_t shape,
                               uint32_t *res)
{
    static const int mat[8][4] = {{1, 0, 0, 1},  {-1, 0, 0, 1}, {1, 0, 0, -1}, {-1, 0, 0, -1},
                                  {0, 1, 1, 0},  {0, -1, 1, 0}, {0, 1, -1, 0}, {0, -1, -1, 0}};
    int xs[PYR_SG_CELLS], ys[PYR_SG_CELLS], n = 0, count = 0;
    for (int c = 0; c < PYR_SG_CELLS; c++) {
        if ((shape >> c) & 1u) {
            xs[n] = c % 5;
            ys[n] = c / 5;
            n++;
        }
    }
    uint32_t needed = marked ? sg_adjacent(marked) : UINT32_C(1) << entrance;
    for (int t = 0; t < 8; t++) {
        int tx[PYR_SG_CELLS], ty[PYR_SG_CELLS], lo_x = 99, hi_x = -99, lo_y = 99, hi_y = -99;
        for (int i = 0; i < n; i++) {
            tx[i] = mat[t][0] * xs[i] + mat[t][1] * ys[i];
            ty[i] = mat[t][2] * xs[i] + mat[t][3] * ys[i];
            if (tx[i] < lo_x) lo_x = tx[i];
            if (tx[i] > hi_x) hi_x = tx[i];
            if (ty[i] < lo_y) lo_y = ty[i];
            if (ty[i] > hi_y) hi_y = ty[i];
        }
        for (int oy = -lo_y; oy + hi_y <= 4; oy++) {
            for (int ox = -lo_x; ox + hi_x <= 4; ox++) {
                uint32_t m = 0;
                for (int i = 0; i < n; i++) m |= sg_cell(tx[i] + ox, ty[i] + oy);
                if ((m & (walls | marked)) || !(m & needed)) continue;
                int seen = 0;
                for (int k = 0; k < count; k++) seen |= res[k] == m;
                if (!seen) res[count++] = m;
            }
        }
    }
    sg_sort(res, count);
    return count;
}

/* The error a call should give, from the header's order (cap and pointers aside). */
static int sg_expected_error(uint32_t walls, uint32_t marked, int entrance, uint32_t shape)
{
    if ((walls >> PYR_SG_CELLS) || (marked >> PYR_SG_CELLS) || entrance < 0 ||
        entrance >= PYR_SG_CELLS || !sg_connected(shape))
        return PYR_E_RANGE;
    if ((walls & marked) || ((walls >> entrance) & 1u)) return PYR_E_BOARD;
    return PYR_OK;
}

/* A random 4-connected set of 1..size cells grown from `start` inside `allowed`. */
static uint32_t sg_grow_random(int start, uint32_t allowed, int size)
{
    uint32_t m = sg_cell(start % 5, start / 5);
    for (int tries = 0; sg_popcount(m) < size && tries < 200; tries++) {
        uint32_t near = sg_adjacent(m) & allowed;
        if (!near) break;
        int pick = rnd_below(sg_popcount(near));
        for (int c = 0; c < PYR_SG_CELLS; c++) {
            if (((near >> c) & 1u) && pick-- == 0) {
                m |= UINT32_C(1) << c;
                break;
            }
        }
    }
    return m;
}

static const uint32_t SG_DOMINO = 0x3, SG_STRAIGHT3 = 0x7, SG_L3 = 0x61, SG_T4 = 0x47,
                      SG_L4 = 0xC21, SG_SQUARE = 0x63;

static void test_sg_constants(void)
{
    CHECK_EQ(PYR_SG_SIDE, 5);
    CHECK_EQ(PYR_SG_CELLS, PYR_SG_SIDE * PYR_SG_SIDE);
    CHECK_EQ(PYR_SG_FULL, (1L << PYR_SG_CELLS) - 1);
    CHECK_EQ(PYR_SG_MAX_ORIENTATIONS, 8);
    CHECK_EQ(PYR_SG_MAX_PLACEMENTS, 96);
    CHECK_EQ(SG_DOMINO, sg_mask("##... ..... ..... ..... ....."));
    CHECK_EQ(SG_STRAIGHT3, sg_mask("###.. ..... ..... ..... ....."));
    CHECK_EQ(SG_L3, sg_mask("#.... ##... ..... ..... ....."));
    CHECK_EQ(SG_T4, sg_mask("###.. .#... ..... ..... ....."));
    CHECK_EQ(SG_L4, sg_mask("#.... #.... ##... ..... ....."));
    CHECK_EQ(SG_SQUARE, sg_mask("##... ##... ..... ..... ....."));
}

static void test_sg_errors(void)
{
    uint32_t out[PYR_SG_MAX_PLACEMENTS], mask = 0xDEADBEEF;
    const uint32_t wrap = sg_cell(4, 0) | sg_cell(0, 1); /* neighbours in bits, not on the card */
    static const uint32_t bad_shapes[] = {0, UINT32_C(1) << 25, UINT32_C(1) << 31, 0xFFFFFFFF,
                                          0x5, 0x11, 0x30, 0x41, 0x1000001};
    static const int bad_cells[] = {-1, 25, 26, 100, INT_MIN, INT_MAX};

    /* null pointers first, whatever else is wrong */
    CHECK_EQ(pyr_sg_orientations(SG_DOMINO, NULL, 8), PYR_E_NULL);
    CHECK_EQ(pyr_sg_orientations(0, NULL, -1), PYR_E_NULL);
    CHECK_EQ(pyr_sg_placements(0, 0, 2, SG_DOMINO, NULL, 96), PYR_E_NULL);
    CHECK_EQ(pyr_sg_placements(~0u, ~0u, -1, 0, NULL, -1), PYR_E_NULL);
    CHECK_EQ(pyr_sg_single_cells(0, 0, 2, NULL, 1), PYR_E_NULL);
    CHECK_EQ(pyr_sg_single_cells(1, 1, 99, NULL, 1), PYR_E_NULL);
    CHECK_EQ(pyr_sg_reachable(0, 2, NULL, 1), PYR_E_NULL);
    CHECK_EQ(pyr_sg_reachable(~0u, -3, NULL, 1), PYR_E_NULL);

    /* ranges: cap, masks beyond 25 bits, the entrance, bad shapes */
    CHECK_EQ(pyr_sg_orientations(SG_DOMINO, out, -1), PYR_E_RANGE);
    CHECK_EQ(pyr_sg_placements(0, 0, 2, SG_DOMINO, out, -1), PYR_E_RANGE);
    CHECK_EQ(pyr_sg_placements(0, 0, 2, SG_DOMINO, out, INT_MIN), PYR_E_RANGE);
    CHECK(!sg_connected(wrap));
    CHECK_EQ(pyr_sg_orientations(wrap, out, 8), PYR_E_RANGE);
    CHECK_EQ(pyr_sg_placements(0, 0, 2, wrap, out, 96), PYR_E_RANGE);
    for (size_t i = 0; i < sizeof bad_shapes / sizeof bad_shapes[0]; i++) {
        CHECK(!sg_connected(bad_shapes[i]));
        CHECK_EQ(pyr_sg_orientations(bad_shapes[i], out, 8), PYR_E_RANGE);
        CHECK_EQ(pyr_sg_placements(0, 0, 2, bad_shapes[i], out, 96), PYR_E_RANGE);
        /* range before card: a marked wall does not hide a bad shape */
        CHECK_EQ(pyr_sg_placements(1, 1, 0, bad_shapes[i], out, 96), PYR_E_RANGE);
    }
    for (int bit = 25; bit < 32; bit++) {
        uint32_t high = UINT32_C(1) << bit;
        CHECK_EQ(pyr_sg_placements(high, 0, 2, SG_DOMINO, out, 96), PYR_E_RANGE);
        CHECK_EQ(pyr_sg_placements(0, high, 2, SG_DOMINO, out, 96), PYR_E_RANGE);
        CHECK_EQ(pyr_sg_placements(0, 0, 2, high | SG_DOMINO, out, 96), PYR_E_RANGE);
        CHECK_EQ(pyr_sg_orientations(high | SG_DOMINO, out, 8), PYR_E_RANGE);
        CHECK_EQ(pyr_sg_single_cells(high, 0, 2, &mask, 1), PYR_E_RANGE);
        CHECK_EQ(pyr_sg_single_cells(0, high | 1, 2, &mask, 1), PYR_E_RANGE);
        CHECK_EQ(pyr_sg_reachable(high, 2, &mask, 1), PYR_E_RANGE);
        /* range before card */
        CHECK_EQ(pyr_sg_single_cells(high | 1, high | 1, 0, &mask, 1), PYR_E_RANGE);
    }
    for (size_t i = 0; i < sizeof bad_cells / sizeof bad_cells[0]; i++) {
        int e = bad_cells[i];
        CHECK_EQ(pyr_sg_placements(0, 0, e, SG_DOMINO, out, 96), PYR_E_RANGE);
        CHECK_EQ(pyr_sg_placements(0, 1, e, SG_DOMINO, out, 96), PYR_E_RANGE); /* always checked */
        CHECK_EQ(pyr_sg_placements(3, 3, e, SG_DOMINO, out, 96), PYR_E_RANGE);
        CHECK_EQ(pyr_sg_single_cells(0, 0, e, &mask, 1), PYR_E_RANGE);
        CHECK_EQ(pyr_sg_single_cells(0, 1, e, &mask, 1), PYR_E_RANGE);
        CHECK_EQ(pyr_sg_reachable(0, e, &mask, 1), PYR_E_RANGE);
    }

    /* the card: a marked wall, the entrance on a wall (even once something is marked) */
    CHECK_EQ(pyr_sg_placements(sg_cell(3, 3), sg_cell(3, 3), 2, SG_DOMINO, out, 96), PYR_E_BOARD);
    CHECK_EQ(pyr_sg_placements(sg_cell(2, 0), 0, 2, SG_DOMINO, out, 96), PYR_E_BOARD);
    CHECK_EQ(pyr_sg_placements(sg_cell(2, 0), sg_cell(2, 1), 2, SG_DOMINO, out, 96), PYR_E_BOARD);
    CHECK_EQ(pyr_sg_single_cells(sg_cell(0, 4), sg_cell(0, 4) | sg_cell(1, 4), 0, &mask, 1),
             PYR_E_BOARD);
    CHECK_EQ(pyr_sg_single_cells(sg_cell(0, 0), 0, 0, &mask, 1), PYR_E_BOARD);
    CHECK_EQ(pyr_sg_reachable(sg_cell(4, 0), 4, &mask, 1), PYR_E_BOARD);
    CHECK_EQ(pyr_sg_reachable(PYR_SG_FULL, 12, &mask, 1), PYR_E_BOARD);
    /* the card before the capacity */
    CHECK_EQ(pyr_sg_placements(1, 1, 2, SG_DOMINO, out, 0), PYR_E_BOARD);

    /* nothing written on error */
    CHECK_EQ(mask, 0xDEADBEEF);
    for (int i = 0; i < PYR_SG_MAX_PLACEMENTS; i++) out[i] = 0xA5A5A5A5;
    CHECK_EQ(pyr_sg_placements(0, 0, 2, SG_DOMINO, out, 2), PYR_E_CAPACITY);
    CHECK_EQ(pyr_sg_placements(0, 0, 2, SG_DOMINO, out, 0), PYR_E_CAPACITY);
    CHECK_EQ(pyr_sg_orientations(SG_L4, out, 7), PYR_E_CAPACITY);
    CHECK_EQ(pyr_sg_orientations(SG_DOMINO, out, 0), PYR_E_CAPACITY);
    int intact = 1;
    for (int i = 0; i < PYR_SG_MAX_PLACEMENTS; i++) intact &= out[i] == 0xA5A5A5A5;
    CHECK(intact);

    /* an exact capacity is enough, and nothing is written past the result */
    CHECK_EQ(pyr_sg_placements(0, 0, 2, SG_DOMINO, out, 3), 3);
    CHECK_EQ(out[3], 0xA5A5A5A5);
    CHECK_EQ(pyr_sg_orientations(SG_L4, out, 8), 8);
    CHECK_EQ(out[8], 0xA5A5A5A5);
    /* no result needs no room */
    CHECK_EQ(pyr_sg_placements(sg_cell(1, 0) | sg_cell(3, 0) | sg_cell(2, 1), 0, 2, SG_DOMINO,
                               out, 0),
             0);

    /* single cells and reachable write one mask: cap 0 is too small, after every other check */
    uint32_t masks[2] = {0xA5A5A5A5, 0xA5A5A5A5};
    CHECK_EQ(pyr_sg_single_cells(0, 0, 2, masks, 0), PYR_E_CAPACITY);
    CHECK_EQ(pyr_sg_single_cells(0, 0, 2, masks, -1), PYR_E_RANGE);
    CHECK_EQ(pyr_sg_single_cells(0, 0, 2, masks, INT_MIN), PYR_E_RANGE);
    CHECK_EQ(pyr_sg_single_cells(0, 0, 2, NULL, -1), PYR_E_NULL);
    CHECK_EQ(pyr_sg_single_cells(0, 0, 99, masks, 0), PYR_E_RANGE);
    CHECK_EQ(pyr_sg_single_cells(1, 1, 2, masks, 0), PYR_E_BOARD);
    CHECK_EQ(pyr_sg_reachable(0, 2, masks, 0), PYR_E_CAPACITY);
    CHECK_EQ(pyr_sg_reachable(0, 2, masks, -1), PYR_E_RANGE);
    CHECK_EQ(pyr_sg_reachable(0, 2, NULL, -1), PYR_E_NULL);
    CHECK_EQ(pyr_sg_reachable(1 << 25, 2, masks, 0), PYR_E_RANGE);
    CHECK_EQ(pyr_sg_reachable(sg_cell(2, 0), 2, masks, 0), PYR_E_BOARD);
    CHECK(masks[0] == 0xA5A5A5A5 && masks[1] == 0xA5A5A5A5);
    /* room for more is fine, and nothing is written past the mask */
    CHECK_EQ(pyr_sg_single_cells(0, 0, 2, masks, 2), PYR_OK);
    CHECK(masks[0] == sg_cell(2, 0) && masks[1] == 0xA5A5A5A5);
    CHECK_EQ(pyr_sg_reachable(0, 2, masks, INT_MAX), PYR_OK);
    CHECK(masks[0] == PYR_SG_FULL && masks[1] == 0xA5A5A5A5);
}

static void test_sg_orientations(void)
{
    static const struct {
        const char *picture;
        int count;
    } cases[] = {
        {"#.... ..... ..... ..... .....", 1}, /* monomino */
        {"##... ..... ..... ..... .....", 2}, /* domino */
        {"..... ..... ..... ...#. ...#.", 2}, /* domino, upright, drawn anywhere */
        {"###.. ..... ..... ..... .....", 2}, /* straight 3 */
        {"#.... ##... ..... ..... .....", 4}, /* L of 3 */
        {"..... ..... ..##. ...#. .....", 4}, /* L of 3, elsewhere */
        {"###.. .#... ..... ..... .....", 4}, /* T of 4 */
        {"#.... #.... ##... ..... .....", 8}, /* L of 4 */
        {"##... ##... ..... ..... .....", 1}, /* square */
        {"####. ..... ..... ..... .....", 2}, /* straight 4 */
        {".##.. ##... ..... ..... .....", 4}, /* S of 4 */
        {"##... ##... #.... ..... .....", 8}, /* P of 5 */
        {".#... ###.. .#... ..... .....", 1}, /* X of 5 */
        {".##.. ##... .#... ..... .....", 8}, /* F of 5 */
        {"#.#.. ###.. ..... ..... .....", 4}, /* U of 5 */
        {"#.... ##... .##.. ..... .....", 4}, /* W of 5 */
        {"##### ..... ..... ..... .....", 2}, /* straight 5 */
        {"##### #...# #...# #...# #####", 1}, /* the ring */
        {"##### ##### ##### ##### #####", 1}, /* the whole card */
        {"##### #.... ##### ....# #####", 4}, /* an S of 17 */
    };
    uint32_t out[SG_GUARD + PYR_SG_MAX_ORIENTATIONS + SG_GUARD];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint32_t shape = sg_mask(cases[i].picture);
        for (int g = 0; g < SG_GUARD + PYR_SG_MAX_ORIENTATIONS + SG_GUARD; g++) out[g] = 0x5A5A5A5A;
        int n = pyr_sg_orientations(shape, out + SG_GUARD, PYR_SG_MAX_ORIENTATIONS);
        CHECK_EQ(n, cases[i].count);
        int found_self = 0;
        for (int k = 0; k < n; k++) {
            uint32_t o = out[SG_GUARD + k];
            if (k > 0) CHECK(out[SG_GUARD + k - 1] < o);
            CHECK_EQ(sg_popcount(o), sg_popcount(shape));
            CHECK(o & 0x1F);          /* touches y = 0 */
            CHECK(o & 0x108421);      /* touches x = 0 */
            CHECK(sg_connected(o));
            /* the shape itself, shifted home, is one of them */
            uint32_t home = shape;
            while (!(home & 0x1F)) home >>= 5;
            while (!(home & 0x108421)) home >>= 1;
            found_self |= o == home;
        }
        CHECK(found_self);
        int intact = 1;
        for (int g = 0; g < SG_GUARD; g++)
            intact &= out[g] == 0x5A5A5A5A && out[SG_GUARD + PYR_SG_MAX_ORIENTATIONS + g] == 0x5A5A5A5A;
        for (int g = n; g < PYR_SG_MAX_ORIENTATIONS; g++) intact &= out[SG_GUARD + g] == 0x5A5A5A5A;
        CHECK(intact);
    }
    /* the two orientations of the domino, exactly */
    CHECK_EQ(pyr_sg_orientations(SG_DOMINO, out, 8), 2);
    CHECK(out[0] == 0x3 && out[1] == 0x21);
    CHECK_EQ(pyr_sg_orientations(sg_cell(3, 4), out, 8), 1);
    CHECK_EQ(out[0], 1);

    /*
     * Every polyomino in the top-left 4x4 box, exhaustively: a shape with a side of 5
     * cells fits in at most 8 * 5 = 40 positions, so this covers the largest counts. The
     * orientations at all their positions never exceed PYR_SG_MAX_PLACEMENTS, which the
     * L of 4 and the P of 5 reach.
     */
    int most = 0, shapes = 0;
    for (uint32_t bits = 1; bits < (1u << 16); bits++) {
        uint32_t shape = 0;
        for (int c = 0; c < 16; c++)
            if ((bits >> c) & 1u) shape |= sg_cell(c % 4, c / 4);
        int n = pyr_sg_orientations(shape, out, 8);
        if (!sg_connected(shape)) {
            CHECK_EQ(n, PYR_E_RANGE);
            continue;
        }
        shapes++;
        int total = 0;
        for (int k = 0; k < n; k++) {
            int w = 0, h = 0;
            for (int c = 0; c < PYR_SG_CELLS; c++) {
                if ((out[k] >> c) & 1u) {
                    if (c % 5 + 1 > w) w = c % 5 + 1;
                    if (c / 5 + 1 > h) h = c / 5 + 1;
                }
            }
            total += (6 - w) * (6 - h);
        }
        if (n < 1 || n > 8) CHECK(n >= 1 && n <= 8);
        if (total > most) most = total;
    }
    CHECK_EQ(most, PYR_SG_MAX_PLACEMENTS);
    CHECK(shapes > 10000);
}

static void test_sg_placements(void)
{
    uint32_t out[PYR_SG_MAX_PLACEMENTS];
    const uint32_t shapes[6] = {SG_DOMINO, SG_STRAIGHT3, SG_L3, SG_T4, SG_L4, SG_SQUARE};
    const int everywhere[6] = {40, 30, 64, 48, 96, 16};

    /* the first shape covers the entrance */
    CHECK_EQ(pyr_sg_placements(0, 0, 2, SG_DOMINO, out, 96), 3);
    CHECK(out[0] == (sg_cell(1, 0) | sg_cell(2, 0)) && out[1] == (sg_cell(2, 0) | sg_cell(3, 0)) &&
          out[2] == (sg_cell(2, 0) | sg_cell(2, 1)));
    CHECK_EQ(pyr_sg_placements(0, 0, 2, SG_STRAIGHT3, out, 96), 4);
    CHECK_EQ(pyr_sg_placements(0, 0, 0, SG_SQUARE, out, 96), 1);
    CHECK_EQ(out[0], SG_SQUARE);
    /* no wrapping from one row to the next */
    CHECK_EQ(pyr_sg_placements(0, 0, 4, SG_DOMINO, out, 96), 2);
    CHECK(out[0] == (sg_cell(3, 0) | sg_cell(4, 0)) && out[1] == (sg_cell(4, 0) | sg_cell(4, 1)));
    CHECK_EQ(pyr_sg_placements(0, 0, 5, SG_STRAIGHT3, out, 96), 3); /* (0, 1): 1 across, 2 down */

    /* walls */
    CHECK_EQ(pyr_sg_placements(sg_cell(1, 0) | sg_cell(2, 1), 0, 2, SG_DOMINO, out, 96), 1);
    CHECK_EQ(out[0], sg_cell(2, 0) | sg_cell(3, 0));
    CHECK_EQ(pyr_sg_placements(sg_cell(2, 1), 0, 2, SG_SQUARE, out, 96), 0);

    /* later shapes touch a marked cell, whatever the entrance */
    uint32_t corridor = PYR_SG_FULL & ~(0x108421u << 2); /* walls but column 2 */
    uint32_t top = sg_cell(2, 0) | sg_cell(2, 1);
    CHECK_EQ(pyr_sg_placements(corridor, top, 2, SG_DOMINO, out, 96), 1);
    CHECK_EQ(out[0], sg_cell(2, 2) | sg_cell(2, 3));
    CHECK_EQ(pyr_sg_placements(corridor, top, 2, SG_STRAIGHT3, out, 96), 1);
    CHECK_EQ(out[0], sg_cell(2, 2) | sg_cell(2, 3) | sg_cell(2, 4));
    CHECK_EQ(pyr_sg_placements(corridor, top, 2, SG_L3, out, 96), 0);
    CHECK_EQ(pyr_sg_placements(0, sg_cell(2, 4), 2, SG_DOMINO, out, 96), 7);
    for (int i = 0; i < 7; i++) CHECK(!(out[i] & sg_cell(2, 0)));

    /* the whole card as a shape */
    CHECK_EQ(pyr_sg_placements(0, 0, 12, PYR_SG_FULL, out, 96), 1);
    CHECK_EQ(out[0], PYR_SG_FULL);
    CHECK_EQ(pyr_sg_placements(1, 0, 12, PYR_SG_FULL, out, 96), 0);

    /* summed over every entrance of an empty card, each placement counts once per cell */
    for (int s = 0; s < 6; s++) {
        int sum = 0;
        for (int e = 0; e < PYR_SG_CELLS; e++) sum += pyr_sg_placements(0, 0, e, shapes[s], out, 96);
        CHECK_EQ(sum, everywhere[s] * sg_popcount(shapes[s]));
    }
}

static void test_sg_cells(void)
{
    uint32_t mask = 0;
    CHECK_EQ(pyr_sg_single_cells(0, 0, 2, &mask, 1), PYR_OK);
    CHECK_EQ(mask, sg_cell(2, 0));
    CHECK_EQ(pyr_sg_single_cells(sg_cell(3, 3), 0, 24, &mask, 1), PYR_OK);
    CHECK_EQ(mask, sg_cell(4, 4));
    CHECK_EQ(pyr_sg_single_cells(0, sg_cell(4, 0), 2, &mask, 1), PYR_OK);
    CHECK_EQ(mask, sg_cell(3, 0) | sg_cell(4, 1));
    CHECK_EQ(pyr_sg_single_cells(sg_cell(1, 1), sg_cell(0, 1), 2, &mask, 1), PYR_OK);
    CHECK_EQ(mask, sg_cell(0, 0) | sg_cell(0, 2));
    CHECK_EQ(pyr_sg_single_cells(0, PYR_SG_FULL, 2, &mask, 1), PYR_OK);
    CHECK_EQ(mask, 0);
    CHECK_EQ(pyr_sg_single_cells(0, sg_mask("..... .###. .#.#. .###. ....."), 0, &mask, 1), PYR_OK);
    CHECK_EQ(mask, sg_mask(".###. #...# #.#.# #...# .###."));

    CHECK_EQ(pyr_sg_reachable(0, 2, &mask, 1), PYR_OK);
    CHECK_EQ(mask, PYR_SG_FULL);
    /* column 1 walls column 0 in */
    CHECK_EQ(pyr_sg_reachable(0x108421u << 1, 0, &mask, 1), PYR_OK);
    CHECK_EQ(mask, 0x108421u);
    CHECK_EQ(pyr_sg_reachable(0x108421u << 1, 2, &mask, 1), PYR_OK);
    CHECK_EQ(mask, 0x108421u * 0x1Cu);
    CHECK_EQ(pyr_sg_reachable(sg_cell(1, 0) | sg_cell(0, 1), 0, &mask, 1), PYR_OK);
    CHECK_EQ(mask, 1);
    CHECK_EQ(pyr_sg_reachable(sg_mask("#.### #.#.. #.#.# #...# #####"), 1, &mask, 1), PYR_OK);
    CHECK_EQ(mask, sg_mask(".#... .#.## .#.#. .###. ....."));
}

/* Random cards against the brute force, and random words against the error order. */
static void test_sg_fuzz(void)
{
    uint32_t out[SG_GUARD + PYR_SG_MAX_PLACEMENTS + SG_GUARD];
    uint32_t brute[PYR_SG_MAX_ORIENTATIONS * PYR_SG_CELLS];
    const uint32_t named[6] = {SG_DOMINO, SG_STRAIGHT3, SG_L3, SG_T4, SG_L4, SG_SQUARE};
    for (int round = 0; round < 3000; round++) {
        int entrance = rnd_below(8) ? rnd_below(5) : rnd_below(PYR_SG_CELLS);
        int density = rnd_below(40);
        uint32_t walls = 0;
        for (int c = 0; c < PYR_SG_CELLS; c++)
            if (rnd_below(100) < density) walls |= UINT32_C(1) << c;
        walls &= ~(UINT32_C(1) << entrance);
        uint32_t marked = 0;
        int kind = rnd_below(4);
        if (kind == 1) marked = sg_grow_random(entrance, ~walls & PYR_SG_FULL, 1 + rnd_below(14));
        if (kind == 2) marked = rnd() & ~walls & PYR_SG_FULL;
        uint32_t shape = rnd_below(2) ? named[rnd_below(6)]
                                      : sg_grow_random(rnd_below(PYR_SG_CELLS), PYR_SG_FULL,
                                                       1 + rnd_below(8));
        if (kind == 3) { /* anything at all, errors included */
            walls = rnd_below(3) ? rnd() & PYR_SG_FULL : rnd();
            marked = rnd_below(3) ? rnd() & PYR_SG_FULL & ~walls : rnd();
            entrance = rnd_below(10) ? rnd_below(PYR_SG_CELLS) : (int)rnd();
            if (rnd_below(2)) shape = rnd_below(2) ? rnd() : rnd() & PYR_SG_FULL;
        }
        int expected = sg_expected_error(walls, marked, entrance, shape);

        for (int g = 0; g < SG_GUARD + PYR_SG_MAX_PLACEMENTS + SG_GUARD; g++) out[g] = 0x5A5A5A5A;
        int n = pyr_sg_placements(walls, marked, entrance, shape, out + SG_GUARD,
                                  PYR_SG_MAX_PLACEMENTS);
        if (expected != PYR_OK) {
            CHECK_EQ(n, expected);
        } else {
            int b = sg_brute_placements(walls, marked, entrance, shape, brute);
            CHECK_EQ(n, b);
            int same = n == b;
            for (int i = 0; same && i < n; i++) same = out[SG_GUARD + i] == brute[i];
            CHECK(same);
        }
        int intact = 1;
        for (int g = 0; g < SG_GUARD; g++)
            intact &= out[g] == 0x5A5A5A5A && out[SG_GUARD + PYR_SG_MAX_PLACEMENTS + g] == 0x5A5A5A5A;
        for (int g = n > 0 ? n : 0; g < PYR_SG_MAX_PLACEMENTS; g++)
            intact &= out[SG_GUARD + g] == 0x5A5A5A5A;
        CHECK(intact);

        /* single cells, and the error order of the card alone */
        uint32_t mask = 0xDEADBEEF;
        int card_error = sg_expected_error(walls, marked, entrance, 1);
        CHECK_EQ(pyr_sg_single_cells(walls, marked, entrance, &mask, 0), short_of(card_error));
        int rc = pyr_sg_single_cells(walls, marked, entrance, &mask, 1);
        CHECK_EQ(rc, card_error);
        if (card_error == PYR_OK) {
            uint32_t want = marked ? sg_adjacent(marked) & ~walls : UINT32_C(1) << entrance;
            CHECK_EQ(mask, want);
            /* a domino-free way to the same answer: the monomino's placements */
            int k = pyr_sg_placements(walls, marked, entrance, 1, out, PYR_SG_MAX_PLACEMENTS);
            uint32_t cells = 0;
            for (int i = 0; i < k; i++) cells |= out[i];
            CHECK_EQ(cells, want);
            CHECK_EQ(k, sg_popcount(want));
        } else {
            CHECK_EQ(mask, 0xDEADBEEF);
        }

        /* reachable: a flood of coordinates */
        mask = 0xDEADBEEF;
        int reach_error = sg_expected_error(walls, 0, entrance, 1);
        CHECK_EQ(pyr_sg_reachable(walls, entrance, &mask, 0), short_of(reach_error));
        rc = pyr_sg_reachable(walls, entrance, &mask, 1);
        CHECK_EQ(rc, reach_error);
        if (reach_error == PYR_OK) {
            uint32_t seen = UINT32_C(1) << entrance;
            for (;;) {
                uint32_t next = (seen | sg_adjacent(seen)) & ~walls & PYR_SG_FULL;
                if (next == seen) break;
                seen = next;
            }
            CHECK_EQ(mask, seen);
            CHECK(sg_connected(mask));
        } else {
            CHECK_EQ(mask, 0xDEADBEEF);
        }

        /* orientations of any word */
        rc = pyr_sg_orientations(shape, out, PYR_SG_MAX_ORIENTATIONS);
        if (!sg_connected(shape)) {
            CHECK_EQ(rc, PYR_E_RANGE);
        } else {
            CHECK(rc >= 1 && rc <= PYR_SG_MAX_ORIENTATIONS);
            if (expected == PYR_OK && marked == 0 && walls == 0) {
                /* on an empty card every placement is an orientation shifted */
                int k = pyr_sg_placements(0, 0, entrance, shape, brute, 96);
                for (int i = 0; i < k; i++) {
                    uint32_t home = brute[i];
                    while (!(home & 0x1F)) home >>= 5;
                    while (!(home & 0x108421)) home >>= 1;
                    int found = 0;
                    for (int j = 0; j < rc; j++) found |= out[j] == home;
                    CHECK(found);
                }
            }
        }
    }
}


/* ---- candidate values --------------------------------------------------------------- */

static const double WEIGHTS[PYR_VALUE_WEIGHTS] = {1.0, 1.0, 0.5, -12.0, 0.0};

static void no_markers(uint16_t *markers)
{
    for (int c = 0; c <= PYR_COLOURS; c++) markers[c] = PYR_NO_AREA;
}

static void test_candidates_by_hand(void)
{
    uint8_t board[PYR_BOARD_SIZE] = {0};
    uint16_t markers[PYR_COLOURS + 1];
    uint16_t first[4];
    double out[4];

    no_markers(markers);
    CHECK_EQ(pyr_placements(board, 0, 5, 4, first, 4), 4); /* the anchor, four ways */
    /* A: colour 1 with an icon, B: colour 2 without; both markers in hand, marking a must */
    CHECK_EQ(pyr_placement_values(board, 0, 5, 4, PYR_AREAS_TOP_VIEW, 0x11, 0x02, first, 4, markers,
                                  0x6, 1, WEIGHTS, out, 4),
             4);
    for (int k = 0; k < 4; k++) CHECK(out[k] == 2.0); /* marked 1 icon, fewest 1, open 0 */
    /* not a must: no marker is worse (open colour 1: its best area, 1 icon, times 0.5) */
    CHECK_EQ(pyr_placement_values(board, 0, 5, 4, PYR_AREAS_LINKED, 0x11, 0x02, first, 4, markers,
                                  0x6, 0, WEIGHTS, out, 4),
             4);
    CHECK(out[0] == 2.0);
    /* no marker in hand: nothing marked, nothing open */
    CHECK_EQ(pyr_placement_values(board, 0, 5, 4, PYR_AREAS_TOP_VIEW, 0x11, 0x02, first, 1, markers,
                                  0, 1, WEIGHTS, out, 1),
             1);
    CHECK(out[0] == 0.0);
    /* the position itself: the marker of colour 1 on block A's first cell (8, 8) */
    put(board, 0, 4, 4, 1, 1);
    put(board, 0, 5, 4, 2, 0);
    markers[1] = 8 * PYR_CELLS + 8;
    CHECK_EQ(pyr_position_value(board, PYR_AREAS_TOP_VIEW, markers, 0x4, WEIGHTS, out, 1), PYR_OK);
    CHECK(out[0] == 2.0);
    /* weights[4]: the marked area with the most icons (colour 2's, 2 icons; colour 1's: 1) */
    static const double MOST[PYR_VALUE_WEIGHTS] = {0.0, 1.0, 0.0, 0.0, 10.0};
    put(board, 0, 5, 4, 2, 3);
    markers[2] = 8 * PYR_CELLS + 10;
    CHECK_EQ(pyr_position_value(board, PYR_AREAS_TOP_VIEW, markers, 0, MOST, out, 1), PYR_OK);
    CHECK(out[0] == 1.0 + 20.0);
    /* two markers in one area count it once */
    put(board, 0, 5, 4, 1, 3);
    CHECK_EQ(pyr_position_value(board, PYR_AREAS_TOP_VIEW, markers, 0, WEIGHTS, out, 1), PYR_OK);
    CHECK(out[0] == 3.0 + 3.0);
    /* an untileable stage costs weights[3]: a lone gap walled in a 4x5 box */
    uint8_t walled[PYR_BOARD_SIZE] = {0};
    fill(walled, 0, 0, 0, 4, 5, 3);
    walled[idx(0, 0, 0)] = 0;
    walled[idx(0, 1, 0)] = 0;
    walled[idx(0, 3, 4)] = 0;
    walled[idx(0, 2, 4)] = 0;
    walled[idx(0, 1, 1)] = 0;
    walled[idx(0, 1, 2)] = 0; /* (1,1)-(1,2) tiles; (0,0)-(1,0) tiles; (2,4)-(3,4) tiles */
    uint16_t one[1] = {(uint16_t)placement(0, 0, 0)};
    no_markers(markers);
    CHECK_EQ(pyr_placement_values(walled, 0, 5, 4, PYR_AREAS_TOP_VIEW, 0x11, 0x01, one, 1, markers, 0,
                                  0, WEIGHTS, out, 1),
             1);
    CHECK(out[0] == 0.0); /* the rest can still be tiled */
    walled[idx(0, 1, 2)] = 3; /* now (1,1) is a lone gap */
    CHECK_EQ(pyr_placement_values(walled, 0, 5, 4, PYR_AREAS_TOP_VIEW, 0x11, 0x01, one, 1, markers, 0,
                                  0, WEIGHTS, out, 1),
             1);
    CHECK(out[0] == -12.0);
}

static void test_candidates_errors(void)
{
    uint8_t board[PYR_BOARD_SIZE] = {0};
    uint16_t markers[PYR_COLOURS + 1];
    uint16_t ok[1] = {(uint16_t)placement(4, 4, 0)};
    double out[2];

#define VALUES(b, stage, mode, a, bb, pl, n, mk, open, must, w, o, cap)                        \
    pyr_placement_values(b, stage, 5, 4, mode, a, bb, pl, n, mk, open, must, w, o, cap)
    no_markers(markers);
    memset(out, 0x5A, sizeof out);
    CHECK_EQ(VALUES(NULL, 0, 0, 0x11, 0x11, ok, 1, markers, 0, 0, WEIGHTS, out, 1), PYR_E_NULL);
    CHECK_EQ(VALUES(board, 0, 0, 0x11, 0x11, NULL, 1, markers, 0, 0, WEIGHTS, out, 1), PYR_E_NULL);
    CHECK_EQ(VALUES(board, 0, 0, 0x11, 0x11, ok, 1, NULL, 0, 0, WEIGHTS, out, 1), PYR_E_NULL);
    CHECK_EQ(VALUES(board, 0, 0, 0x11, 0x11, ok, 1, markers, 0, 0, NULL, out, 1), PYR_E_NULL);
    CHECK_EQ(VALUES(board, 0, 0, 0x11, 0x11, ok, 1, markers, 0, 0, WEIGHTS, NULL, 1), PYR_E_NULL);
    CHECK_EQ(VALUES(board, 4, 0, 0x11, 0x11, ok, 1, markers, 0, 0, WEIGHTS, out, 1), PYR_E_RANGE);
    CHECK_EQ(VALUES(board, 0, 2, 0x11, 0x11, ok, 1, markers, 0, 0, WEIGHTS, out, 1), PYR_E_RANGE);
    CHECK_EQ(VALUES(board, 0, 0, 0x11, 0x11, ok, -1, markers, 0, 0, WEIGHTS, out, 1), PYR_E_RANGE);
    CHECK_EQ(VALUES(board, 0, 0, 0x11, 0x11, ok, 1, markers, 0, 0, WEIGHTS, out, -1), PYR_E_RANGE);
    CHECK_EQ(VALUES(board, 0, 0, 0x11, 0x11, ok, 1, markers, 1, 0, WEIGHTS, out, 1), PYR_E_RANGE);
    CHECK_EQ(VALUES(board, 0, 0, 0x11, 0x11, ok, 1, markers, 0x100, 0, WEIGHTS, out, 1), PYR_E_RANGE);
    CHECK_EQ(VALUES(board, 0, 0, 0x11, 0x11, ok, 1, markers, 0, 2, WEIGHTS, out, 1), PYR_E_RANGE);
    markers[0] = 0;
    CHECK_EQ(VALUES(board, 0, 0, 0x11, 0x11, ok, 1, markers, 0, 0, WEIGHTS, out, 1), PYR_E_RANGE);
    markers[0] = PYR_NO_AREA;
    markers[3] = PYR_VIEW_SIZE;
    CHECK_EQ(VALUES(board, 0, 0, 0x11, 0x11, ok, 1, markers, 0, 0, WEIGHTS, out, 1), PYR_E_RANGE);
    markers[3] = PYR_NO_AREA;
    board[7] = 0x10; /* icons, no colour */
    CHECK_EQ(VALUES(board, 0, 0, 0x11, 0x11, ok, 1, markers, 0, 0, WEIGHTS, out, 1), PYR_E_BOARD);
    board[7] = 0;
    CHECK_EQ(VALUES(board, 0, 0, 0x10, 0x11, ok, 1, markers, 0, 0, WEIGHTS, out, 1), PYR_E_BOARD);
    CHECK_EQ(VALUES(board, 0, 0, 0x11, 0x19, ok, 1, markers, 0, 0, WEIGHTS, out, 1), PYR_E_BOARD);
    CHECK_EQ(VALUES(board, 1, 0, 0x11, 0x11, ok, 1, markers, 0, 0, WEIGHTS, out, 1), PYR_E_NOBOX);
    uint16_t beyond[1] = {PYR_PLACEMENTS};
    uint16_t off[1] = {(uint16_t)placement(8, 4, 0)};
    CHECK_EQ(VALUES(board, 0, 0, 0x11, 0x11, beyond, 1, markers, 0, 0, WEIGHTS, out, 1), PYR_E_RANGE);
    CHECK_EQ(VALUES(board, 0, 0, 0x11, 0x11, off, 1, markers, 0, 0, WEIGHTS, out, 1), PYR_E_RANGE);
    put(board, 0, 5, 4, 2, 0);
    CHECK_EQ(VALUES(board, 0, 0, 0x11, 0x11, ok, 1, markers, 0, 0, WEIGHTS, out, 1), PYR_E_RANGE);
    board[idx(0, 5, 4)] = 0;
    uint16_t two[2] = {ok[0], (uint16_t)placement(4, 4, 1)};
    CHECK_EQ(VALUES(board, 0, 0, 0x11, 0x11, two, 2, markers, 0, 0, WEIGHTS, out, 1), PYR_E_CAPACITY);
    CHECK(untouched(out, sizeof out));
    CHECK_EQ(VALUES(board, 0, 0, 0x11, 0x11, two, 0, markers, 0, 0, WEIGHTS, out, 0), 0);
    CHECK(untouched(out, sizeof out));
#undef VALUES

    CHECK_EQ(pyr_position_value(NULL, 0, markers, 0, WEIGHTS, out, 1), PYR_E_NULL);
    CHECK_EQ(pyr_position_value(board, 5, markers, 0, WEIGHTS, out, 1), PYR_E_RANGE);
    CHECK_EQ(pyr_position_value(board, 0, markers, -2, WEIGHTS, out, 1), PYR_E_RANGE);
    board[0] = 0x08;
    CHECK_EQ(pyr_position_value(board, 0, markers, 0, WEIGHTS, out, 1), PYR_E_BOARD);
    board[0] = 0;
    CHECK_EQ(pyr_position_value(board, 0, markers, 0, WEIGHTS, out, 0), PYR_E_CAPACITY);
    CHECK(untouched(out, sizeof out));
}

/*
 * The value of one candidate worked out again through the public functions: label the
 * areas, then sum the marked areas' icons and find each open colour's best unmarked area.
 */
static double recomputed(const uint8_t *board, int mode, const uint16_t *markers, int open)
{
    uint16_t labels[PYR_VIEW_SIZE], icons[PYR_MAX_AREAS], cells[PYR_MAX_AREAS];
    uint8_t colours[PYR_MAX_AREAS], marked[PYR_MAX_AREAS] = {0};
    int n = pyr_label_areas_mode(board, mode, labels, PYR_VIEW_SIZE, colours, icons, cells,
                                 PYR_MAX_AREAS);
    double sum = 0, fewest = -1, open_sum = 0;
    for (int c = 1; c <= PYR_COLOURS; c++) {
        if (markers[c] == PYR_NO_AREA || labels[markers[c]] == PYR_NO_AREA) continue;
        int a = labels[markers[c]];
        if (marked[a]) continue;
        marked[a] = 1;
        sum += icons[a];
        if (fewest < 0 || icons[a] < fewest) fewest = icons[a];
    }
    for (int c = 1; c <= PYR_COLOURS; c++) {
        int best = 0;
        if (!((open >> c) & 1)) continue;
        for (int a = 0; a < n; a++)
            if (colours[a] == c && !marked[a] && icons[a] > best) best = icons[a];
        open_sum += best;
    }
    return WEIGHTS[0] * sum + WEIGHTS[1] * (fewest < 0 ? 0 : fewest) + WEIGHTS[2] * open_sum;
}

static uint8_t turned_byte(uint8_t byte, int rot)
{
    static const int CW[4] = {1, 3, 0, 2};
    unsigned icons = byte >> 4;
    for (int r = 0; r < rot; r++) {
        unsigned next = 0;
        for (int q = 0; q < 4; q++)
            if ((icons >> q) & 1u) next |= 1u << CW[q];
        icons = next;
    }
    return (uint8_t)((byte & 7u) | (icons << 4));
}

/* Lay up to `count` random dominoes on stage 0, each at a random legal placement: blocks
 * of colours 1..`colours`, block A with an icon 1 time in `a_icon_odds`, B 1 in
 * `b_icon_odds` (the fuzz tests' boards). */
static void lay_random_dominoes(uint8_t *board, int count, int colours, int a_icon_odds,
                                int b_icon_odds)
{
    uint16_t list[PYR_PLACEMENTS];
    for (int d = 0; d < count; d++) {
        int n = pyr_placements(board, 0, 5, 4, list, PYR_PLACEMENTS);
        if (n <= 0) break;
        int p = list[rnd_below(n)], x = p / 4 % PYR_SIDE, y = p / 4 / PYR_SIDE, rot = p % 4;
        put(board, 0, x, y, 1 + rnd_below(colours), rnd_below(a_icon_odds) ? 0 : 1 << rnd_below(4));
        put(board, 0, x + (rot == 0) - (rot == 2), y + (rot == 1) - (rot == 3),
            1 + rnd_below(colours), rnd_below(b_icon_odds) ? 0 : 1 << rnd_below(4));
    }
}

/* Random markers of colours 1-6: each placed on a random cell 1 time in 3, else in hand
 * (open) 1 time in 2; returns the mask of the open colours. */
static int random_markers(uint16_t *markers)
{
    int open = 0;
    no_markers(markers);
    for (int c = 1; c <= 6; c++) {
        if (rnd_below(3) == 0) markers[c] = (uint16_t)rnd_below(PYR_VIEW_SIZE);
        else if (rnd_below(2)) open |= 1 << c;
    }
    return open;
}

/* Random stage-0 games: every placement's value against the recomputation. */
static void test_candidates_fuzz(void)
{
    for (int game = 0; game < 300; game++) {
        uint8_t board[PYR_BOARD_SIZE] = {0};
        uint16_t markers[PYR_COLOURS + 1], list[PYR_PLACEMENTS];
        double out[PYR_PLACEMENTS];
        lay_random_dominoes(board, 1 + rnd_below(9), 6, 4, 3);
        int open = random_markers(markers);
        uint8_t a = (uint8_t)(1 + rnd_below(6) + (rnd_below(16) << 4));
        uint8_t b = (uint8_t)(1 + rnd_below(6) + (rnd_below(16) << 4));
        int mode = rnd_below(2), must = rnd_below(2);
        int n = pyr_placements(board, 0, 5, 4, list, PYR_PLACEMENTS);
        CHECK_EQ(pyr_placement_values(board, 0, 5, 4, mode, a, b, list, n, markers, open, must, WEIGHTS,
                                      out, n),
                 n);
        for (int k = 0; k < n; k++) {
            uint8_t copy[PYR_BOARD_SIZE];
            int x = list[k] / 4 % PYR_SIDE, y = list[k] / 4 / PYR_SIDE, rot = list[k] % 4;
            int bx = x + (rot == 0) - (rot == 2), by = y + (rot == 1) - (rot == 3);
            uint8_t laid[2] = {turned_byte(a, rot), turned_byte(b, rot)};
            int spaces[2][2] = {{x, y}, {bx, by}};
            memcpy(copy, board, sizeof copy);
            put(copy, 0, x, y, laid[0] & 7, laid[0] >> 4);
            put(copy, 0, bx, by, laid[1] & 7, laid[1] >> 4);
            double best = 0;
            int ways = 0;
            for (int j = 0; j < 2; j++) {
                int c = laid[j] & 7;
                if ((laid[j] >> 4) == 0 || !((open >> c) & 1)) continue;
                uint16_t with[PYR_COLOURS + 1];
                memcpy(with, markers, sizeof with);
                with[c] = (uint16_t)((2 * spaces[j][1]) * PYR_CELLS + 2 * spaces[j][0]);
                double v = recomputed(copy, mode, with, open & ~(1 << c));
                if (ways++ == 0 || v > best) best = v;
            }
            if (ways == 0 || !must) {
                double v = recomputed(copy, mode, markers, open);
                if (ways++ == 0 || v > best) best = v;
            }
            if (pyr_can_tile(copy, 0, 5, 4) == 0) best += WEIGHTS[3];
            CHECK(out[k] == best);
        }
    }
}

/* Random stage-0 boards: a decision's candidates in one call, against the values of one
 * domino at a time (pyr_placement_values) and a recomputation of each block laid. */
static void test_decision_values_fuzz(void)
{
    for (int game = 0; game < 200; game++) {
        uint8_t board[PYR_BOARD_SIZE] = {0}, a[3], b[3], blocks[4];
        uint16_t markers[PYR_COLOURS + 1], list[PYR_PLACEMENTS], spaces[4];
        static double out[3 * PYR_PLACEMENTS], one[PYR_PLACEMENTS];
        lay_random_dominoes(board, 1 + rnd_below(12), 3, 2, 2);
        int open = random_markers(markers);
        for (int j = 0; j < 3; j++) {
            a[j] = (uint8_t)(1 + rnd_below(3) + (rnd_below(16) << 4));
            b[j] = (uint8_t)(1 + rnd_below(3) + (rnd_below(16) << 4));
        }
        int mode = rnd_below(2), must = rnd_below(2);
        int n = pyr_placements(board, 0, 5, 4, list, PYR_PLACEMENTS);
        CHECK_EQ(pyr_dominoes_values(board, 0, 5, 4, mode, a, b, 3, list, n, markers, open, must,
                                     WEIGHTS, out, 3 * n),
                 3 * n);
        for (int j = 0; j < 3; j++) {
            CHECK_EQ(pyr_placement_values(board, 0, 5, 4, mode, a[j], b[j], list, n, markers, open, must,
                                          WEIGHTS, one, n),
                     n);
            CHECK(memcmp(one, out + j * n, (size_t)n * sizeof one[0]) == 0);
        }
        int filled = 0;
        for (int space = 0; space < 81 && filled < 4; space++) {
            if (board[space] == 0) continue;
            spaces[filled] = (uint16_t)space;
            blocks[filled++] = (uint8_t)(1 + rnd_below(3) + ((1 << rnd_below(4)) << 4));
        }
        CHECK_EQ(pyr_block_values(board, 0, mode, spaces, blocks, filled, markers, open, 1,
                                  WEIGHTS, out, filled),
                 filled);
        for (int k = 0; k < filled; k++) {
            uint8_t copy[PYR_BOARD_SIZE];
            uint16_t with[PYR_COLOURS + 1];
            int c = blocks[k] & 7, x = spaces[k] % PYR_SIDE, y = spaces[k] / PYR_SIDE;
            memcpy(copy, board, sizeof copy);
            memcpy(with, markers, sizeof with);
            copy[spaces[k]] = blocks[k];
            int marks = (open >> c) & 1;
            if (marks) with[c] = (uint16_t)((2 * y) * PYR_CELLS + 2 * x);
            CHECK(out[k] == recomputed(copy, mode, with, marks ? open & ~(1 << c) : open));
        }
    }
}

/* The record of one way of marking a candidate worked out again through the public
 * functions (see pyr_dominoes_marks): label the areas, list the marked ones in label order. */
static void recomputed_record(const uint8_t *board, int mode, const uint16_t *markers, int open,
                              int candidate, int untileable, int32_t *record)
{
    uint16_t labels[PYR_VIEW_SIZE], icons[PYR_MAX_AREAS], cells[PYR_MAX_AREAS];
    uint8_t colours[PYR_MAX_AREAS];
    int32_t mask[PYR_MAX_AREAS] = {0};
    int n = pyr_label_areas_mode(board, mode, labels, PYR_VIEW_SIZE, colours, icons, cells,
                                 PYR_MAX_AREAS), marked = 0, open_sum = 0;
    for (int c = 1; c <= PYR_COLOURS; c++)
        if (markers[c] != PYR_NO_AREA && labels[markers[c]] != PYR_NO_AREA)
            mask[labels[markers[c]]] |= 1 << c;
    memset(record, 0, PYR_MARK_FIELDS * sizeof record[0]);
    for (int a = 0; a < n; a++) {
        if (mask[a] == 0) continue;
        record[4 + 3 * marked] = colours[a];
        record[5 + 3 * marked] = icons[a];
        record[6 + 3 * marked++] = mask[a];
    }
    for (int c = 1; c <= PYR_COLOURS; c++) {
        int best = 0;
        if (!((open >> c) & 1)) continue;
        for (int a = 0; a < n; a++)
            if (colours[a] == c && mask[a] == 0 && icons[a] > best) best = icons[a];
        open_sum += best;
    }
    record[0] = candidate;
    record[1] = untileable;
    record[2] = open_sum;
    record[3] = marked;
}

/* Random stage-0 boards: every way of marking every candidate, against its record
 * worked out again, and the best linear value of a candidate's ways against
 * pyr_dominoes_values. */
static void test_marks_fuzz(void)
{
    for (int game = 0; game < 200; game++) {
        uint8_t board[PYR_BOARD_SIZE] = {0}, a[2], b[2];
        uint16_t markers[PYR_COLOURS + 1], list[PYR_PLACEMENTS];
        static int32_t out[PYR_MARK_WAYS * 2 * PYR_PLACEMENTS * PYR_MARK_FIELDS];
        static double values[2 * PYR_PLACEMENTS];
        int32_t expected[PYR_MARK_FIELDS];
        lay_random_dominoes(board, 1 + rnd_below(12), 3, 2, 2);
        int open = random_markers(markers);
        for (int j = 0; j < 2; j++) {
            a[j] = (uint8_t)(1 + rnd_below(3) + (rnd_below(16) << 4));
            b[j] = (uint8_t)(1 + rnd_below(3) + (rnd_below(16) << 4));
        }
        int mode = rnd_below(2), must = rnd_below(2);
        int n = pyr_placements(board, 0, 5, 4, list, PYR_PLACEMENTS);
        int count = pyr_dominoes_marks(board, 0, 5, 4, mode, a, b, 2, list, n, markers, open, must, out,
                                       PYR_MARK_WAYS * 2 * n);
        CHECK(count >= 2 * n && count <= PYR_MARK_WAYS * 2 * n);
        CHECK_EQ(pyr_dominoes_values(board, 0, 5, 4, mode, a, b, 2, list, n, markers, open, must,
                                     WEIGHTS, values, 2 * n),
                 2 * n);
        int at = 0;
        for (int k = 0; k < n; k++) {
            for (int j = 0; j < 2; j++) {
                uint8_t copy[PYR_BOARD_SIZE];
                int x = list[k] / 4 % PYR_SIDE, y = list[k] / 4 / PYR_SIDE, rot = list[k] % 4;
                int bx = x + (rot == 0) - (rot == 2), by = y + (rot == 1) - (rot == 3);
                uint8_t laid[2] = {turned_byte(a[j], rot), turned_byte(b[j], rot)};
                int spaces[2][2] = {{x, y}, {bx, by}}, ways = 0;
                memcpy(copy, board, sizeof copy);
                put(copy, 0, x, y, laid[0] & 7, laid[0] >> 4);
                put(copy, 0, bx, by, laid[1] & 7, laid[1] >> 4);
                int untileable = pyr_can_tile(copy, 0, 5, 4) == 0;
                double best = 0;
                for (int w = 0; w < 3; w++) {
                    uint16_t with[PYR_COLOURS + 1];
                    int c = w < 2 ? laid[w] & 7 : 0, way_open = open;
                    memcpy(with, markers, sizeof with);
                    if (w < 2) {
                        if ((laid[w] >> 4) == 0 || !((open >> c) & 1)) continue;
                        with[c] = (uint16_t)((2 * spaces[w][1]) * PYR_CELLS + 2 * spaces[w][0]);
                        way_open = open & ~(1 << c);
                    } else if (ways > 0 && must) {
                        continue;
                    }
                    recomputed_record(copy, mode, with, way_open, j * n + k, untileable, expected);
                    CHECK(at < count);
                    if (at >= count) return;
                    CHECK(memcmp(expected, out + at * PYR_MARK_FIELDS, sizeof expected) == 0);
                    double v = recomputed(copy, mode, with, way_open);
                    if (ways++ == 0 || v > best) best = v;
                    at++;
                }
                CHECK(values[j * n + k] == (untileable ? best + WEIGHTS[3] : best));
            }
        }
        CHECK_EQ(at, count);
        /* each block of the board laid again, another colour: as pyr_block_values values it */
        uint16_t spaces[81];
        uint8_t blocks[81];
        int filled = 0;
        for (int space = 0; space < 81; space++)
            if (board[space] != 0) {
                spaces[filled] = (uint16_t)space;
                blocks[filled++] = (uint8_t)(1 + rnd_below(3) + ((1 << rnd_below(4)) << 4));
            }
        count = pyr_block_marks(board, 0, mode, spaces, blocks, filled, markers, open, must, out,
                                2 * filled);
        CHECK_EQ(pyr_block_values(board, 0, mode, spaces, blocks, filled, markers, open, must,
                                  WEIGHTS, values, filled),
                 filled);
        double best[81];
        int seen[81] = {0};
        for (int r = 0; r < count; r++) {
            const int32_t *record = out + r * PYR_MARK_FIELDS;
            double sum = 0, fewest = -1;
            for (int i = 0; i < record[3]; i++) {
                sum += record[5 + 3 * i];
                if (fewest < 0 || record[5 + 3 * i] < fewest) fewest = record[5 + 3 * i];
            }
            double v = WEIGHTS[0] * sum + WEIGHTS[1] * (fewest < 0 ? 0 : fewest) +
                       WEIGHTS[2] * record[2];
            int k = record[0];
            CHECK(k >= 0 && k < filled && record[1] == 0);
            if (seen[k]++ == 0 || v > best[k]) best[k] = v;
        }
        for (int k = 0; k < filled; k++) CHECK(seen[k] >= 1 && best[k] == values[k]);
    }
}

static void test_marks_errors(void)
{
    uint8_t board[PYR_BOARD_SIZE] = {0}, a[1] = {0x11}, b[1] = {0x12}, bad[1] = {0x10};
    uint16_t markers[PYR_COLOURS + 1], ok[1] = {(uint16_t)placement(4, 4, 0)};
    uint16_t beyond[1] = {PYR_PLACEMENTS};
    int32_t out[PYR_MARK_WAYS * PYR_MARK_FIELDS];

    no_markers(markers);
    memset(out, 0x5A, sizeof out);
    CHECK_EQ(pyr_dominoes_marks(board, 0, 5, 4, 0, a, b, 1, ok, 1, markers, 0, 0, NULL, 3), PYR_E_NULL);
    CHECK_EQ(pyr_dominoes_marks(NULL, 0, 5, 4, 0, a, b, 1, ok, 1, markers, 0, 0, out, 3), PYR_E_NULL);
    CHECK_EQ(pyr_dominoes_marks(board, 0, 5, 4, 0, a, NULL, 1, ok, 1, markers, 0, 0, out, 3), PYR_E_NULL);
    CHECK_EQ(pyr_dominoes_marks(board, 0, 5, 4, 2, a, b, 1, ok, 1, markers, 0, 0, out, 3), PYR_E_RANGE);
    CHECK_EQ(pyr_dominoes_marks(board, 4, 5, 4, 0, a, b, 1, ok, 1, markers, 0, 0, out, 3), PYR_E_RANGE);
    CHECK_EQ(pyr_dominoes_marks(board, 0, 5, 4, 0, a, b, -1, ok, 1, markers, 0, 0, out, 3), PYR_E_RANGE);
    CHECK_EQ(pyr_dominoes_marks(board, 0, 5, 4, 0, a, b, 1, ok, 1, markers, 1, 0, out, 3), PYR_E_RANGE);
    CHECK_EQ(pyr_dominoes_marks(board, 0, 5, 4, 0, a, b, 1, ok, 1, markers, 0, 2, out, 3), PYR_E_RANGE);
    CHECK_EQ(pyr_dominoes_marks(board, 0, 5, 4, 0, a, b, 1, ok, 1, markers, 0, 0, out, -1), PYR_E_RANGE);
    CHECK_EQ(pyr_dominoes_marks(board, 0, 5, 4, 0, a, b, 1000, ok, INT_MAX / 2000, markers, 0, 0, out, 3),
             PYR_E_RANGE); /* 3 * m * n beyond int, though m * n is not */
    CHECK_EQ(pyr_dominoes_marks(board, 0, 5, 4, 0, a, bad, 1, ok, 1, markers, 0, 0, out, 3), PYR_E_BOARD);
    CHECK_EQ(pyr_dominoes_marks(board, 1, 5, 4, 0, a, b, 1, ok, 1, markers, 0, 0, out, 3), PYR_E_NOBOX);
    CHECK_EQ(pyr_dominoes_marks(board, 0, 5, 4, 0, a, b, 1, beyond, 1, markers, 0, 0, out, 3),
             PYR_E_RANGE);
    CHECK_EQ(pyr_dominoes_marks(board, 0, 5, 4, 0, a, b, 1, ok, 1, markers, 0, 0, out, 2),
             PYR_E_CAPACITY); /* room for every way, whether or not it is taken */
    CHECK(untouched(out, sizeof out));
    CHECK_EQ(pyr_dominoes_marks(board, 0, 5, 4, 0, a, b, 0, ok, 1, markers, 0, 0, out, 0), 0);
    /* both markers open: a marker on either block, or none */
    CHECK_EQ(pyr_dominoes_marks(board, 0, 5, 4, 0, a, b, 1, ok, 1, markers, 0x6, 0, out, 3), 3);
    CHECK_EQ(out[0], 0);
    CHECK_EQ(out[3], 1);
    CHECK_EQ(out[4], 1);
    CHECK_EQ(out[5], 1);
    CHECK_EQ(out[6], 0x2);
    CHECK_EQ(out[2], 1); /* colour 2 still open: its area of one icon */
    CHECK_EQ(out[2 * PYR_MARK_FIELDS + 3], 0);
    CHECK_EQ(out[2 * PYR_MARK_FIELDS + 2], 2);
    /* marking required: no way without a marker */
    CHECK_EQ(pyr_dominoes_marks(board, 0, 5, 4, 0, a, b, 1, ok, 1, markers, 0x6, 1, out, 3), 2);

    uint16_t space[1] = {40}, off[1] = {81};
    memset(out, 0x5A, sizeof out);
    CHECK_EQ(pyr_block_marks(board, 0, 0, space, a, 1, markers, 0, 1, NULL, 2), PYR_E_NULL);
    CHECK_EQ(pyr_block_marks(board, 0, 0, NULL, a, 1, markers, 0, 1, out, 2), PYR_E_NULL);
    CHECK_EQ(pyr_block_marks(board, 4, 0, space, a, 1, markers, 0, 1, out, 2), PYR_E_RANGE);
    CHECK_EQ(pyr_block_marks(board, 0, 0, off, a, 1, markers, 0, 1, out, 2), PYR_E_RANGE);
    CHECK_EQ(pyr_block_marks(board, 0, 0, space, a, INT_MAX / 2 + 1, markers, 0, 1, out, 2),
             PYR_E_RANGE); /* 2 * n beyond int */
    CHECK_EQ(pyr_block_marks(board, 0, 0, space, bad, 1, markers, 0, 1, out, 2), PYR_E_BOARD);
    CHECK_EQ(pyr_block_marks(board, 0, 0, space, a, 1, markers, 0, 1, out, 1), PYR_E_CAPACITY);
    CHECK(untouched(out, sizeof out));
    /* the marker of its colour must go on the block: one way */
    CHECK_EQ(pyr_block_marks(board, 0, 0, space, a, 1, markers, 0x2, 1, out, 2), 1);
    CHECK_EQ(out[0], 0);
    CHECK_EQ(out[1], 0);
    CHECK_EQ(out[3], 1);
    CHECK_EQ(out[4], 1);
    CHECK_EQ(out[5], 1);
    CHECK_EQ(out[6], 0x2);
    CHECK_EQ(pyr_block_marks(board, 0, 0, space, a, 1, markers, 0x2, 0, out, 2), 2);
    CHECK_EQ(out[PYR_MARK_FIELDS + 3], 0);
    CHECK_EQ(out[PYR_MARK_FIELDS + 2], 1); /* unmarked: the open colour's area of one icon */
}

static void test_decision_values_errors(void)
{
    uint8_t board[PYR_BOARD_SIZE] = {0}, a[1] = {0x11}, b[1] = {0x02}, bad[1] = {0x10};
    uint16_t markers[PYR_COLOURS + 1], ok[1] = {(uint16_t)placement(4, 4, 0)};
    uint16_t space[1] = {40}, beyond[1] = {81};
    double out[2];

    no_markers(markers);
    memset(out, 0x5A, sizeof out);
    CHECK_EQ(pyr_dominoes_values(board, 0, 5, 4, 0, NULL, b, 1, ok, 1, markers, 0, 0, WEIGHTS, out, 1),
             PYR_E_NULL);
    CHECK_EQ(pyr_dominoes_values(board, 0, 5, 4, 0, a, b, -1, ok, 1, markers, 0, 0, WEIGHTS, out, 1),
             PYR_E_RANGE);
    CHECK_EQ(pyr_dominoes_values(board, 0, 5, 4, 0, a, b, 2, ok, INT_MAX, markers, 0, 0, WEIGHTS, out,
                                 1),
             PYR_E_RANGE);
    CHECK_EQ(pyr_dominoes_values(board, 0, 5, 4, 0, a, bad, 1, ok, 1, markers, 0, 0, WEIGHTS, out, 1),
             PYR_E_BOARD);
    CHECK_EQ(pyr_dominoes_values(board, 0, 5, 4, 0, a, b, 1, ok, 1, markers, 0, 0, WEIGHTS, out, 0),
             PYR_E_CAPACITY);
    CHECK_EQ(pyr_block_values(NULL, 0, 0, space, a, 1, markers, 0, 1, WEIGHTS, out, 1), PYR_E_NULL);
    CHECK_EQ(pyr_block_values(board, 0, 0, NULL, a, 1, markers, 0, 1, WEIGHTS, out, 1), PYR_E_NULL);
    CHECK_EQ(pyr_block_values(board, 4, 0, space, a, 1, markers, 0, 1, WEIGHTS, out, 1),
             PYR_E_RANGE);
    CHECK_EQ(pyr_block_values(board, 0, 0, beyond, a, 1, markers, 0, 1, WEIGHTS, out, 1),
             PYR_E_RANGE);
    CHECK_EQ(pyr_block_values(board, 0, 0, space, a, 1, markers, 0, 2, WEIGHTS, out, 1),
             PYR_E_RANGE);
    CHECK_EQ(pyr_block_values(board, 0, 0, space, bad, 1, markers, 0, 1, WEIGHTS, out, 1),
             PYR_E_BOARD);
    board[3] = 0x08;
    CHECK_EQ(pyr_block_values(board, 0, 0, space, a, 1, markers, 0, 1, WEIGHTS, out, 1),
             PYR_E_BOARD);
    board[3] = 0;
    CHECK_EQ(pyr_block_values(board, 0, 0, space, a, 1, markers, 0, 1, WEIGHTS, out, 0),
             PYR_E_CAPACITY);
    CHECK(untouched(out, sizeof out));
    CHECK_EQ(pyr_block_values(board, 0, 0, space, a, 1, markers, 0x2, 1, WEIGHTS, out, 1), 1);
    CHECK(out[0] == 2.0); /* marked on the card: 1 icon, fewest 1 */
}

/* ---- the random generator ------------------------------------------------------------ */

/* pyr_area_cells: by hand on a labelled board, its errors, then random labellings against a
   scan of the labels area by area (areas wanted in any order, some twice, some absent). */
static void test_area_cells(void)
{
    uint8_t board[PYR_BOARD_SIZE] = {0};
    uint16_t labels[PYR_VIEW_SIZE], icons[PYR_MAX_AREAS], cells[PYR_MAX_AREAS];
    uint8_t colours[PYR_MAX_AREAS];
    uint16_t wanted[PYR_MAX_AREAS + 1], counts[PYR_MAX_AREAS + 1], out[4 * PYR_VIEW_SIZE];

    /* red (0,0) and (1,0), blue (2,0): area 0 is cells (0..3, 0..1), area 1 (4..5, 0..1) */
    put(board, 0, 0, 0, 1, 0x3);
    put(board, 0, 1, 0, 1, 0x0);
    put(board, 0, 2, 0, 2, 0x4);
    CHECK_EQ(pyr_label_areas(board, labels, PYR_VIEW_SIZE, colours, icons, cells, PYR_MAX_AREAS), 2);
    wanted[0] = 1;
    wanted[1] = 0;
    wanted[2] = 7; /* no such area: no cells */
    wanted[3] = 1;
    CHECK_EQ(pyr_area_cells(labels, PYR_VIEW_SIZE, wanted, 4, counts, out, PYR_VIEW_SIZE), 4 + 8 + 0 + 4);
    CHECK_EQ(counts[0], 4);
    CHECK_EQ(counts[1], 8);
    CHECK_EQ(counts[2], 0);
    CHECK_EQ(counts[3], 4);
    static const uint16_t expected[] = {4,  5,  22, 23, 0, 1, 2, 3, 18, 19, 20, 21, 4, 5, 22, 23};
    for (int i = 0; i < 16; i++) CHECK_EQ(out[i], expected[i]);
    CHECK_EQ(pyr_area_cells(labels, PYR_VIEW_SIZE, NULL, 0, NULL, out, 0), 0);

    /* errors, the first failing check wins; outputs untouched */
    out[0] = 999;
    CHECK_EQ(pyr_area_cells(NULL, PYR_VIEW_SIZE, wanted, 1, counts, out, 10), PYR_E_NULL);
    CHECK_EQ(pyr_area_cells(labels, PYR_VIEW_SIZE, NULL, 1, counts, out, 10), PYR_E_NULL);
    CHECK_EQ(pyr_area_cells(labels, PYR_VIEW_SIZE, wanted, 1, NULL, out, 10), PYR_E_NULL);
    CHECK_EQ(pyr_area_cells(labels, PYR_VIEW_SIZE, wanted, 1, counts, NULL, 10), PYR_E_NULL);
    CHECK_EQ(pyr_area_cells(labels, PYR_VIEW_SIZE - 1, wanted, 1, counts, out, 10), PYR_E_RANGE);
    CHECK_EQ(pyr_area_cells(labels, PYR_VIEW_SIZE, wanted, -1, counts, out, 10), PYR_E_RANGE);
    CHECK_EQ(pyr_area_cells(labels, PYR_VIEW_SIZE, wanted, PYR_MAX_AREAS + 1, counts, out, 10), PYR_E_RANGE);
    CHECK_EQ(pyr_area_cells(labels, PYR_VIEW_SIZE, wanted, 1, counts, out, -1), PYR_E_RANGE);
    wanted[1] = PYR_MAX_AREAS;
    CHECK_EQ(pyr_area_cells(labels, PYR_VIEW_SIZE, wanted, 2, counts, out, 10), PYR_E_RANGE);
    wanted[1] = PYR_NO_AREA;
    CHECK_EQ(pyr_area_cells(labels, PYR_VIEW_SIZE, wanted, 2, counts, out, 10), PYR_E_RANGE);
    wanted[1] = 0;
    CHECK_EQ(pyr_area_cells(labels, PYR_VIEW_SIZE, wanted, 2, counts, out, 11), PYR_E_CAPACITY);
    CHECK_EQ(out[0], 999);
    CHECK_EQ(pyr_area_cells(labels, PYR_VIEW_SIZE, wanted, 2, counts, out, 12), 12);

    /* random labellings: each wanted area's cells, ascending, as a scan finds them */
    for (int round = 0; round < 2000; round++) {
        int areas = 1 + rnd_below(40);
        for (int cell = 0; cell < PYR_VIEW_SIZE; cell++)
            labels[cell] = rnd_below(4) ? (uint16_t)rnd_below(areas) : (uint16_t)PYR_NO_AREA;
        int n = rnd_below(6);
        for (int i = 0; i < n; i++) wanted[i] = (uint16_t)rnd_below(areas + 2);
        int total = pyr_area_cells(labels, PYR_VIEW_SIZE, wanted, n, counts, out, 4 * PYR_VIEW_SIZE);
        int at = 0;
        for (int i = 0; i < n; i++) {
            int count = 0;
            for (int cell = 0; cell < PYR_VIEW_SIZE; cell++) {
                if (labels[cell] != wanted[i]) continue;
                CHECK_EQ(out[at + count], cell);
                count++;
            }
            CHECK_EQ(counts[i], count);
            at += count;
        }
        CHECK_EQ(total, at);
    }
}

static void test_rng(void)
{
    uint64_t state = 0, kept;
    /* pinned outputs (tests/test_engine.py pins the same through Python) */
    CHECK_EQ(pyr_rng_seed(42, &state), PYR_OK);
    CHECK_EQ(pyr_rng_next(&state), 3270867926L);
    CHECK_EQ(pyr_rng_next(&state), 1795671209L);
    CHECK_EQ(pyr_rng_next(&state), 1924641435L);
    uint32_t order[10];
    CHECK_EQ(pyr_rng_seed(7, &state), PYR_OK);
    CHECK_EQ(pyr_rng_permutation(&state, 10, order, 10), 10);
    static const uint32_t expected[10] = {9, 3, 6, 8, 5, 4, 1, 2, 0, 7};
    CHECK(memcmp(order, expected, sizeof order) == 0);
    /* errors: nothing written, the state unchanged */
    CHECK_EQ(pyr_rng_seed(1, NULL), PYR_E_NULL);
    CHECK_EQ(pyr_rng_next(NULL), PYR_E_NULL);
    CHECK_EQ(pyr_rng_below(NULL, 3), PYR_E_NULL);
    kept = state;
    CHECK_EQ(pyr_rng_below(&state, 0), PYR_E_RANGE);
    CHECK_EQ(pyr_rng_below(&state, (UINT64_C(1) << 32) + 1), PYR_E_RANGE);
    CHECK_EQ(pyr_rng_permutation(NULL, 3, order, 10), PYR_E_NULL);
    CHECK_EQ(pyr_rng_permutation(&state, 3, NULL, 10), PYR_E_NULL);
    CHECK_EQ(pyr_rng_permutation(&state, -1, order, 10), PYR_E_RANGE);
    CHECK_EQ(pyr_rng_permutation(&state, 3, order, -1), PYR_E_RANGE);
    memset(order, 0x5A, sizeof order);
    CHECK_EQ(pyr_rng_permutation(&state, 10, order, 9), PYR_E_CAPACITY);
    CHECK(untouched(order, sizeof order));
    uint32_t counts[3] = {2, 0, 1}, bag[3] = {2, 0, 1};
    CHECK_EQ(pyr_rng_draw(NULL, counts, 3, 2, order, 10), PYR_E_NULL);
    CHECK_EQ(pyr_rng_draw(&state, NULL, 3, 2, order, 10), PYR_E_NULL);
    CHECK_EQ(pyr_rng_draw(&state, counts, 3, 2, NULL, 10), PYR_E_NULL);
    CHECK_EQ(pyr_rng_draw(&state, counts, -1, 2, order, 10), PYR_E_RANGE);
    CHECK_EQ(pyr_rng_draw(&state, counts, 3, -1, order, 10), PYR_E_RANGE);
    CHECK_EQ(pyr_rng_draw(&state, counts, 3, 2, order, -1), PYR_E_RANGE);
    uint32_t huge[2] = {UINT32_MAX, 2};
    CHECK_EQ(pyr_rng_draw(&state, huge, 2, 1, order, 10), PYR_E_RANGE);
    CHECK_EQ(pyr_rng_draw(&state, counts, 3, 2, order, 1), PYR_E_CAPACITY);
    CHECK(untouched(order, sizeof order));
    CHECK(memcmp(counts, bag, sizeof counts) == 0 && huge[0] == UINT32_MAX && huge[1] == 2);
    CHECK(state == kept);
    /* the widest bound takes any output; bound 1 always gives 0 */
    uint64_t twin = state;
    CHECK_EQ(pyr_rng_below(&state, UINT64_C(1) << 32), pyr_rng_next(&twin));
    CHECK_EQ(pyr_rng_below(&state, 1), 0);
    CHECK_EQ(pyr_rng_permutation(&state, 0, order, 0), 0);
    /* every draw in range, every permutation one, with no write beyond n */
    for (int trial = 0; trial < 2000; trial++) {
        uint64_t bound = 1 + rnd_below(1000) + (trial % 7 == 0 ? (uint64_t)rnd() : 0);
        int64_t value = pyr_rng_below(&state, bound);
        CHECK(value >= 0 && (uint64_t)value < bound);
        uint32_t items[65];
        int n = rnd_below(64);
        memset(items, 0x5A, sizeof items);
        CHECK_EQ(pyr_rng_permutation(&state, n, items, n), n);
        int seen[64] = {0};
        for (int i = 0; i < n; i++)
            if (items[i] < (uint32_t)n) seen[items[i]]++;
        for (int i = 0; i < n; i++) CHECK_EQ(seen[i], 1);
        CHECK(untouched(items + n, sizeof items - (size_t)n * sizeof items[0]));
        /* a draw from a bag: the kinds drawn as pyr_rng_below reads them, the bag emptied
         * by as many, no write beyond the draws */
        uint32_t held[8], left[8];
        int kinds = rnd_below(9), want = rnd_below(12);
        uint64_t sum = 0;
        for (int k = 0; k < kinds; k++) sum += held[k] = left[k] = (uint32_t)rnd_below(4);
        twin = state;
        memset(items, 0x5A, sizeof items);
        int drawn = pyr_rng_draw(&state, held, kinds, want, items, want);
        CHECK_EQ(drawn, (uint64_t)want < sum ? want : (int)sum);
        for (int i = 0; i < drawn; i++, sum--) {
            int64_t v = pyr_rng_below(&twin, sum);
            int kind = 0;
            while (v >= left[kind]) v -= left[kind++];
            left[kind]--;
            CHECK_EQ(items[i], kind);
        }
        CHECK(memcmp(held, left, (size_t)kinds * sizeof held[0]) == 0 && state == twin);
        CHECK(untouched(items + drawn, sizeof items - (size_t)drawn * sizeof items[0]));
    }
}

/* Every placement of `shape` on an empty card, ascending (the placement ids' order). */
static int sg_all_placements(uint32_t shape, uint32_t *all)
{
    int count = 0;
    uint32_t found[PYR_SG_MAX_PLACEMENTS];
    for (int e = 0; e < PYR_SG_CELLS; e++) {
        int k = pyr_sg_placements(0, 0, e, shape, found, PYR_SG_MAX_PLACEMENTS);
        for (int i = 0; i < k; i++) {
            int seen = 0;
            for (int j = 0; j < count; j++) seen |= all[j] == found[i];
            if (!seen) all[count++] = found[i];
        }
    }
    sg_sort(all, count);
    return count;
}

/* pyr_sg_markings: its errors, then random cards against pyr_sg_placements and
 * pyr_sg_single_cells card by card, each shape's table made by sg_all_placements. */
static void test_sg_markings(void)
{
    uint32_t out[SG_GUARD + PYR_SG_MAX_MARKINGS + SG_GUARD];
    uint32_t card[PYR_SG_CARD_FIELDS] = {0, 0, 2, 1000, 2000};
    uint32_t domino[PYR_SG_MAX_PLACEMENTS];
    int n_domino = sg_all_placements(SG_DOMINO, domino);
    CHECK_EQ(n_domino, 40);
    CHECK_EQ(pyr_sg_markings(card, 1, domino, n_domino, NULL, 10), PYR_E_NULL);
    CHECK_EQ(pyr_sg_markings(NULL, 1, domino, n_domino, out, 10), PYR_E_NULL);
    CHECK_EQ(pyr_sg_markings(card, 1, NULL, 1, out, 10), PYR_E_NULL);
    CHECK_EQ(pyr_sg_markings(NULL, 0, NULL, 0, out, 10), 0);
    CHECK_EQ(pyr_sg_markings(card, 1, domino, n_domino, out, -1), PYR_E_RANGE);
    CHECK_EQ(pyr_sg_markings(card, -1, domino, n_domino, out, 10), PYR_E_RANGE);
    CHECK_EQ(pyr_sg_markings(card, PYR_SG_MAX_CARDS + 1, domino, n_domino, out, 10), PYR_E_RANGE);
    CHECK_EQ(pyr_sg_markings(card, 1, domino, -1, out, 10), PYR_E_RANGE);
    CHECK_EQ(pyr_sg_markings(card, 1, domino, PYR_SG_MAX_PLACEMENTS + 1, out, 10), PYR_E_RANGE);
    const uint32_t bad_sets[2] = {0, UINT32_C(1) << 25};
    for (int i = 0; i < 2; i++) CHECK_EQ(pyr_sg_markings(card, 1, bad_sets + i, 1, out, 10), PYR_E_RANGE);
    CHECK_EQ(pyr_sg_markings(card, 1, domino, n_domino, out, 3), PYR_E_CAPACITY);
    /* the domino over entrance 2: (1,0)-(2,0), (2,0)-(3,0), (2,0)-(2,1); the cell 2 */
    CHECK_EQ(pyr_sg_markings(card, 1, domino, n_domino, out, 4), 4);
    CHECK_EQ(out[3], 2002);
    CHECK_EQ(pyr_sg_markings(card, 1, domino, 0, out, 1), 1);
    CHECK_EQ(out[0], 2002);
    uint32_t bad[][PYR_SG_CARD_FIELDS] = {
        {1u << 25, 0, 2, 0, 0}, {0, 1u << 25, 2, 0, 0}, {0, 0, 25, 0, 0},
        {0, 0, 2, PYR_SG_MAX_BASE + 1, 0}, {0, 0, 2, 0, PYR_SG_MAX_BASE + 1},
        {1, 1, 2, 0, 0}, {4, 0, 2, 0, 0}};
    const int bad_code[] = {PYR_E_RANGE, PYR_E_RANGE, PYR_E_RANGE, PYR_E_RANGE,
                            PYR_E_RANGE, PYR_E_BOARD, PYR_E_BOARD};
    for (int i = 0; i < 7; i++) {
        out[0] = 0x5A5A5A5A;
        CHECK_EQ(pyr_sg_markings(bad[i], 1, domino, n_domino, out, PYR_SG_MAX_MARKINGS),
                 bad_code[i]);
        CHECK_EQ(out[0], 0x5A5A5A5A);
    }

    const uint32_t named[6] = {SG_DOMINO, SG_STRAIGHT3, SG_L3, SG_T4, SG_L4, SG_SQUARE};
    uint32_t all[PYR_SG_MAX_PLACEMENTS], found[PYR_SG_MAX_PLACEMENTS];
    uint32_t cards[PYR_SG_MAX_CARDS * PYR_SG_CARD_FIELDS], want[PYR_SG_MAX_MARKINGS];
    for (int round = 0; round < 500; round++) {
        uint32_t shape = rnd_below(4) ? named[rnd_below(6)] : 0;
        int n_all = shape ? sg_all_placements(shape, all) : 0;
        int n = rnd_below(PYR_SG_MAX_CARDS + 1), expected = 0;
        for (int k = 0; k < n; k++) {
            uint32_t *c = cards + k * PYR_SG_CARD_FIELDS;
            int entrance = rnd_below(5);
            uint32_t walls = (rnd() & rnd() & PYR_SG_FULL) & ~(UINT32_C(1) << entrance);
            uint32_t marked = rnd_below(4) ? sg_grow_random(entrance, ~walls & PYR_SG_FULL,
                                                            1 + rnd_below(14))
                                           : 0;
            c[0] = walls, c[1] = marked, c[2] = (uint32_t)entrance;
            c[3] = rnd() & PYR_SG_MAX_BASE, c[4] = rnd() & PYR_SG_MAX_BASE;
            int k_found = shape ? pyr_sg_placements(walls, marked, entrance, shape, found,
                                                    PYR_SG_MAX_PLACEMENTS)
                                : 0;
            for (int i = 0; i < k_found; i++) {
                int id = 0;
                while (id < n_all && all[id] != found[i]) id++;
                CHECK(id < n_all);
                want[expected++] = c[3] + (uint32_t)id;
            }
            uint32_t singles = 0;
            CHECK_EQ(pyr_sg_single_cells(walls, marked, entrance, &singles, 1), PYR_OK);
            for (int cell = 0; cell < PYR_SG_CELLS; cell++)
                if ((singles >> cell) & 1u) want[expected++] = c[4] + (uint32_t)cell;
        }
        sg_sort(want, expected);
        for (int g = 0; g < SG_GUARD + PYR_SG_MAX_MARKINGS + SG_GUARD; g++) out[g] = 0x5A5A5A5A;
        int got = pyr_sg_markings(cards, n, all, n_all, out + SG_GUARD, PYR_SG_MAX_MARKINGS);
        CHECK_EQ(got, expected);
        int same = 1;
        for (int i = 0; same && i < expected; i++) same = out[SG_GUARD + i] == want[i];
        CHECK(same);
        int intact = 1;
        for (int g = 0; g < SG_GUARD; g++)
            intact &= out[g] == 0x5A5A5A5A && out[SG_GUARD + PYR_SG_MAX_MARKINGS + g] == 0x5A5A5A5A;
        CHECK(intact);
    }
}

/* pyr_sg_markings_seats: its errors, then random seats against pyr_sg_markings seat by
 * seat (the cards of pyr_sg_markings' own fuzz, drawn the same way). */
static void test_sg_markings_seats(void)
{
    uint32_t out[SG_GUARD + PYR_SG_MAX_SEATS * PYR_SG_MAX_MARKINGS + SG_GUARD];
    int counts[PYR_SG_MAX_SEATS + 1];
    uint32_t card[PYR_SG_CARD_FIELDS] = {0, 0, 2, 1000, 2000};
    uint32_t domino[PYR_SG_MAX_PLACEMENTS];
    int n_domino = sg_all_placements(SG_DOMINO, domino), one = 1;
    int too_many[2] = {PYR_SG_MAX_CARDS + 1, -1};
    CHECK_EQ(pyr_sg_markings_seats(card, 1, &one, 1, domino, n_domino, NULL, 10, counts), PYR_E_NULL);
    CHECK_EQ(pyr_sg_markings_seats(card, 1, &one, 1, domino, n_domino, out, 10, NULL), PYR_E_NULL);
    CHECK_EQ(pyr_sg_markings_seats(card, 1, NULL, 1, domino, n_domino, out, 10, counts), PYR_E_NULL);
    CHECK_EQ(pyr_sg_markings_seats(NULL, 1, &one, 1, domino, n_domino, out, 10, counts), PYR_E_NULL);
    CHECK_EQ(pyr_sg_markings_seats(card, 1, &one, 1, NULL, 1, out, 10, counts), PYR_E_NULL);
    CHECK_EQ(pyr_sg_markings_seats(NULL, 0, NULL, 0, NULL, 0, out, 10, counts), 0);
    CHECK_EQ(pyr_sg_markings_seats(card, 1, &one, 1, domino, n_domino, out, -1, counts), PYR_E_RANGE);
    CHECK_EQ(pyr_sg_markings_seats(card, 1, &one, -1, domino, n_domino, out, 10, counts), PYR_E_RANGE);
    CHECK_EQ(pyr_sg_markings_seats(card, 1, &one, PYR_SG_MAX_SEATS + 1, domino, n_domino, out, 10,
                                   counts),
             PYR_E_RANGE);
    for (int i = 0; i < 2; i++)
        CHECK_EQ(pyr_sg_markings_seats(card, 1, too_many + i, 1, domino, n_domino, out, 10, counts),
                 PYR_E_RANGE);
    CHECK_EQ(pyr_sg_markings_seats(card, 0, &one, 1, domino, n_domino, out, 10, counts), PYR_E_RANGE);
    CHECK_EQ(pyr_sg_markings_seats(card, 1, &one, 1, domino, -1, out, 10, counts), PYR_E_RANGE);
    CHECK_EQ(pyr_sg_markings_seats(card, 1, &one, 1, domino, PYR_SG_MAX_PLACEMENTS + 1, out, 10,
                                   counts),
             PYR_E_RANGE);
    uint32_t walled[PYR_SG_CARD_FIELDS] = {4, 0, 2, 0, 0};
    CHECK_EQ(pyr_sg_markings_seats(walled, 1, &one, 1, domino, n_domino, out, 10, counts), PYR_E_BOARD);
    counts[0] = 77;
    out[0] = 0x5A5A5A5A;
    CHECK_EQ(pyr_sg_markings_seats(card, 1, &one, 1, domino, n_domino, out, 3, counts), PYR_E_CAPACITY);
    CHECK_EQ(counts[0], 77);
    CHECK_EQ(out[0], 0x5A5A5A5A);
    CHECK_EQ(pyr_sg_markings_seats(card, 1, &one, 1, domino, n_domino, out, 4, counts), 4);
    CHECK_EQ(counts[0], 4);
    CHECK_EQ(out[3], 2002);

    const uint32_t named[6] = {SG_DOMINO, SG_STRAIGHT3, SG_L3, SG_T4, SG_L4, SG_SQUARE};
    uint32_t all[PYR_SG_MAX_PLACEMENTS], want[PYR_SG_MAX_MARKINGS];
    static uint32_t cards[PYR_SG_MAX_SEATS * PYR_SG_MAX_CARDS * PYR_SG_CARD_FIELDS];
    int sizes[PYR_SG_MAX_SEATS];
    for (int round = 0; round < 300; round++) {
        uint32_t shape = rnd_below(4) ? named[rnd_below(6)] : 0;
        int n_all = shape ? sg_all_placements(shape, all) : 0;
        int n_seats = rnd_below(PYR_SG_MAX_SEATS + 1), n = 0;
        for (int s = 0; s < n_seats; s++) {
            sizes[s] = rnd_below(PYR_SG_MAX_CARDS + 1);
            for (int k = 0; k < sizes[s]; k++, n++) {
                uint32_t *c = cards + n * PYR_SG_CARD_FIELDS;
                int entrance = rnd_below(5);
                uint32_t walls = (rnd() & rnd() & PYR_SG_FULL) & ~(UINT32_C(1) << entrance);
                c[0] = walls;
                c[1] = rnd_below(4) ? sg_grow_random(entrance, ~walls & PYR_SG_FULL, 1 + rnd_below(14))
                                    : 0;
                c[2] = (uint32_t)entrance;
                c[3] = rnd() & PYR_SG_MAX_BASE, c[4] = rnd() & PYR_SG_MAX_BASE;
            }
        }
        int cap = PYR_SG_MAX_SEATS * PYR_SG_MAX_MARKINGS;
        for (int g = 0; g < SG_GUARD + cap + SG_GUARD; g++) out[g] = 0x5A5A5A5A;
        counts[n_seats] = 77;
        int total = pyr_sg_markings_seats(cards, n, sizes, n_seats, all, n_all, out + SG_GUARD, cap,
                                          counts);
        CHECK(total >= 0);
        int at = 0, same = 1;
        const uint32_t *seat = cards;
        for (int s = 0; s < n_seats; s++) {
            int expected = pyr_sg_markings(seat, sizes[s], all, n_all, want, PYR_SG_MAX_MARKINGS);
            CHECK_EQ(counts[s], expected);
            for (int i = 0; same && i < expected; i++) same = out[SG_GUARD + at + i] == want[i];
            at += expected;
            seat += sizes[s] * PYR_SG_CARD_FIELDS;
        }
        CHECK(same);
        CHECK_EQ(total, at);
        CHECK_EQ(counts[n_seats], 77);
        int intact = out[SG_GUARD + total] == 0x5A5A5A5A || total == cap;
        for (int g = 0; g < SG_GUARD; g++)
            intact &= out[g] == 0x5A5A5A5A && out[SG_GUARD + cap + g] == 0x5A5A5A5A;
        CHECK(intact);
    }
}

/* ---- stage planes (planes.c) -------------------------------------------------------- */

static void test_board_planes(void)
{
    enum { COLOURS = 6, CHANNELS = 12, PLANES = PYR_STAGES * CHANNELS * PYR_SIDE * PYR_SIDE };
    static int16_t planes[PLANES + 1];
    uint8_t empty[PYR_BOARD_SIZE] = {0}, board[PYR_BOARD_SIZE] = {0}, bad[PYR_BOARD_SIZE] = {0};
    const int layer = PYR_SIDE * PYR_SIDE;

    /* one block of colour 3 with icons TL and BR (bits 0 and 3) at stage 1, block (2, 4) */
    put(board, 1, 2, 4, 3, 0x9);
    for (int i = 0; i <= PLANES; i++) planes[i] = 0;
    planes[PLANES] = 5; /* a canary past the end */
    CHECK_EQ(pyr_board_planes(board, empty, COLOURS, CHANNELS, planes, PLANES), 1);
    int cell = 4 * PYR_SIDE + 2, base = 1 * CHANNELS * layer + cell, lit = 0;
    CHECK(planes[base] == 1);                                /* occupied */
    CHECK(planes[base + 3 * layer] == 1);                    /* colour 3 */
    CHECK(planes[base + (COLOURS + 1 + 0) * layer] == 1);    /* icon TL */
    CHECK(planes[base + (COLOURS + 1 + 3) * layer] == 1);    /* icon BR */
    for (int i = 0; i < PLANES; i++) lit += planes[i] != 0;
    CHECK_EQ(lit, 4);
    /* back to empty: every value 0 again, nothing written past the end */
    CHECK_EQ(pyr_board_planes(empty, board, COLOURS, CHANNELS, planes, PLANES), 1);
    lit = 0;
    for (int i = 0; i < PLANES; i++) lit += planes[i] != 0;
    CHECK_EQ(lit, 0);
    CHECK(planes[PLANES] == 5);
    CHECK_EQ(pyr_board_planes(board, board, COLOURS, CHANNELS, planes, PLANES), 0);

    /* errors, nothing written */
    CHECK_EQ(pyr_board_planes(NULL, empty, COLOURS, CHANNELS, planes, PLANES), PYR_E_NULL);
    CHECK_EQ(pyr_board_planes(board, NULL, COLOURS, CHANNELS, planes, PLANES), PYR_E_NULL);
    CHECK_EQ(pyr_board_planes(board, empty, COLOURS, CHANNELS, NULL, PLANES), PYR_E_NULL);
    CHECK_EQ(pyr_board_planes(board, empty, 0, CHANNELS, planes, PLANES), PYR_E_RANGE);
    CHECK_EQ(pyr_board_planes(board, empty, PYR_COLOURS + 1, CHANNELS, planes, PLANES), PYR_E_RANGE);
    CHECK_EQ(pyr_board_planes(board, empty, COLOURS, COLOURS + 4, planes, PLANES), PYR_E_RANGE);
    CHECK_EQ(pyr_board_planes(board, empty, COLOURS, CHANNELS, planes, PLANES - 1), PYR_E_RANGE);
    CHECK_EQ(pyr_board_planes(board, empty, COLOURS, INT_MAX, planes, PLANES), PYR_E_RANGE);
    bad[7] = 0x10; /* icons without a colour */
    CHECK_EQ(pyr_board_planes(bad, empty, COLOURS, CHANNELS, planes, PLANES), PYR_E_BOARD);
    CHECK_EQ(pyr_board_planes(empty, bad, COLOURS, CHANNELS, planes, PLANES), PYR_E_BOARD);
    bad[7] = 7; /* a colour above COLOURS */
    CHECK_EQ(pyr_board_planes(bad, empty, COLOURS, CHANNELS, planes, PLANES), PYR_E_BOARD);
    CHECK_EQ(pyr_board_planes(bad, empty, 7, 12, planes, PLANES), 1);
    lit = 0;
    for (int i = 0; i < PLANES; i++) lit += planes[i] != 0;
    CHECK_EQ(lit, 2); /* the last call's block: occupied and colour 7 */
}

int main(void)
{
    test_constants();
    test_version();
    test_strerror();
    test_errors();
    test_capacity();
    test_fixed_capacities();
    test_placements_stage0();
    test_placements_upper();
    test_top_view();
    test_areas();
    test_areas_linked();
    test_can_tile();
    test_candidates_by_hand();
    test_candidates_errors();
    test_candidates_fuzz();
    test_decision_values_fuzz();
    test_decision_values_errors();
    test_marks_fuzz();
    test_marks_errors();
    test_fuzz_random_bytes();
    test_fuzz_games();
    test_bases_errors();
    test_bases_fuzz();
    test_sg_constants();
    test_sg_errors();
    test_sg_orientations();
    test_sg_placements();
    test_sg_cells();
    test_sg_fuzz();
    test_sg_markings();
    test_area_cells();
    test_sg_markings_seats();
    test_rng();
    test_board_planes();
    printf("%ld passed, %ld failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
