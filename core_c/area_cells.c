/*
 * area_cells.c - the cells of chosen areas of a labelling (pyr_area_cells): what a stage's
 * score lists of each area it scores, read in one call rather than searched area by area
 * from Python.
 *
 * Same conventions as pyramido_core.c: inputs checked first, outputs written only on
 * success, no globals, no heap, no I/O.
 */
#include "pyramido_core.h"

#include <stddef.h>

#define NOT_WANTED (-1)

int pyr_area_cells(const uint16_t *labels, int labels_len, const uint16_t *wanted, int n,
                   uint16_t *counts, uint16_t *out, int cap)
{
    if (labels == NULL || out == NULL || (n > 0 && (wanted == NULL || counts == NULL)))
        return PYR_E_NULL;
    if (labels_len != PYR_VIEW_SIZE || n < 0 || n > PYR_MAX_AREAS || cap < 0) return PYR_E_RANGE;
    for (int i = 0; i < n; i++)
        if (wanted[i] >= PYR_MAX_AREAS) return PYR_E_RANGE;
    /* the first slot wanting each label, and how many cells it has: one pass over the cells */
    int first[PYR_MAX_AREAS], count[PYR_MAX_AREAS], total = 0;
    for (int label = 0; label < PYR_MAX_AREAS; label++) first[label] = NOT_WANTED;
    for (int i = n - 1; i >= 0; i--) {
        first[wanted[i]] = i;
        count[i] = 0;
    }
    for (int cell = 0; cell < PYR_VIEW_SIZE; cell++) {
        uint16_t label = labels[cell];
        if (label < PYR_MAX_AREAS && first[label] != NOT_WANTED) count[first[label]]++;
    }
    for (int i = 0; i < n; i++) total += count[first[wanted[i]]];
    if (total > cap) return PYR_E_CAPACITY;
    /* where each slot's cells start, then the cells, ascending */
    int start[PYR_MAX_AREAS], at = 0;
    for (int i = 0; i < n; i++) {
        start[i] = at;
        counts[i] = (uint16_t)count[first[wanted[i]]];
        at += counts[i];
    }
    int next[PYR_MAX_AREAS];
    for (int i = 0; i < n; i++) next[i] = start[i];
    for (int cell = 0; cell < PYR_VIEW_SIZE; cell++) {
        uint16_t label = labels[cell];
        if (label < PYR_MAX_AREAS && first[label] != NOT_WANTED) out[next[first[label]]++] = (uint16_t)cell;
    }
    /* a label wanted again: the same cells as its first slot's */
    for (int i = 0; i < n; i++) {
        int j = first[wanted[i]];
        if (j != i)
            for (int k = 0; k < counts[i]; k++) out[start[i] + k] = out[start[j] + k];
    }
    return total;
}
