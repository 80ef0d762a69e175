/*
 * rng.c - PCG32 (XSH RR), the one random generator of a game: see the pyr_rng_* section of
 * pyramido_core.h and docs/core.md.
 *
 * Every game's chance (shuffles, gem draws) and every seeded bot draws from it, many
 * times a game, so it sits here beside the geometry: one C call per draw or per shuffle
 * instead of a dozen Python integer operations on 64-bit numbers. pyramido/reference.py
 * holds the same generator in pure Python; tests compare the two draw for draw.
 *
 * Same conventions as pyramido_core.c: inputs checked first, outputs written only on
 * success, no globals, no heap, no I/O. The caller owns the 64-bit state.
 */
#include "pyramido_core.h"

#include <stddef.h>

#define MULTIPLIER UINT64_C(6364136223846793005)
#define INCREMENT UINT64_C(1442695040888963407)
#define BOUND_MAX (UINT64_C(1) << 32)

/* One step: the output of the state before it, the state advanced. */
static uint32_t step(uint64_t *state)
{
    uint64_t old = *state;
    *state = old * MULTIPLIER + INCREMENT;
    uint32_t xorshifted = (uint32_t)(((old >> 18) ^ old) >> 27);
    uint32_t rot = (uint32_t)(old >> 59);
    return (xorshifted >> rot) | (xorshifted << ((0u - rot) & 31u));
}

/* An unbiased draw in [0, bound), bound in 1..2^32: the short last bucket is drawn again. */
static uint32_t below(uint64_t *state, uint64_t bound)
{
    uint64_t threshold = BOUND_MAX % bound;
    for (;;) {
        uint32_t value = step(state);
        if (value >= threshold) return (uint32_t)(value % bound);
    }
}

int pyr_rng_seed(uint64_t seed, uint64_t *state)
{
    if (state == NULL) return PYR_E_NULL;
    uint64_t s = 0;
    step(&s);
    s += seed;
    step(&s);
    *state = s;
    return PYR_OK;
}

int64_t pyr_rng_next(uint64_t *state)
{
    if (state == NULL) return PYR_E_NULL;
    return step(state);
}

int64_t pyr_rng_below(uint64_t *state, uint64_t bound)
{
    if (state == NULL) return PYR_E_NULL;
    if (bound == 0 || bound > BOUND_MAX) return PYR_E_RANGE;
    return below(state, bound);
}

int pyr_rng_permutation(uint64_t *state, int n, uint32_t *out, int cap)
{
    if (state == NULL || out == NULL) return PYR_E_NULL;
    if (n < 0 || cap < 0) return PYR_E_RANGE;
    if (cap < n) return PYR_E_CAPACITY;
    for (int i = 0; i < n; i++) out[i] = (uint32_t)i;
    for (int i = n - 1; i > 0; i--) {
        uint32_t j = below(state, (uint64_t)i + 1);
        uint32_t kept = out[i];
        out[i] = out[j];
        out[j] = kept;
    }
    return n;
}

int pyr_rng_draw(uint64_t *state, uint32_t *counts, int kinds, int count, uint32_t *out, int cap)
{
    if (state == NULL || counts == NULL || out == NULL) return PYR_E_NULL;
    if (kinds < 0 || count < 0 || cap < 0) return PYR_E_RANGE;
    uint64_t total = 0;
    for (int k = 0; k < kinds; k++) total += counts[k]; /* at most 2^31 counts of 2^32 */
    if (total > BOUND_MAX) return PYR_E_RANGE;
    if (cap < count) return PYR_E_CAPACITY;
    int drawn = 0;
    for (; drawn < count && total > 0; drawn++, total--) {
        uint32_t pick = below(state, total);
        int kind = 0;
        while (pick >= counts[kind]) pick -= counts[kind++];
        counts[kind]--;
        out[drawn] = (uint32_t)kind;
    }
    return drawn;
}
