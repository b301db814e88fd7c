// libspng: a fast PNG decoder and encoder. Flick decodes every PNG with it; it writes PNGs with it (zlib level 1,
// no filtering) when built without libdeflate or asked to (FlickImage's PNGEncoder), and it is `flick bench`'s floor.
#include <spng.h>
