/*
 * planes.c - a board's stage planes, for learning agents' tensors: see pyr_board_planes
 * in pyramido_core.h. A tensor follows a game step by step, and a step changes one or two
 * block bytes of a board: finding them and rewriting their channels in C costs one call,
 * where Python paid some 25,000 instructions.
 */
#include "pyramido_core.h"
#include "pyramido_internal.h"

enum { LAYER = PYR_SIDE * PYR_SIDE, ICONS = 4 };

/* 1 if every byte is a valid block byte whose colour is at most `colours`. */
static int board_fits(const uint8_t *board, int colours)
{
    if (!pyr__board_is_valid(board)) return 0;
    for (int i = 0; i < PYR_BOARD_SIZE; i++)
        if ((board[i] & 7) > colours) return 0;
    return 1;
}

/* Set the channels of block byte `byte` at `cell` of `stage` to `value` (none if empty). */
static void write_block(float *planes, int colours, int channels, int stage, int cell,
                        uint8_t byte, float value)
{
    int colour = byte & 7;
    if (colour == 0) return;
    float *at = planes + (long)stage * channels * LAYER + cell;
    at[0] = value;
    at[(long)colour * LAYER] = value;
    for (int q = 0; q < ICONS; q++)
        if (byte >> (4 + q) & 1) at[(long)(colours + 1 + q) * LAYER] = value;
}

int pyr_board_planes(const uint8_t *board, const uint8_t *before, int colours, int channels,
                     float *planes, int planes_len)
{
    if (!board || !before || !planes) return PYR_E_NULL;
    if (colours < 1 || colours > PYR_COLOURS || channels < colours + 1 + ICONS ||
        (long long)planes_len != (long long)PYR_STAGES * channels * LAYER)
        return PYR_E_RANGE;
    if (!board_fits(board, colours) || !board_fits(before, colours)) return PYR_E_BOARD;
    int changed = 0;
    for (int i = 0; i < PYR_BOARD_SIZE; i++) {
        if (board[i] == before[i]) continue;
        int stage = i / LAYER, cell = i % LAYER;
        write_block(planes, colours, channels, stage, cell, before[i], 0.0f);
        write_block(planes, colours, channels, stage, cell, board[i], 1.0f);
        changed++;
    }
    return changed;
}
