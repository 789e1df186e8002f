#!/usr/bin/env bash
# Checks the messages of the commits since the last tag (or, without a tag, since the merge base with origin/main)
# by the commit-msg hook's rule; the tag commit-body-rule marks where the rule began. Merge commits keep git's own subject and are not checked.
set -euo pipefail
cd "$(dirname "$0")/.."
git rev-parse --git-dir >/dev/null 2>&1 || { echo "commit messages: not a git checkout, not checked"; exit 0; }
base=$(git describe --tags --abbrev=0 HEAD 2>/dev/null || git merge-base HEAD origin/main 2>/dev/null || true)
[ -n "$base" ] || { echo "commit messages: no tag and no origin/main to count from, not checked"; exit 0; }
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
bad=0 count=0
for commit in $(git rev-list --no-merges "$base..HEAD"); do
  count=$((count + 1))
  git log -1 --format=%B "$commit" >"$tmp"
  bash .githooks/commit-msg "$tmp" "$commit" || bad=$((bad + 1))
done
((bad == 0)) || { echo "commit messages: $bad of $count since $base break the rule (git rebase -i to reword)" >&2; exit 1; }
echo "commit messages: $count since $base, each a subject of at most 72 characters and a body"
