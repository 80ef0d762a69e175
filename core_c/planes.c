/*
 * planes.c - a board's stage planes, for learning agents' tensors: see pyr_board_planes
 * in pyramido_core.h. A tensor follows a game step by step, and a step changes one or two
 * block bytes of a board: finding them and rewriting their channels in C costs one call,
 * where Python paid some 25,000 instructions.
 */
#include "pyramido_core.h"
#include "pyramido_internal.h"

#include <string.h>

enum { LAYER = PYR_SIDE * PYR_SIDE, ICONS = 4, WORD = 4 };
/* a board is whole words (the array size is negative otherwise) */
typedef char board_is_whole_words[PYR_BOARD_SIZE % WORD == 0 ? 1 : -1];

/* 1 if every byte of both boards is a valid block byte whose colour is at most `colours`.
 * Branchless, so that the compiler checks many bytes at a time: it runs at every call. */
static int boards_fit(const uint8_t *board, const uint8_t *before, int colours)
{
    uint8_t over = 0;
    for (int i = 0; i < PYR_BOARD_SIZE; i++)
        over |= (uint8_t)(((board[i] & 7) > colours) | ((before[i] & 7) > colours));
    return over == 0 && pyr__board_is_valid(board) && pyr__board_is_valid(before);
}

/* Set the channels of block byte `byte` at `cell` of `stage` to `value` (none if empty). */
static void write_block(int16_t *planes, int colours, int channels, int stage, int cell,
                        uint8_t byte, int16_t value)
{
    int colour = byte & 7;
    if (colour == 0) return;
    int16_t *at = planes + (long)stage * channels * LAYER + cell;
    at[0] = value;
    at[(long)colour * LAYER] = value;
    for (int q = 0; q < ICONS; q++)
        if (byte >> (4 + q) & 1) at[(long)(colours + 1 + q) * LAYER] = value;
}

int pyr_board_planes(const uint8_t *board, const uint8_t *before, int colours, int channels,
                     int16_t *planes, int planes_len)
{
    if (!board || !before || !planes) return PYR_E_NULL;
    if (colours < 1 || colours > PYR_COLOURS || channels < colours + 1 + ICONS ||
        (long long)planes_len != (long long)PYR_STAGES * channels * LAYER)
        return PYR_E_RANGE;
    if (!boards_fit(board, before, colours)) return PYR_E_BOARD;
    int changed = 0;
    for (int word = 0; word < PYR_BOARD_SIZE; word += WORD) {
        uint32_t now, was;  /* a step changes a byte or two: skip equal words whole */
        memcpy(&now, board + word, WORD);
        memcpy(&was, before + word, WORD);
        if (now == was) continue;
        for (int i = word; i < word + WORD; i++) {
            if (board[i] == before[i]) continue;
            int stage = i / LAYER, cell = i % LAYER;
            write_block(planes, colours, channels, stage, cell, before[i], 0);
            write_block(planes, colours, channels, stage, cell, board[i], 1);
            changed++;
        }
    }
    return changed;
}
