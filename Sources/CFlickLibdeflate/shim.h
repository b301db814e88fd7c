// libdeflate: whole-buffer deflate, faster than zlib at a similar level and deterministic (the same input gives the
// same bytes with the same version). Flick compresses its PNG frames' image data with it (FlickImage's
// PNGEncoder) and takes its CRC-32; Debian libdeflate-dev, Homebrew libdeflate.
#include <libdeflate.h>
