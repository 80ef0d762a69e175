/*
 * pyramido_internal.h - what the files of the C core share and do not export: the
 * computations of pyramido_core.c behind its checks, for callers that checked already.
 * With -fvisibility=hidden (the shared library) these names stay inside it.
 */
#ifndef PYRAMIDO_INTERNAL_H
#define PYRAMIDO_INTERNAL_H

#include <stdint.h>

/* 1 if every byte of the board is a valid block byte (see pyramido_core.h). */
int pyr__board_is_valid(const uint8_t *board);

/* pyr_label_areas_mode on a valid board and a valid mode, into PYR_VIEW_SIZE-sized
 * buffers; returns the number of areas. */
int pyr__areas(const uint8_t *board, int mode, uint16_t *label, uint8_t *colour,
               uint16_t *icons, uint16_t *cells);

/* The top view of a valid board (pyr_top_view) into a PYR_VIEW_SIZE buffer. */
void pyr__top_view(const uint8_t *board, uint8_t *view);

/* pyr__areas of a valid board whose top view `view` is already known (a caller valuing
 * many boards that differ by a few blocks paints them on a copy of one view). */
int pyr__areas_of_view(const uint8_t *board, const uint8_t *view, int mode, uint16_t *label,
                       uint8_t *colour, uint16_t *icons, uint16_t *cells);

/* pyr_can_tile on a valid board and stage. */
int pyr__can_tile(const uint8_t *board, int stage);

#endif /* PYRAMIDO_INTERNAL_H */
