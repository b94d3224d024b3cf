#ifndef BREWERY_CMASKEDSUMS_H
#define BREWERY_CMASKEDSUMS_H

// Sums of query-token weights over a block of 64 beers, one bit per beer in each token's
// word, with AVX-512 masked adds: a word is the mask of one add over all 64 beers, where
// the portable path looks each byte of it up as lane masks. Only for x86-64 processors
// that have AVX-512 BW (`brewery_has_avx512bw`); the caller keeps its portable path for
// the others. Every function is compiled for that processor alone by its target
// attribute, so the rest of the program is built as usual.

#include <stdint.h>

/// A query beer's set parts for ``brewery_filter_reach``: part `p`'s tokens are the slots
/// `begin[p] ..< end[p]` of the words and units, with its beers' inverse norms (by
/// position, in whole units of the part's, rounded up; 0 for a beer without the part),
/// its scale (weight × the query's inverse norm × the units' quantum × the norms' unit)
/// and its weight.
typedef struct {
    long count;
    long begin[5];
    long end[5];
    const uint16_t *norms[5];
    float scale[5];
    float weight[5];
} brewery_filter_parts;

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

/// For block bounds: adds `weight` to `present[i]` for each of the 16 blocks of a group
/// whose word `words[i]` is not 0 (some beer of the block has the token).
__attribute__((target("avx512f,avx512bw")))
static inline void brewery_add_presence(const uint64_t *words, float weight, float *present) {
    __m512i low = _mm512_loadu_si512(words);
    __m512i high = _mm512_loadu_si512(words + 8);
    __mmask16 has = (__mmask16)(_mm512_test_epi64_mask(low, low) | (_mm512_test_epi64_mask(high, high) << 8));
    __m512 p = _mm512_loadu_ps(present);
    _mm512_storeu_ps(present, _mm512_mask_add_ps(p, has, p, _mm512_set1_ps(weight)));
}

/// The filter in one pass over the 64 beers of the block at `position`. Each beer's set
/// parts are summed from `start` (weight `startWeight`: a part every beer has at one
/// value): part `p` adds `scale[p]` × the beer's norm × (the sum of `units[s]` over its
/// slots `s` whose word, at `words[s * stride]`, has the beer's bit; 16-bit sums, exact
/// while a beer's total stays below 65,536, which the caller's units make sure of), and
/// `weight[p]` to the denominator where the beer has the part. Then abv/ibu/ebc (`fixed`,
/// weight `fixedWeight`) and, for a beer sharing a method axis with the query
/// (`methodMasks[u]` & `queryMethod`), the method (`method`, weight `methodWeight`) are
/// added. It returns whether some beer's numerator reaches `t` times its denominator, or
/// with `bounds`, writes each beer's bound there padded (×(1 + 1e-4) + 1e-6) and returns
/// 0. The sums stay in registers; the norms are in whole units rounded up, so each sum is
/// at least the exact one but for the rounding of the products, which the margin in `t`
/// (the padding) covers.
__attribute__((target("avx512f,avx512bw")))
static inline int brewery_filter_reach(
    const uint64_t *words, long stride, const uint16_t *units, const brewery_filter_parts *parts, long position,
    float start, float startWeight, const uint8_t *methodMasks, uint8_t queryMethod, float fixed, float fixedWeight,
    float method, float methodWeight, float tiny, float t, float *bounds)
{
    // Four lanes of 16 beers each, in registers (named, so none is kept in memory).
    __m512 num0 = _mm512_set1_ps(start), num1 = num0, num2 = num0, num3 = num0;
    __m512 den0 = _mm512_set1_ps(startWeight), den1 = den0, den2 = den0, den3 = den0;
    for (long p = 0; p < parts->count; p++) {
        __m512i low = _mm512_setzero_si512();
        __m512i high = _mm512_setzero_si512();
        for (long s = parts->begin[p]; s < parts->end[p]; s++) {
            __m512i w = _mm512_set1_epi16((short)units[s]);
            uint64_t m = words[s * stride];
            low = _mm512_mask_add_epi16(low, (__mmask32)m, low, w);
            high = _mm512_mask_add_epi16(high, (__mmask32)(m >> 32), high, w);
        }
        const __m512 scale = _mm512_set1_ps(parts->scale[p]);
        const __m512 weight = _mm512_set1_ps(parts->weight[p]);
        const uint16_t *norms = parts->norms[p] + position;
#define BREWERY_FILTER_LANE(c, half, upper)                                                                          \
        {                                                                                                            \
            __m256i units16 = (upper) ? _mm512_extracti64x4_epi64(half, 1) : _mm512_castsi512_si256(half);           \
            __m512 sum = _mm512_cvtepi32_ps(_mm512_cvtepu16_epi32(units16));                                          \
            __m256i n16 = _mm256_loadu_si256((const __m256i *)(norms + 16 * c));                                    \
            __m512 inv = _mm512_cvtepi32_ps(_mm512_cvtepu16_epi32(n16));                                              \
            num##c = _mm512_add_ps(num##c, _mm512_mul_ps(_mm512_mul_ps(scale, inv), sum));                          \
            __mmask16 has = _mm512_cmp_ps_mask(inv, _mm512_setzero_ps(), _CMP_GT_OQ);                                \
            den##c = _mm512_mask_add_ps(den##c, has, den##c, weight);                                                \
        }
        BREWERY_FILTER_LANE(0, low, 0)
        BREWERY_FILTER_LANE(1, low, 1)
        BREWERY_FILTER_LANE(2, high, 0)
        BREWERY_FILTER_LANE(3, high, 1)
#undef BREWERY_FILTER_LANE
    }
    const __m512i q = _mm512_set1_epi32(queryMethod);
    const __m512 fixedNum = _mm512_set1_ps(fixed), methodNum = _mm512_set1_ps(method);
    const __m512 fixedDen = _mm512_set1_ps(fixedWeight), methodDen = _mm512_set1_ps(methodWeight);
    const __m512 tinyDen = _mm512_set1_ps(tiny), tv = _mm512_set1_ps(t);
    __mmask16 reaches = 0;
#define BREWERY_FILTER_TEST(c)                                                                                       \
    {                                                                                                                \
        __m512i mm = _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)(methodMasks + 16 * c)));               \
        __mmask16 has = _mm512_test_epi32_mask(mm, q);                                                               \
        __m512 numerator = _mm512_add_ps(_mm512_mask_add_ps(fixedNum, has, fixedNum, methodNum), num##c);           \
        __m512 b = _mm512_mask_add_ps(fixedDen, has, fixedDen, methodDen);                                           \
        __m512 denominator = _mm512_add_ps(_mm512_add_ps(b, den##c), tinyDen);                                       \
        if (bounds) {                                                                                                \
            __m512 x = _mm512_div_ps(numerator, denominator);                                                        \
            x = _mm512_add_ps(_mm512_mul_ps(x, _mm512_set1_ps(1 + 1e-4f)), _mm512_set1_ps(1e-6f));                  \
            _mm512_storeu_ps(bounds + 16 * c, x);                                                                    \
        } else {                                                                                                     \
            reaches |= _mm512_cmp_ps_mask(numerator, _mm512_mul_ps(tv, denominator), _CMP_GE_OQ);                   \
        }                                                                                                            \
    }
    BREWERY_FILTER_TEST(0)
    BREWERY_FILTER_TEST(1)
    BREWERY_FILTER_TEST(2)
    BREWERY_FILTER_TEST(3)
#undef BREWERY_FILTER_TEST
    return reaches != 0;
}

/// For several liked beers: adds 1 / (`s[u]` + `tiny`) to `inverseSum[u]` for each of the
/// 64 beers, and returns a bit per beer whose combined bound, `liked` / (its inverse sum +
/// `rest`) padded (×(1 + 1e-4) + 1e-6), reaches `threshold`. The portable loops'
/// operations, in their order.
__attribute__((target("avx512f,avx512bw")))
static inline uint64_t brewery_liked_reach(
    float *inverseSum, const float *s, float rest, float liked, float tiny, float threshold)
{
    uint64_t reaches = 0;
    for (int c = 0; c < 4; c++) {
        __m512 add = _mm512_div_ps(_mm512_set1_ps(1), _mm512_add_ps(_mm512_loadu_ps(s + 16 * c), _mm512_set1_ps(tiny)));
        __m512 sum = _mm512_add_ps(_mm512_loadu_ps(inverseSum + 16 * c), add);
        _mm512_storeu_ps(inverseSum + 16 * c, sum);
        __m512 bound = _mm512_div_ps(_mm512_set1_ps(liked), _mm512_add_ps(sum, _mm512_set1_ps(rest)));
        bound = _mm512_add_ps(_mm512_mul_ps(bound, _mm512_set1_ps(1 + 1e-4f)), _mm512_set1_ps(1e-6f));
        reaches |= (uint64_t)_mm512_cmp_ps_mask(bound, _mm512_set1_ps(threshold), _CMP_GE_OQ) << (16 * c);
    }
    return reaches;
}

#else

static inline int brewery_has_avx512bw(void) { return 0; }

/// Never called where ``brewery_has_avx512bw`` is 0.
static inline uint64_t brewery_liked_reach(
    float *inverseSum, const float *s, float rest, float liked, float tiny, float threshold)
{
    (void)inverseSum; (void)s; (void)rest; (void)liked; (void)tiny; (void)threshold;
    return 0;
}

/// Never called where ``brewery_has_avx512bw`` is 0.
static inline int brewery_filter_reach(
    const uint64_t *words, long stride, const uint16_t *units, const brewery_filter_parts *parts, long position,
    float start, float startWeight, const uint8_t *methodMasks, uint8_t queryMethod, float fixed, float fixedWeight,
    float method, float methodWeight, float tiny, float t, float *bounds)
{
    (void)words; (void)stride; (void)position; (void)units; (void)parts; (void)start; (void)startWeight; (void)methodMasks; (void)queryMethod;
    (void)fixed; (void)fixedWeight; (void)method; (void)methodWeight; (void)tiny; (void)t; (void)bounds;
    return 1;
}

/// Never called where ``brewery_has_avx512bw`` is 0.
static inline void brewery_add_presence(const uint64_t *words, float weight, float *present) {
    (void)words; (void)weight; (void)present;
}

/// Never called where ``brewery_has_avx512bw`` is 0.
static inline void brewery_add_weight_sums(
    const uint64_t *words, const float *weights, long count, const float *norms, float scale, float weight,
    float *num, float *den)
{
    (void)words; (void)weights; (void)count; (void)norms; (void)scale; (void)weight; (void)num; (void)den;
}

#endif

#endif
