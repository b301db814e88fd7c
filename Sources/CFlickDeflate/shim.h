// ISA-L (Intel's Intelligent Storage Acceleration Library): igzip, a deflate encoder several times faster than
// zlib at its fastest levels, and a CRC-32 with the polynomial PNG uses. Flick compresses its PNG frames' image
// data with it (FlickImage's PNGEncoder); Debian libisal-dev, Homebrew isa-l.
#include <isa-l/igzip_lib.h>
#include <isa-l/crc.h>

/// The working memory igzip's level 1 asks for (ISA_DEF_LVL1_DEFAULT, a macro Swift cannot import).
static inline uint32_t flick_isal_level1_buffer_size(void) { return ISAL_DEF_LVL1_DEFAULT; }
