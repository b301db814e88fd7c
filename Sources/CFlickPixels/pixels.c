#include "flick_pixels.h"
#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

int flick_pack_rgb_available(void) {
    static int available = -1;
    if (available < 0) {
        __builtin_cpu_init();
        available = __builtin_cpu_supports("ssse3") ? 1 : 0;
    }
    return available;
}

__attribute__((target("ssse3")))
int flick_pack_rgb(const uint8_t *source, size_t count, flick_pixel_order order, uint8_t *out) {
    // The bytes of four pixels (16) → their red, green and blue (12); -1 clears the last four.
    const __m128i shuffle = order == FLICK_PIXELS_BGRA
        ? _mm_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1)
        : _mm_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    __m128i every = _mm_set1_epi32(-1);   // the AND of every pixel: alpha stays 0xFF only if every alpha is
    size_t i = 0;
    for (; i + 4 <= count; i += 4) {
        __m128i pixels = _mm_loadu_si128((const __m128i *)(source + 4 * i));
        every = _mm_and_si128(every, pixels);
        __m128i rgb = _mm_shuffle_epi8(pixels, shuffle);
        // Twelve bytes: eight, then four (never past the row's end).
        _mm_storel_epi64((__m128i *)(out + 3 * i), rgb);
        uint32_t last = (uint32_t)_mm_cvtsi128_si32(_mm_srli_si128(rgb, 8));
        memcpy(out + 3 * i + 8, &last, 4);
    }
    // Alpha is byte 3 of each pixel in both orders.
    __m128i alphas = _mm_or_si128(every, _mm_set1_epi32(0x00FFFFFF));
    if (_mm_movemask_epi8(_mm_cmpeq_epi8(alphas, _mm_set1_epi32(-1))) != 0xFFFF) return 0;
    for (; i < count; i++) {
        const uint8_t *p = source + 4 * i;
        if (p[3] != 255) return 0;
        out[3 * i] = order == FLICK_PIXELS_BGRA ? p[2] : p[0];
        out[3 * i + 1] = p[1];
        out[3 * i + 2] = order == FLICK_PIXELS_BGRA ? p[0] : p[2];
    }
    return 1;
}
#else
int flick_pack_rgb_available(void) { return 0; }

int flick_pack_rgb(const uint8_t *source, size_t count, flick_pixel_order order, uint8_t *out) {
    (void)source; (void)count; (void)order; (void)out;
    return 0;
}
#endif
