#!/usr/bin/env bash
# Times the deflate implementations Flick could write PNG image data with, on the same frames' rows (each row a
# filter byte 0 and RGB, as Flick's PNGs hold them): zlib (what libspng uses) at level 1, libdeflate at levels 1-6
# and ISA-L's igzip at levels 0-3 with the code ISA-L picks for this CPU, as Flick encodes (Flick uses level 1); one
# thread, compression alone. Prints frames per second and KiB per frame. See docs/development.md.
#
# usage: scripts/compare-deflate.sh [FRAMES_FOLDER]   (default: fling-to-rest rendered by the release build;
#        every fourth frame is used). Needs a C compiler and libspng-dev, zlib1g-dev, libdeflate-dev, libisal-dev.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/flick-compare-deflate.XXXXXX)
trap 'rm -rf "$work"' EXIT
folder=${1:-}
if [[ -z $folder ]]; then
    flick=$root/.build/release/flick
    [[ -x $flick ]] || { echo "compare-deflate: no $flick; run: swift build -c release --product flick" >&2; exit 2; }
    "$flick" render fling-to-rest --out "$work" > /dev/null
    folder=$work/fling-to-rest/frames
fi
for lib in spng zlib libdeflate libisal; do
    pkg-config --exists "$lib" || { echo "compare-deflate: pkg-config finds no $lib" >&2; exit 2; }
done

cat > "$work/compare.c" <<'C'
#include "shim.h"
#include <libdeflate.h>
#include <spng.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }

/* A PNG decoded to RGB8, as PNG rows: each a filter byte 0 and the pixels. */
static unsigned char *rows(const char *path, size_t *count) {
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); exit(2); }
    fseek(f, 0, SEEK_END); long size = ftell(f); fseek(f, 0, SEEK_SET);
    unsigned char *png = malloc(size);
    if (fread(png, 1, size, f) != (size_t)size) { perror(path); exit(2); }
    fclose(f);
    spng_ctx *ctx = spng_ctx_new(0);
    struct spng_ihdr ihdr; size_t length;
    spng_set_png_buffer(ctx, png, size);
    if (spng_get_ihdr(ctx, &ihdr) || spng_decoded_image_size(ctx, SPNG_FMT_RGB8, &length)) { fprintf(stderr, "%s: not a PNG\n", path); exit(2); }
    unsigned char *pixels = malloc(length);
    spng_decode_image(ctx, pixels, length, SPNG_FMT_RGB8, 0);
    spng_ctx_free(ctx); free(png);
    size_t row = (size_t)ihdr.width * 3;
    unsigned char *out = malloc((row + 1) * ihdr.height);
    for (uint32_t y = 0; y < ihdr.height; y++) { out[y * (row + 1)] = 0; memcpy(out + y * (row + 1) + 1, pixels + y * row, row); }
    free(pixels);
    *count = (row + 1) * ihdr.height;
    return out;
}

static void report(const char *name, int level, int frames, double seconds, size_t bytes) {
    printf("  %-14s level %d  %7.1f fps  %5.0f KiB/frame\n", name, level, frames / seconds, bytes / 1024.0 / frames);
}

int main(int argc, char **argv) {
    int n = argc - 1;
    unsigned char **input = malloc(n * sizeof *input); size_t *sizes = malloc(n * sizeof *sizes);
    for (int i = 0; i < n; i++) input[i] = rows(argv[i + 1], &sizes[i]);
    size_t capacity = sizes[0] * 2 + (1 << 20);
    unsigned char *out = malloc(capacity);
    double t = now(); size_t total = 0;
    for (int i = 0; i < n; i++) { uLongf length = capacity; compress2(out, &length, input[i], sizes[i], 1); total += length; }
    report("zlib", 1, n, now() - t, total);
    for (int level = 1; level <= 6; level++) {
        struct libdeflate_compressor *c = libdeflate_alloc_compressor(level);
        t = now(); total = 0;
        for (int i = 0; i < n; i++) total += libdeflate_zlib_compress(c, input[i], sizes[i], out, capacity);
        report("libdeflate", level, n, now() - t, total);
        libdeflate_free_compressor(c);
    }
    size_t buffers[] = { ISAL_DEF_LVL0_DEFAULT, ISAL_DEF_LVL1_DEFAULT, ISAL_DEF_LVL2_DEFAULT, ISAL_DEF_LVL3_DEFAULT };
    for (int level = 0; level <= 3; level++) {
        unsigned char *buffer = malloc(buffers[level] + 1);
        t = now(); total = 0;
        for (int i = 0; i < n; i++) {
            struct isal_zstream s;
            memset(&s, 0, sizeof s);
            isal_deflate_stateless_init(&s);
            s.level = level; s.level_buf = buffer; s.level_buf_size = buffers[level];
            s.gzip_flag = IGZIP_ZLIB; s.end_of_stream = 1; s.flush = NO_FLUSH;
            s.next_in = input[i]; s.avail_in = sizes[i]; s.next_out = out; s.avail_out = capacity;
            if (isal_deflate_stateless(&s) != COMP_OK) { fprintf(stderr, "igzip failed\n"); return 1; }
            total += s.total_out;
        }
        report("igzip", level, n, now() - t, total);
        free(buffer);
    }
    /* ISA-L returns with the upper halves of the vector registers in use: SSE code after it (zlib) is slow. */
    t = now(); total = 0;
    for (int i = 0; i < n; i++) { uLongf length = capacity; compress2(out, &length, input[i], sizes[i], 1); total += length; }
    report("zlib*", 1, n, now() - t, total);
#if defined(__x86_64__)
    __asm__ volatile("vzeroupper" ::: "memory"); /* this machine has AVX: igzip just used it */
    t = now(); total = 0;
    for (int i = 0; i < n; i++) { uLongf length = capacity; compress2(out, &length, input[i], sizes[i], 1); total += length; }
    report("zlib**", 1, n, now() - t, total);
#endif
    return 0;
}
C
cc -O2 -I"$root/Sources/CFlickDeflate" -o "$work/compare" "$work/compare.c" $(pkg-config --cflags --libs spng zlib libdeflate libisal)
frames=$(find "$folder" -maxdepth 1 -name '*.png' | sort | awk 'NR % 4 == 1')
echo "$(echo "$frames" | wc -l) frames from $folder, one thread, compression alone:"
# shellcheck disable=SC2086
"$work/compare" $frames
echo "  zlib*: zlib again right after igzip's assembly; zlib**: after vzeroupper (x86-64): without it SSE code after"
echo "  ISA-L's AVX code (zlib, pixman) runs several times slower; Flick clears them after each igzip call."
