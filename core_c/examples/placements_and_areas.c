/*
 * placements_and_areas.c - the C core used from C, through its shared library.
 *
 * Builds a small board byte by byte (five dominoes in stage 0, the rulebook's stage 1, and
 * one in stage 1), checks that the library linked in is compatible with the header this
 * program was compiled against, then prints the stage boxes, where the next domino may go
 * in both stages, and the areas of the top view with their colours, cells and icons. Every
 * error is reported with pyr_strerror().
 *
 *   make -C core_c examples       build build/examples/placements_and_areas
 *   make -C core_c run-examples   ...run it, and compare its output with
 *                                 examples/placements_and_areas.expected
 *
 * By hand: cc -std=c99 -Icore_c core_c/examples/placements_and_areas.c \
 *              -Lcore_c/build -lpyramido_core -Wl,-rpath,core_c/build
 */
#include <stdio.h>

#include "pyramido_core.h"

/* The printed pyramid's base, 5 x 4 blocks (a house rule may play a smaller one). */
#define BASE_W 5
#define BASE_H 4

/* Directions of block B from block A, by a placement's rot (see the header). */
static const int STEP_X[4] = {1, 0, -1, 0};
static const int STEP_Y[4] = {0, 1, 0, -1};
static const char *const DIRECTION[4] = {"right", "down", "left", "up"};

/* The byte of block space (x, y) of stage s (0-based, as everywhere in the API). */
static int block_index(int stage, int x, int y)
{
    return (stage * PYR_SIDE + y) * PYR_SIDE + x;
}

/* A block byte: colour 1-7 in bits 0-2, the icon quadrants (bit 1 << q, q = dy * 2 + dx)
 * in bits 4-7. */
static uint8_t block(int colour, int icons)
{
    return (uint8_t)(colour | icons << 4);
}

/* Place a domino as a placement (x, y, rot) would: block A at (x, y), block B next to it. */
static void put_domino(uint8_t *board, int stage, int x, int y, int rot, uint8_t a, uint8_t b)
{
    board[block_index(stage, x, y)] = a;
    board[block_index(stage, x + STEP_X[rot], y + STEP_Y[rot])] = b;
}

/* Same major version (no incompatible change since) and at least the header's minor and
 * patch (a newer library only adds): then the library serves this program. */
static int library_is_compatible(void)
{
    int linked = pyr_version_number();
    return linked / 10000 == PYR_VERSION_MAJOR && linked >= PYR_VERSION_NUMBER;
}

/* Report an error code from the library; returns 1 if `rc` was one. */
static int failed(const char *what, int rc)
{
    if (rc >= 0) return 0;
    fprintf(stderr, "%s: %s (%d)\n", what, pyr_strerror(rc), rc);
    return 1;
}

static int print_box(const uint8_t *board, int stage)
{
    int box[4];
    int rc = pyr_stage_box(board, stage, BASE_W, BASE_H, box, 4);
    if (failed("pyr_stage_box", rc)) return rc;
    printf("stage %d box: blocks (%d, %d) to (%d, %d)\n", stage, box[0], box[1], box[2], box[3]);
    return PYR_OK;
}

static int print_placements(const uint8_t *board, int stage)
{
    uint16_t placements[PYR_PLACEMENTS];
    int n = pyr_placements(board, stage, BASE_W, BASE_H, placements, PYR_PLACEMENTS);
    if (failed("pyr_placements", n)) return n;
    printf("next domino in stage %d: %d placements (block A, then where block B lies)\n", stage,
           n);
    for (int i = 0; i < n; i++) {
        int p = placements[i], rot = p % 4, x = p / 4 % PYR_SIDE, y = p / 4 / PYR_SIDE;
        int last_in_row = i % 6 == 5 || i == n - 1;
        printf("  (%d, %d) %-*s", x, y, last_in_row ? 0 : 5, DIRECTION[rot]);
        if (last_in_row) printf("\n");
    }
    return PYR_OK;
}

/* The top view's colours and area letters side by side, over the rows and columns that
 * show a block. */
static void print_view(const uint8_t *view, const uint16_t *labels)
{
    int x0 = PYR_CELLS, y0 = PYR_CELLS, x1 = -1, y1 = -1;
    for (int cell = 0; cell < PYR_VIEW_SIZE; cell++) {
        int cx = cell % PYR_CELLS, cy = cell / PYR_CELLS;
        if (view[cell] == 0) continue;
        if (cx < x0) x0 = cx;
        if (cx > x1) x1 = cx;
        if (cy < y0) y0 = cy;
        if (cy > y1) y1 = cy;
    }
    printf("top view, cells (%d, %d) to (%d, %d): colours, and areas by letter\n", x0, y0, x1,
           y1);
    for (int cy = y0; cy <= y1; cy++) {
        printf("  ");
        for (int cx = x0; cx <= x1; cx++) {
            int c = view[cy * PYR_CELLS + cx];
            putchar(c == 0 ? '.' : '0' + (c & 7));
        }
        printf("   ");
        for (int cx = x0; cx <= x1; cx++) {
            int label = labels[cy * PYR_CELLS + cx];
            putchar(label == PYR_NO_AREA ? '.' : 'A' + label % 26);
        }
        printf("\n");
    }
}

static int print_areas(const uint8_t *board)
{
    uint8_t view[PYR_VIEW_SIZE];
    uint16_t labels[PYR_VIEW_SIZE], icons[PYR_MAX_AREAS], cells[PYR_MAX_AREAS];
    uint8_t colours[PYR_MAX_AREAS];

    int rc = pyr_top_view(board, view, PYR_VIEW_SIZE);
    if (failed("pyr_top_view", rc)) return rc;
    int n = pyr_label_areas(board, labels, PYR_VIEW_SIZE, colours, icons, cells, PYR_MAX_AREAS);
    if (failed("pyr_label_areas", n)) return n;
    print_view(view, labels);
    printf("%d areas:\n", n);
    for (int a = 0; a < n; a++)
        printf("  %c: colour %d, %2d cells, %d icon%s\n", 'A' + a % 26, colours[a], cells[a],
               icons[a], icons[a] == 1 ? "" : "s");
    return PYR_OK;
}

int main(void)
{
    uint8_t board[PYR_BOARD_SIZE] = {0}; /* every block space empty */

    if (!library_is_compatible()) {
        fprintf(stderr, "compiled against pyramido core %s, but the library is %s\n",
                PYR_VERSION, pyr_version());
        return 1;
    }
    printf("pyramido core %s (compiled against %s)\n\n", pyr_version(), PYR_VERSION);

    /* Stage 0: the first domino at the anchor (4, 4), four more touching it; the blocks span
     * 5x4 blocks, so the upper stages have a box. Stage 1: one domino. */
    put_domino(board, 0, 4, 4, 0, block(1, 0x1), block(2, 0x0));
    put_domino(board, 0, 3, 4, 2, block(1, 0x0), block(1, 0x8));
    put_domino(board, 0, 4, 3, 0, block(2, 0x0), block(2, 0x2));
    put_domino(board, 0, 4, 5, 1, block(3, 0x0), block(3, 0x4));
    put_domino(board, 0, 6, 4, 1, block(2, 0x1), block(4, 0x0));
    put_domino(board, 1, 4, 3, 0, block(1, 0x1), block(5, 0x0));

    for (int stage = 0; stage < 2; stage++)
        if (print_box(board, stage) != PYR_OK) return 1;
    printf("\n");
    for (int stage = 0; stage < 2; stage++)
        if (print_placements(board, stage) != PYR_OK) return 1;
    printf("\n");
    if (print_areas(board) != PYR_OK) return 1;

    /* An error on purpose: room for 2 placements only. Nothing is written. */
    uint16_t two[2];
    int rc = pyr_placements(board, 0, BASE_W, BASE_H, two, 2);
    printf("\npyr_placements with room for 2: %s (%d)\n", pyr_strerror(rc), rc);
    return rc == PYR_E_CAPACITY ? 0 : 1;
}
