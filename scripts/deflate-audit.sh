#!/usr/bin/env bash
# Audits igzip inside `flick render`: a wrapper preloaded into flick (LD_PRELOAD) repeats every
# isal_deflate_stateless call on a private copy of its input with fresh working memory and output, its isal_zstream
# placed as Flick places its own (flick_isal_stream_at_slot, Sources/CFlickDeflate/shim.h), and when the two
# streams differ, once more; it keeps the input and the streams of every call that differs. Each kept input is then
# compressed by a separate program, with the same public API, to say which stream is the odd one: Flick's call or the
# repeats. A count above 0 means igzip gave other bytes for the same input inside one process (docs/development.md,
# "Byte-identical frames"). Run it while the machine is busy (builds, scripts/deflate-determinism.sh) as well as idle.
#
# usage: scripts/deflate-audit.sh [PASSES] [FLICK]   (default: 1 pass over Examples/*.yaml, .build/release/flick)
# exit status: 0 when no call differed, 1 when some did (kept under the printed folder), 2 on bad usage.
# Needs a C compiler and libisal-dev (pkg-config libisal).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
passes=${1:-1}
flick=${2:-$root/.build/release/flick}
[[ $passes =~ ^[1-9][0-9]*$ ]] || { echo "deflate-audit: PASSES must be a positive whole number, not '$passes'" >&2; exit 2; }
[[ -x $flick ]] || { echo "deflate-audit: no $flick; run: swift build -c release --product flick" >&2; exit 2; }
pkg-config --exists libisal || { echo "deflate-audit: pkg-config finds no libisal (Debian: libisal-dev)" >&2; exit 2; }
work=$(mktemp -d /tmp/flick-deflate-audit.XXXXXX)
mkdir -p "$work/kept"

cat > "$work/audit.c" <<'C'
#define _GNU_SOURCE
#include "shim.h"
#include <dlfcn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef int (*deflate_fn)(struct isal_zstream *);
static deflate_fn next_deflate;
static atomic_long calls, differing;

static void keep(long call, const char *what, const void *bytes, size_t count) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%d-%ld.%s", getenv("FLICK_AUDIT_DIR"), (int)getpid(), call, what);
    FILE *f = fopen(path, "wb");
    if (f) { fwrite(bytes, 1, count, f); fclose(f); }
}

/* The stream of `saved`'s input at `input`, with fresh working memory and output. */
static unsigned char *repeat(const struct isal_zstream *saved, unsigned char *input, size_t room, size_t *length) {
    static __thread struct flick_isal_home home;
    struct isal_zstream *s = flick_isal_stream_at_slot(&home, flick_isal_third_position_slot(input, saved->avail_in));
    if (!s) { fprintf(stderr, "deflate-audit: no address for a placed stream\n"); exit(2); }
    *s = *saved;
    unsigned char *level = calloc(1, s->level_buf_size), *out = calloc(1, room);
    s->level_buf = level; s->next_in = input; s->next_out = out; s->avail_out = room;
    if (next_deflate(s) != COMP_OK) fprintf(stderr, "deflate-audit: a repeated call failed\n");
    free(level);
    *length = room - s->avail_out;
    return out;
}

int isal_deflate_stateless(struct isal_zstream *stream) {
    if (!next_deflate) next_deflate = (deflate_fn)dlsym(RTLD_NEXT, "isal_deflate_stateless");
    struct isal_zstream saved = *stream;
    size_t count = stream->avail_in, room = stream->avail_out;
    unsigned char *copy = malloc(count + 256);
    memcpy(copy, stream->next_in, count);
    memset(copy + count, 0, 256);
    unsigned char *out = stream->next_out;
    int status = next_deflate(stream);
    size_t length = room - stream->avail_out, again, third;
    long call = atomic_fetch_add(&calls, 1);
    unsigned char *repeated = repeat(&saved, copy, room, &again);
    if (again != length || memcmp(repeated, out, length) != 0) {
        atomic_fetch_add(&differing, 1);
        unsigned char *thirdBytes = repeat(&saved, copy, room, &third);
        keep(call, "input", copy, count);
        keep(call, "call", out, length);
        keep(call, "repeat", repeated, again);
        keep(call, "third", thirdBytes, third);
        free(thirdBytes);
    }
    free(repeated);
    free(copy);
    return status;
}

__attribute__((destructor)) static void report(void) {
    fprintf(stderr, "deflate-audit: %ld calls, %ld differ\n", (long)calls, (long)differing);
}
C

cat > "$work/standalone.c" <<'C'
#include "shim.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static unsigned char *slurp(const char *path, size_t *count) {
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); exit(2); }
    fseek(f, 0, SEEK_END); *count = ftell(f); rewind(f);
    unsigned char *bytes = calloc(1, *count + 256);
    if (fread(bytes, 1, *count, f) != *count) { perror(path); exit(2); }
    fclose(f);
    return bytes;
}
/* Prints which of the kept streams (call, repeat, third) the input compressed here gives. */
int main(int argc, char **argv) {
    size_t count;
    unsigned char *input = slurp(argv[1], &count);
    size_t room = count + count / 8 + (64 << 10);
    unsigned char *out = calloc(1, room), *level = calloc(1, ISAL_DEF_LVL1_DEFAULT);
    struct flick_isal_home home = {0};
    struct isal_zstream *placed = flick_isal_stream_at_slot(&home, flick_isal_third_position_slot(input, count));
    if (!placed) { fprintf(stderr, "no address for a placed stream\n"); return 2; }
    struct isal_zstream s;
    memset(&s, 0, sizeof s);
    isal_deflate_stateless_init(&s);
    s.level = 1; s.level_buf = level; s.level_buf_size = ISAL_DEF_LVL1_DEFAULT; s.gzip_flag = IGZIP_DEFLATE;
    s.flush = NO_FLUSH; s.end_of_stream = 1; s.next_in = input; s.avail_in = count; s.next_out = out; s.avail_out = room;
    *placed = s;
    if (isal_deflate_stateless(placed) != COMP_OK) { fprintf(stderr, "igzip failed\n"); return 2; }
    size_t length = room - placed->avail_out;
    for (int i = 2; i < argc; i++) {
        size_t kept; unsigned char *bytes = slurp(argv[i], &kept);
        printf(" %s=%s", strrchr(argv[i], '.') + 1, kept == length && !memcmp(bytes, out, length) ? "same" : "other");
    }
    printf("\n");
    return 0;
}
C
cc -O2 -shared -fPIC -I "$root/Sources/CFlickDeflate" -o "$work/audit.so" "$work/audit.c" $(pkg-config --cflags libisal) -ldl
cc -O2 -I "$root/Sources/CFlickDeflate" -o "$work/standalone" "$work/standalone.c" $(pkg-config --cflags --libs libisal)

export FLICK_AUDIT_DIR=$work/kept
for ((pass = 1; pass <= passes; pass++)); do
    for f in "$root"/Examples/*.yaml; do
        rm -rf "$work/out"
        LD_PRELOAD=$work/audit.so "$flick" render "$f" --out "$work/out" > /dev/null 2>> "$work/audit.log"
    done
    echo "deflate-audit: pass $pass of $passes: $(awk '/calls,/ {c += $2; d += $4} END {print c " calls, " d " differ"}' "$work/audit.log")"
done
rm -rf "$work/out"
differ=$(awk '/calls,/ {d += $4} END {print d + 0}' "$work/audit.log")
for input in "$work"/kept/*.input; do
    [[ -e $input ]] || break
    stem=${input%.input}
    echo "  $(basename "$stem"): compressed alone, the same input gives:$("$work/standalone" "$input" "$stem.call" "$stem.repeat" "$stem.third")"
done
if [[ $differ -gt 0 ]]; then
    echo "deflate-audit: $differ calls gave other bytes than a repeat; inputs and streams kept in $work/kept" >&2
    exit 1
fi
rm -rf "$work"
echo "deflate-audit: every call gave the bytes of its repeat"
