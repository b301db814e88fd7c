#!/usr/bin/env bash
# Runs the README's CI recipes ("Guarding interactions in CI": GitHub Actions and GitLab CI) step by step in a
# throwaway repository: its scenarios are Tests/Scenarios plus one whose drag moved (so goldens fail and the reports
# have something to show). Each job runs in its own copy of the repository, as on its own runner; artifacts are
# gathered as the CI's download step does. Checks that the shards merged say what one unsharded run says (lines,
# Markdown, JUnit cases, exit status), that the Markdown's links and JUnit's attachments name files that are in the
# artifacts, and that a missing shard is refused.
#
#   FLICK=.build/debug/flick scripts/ci-recipes.sh
set -euo pipefail
cd "$(dirname "$0")/.."
flick="$(cd "$(dirname "${FLICK:-.build/debug/flick}")" && pwd)/$(basename "${FLICK:-.build/debug/flick}")"
[[ -x "$flick" ]] || { echo "ci-recipes: no flick binary at $flick (build it, or set FLICK)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "ci-recipes: FAIL: $*" >&2; failures=$((failures + 1)); }

# The team's repository: Motion/ holds the scenarios and their goldens.
repo="$work/repo"
mkdir -p "$repo"
cp -R Tests/Scenarios "$repo/Motion"
sed 's/to: \[60, 405\]/to: [64, 405]/' Tests/Scenarios/pager-tabs.yaml >"$repo/Motion/pager-tabs-moved.yaml"
cp -R Tests/Scenarios/__Goldens__/pager-tabs "$repo/Motion/__Goldens__/pager-tabs-moved"
checkout() { rm -rf "$1"; cp -R "$repo" "$1"; }
run() { # run DIR ARGS…: flick in DIR; prints its output to DIR.log, returns its status
    local dir=$1; shift
    (cd "$dir" && "$flick" "$@") >"$dir.log" 2>&1
}

# One unsharded run: what the merged reports must equal.
checkout "$work/whole"
whole_status=0
run "$work/whole" test Motion --record never --report flick-report --junit flick-report/junit.xml \
    --markdown flick-report/summary.md || whole_status=$?
[[ $whole_status == 1 ]] || fail "the unsharded run exits $whole_status, not 1 (pager-tabs-moved fails)"

# --- GitHub Actions: three shard jobs, each uploading flick-report; a report job downloads them into one folder
# --- (download-artifact's merge-multiple) and merges.
for i in 1 2 3; do
    checkout "$work/gh-$i"
    run "$work/gh-$i" test Motion --record never --shard "$i/3" --report flick-report \
        --blob "flick-report/shard-$i.json" || true
    [[ -f "$work/gh-$i/flick-report/shard-$i.json" ]] || fail "GitHub shard $i wrote no blob: $(cat "$work/gh-$i.log")"
done
checkout "$work/gh-report"
mkdir -p "$work/gh-report/flick-report"
for i in 1 2 3; do cp -R "$work/gh-$i/flick-report/." "$work/gh-report/flick-report/"; done
merged_status=0
run "$work/gh-report" test --merge flick-report --report flick-report --junit flick-report/junit.xml \
    --markdown flick-report/summary.md || merged_status=$?
[[ $merged_status == "$whole_status" ]] || fail "GitHub merge exits $merged_status, the unsharded run $whole_status"
cmp -s "$work/gh-report.log" "$work/whole.log" || fail "GitHub merge prints other lines than the unsharded run:
$(diff "$work/whole.log" "$work/gh-report.log" | head -20)"
cmp -s "$work/gh-report/flick-report/summary.md" "$work/whole/flick-report/summary.md" \
    || fail "GitHub merge writes another Markdown summary than the unsharded run"
strip() { grep -v -e '<testsuite' -e '<property' -e 'properties>' "$1" | sed -E 's/ time="[0-9.]+"//'; }
[[ "$(strip "$work/gh-report/flick-report/junit.xml")" == "$(strip "$work/whole/flick-report/junit.xml")" ]] \
    || fail "GitHub merge's JUnit cases differ from the unsharded run's"
grep -q "### ❌ \`Motion/pager-tabs-moved.yaml\`" "$work/gh-report/flick-report/summary.md" \
    || fail "the merged summary does not list the failing scenario"
# Every link of the summary opens a file of the flick-report artifact.
links=0
while IFS= read -r link; do
    links=$((links + 1))
    [[ -f "$work/gh-report/flick-report/$link" ]] || fail "the summary links $link, which the artifact does not hold"
done < <(grep -oE '\]\([^)]+\)' "$work/gh-report/flick-report/summary.md" | sed -E 's/^\]\((.*)\)$/\1/')
(( links > 0 )) || fail "the merged summary has no links to the artifacts"
# A shard's artifact lost: refused, naming it.
rm "$work/gh-report/flick-report/shard-2.json"
missing_status=0
run "$work/gh-report" test --merge flick-report || missing_status=$?
[[ $missing_status == 2 ]] && grep -q "shard 2/3 missing" "$work/gh-report.log" \
    || fail "a merge without shard 2 exits $missing_status: $(cat "$work/gh-report.log")"

# --- GitLab CI: `parallel: 3` jobs, each with its own JUnit report and flick-report as artifacts; GitLab shows each
# --- [[ATTACHMENT|path]] from the job's artifacts, so every path must be in the job's flick-report.
attachments=0
for i in 1 2 3; do
    checkout "$work/gl-$i"
    run "$work/gl-$i" test Motion --record never --shard "$i/3" --report flick-report \
        --junit "flick-report/junit-$i.xml" --blob "flick-report/shard-$i.json" || true
    while IFS= read -r path; do
        attachments=$((attachments + 1))
        [[ $path == flick-report/* && -f "$work/gl-$i/$path" ]] || fail "GitLab job $i attaches $path, not in its artifacts"
    done < <(grep -oE '\[\[ATTACHMENT\|[^]]+\]\]' "$work/gl-$i/flick-report/junit-$i.xml" | sed -E 's/^\[\[ATTACHMENT\|(.*)\]\]$/\1/')
done
(( attachments > 0 )) || fail "no GitLab job attached a diff image"
checkout "$work/gl-summary"
mkdir -p "$work/gl-summary/flick-report"
for i in 1 2 3; do cp -R "$work/gl-$i/flick-report/." "$work/gl-summary/flick-report/"; done
run "$work/gl-summary" test --merge flick-report --report flick-report --markdown flick-report/summary.md || true
cmp -s "$work/gl-summary/flick-report/summary.md" "$work/whole/flick-report/summary.md" \
    || fail "GitLab's merged Markdown differs from the unsharded run's"

# --- Readers that validate: the merged JUnit in the strict style against the Ant and Jenkins xUnit schemas.
command -v xmllint >/dev/null || { echo "ci-recipes: xmllint is needed (apt-get install libxml2-utils)" >&2; exit 2; }
mkdir -p "$work/gl-summary/strict"
for i in 1 2 3; do cp "$work/gl-$i/flick-report/shard-$i.json" "$work/gl-summary/strict/"; done
run "$work/gl-summary" test --merge strict --junit strict/junit.xml --junit-style strict || true
for schema in junit-ant junit-jenkins-xunit; do
    xmllint --noout --schema "Tests/Schemas/$schema.xsd" "$work/gl-summary/strict/junit.xml" 2>"$work/xmllint.log" \
        || fail "the strict JUnit does not validate against Tests/Schemas/$schema.xsd: $(head -5 "$work/xmllint.log")"
done
grep -q 'pager-tabs-moved.yaml: \[\[ATTACHMENT|flick-report/' "$work/gl-summary/strict/junit.xml" \
    || fail "the strict JUnit does not list the attachments in the suite's system-out"

if (( failures > 0 )); then
    echo "ci-recipes: $failures check(s) failed" >&2
    exit 1
fi
echo "ci-recipes: GitHub Actions (3 shards, merged: $links links resolve) and GitLab CI (3 jobs, $attachments attachments in their artifacts) as documented; the strict JUnit validates against the Ant and Jenkins xUnit schemas"
