// ISA-L (Intel's Intelligent Storage Acceleration Library): igzip, a deflate encoder several times faster than
// zlib at its fastest levels, and a CRC-32 with the polynomial PNG uses. Flick compresses its PNG frames' image
// data with it (FlickImage's PNGEncoder); Debian libisal-dev, Homebrew isa-l.
#include <isa-l/igzip_lib.h>
#include <isa-l/crc.h>
#if defined(__x86_64__)
#include <cpuid.h>
#endif

/// The working memory igzip's level 1 asks for (ISA_DEF_LVL1_DEFAULT, a macro Swift cannot import).
static inline uint32_t flick_isal_level1_buffer_size(void) { return ISAL_DEF_LVL1_DEFAULT; }

/// Clears the upper halves of the vector registers after ISA-L's AVX code (x86-64 with AVX only). ISA-L 2.30
/// returns with them in use, and until they are cleared every SSE instruction that follows is slow: zlib (libspng,
/// Cairo's PNG writer) and pixman ran at a third of their speed after each frame igzip encoded
/// (scripts/compare-deflate.sh measures zlib before and after).
static inline void flick_clear_vector_state(void) {
#if defined(__x86_64__)
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return;
    // AVX (ECX bit 28), and the OS saves the AVX state (OSXSAVE, ECX bit 27; XCR0 bits 1 and 2).
    if (!(c & (1u << 27)) || !(c & (1u << 28))) return;
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 6) != 6) return;
    __asm__ volatile("vzeroupper" ::: "memory");
#endif
}

/// isal_deflate, leaving the vector state clean.
static inline int flick_isal_deflate(struct isal_zstream *stream) {
    int status = isal_deflate(stream);
    flick_clear_vector_state();
    return status;
}

/// isal_deflate_stateless (a whole stream in one call), leaving the vector state clean.
static inline int flick_isal_deflate_stateless(struct isal_zstream *stream) {
    int status = isal_deflate_stateless(stream);
    flick_clear_vector_state();
    return status;
}

/// crc32_gzip_refl (CRC-32 as PNG and zlib use it, continuing from `crc`), leaving the vector state clean.
static inline uint32_t flick_crc32(uint32_t crc, const unsigned char *bytes, uint64_t count) {
    uint32_t result = crc32_gzip_refl(crc, bytes, count);
    flick_clear_vector_state();
    return result;
}
