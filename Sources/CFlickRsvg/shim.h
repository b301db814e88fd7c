// The few librsvg entry points Flick uses, declared here rather than through <librsvg/rsvg.h>:
// librsvg-2.0.pc carries `-pthread`, which SwiftPM rejects with a warning on every build, and the
// full header drags in GLib's include paths. These signatures are librsvg's stable C API (2.46+).
#ifndef FLICK_RSVG_SHIM_H
#define FLICK_RSVG_SHIM_H
#include <stddef.h>

typedef struct _RsvgHandle RsvgHandle;
typedef struct _cairo cairo_t;
typedef struct _GError { unsigned int domain; int code; char *message; } GError;
typedef struct { double x; double y; double width; double height; } RsvgRectangle;

RsvgHandle *rsvg_handle_new_from_data(const unsigned char *data, size_t data_len, GError **error);
int rsvg_handle_render_document(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error);
int rsvg_handle_get_intrinsic_size_in_pixels(RsvgHandle *handle, double *out_width, double *out_height);
void rsvg_handle_set_dpi(RsvgHandle *handle, double dpi);
void g_object_unref(void *object);
void g_error_free(GError *error);
#endif
