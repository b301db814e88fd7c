// libspng: a fast PNG encoder. Flick writes frames with it at zlib level 1 and no filtering, which is
// several times faster than cairo_surface_write_to_png (libpng's defaults) for the same pixels.
#include <spng.h>
