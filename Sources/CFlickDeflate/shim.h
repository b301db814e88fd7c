// ISA-L (Intel's Intelligent Storage Acceleration Library): igzip, a deflate encoder several times faster than
// zlib at its fastest levels, and a CRC-32 with the polynomial PNG uses. Flick compresses its PNG frames' image
// data with it through its public API, which runs the code ISA-L chooses for the CPU (FlickImage's PNGEncoder);
// Debian libisal-dev, Homebrew isa-l.
#include <isa-l/igzip_lib.h>
#include <isa-l/crc.h>
#if defined(__x86_64__)
#include <cpuid.h>
#endif

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

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

/// crc32_gzip_refl (CRC-32 as PNG and zlib use it, continuing from `crc`), leaving the vector state clean.
static inline uint32_t flick_crc32(uint32_t crc, const unsigned char *bytes, uint64_t count) {
    uint32_t result = crc32_gzip_refl(crc, bytes, count);
    flick_clear_vector_state();
    return result;
}

/// CRC-32C of a 32-bit value from 0, as x86's `crc32` instruction computes it (bit by bit, reflected polynomial
/// 0x82F63B78): the hash igzip's level 1 gives four input bytes.
static inline uint32_t flick_crc32c_u32(uint32_t value) {
    uint32_t crc = value;
    for (int i = 0; i < 32; i++) crc = (crc >> 1) ^ (0x82F63B78u & (0u - (crc & 1u)));
    return crc;
}

/// The hash-table slot igzip's level 1 should give the input's bytes 2-5 (the hash of the third position).
static inline uint32_t flick_isal_third_position_slot(const uint8_t *input, uint32_t count) {
    uint32_t bytes = 0;
    if (count >= 6) memcpy(&bytes, input + 2, 4);
    return flick_crc32c_u32(bytes) & (IGZIP_LVL1_HASH_SIZE - 1);
}

/// Where one encoder keeps its isal_zstream (see flick_isal_stream_at_slot): a mapping of its own, and the slot its
/// address gives.
struct flick_isal_home { void *mapping; uint32_t slot; };

/// An isal_zstream whose address makes igzip's level 1 put the input's third position in hash-table slot `slot`, in
/// `home` (mapped the first time, moved when the slot changes); NULL where no such address could be mapped.
///
/// Why: ISA-L's x86 level-1 body (igzip/igzip_icf_body_h1_gr_bt.asm, at `.write_first_byte`, in 2.30 as in 2.32)
/// computes the hash of the third input position from a register (`tmp2`, rcx) that still holds the isal_zstream
/// pointer it was called with, not from the input: bits 16-47 of the struct's address choose the slot. A struct on
/// a thread's stack therefore gives other bytes on another thread, in another run (ASLR) or after a deeper call: still
/// valid deflate with the same pixels, but not the same file. At an address whose bits 16-47 hash to the slot the
/// input's own bytes give, the stream is the one the algorithm means, wherever it runs. The addresses tried are 64 KiB
/// apart from 32 TiB up, where nothing else maps; x86-64 only (ISA-L's other code does not read the register).
static inline struct isal_zstream *flick_isal_stream_at_slot(struct flick_isal_home *home, uint32_t slot) {
#if defined(__x86_64__)
    const size_t size = sizeof(struct isal_zstream);
    if (home->mapping && home->slot == slot) return (struct isal_zstream *)home->mapping;
    if (home->mapping) { munmap(home->mapping, size); home->mapping = NULL; }
#if defined(MAP_FIXED_NOREPLACE)
    const int flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE;
#else
    const int flags = MAP_PRIVATE | MAP_ANONYMOUS;
#endif
    int tries = 0;
    for (uint64_t high = 0x20000000u; high < 0x7fff0000u && tries < 64; high++) {
        if ((flick_crc32c_u32((uint32_t)high) & (IGZIP_LVL1_HASH_SIZE - 1)) != slot) continue;
        tries++;
        void *wanted = (void *)(uintptr_t)(high << 16);
        void *got = mmap(wanted, size, PROT_READ | PROT_WRITE, flags, -1, 0);
        if (got == wanted) { home->mapping = got; home->slot = slot; return (struct isal_zstream *)got; }
        if (got != MAP_FAILED) munmap(got, size);
    }
#endif
    (void)home; (void)slot;
    return NULL;
}

/// Unmaps `home`'s stream.
static inline void flick_isal_home_release(struct flick_isal_home *home) {
    if (home->mapping) munmap(home->mapping, sizeof(struct isal_zstream));
    home->mapping = NULL;
}

/// isal_deflate_stateless, leaving the vector state clean (flick_clear_vector_state): ISA-L's SSE, AVX2 and AVX-512
/// deflate code returns with the vector registers' upper halves in use.
static inline int flick_isal_deflate_stateless(struct isal_zstream *stream) {
    int status = isal_deflate_stateless(stream);
    flick_clear_vector_state();
    return status;
}

/// The code ISA-L's dispatch (include/multibinary.asm, `mbin_dispatch_init5` and `mbin_dispatch_init6`) chooses for
/// igzip's level 1 on this CPU, found with the same cpuid and xgetbv checks: 0 its generic C code (no SSE4.2), 1 SSE
/// (SSE4.2), 2 AVX, 3 AVX2 (its match finder and Huffman encoder), 4 AVX-512 (the AVX2 match finder and the AVX-512
/// Huffman encoder: AVX-512 F, CD, BW, DQ and VL, and the OS saving the ZMM state); -1 where ISA-L has no x86-64
/// code. It only reads the CPU's features: igzip itself is called through its API and makes its own choice.
static inline int flick_isal_code_path(void) {
#if defined(__x86_64__)
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    const unsigned sse42 = 1u << 20, osxsave = 1u << 27, avx = 1u << 28;
    if (!(c & sse42)) return 0;
    if ((c & (avx | osxsave)) != (avx | osxsave)) return 1;
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 0x6) != 0x6) return 1;
    unsigned b7 = 0;
    if (__get_cpuid_max(0, NULL) >= 7) __cpuid_count(7, 0, a, b7, c, d);
    if (!(b7 & (1u << 5))) return 2;
    // AVX512F (16), DQ (17), CD (28), BW (30), VL (31); XCR0's opmask and ZMM state (bits 5-7).
    const unsigned avx512 = 1u << 16 | 1u << 17 | 1u << 28 | 1u << 30 | 1u << 31;
    if ((lo & 0xe0) == 0xe0 && (b7 & avx512) == avx512) return 4;
    return 3;
#else
    return -1;
#endif
}
