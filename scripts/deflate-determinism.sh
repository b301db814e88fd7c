#!/usr/bin/env bash
# Checks whether a deflate gives the same bytes for the same input on this machine: the rows of rendered frames (a
# filter byte 0 and RGB, as Flick's PNGs hold them) are compressed once on the main thread, then by three threads a
# core over and over for SECONDS, each time twice in a row, with freshly cleared working memory; every result that
# differs from the main thread's is counted. igzip is called as Flick's PNGEncoder calls it: level 1, a zeroed
# isal_zstream and level buffer, raw deflate with the zlib header and libdeflate's Adler-32 written around it,
# flick_isal_deflate_stateless (CFlickDeflate's shim: the vector state cleared after), the code ISA-L picks for this
# CPU; libdeflate at level 2 beside it. A count above 0 means that deflate cannot promise byte-identical frames. Run
# it while the machine is busy (a build, or a busy loop a core) as well as idle: docs/development.md.
#
# usage: scripts/deflate-determinism.sh [SECONDS] [FRAMES_FOLDER]   (default: 60 s; fling-to-rest rendered by the
#        release build, every eighth frame). Needs a C compiler, libspng-dev, libdeflate-dev and libisal-dev.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
work=$(mktemp -d /tmp/flick-deflate-determinism.XXXXXX)
trap 'rm -rf "$work"' EXIT
folder=${2:-}
if [[ -z $folder ]]; then
    flick=$root/.build/release/flick
    [[ -x $flick ]] || { echo "deflate-determinism: no $flick; run: swift build -c release --product flick" >&2; exit 2; }
    "$flick" render fling-to-rest --out "$work" > /dev/null
    folder=$work/fling-to-rest/frames
fi
for lib in spng libdeflate libisal; do
    pkg-config --exists "$lib" || { echo "deflate-determinism: pkg-config finds no $lib" >&2; exit 2; }
done

cat > "$work/check.c" <<'C'
#include "shim.h"
#include <libdeflate.h>
#include <pthread.h>
#include <spng.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int threads; static int count; static unsigned char **input; static size_t *sizes; static double seconds;
static unsigned char **expected[2]; static size_t *expectedSizes[2];

/* A PNG decoded to RGB8, as PNG rows: each a filter byte 0 and the pixels. */
static unsigned char *rows(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); exit(2); }
    spng_ctx *ctx = spng_ctx_new(0); spng_set_png_file(ctx, f);
    struct spng_ihdr ihdr; size_t length;
    if (spng_get_ihdr(ctx, &ihdr) || spng_decoded_image_size(ctx, SPNG_FMT_RGB8, &length)) { fprintf(stderr, "%s: not a PNG\n", path); exit(2); }
    unsigned char *pixels = malloc(length);
    spng_decode_image(ctx, pixels, length, SPNG_FMT_RGB8, 0);
    spng_ctx_free(ctx); fclose(f);
    size_t row = (size_t)ihdr.width * 3;
    unsigned char *out = calloc(1, (row + 1) * ihdr.height + 256);
    for (uint32_t y = 0; y < ihdr.height; y++) memcpy(out + y * (row + 1) + 1, pixels + y * row, row);
    free(pixels);
    *size = (row + 1) * ihdr.height;
    return out;
}

/* As PNGEncoder.igzipData: zlib header, igzip's raw deflate, libdeflate's Adler-32. */
static size_t igzip(const unsigned char *in, size_t n, unsigned char *out, size_t room, unsigned char *level) {
    memset(level, 0, ISAL_DEF_LVL1_DEFAULT);
    struct isal_zstream s;
    memset(&s, 0, sizeof s);
    isal_deflate_stateless_init(&s);
    s.level = 1; s.level_buf = level; s.level_buf_size = ISAL_DEF_LVL1_DEFAULT;
    s.gzip_flag = IGZIP_DEFLATE; s.flush = NO_FLUSH; s.end_of_stream = 1;
    out[0] = 0x78; out[1] = 0x01; memset(out + 2, 0, 64);
    s.next_in = (unsigned char *)in; s.avail_in = n; s.next_out = out + 2; s.avail_out = room - 6;
    if (flick_isal_deflate_stateless(&s) != COMP_OK) { fprintf(stderr, "igzip failed\n"); exit(1); }
    uint32_t adler = libdeflate_adler32(1, in, n);
    unsigned char *end = out + 2 + s.total_out;
    end[0] = adler >> 24; end[1] = adler >> 16; end[2] = adler >> 8; end[3] = adler;
    return s.total_out + 6;
}

static void *work(void *arg) {
    long thread = (long)arg, runs[2] = {0, 0}, differ[2] = {0, 0};
    size_t room = sizes[0] * 2 + (1 << 20);
    unsigned char *a = malloc(room), *level = malloc(ISAL_DEF_LVL1_DEFAULT);
    struct libdeflate_compressor *c = libdeflate_alloc_compressor(2);
    struct timespec start, now; clock_gettime(CLOCK_MONOTONIC, &start);
    for (long k = thread;; k++) {
        int i = (int)(k % count);
        for (int twice = 0; twice < 2; twice++) {
            size_t l = igzip(input[i], sizes[i], a, room, level);
            runs[0]++; if (l != expectedSizes[0][i] || memcmp(a, expected[0][i], l)) differ[0]++;
            l = libdeflate_zlib_compress(c, input[i], sizes[i], a, room);
            runs[1]++; if (l != expectedSizes[1][i] || memcmp(a, expected[1][i], l)) differ[1]++;
        }
        clock_gettime(CLOCK_MONOTONIC, &now);
        if (now.tv_sec - start.tv_sec + (now.tv_nsec - start.tv_nsec) * 1e-9 > seconds) break;
    }
    printf("  thread %ld: igzip %ld of %ld differ; libdeflate %ld of %ld differ\n", thread, differ[0], runs[0], differ[1], runs[1]);
    return NULL;
}

int main(int argc, char **argv) {
    threads = atoi(argv[1]); seconds = atof(argv[2]); count = argc - 3;
    input = malloc(count * sizeof *input); sizes = malloc(count * sizeof *sizes);
    for (int i = 0; i < count; i++) input[i] = rows(argv[i + 3], &sizes[i]);
    unsigned char *level = malloc(ISAL_DEF_LVL1_DEFAULT);
    struct libdeflate_compressor *c = libdeflate_alloc_compressor(2);
    for (int k = 0; k < 2; k++) { expected[k] = malloc(count * sizeof *expected[k]); expectedSizes[k] = malloc(count * sizeof *expectedSizes[k]); }
    for (int i = 0; i < count; i++) {
        size_t room = sizes[i] * 2 + (1 << 20);
        expected[0][i] = malloc(room); expectedSizes[0][i] = igzip(input[i], sizes[i], expected[0][i], room, level);
        expected[1][i] = malloc(room); expectedSizes[1][i] = libdeflate_zlib_compress(c, input[i], sizes[i], expected[1][i], room);
    }
    pthread_t thread[64];
    for (long t = 0; t < threads; t++) pthread_create(&thread[t], NULL, work, (void *)t);
    for (int t = 0; t < threads; t++) pthread_join(thread[t], NULL);
    return 0;
}
C
cc -O2 -I"$root/Sources/CFlickDeflate" -o "$work/check" "$work/check.c" $(pkg-config --cflags --libs spng libdeflate libisal) -lpthread
frames=$(find "$folder" -maxdepth 1 -name '*.png' | sort | awk 'NR % 8 == 1')
threads=$(( 3 * $(nproc) )); (( threads <= 64 )) || threads=64
echo "$(echo "$frames" | wc -l) frames from $folder, $threads threads, ${seconds} s, igzip running ISA-L's choice of code;"
echo "compressions whose bytes differ from the first:"
# shellcheck disable=SC2086
"$work/check" "$threads" "$seconds" $frames
