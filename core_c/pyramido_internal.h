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

/* 1 if base_w x base_h is a base pyr_placements and the others accept (each side in
 * 1..PYR_MAX_BASE, room for a domino) and stage one of its stages (below its shorter side). */
int pyr__base_in_range(int stage, int base_w, int base_h);

/* pyr_can_tile on a valid board, stage and base. */
int pyr__can_tile(const uint8_t *board, int stage, int base_w, int base_h);

#endif /* PYRAMIDO_INTERNAL_H */
