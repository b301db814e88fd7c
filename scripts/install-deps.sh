#!/usr/bin/env bash
# Installs the system packages Flick builds against, if any are missing. Idempotent; works as root without
# prompts (CI) and through sudo otherwise. Debian/Ubuntu (apt) and macOS (Homebrew).
set -euo pipefail

if [[ "$(uname)" == "Darwin" ]]; then
    command -v brew >/dev/null || { echo "install-deps: Homebrew is needed on macOS (https://brew.sh)" >&2; exit 2; }
    for formula in pkg-config cairo librsvg libspng font-dejavu; do
        brew list "$formula" >/dev/null 2>&1 || brew install "$formula"
    done
    exit 0
fi

# Debian package → a file it installs, to tell whether it is present without asking dpkg for each.
packages=(pkg-config libcairo2-dev librsvg2-dev libspng-dev fonts-dejavu-core)
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
