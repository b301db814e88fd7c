// ISA-L (Intel's Intelligent Storage Acceleration Library): igzip, a deflate encoder several times faster than
// zlib at its fastest levels, and a CRC-32 with the polynomial PNG uses. Flick compresses its PNG frames' image
// data with it, running its generic C code (FlickImage's PNGEncoder); Debian libisal-dev, Homebrew isa-l.
#include <isa-l/igzip_lib.h>
#include <isa-l/crc.h>
#if defined(__x86_64__)
#include <cpuid.h>
#endif

#include <stdint.h>
#include <string.h>

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

// ISA-L's generic C code.
//
// ISA-L picks each hot function once per process by the CPU's features: a public function such as
// `encode_deflate_icf` is `jmp *slot(%rip)`, and the slot (first pointing at an initialiser right after that jump)
// is set to the SSE, AVX2 or AVX-512 version (ISA-L's include/multibinary.asm, `mbin_interface` and
// `mbin_dispatch_init*`). The generic C versions (`…_base`) are exported but no API chooses them. They give the
// same bytes on every CPU; the vector versions give other bytes (and, on the machine this was written on, now and
// then different bytes for the same input while the machine was busy: README, "Development").

#if defined(__x86_64__) && defined(__linux__)
#include <dlfcn.h>

/// The dispatch slot of the public function at `entry` when its code is ISA-L's dispatching jump (after an
/// `endbr64`, `jmp *disp32(%rip)`), else NULL.
static inline void **flick_isal_slot(const unsigned char *entry) {
    static const unsigned char endbr64[4] = {0xf3, 0x0f, 0x1e, 0xfa};
    const unsigned char *code = entry;
    if (memcmp(code, endbr64, 4) == 0) code += 4;
    if (code[0] != 0xff || code[1] != 0x25) return NULL;
    int32_t displacement;
    memcpy(&displacement, code + 2, 4);
    return (void **)(code + 6 + displacement);
}
#endif

/// Points ISA-L's deflate functions (level 1, its zlib trailer) at its generic C code, once, before igzip is first
/// used. Returns 1 when every slot was found and set; 0, changing nothing, when this ISA-L's code is not laid out
/// as expected or this is not x86-64 Linux (Flick then deflates with libdeflate or libspng).
static inline int flick_isal_use_generic_code(void) {
#if defined(__x86_64__) && defined(__linux__)
    enum { count = 7 };
    // Each public function and its generic version, looked up in libisal itself (a function's address taken in the
    // executable could be its PLT entry, whose jump looks the same).
    static const char *names[count][2] = {
        {"isal_deflate_icf_body_lvl1", "isal_deflate_icf_body_hash_hist_base"},
        {"isal_deflate_icf_finish_lvl1", "isal_deflate_icf_finish_hash_hist_base"},
        {"encode_deflate_icf", "encode_deflate_icf_base"},
        {"isal_deflate_hash_lvl1", "isal_deflate_hash_base"},
        {"isal_deflate_body", "isal_deflate_body_base"},
        {"isal_deflate_finish", "isal_deflate_finish_base"},
        {"isal_adler32", "adler32_base"},
    };
    void *library = dlopen("libisal.so.2", RTLD_LAZY | RTLD_NOLOAD);
    if (library == NULL) return 0;
    void **slots[count];
    void *generic[count];
    int found = 1;
    for (int i = 0; i < count && found; i++) {
        const unsigned char *entry = (const unsigned char *)dlsym(library, names[i][0]);
        generic[i] = dlsym(library, names[i][1]);
        slots[i] = entry && generic[i] ? flick_isal_slot(entry) : NULL;
        // Until the first call the slot holds the dispatch's initialiser, a few bytes of code beside the jump
        // (ISA-L's `mbin_interface`); after it, one of the versions. Anything else means this is not the slot.
        const unsigned char *target = slots[i] ? (const unsigned char *)*slots[i] : NULL;
        found = target && (target == generic[i] || (target >= entry - 32 && target < entry + 64));
    }
    if (found) for (int i = 0; i < count; i++) *slots[i] = generic[i];
    dlclose(library);
    return found;
#else
    return 0;
#endif
}
