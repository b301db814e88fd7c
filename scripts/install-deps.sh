#!/usr/bin/env bash
# Installs the system packages Flick builds against, if any are missing. Idempotent; works as root without
# prompts (CI) and through sudo otherwise. Debian/Ubuntu (apt) and macOS (Homebrew).
set -euo pipefail

# --- Optional: ffmpeg, for `flick render --video` and its tests. Installed only on CI (CI=true) or when
# --- FLICK_WITH_FFMPEG=1; the quick start and everything else work without it (the video tests are skipped).
if [[ "${CI:-}" == "true" || "${FLICK_WITH_FFMPEG:-}" == "1" ]] && ! command -v ffmpeg >/dev/null; then
    if [[ "$(uname)" == "Darwin" ]]; then
        brew install ffmpeg || echo "install-deps: ffmpeg could not be installed; the video tests will be skipped" >&2
    else
        echo "install-deps: installing ffmpeg (optional: flick render --video)" >&2
        if [[ $(id -u) -eq 0 ]]; then ffmpeg_sudo=(); else ffmpeg_sudo=(sudo); fi
        DEBIAN_FRONTEND=noninteractive "${ffmpeg_sudo[@]}" apt-get update -qq || true
        DEBIAN_FRONTEND=noninteractive "${ffmpeg_sudo[@]}" apt-get install -y -qq --no-install-recommends ffmpeg >/dev/null \
            || echo "install-deps: ffmpeg could not be installed; the video tests will be skipped" >&2
    fi
fi
# --- End of the optional ffmpeg block.

# --- Optional: Chromium and Playwright, for the review pages' browser tests (scripts/browser-tests.sh, run by .ci/run).
# --- Installed on CI (CI=true) or when FLICK_WITH_BROWSER=1: Debian's chromium, and Playwright from PyPI in a virtual
# --- environment under .build/ (it drives the system Chromium: no browser download).
if [[ "${CI:-}" == "true" || "${FLICK_WITH_BROWSER:-}" == "1" ]]; then
    venv="$(cd "$(dirname "$0")/.." && pwd)/.build/browser-venv"
    if [[ "$(uname)" == "Darwin" ]]; then
        command -v chromium >/dev/null || echo "install-deps: the browser tests need chromium on PATH (brew install --cask chromium)" >&2
    else
        browser_packages=()
        command -v chromium >/dev/null || browser_packages+=(chromium)
        # xmllint checks `flick test --junit-style strict` against the JUnit schemas (scripts/ci-recipes.sh).
        command -v xmllint >/dev/null || browser_packages+=(libxml2-utils)
        python3 -c "import ensurepip, venv" 2>/dev/null || browser_packages+=(python3 python3-venv)
        if (( ${#browser_packages[@]} > 0 )); then
            echo "install-deps: installing ${browser_packages[*]} (the review pages' browser tests, the JUnit schema check)" >&2
            if [[ $(id -u) -eq 0 ]]; then browser_sudo=(); else browser_sudo=(sudo); fi
            DEBIAN_FRONTEND=noninteractive "${browser_sudo[@]}" apt-get update -qq
            DEBIAN_FRONTEND=noninteractive "${browser_sudo[@]}" apt-get install -y -qq --no-install-recommends "${browser_packages[@]}" >/dev/null
        fi
    fi
    if ! "$venv/bin/python" -c "import playwright" 2>/dev/null; then
        echo "install-deps: installing Playwright into $venv" >&2
        python3 -m venv "$venv"
        "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "playwright==1.65.2"
    fi
fi
# --- End of the optional browser block.

if [[ "$(uname)" == "Darwin" ]]; then
    command -v brew >/dev/null || { echo "install-deps: Homebrew is needed on macOS (https://brew.sh)" >&2; exit 2; }
    for formula in pkg-config cairo librsvg libspng libdeflate isa-l font-dejavu; do
        brew list "$formula" >/dev/null 2>&1 || brew install "$formula"
    done
    exit 0
fi

# Debian package → a file it installs, to tell whether it is present without asking dpkg for each.
# libisal-dev (ISA-L's igzip) is what PNG frames are deflated with on x86-64 Linux, libdeflate-dev elsewhere; a build
# without them falls back to libspng (docs/development.md).
packages=(pkg-config libcairo2-dev librsvg2-dev libspng-dev libdeflate-dev libisal-dev fonts-dejavu-core)
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if (( ${#missing[@]} == 0 )); then
    exit 0
fi

echo "install-deps: installing ${missing[*]}" >&2
if [[ $(id -u) -eq 0 ]]; then sudo=(); else sudo=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
