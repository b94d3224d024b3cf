#ifndef BREWERY_CMASKEDSUMS_H
#define BREWERY_CMASKEDSUMS_H

// Sums of query-token weights over a block of 64 beers, one bit per beer in each token's
// word, with AVX-512 masked adds: a word is the mask of one add over all 64 beers, where
// the portable path looks each byte of it up as lane masks. Only for x86-64 processors
// that have AVX-512 BW (`brewery_has_avx512bw`); the caller keeps its portable path for
// the others. Every function is compiled for that processor alone by its target
// attribute, so the rest of the program is built as usual.

#include <stdint.h>

#if defined(__x86_64__) && defined(__clang__)
#include <cpuid.h>
#include <immintrin.h>

#pragma clang fp contract(off)

/// Whether this processor and the operating system run AVX-512 F and BW instructions
/// (CPUID leaf 7, and the opmask and ZMM state enabled in XCR0).
static inline int brewery_has_avx512bw(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1u << 27))) return 0;  // OSXSAVE
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    if (!(b & (1u << 16)) || !(b & (1u << 30))) return 0;  // AVX512F, AVX512BW
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return (lo & 0xE6) == 0xE6;  // SSE, AVX, opmask, ZMM0-15 high halves, ZMM16-31
}

/// For the filter: adds, for each of the 64 beers, `scale` × `norms[u]` × (the sum of
/// `units[t]` over the tokens `t` whose `words[t]` has bit `u`) to `num[u]`, and
/// `weight` to `den[u]` where `norms[u]` > 0. The 16-bit sums are exact as long as every
/// beer's total stays below 65,536 (the caller's units make sure of it).
__attribute__((target("avx512f,avx512bw")))
static inline void brewery_add_unit_sums(
    const uint64_t *words, const uint16_t *units, long count, const float *norms, float scale, float weight,
    float *num, float *den)
{
    __m512i low = _mm512_setzero_si512();
    __m512i high = _mm512_setzero_si512();
    for (long t = 0; t < count; t++) {
        __m512i w = _mm512_set1_epi16((short)units[t]);
        uint64_t m = words[t];
        low = _mm512_mask_add_epi16(low, (__mmask32)m, low, w);
        high = _mm512_mask_add_epi16(high, (__mmask32)(m >> 32), high, w);
    }
    const __m512 s = _mm512_set1_ps(scale);
    const __m512 wd = _mm512_set1_ps(weight);
    for (int c = 0; c < 4; c++) {
        __m512i half = c < 2 ? low : high;
        __m256i part = (c & 1) ? _mm512_extracti64x4_epi64(half, 1) : _mm512_castsi512_si256(half);
        __m512 sum = _mm512_cvtepi32_ps(_mm512_cvtepu16_epi32(part));
        __m512 inv = _mm512_loadu_ps(norms + 16 * c);
        __m512 n = _mm512_loadu_ps(num + 16 * c);
        _mm512_storeu_ps(num + 16 * c, _mm512_add_ps(n, _mm512_mul_ps(_mm512_mul_ps(s, inv), sum)));
        __mmask16 has = _mm512_cmp_ps_mask(inv, _mm512_setzero_ps(), _CMP_GT_OQ);
        __m512 d = _mm512_loadu_ps(den + 16 * c);
        _mm512_storeu_ps(den + 16 * c, _mm512_mask_add_ps(d, has, d, wd));
    }
}

/// For scoring: adds, for each of the 64 beers, `scale` × `norms[u]` × (the sum of
/// `weights[t]` over the tokens `t` whose `words[t]` has bit `u`, added in token order)
/// to `num[u]`, and `weight` to `den[u]` where `norms[u]` > 0. Each sum is the same
/// additions in the same order as a loop adding at the set bits, so the scores are the
/// portable path's to the bit.
__attribute__((target("avx512f,avx512bw")))
static inline void brewery_add_weight_sums(
    const uint64_t *words, const float *weights, long count, const float *norms, float scale, float weight,
    float *num, float *den)
{
    __m512 s0 = _mm512_setzero_ps(), s1 = _mm512_setzero_ps(), s2 = _mm512_setzero_ps(), s3 = _mm512_setzero_ps();
    for (long t = 0; t < count; t++) {
        __m512 w = _mm512_set1_ps(weights[t]);
        uint64_t m = words[t];
        s0 = _mm512_mask_add_ps(s0, (__mmask16)m, s0, w);
        s1 = _mm512_mask_add_ps(s1, (__mmask16)(m >> 16), s1, w);
        s2 = _mm512_mask_add_ps(s2, (__mmask16)(m >> 32), s2, w);
        s3 = _mm512_mask_add_ps(s3, (__mmask16)(m >> 48), s3, w);
    }
    const __m512 s = _mm512_set1_ps(scale);
    const __m512 wd = _mm512_set1_ps(weight);
    __m512 sums[4] = {s0, s1, s2, s3};
    for (int c = 0; c < 4; c++) {
        __m512 inv = _mm512_loadu_ps(norms + 16 * c);
        __m512 n = _mm512_loadu_ps(num + 16 * c);
        _mm512_storeu_ps(num + 16 * c, _mm512_add_ps(n, _mm512_mul_ps(_mm512_mul_ps(s, inv), sums[c])));
        __mmask16 has = _mm512_cmp_ps_mask(inv, _mm512_setzero_ps(), _CMP_GT_OQ);
        __m512 d = _mm512_loadu_ps(den + 16 * c);
        _mm512_storeu_ps(den + 16 * c, _mm512_mask_add_ps(d, has, d, wd));
    }
}

#else

static inline int brewery_has_avx512bw(void) { return 0; }

/// Never called where ``brewery_has_avx512bw`` is 0.
static inline void brewery_add_weight_sums(
    const uint64_t *words, const float *weights, long count, const float *norms, float scale, float weight,
    float *num, float *den)
{
    (void)words; (void)weights; (void)count; (void)norms; (void)scale; (void)weight; (void)num; (void)den;
}

/// Never called where ``brewery_has_avx512bw`` is 0.
static inline void brewery_add_unit_sums(
    const uint64_t *words, const uint16_t *units, long count, const float *norms, float scale, float weight,
    float *num, float *den)
{
    (void)words; (void)units; (void)count; (void)norms; (void)scale; (void)weight; (void)num; (void)den;
}

#endif

#endif
