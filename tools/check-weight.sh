#!/bin/sh
# check-weight: fails when a tracked file over 1 MB (WEIGHT_LIMIT bytes)
# was added, changed or removed since the base commit without a line added
# to docs/data.md (since that base) that names the file and says why.
#
# The base is WEIGHT_BASE when set; else the merge-base with main when the
# branch has commits of its own; else (on main) the previous commit. The
# comparison takes the working tree, so an uncommitted change counts.
set -eu
limit=${WEIGHT_LIMIT:-1048576}
base=${WEIGHT_BASE:-}
if [ -z "$base" ]; then
	head=$(git rev-parse HEAD)
	mb=$(git merge-base HEAD main 2>/dev/null || true)
	if [ -n "$mb" ] && [ "$mb" != "$head" ]; then
		base=$mb
	elif git rev-parse -q --verify HEAD~1 >/dev/null; then
		base=HEAD~1
	else
		echo "check-weight: no earlier commit to compare with"
		exit 0
	fi
fi
# The lines docs/data.md gained since the base.
added=$(git diff "$base" -- docs/data.md | sed -n 's/^+\([^+]\)/\1/p')
fail=0
for f in $(git diff --name-only --no-renames "$base"); do
	now=0
	[ -f "$f" ] && now=$(wc -c <"$f")
	was=$(git cat-file -s "$base:$f" 2>/dev/null || echo 0)
	if [ "$now" -le "$limit" ] && [ "$was" -le "$limit" ]; then
		continue
	fi
	# A line naming the file with at least a few words of why.
	if printf '%s\n' "$added" | grep -F -- "$f" | sed "s|$f||" | grep -Eq '[[:alpha:]]+([^[:alpha:]]+[[:alpha:]]+){3}'; then
		continue
	fi
	echo "check-weight: $f ($was -> $now bytes) changed since $(git rev-parse --short "$base") without a line in docs/data.md naming it and why"
	fail=1
done
exit $fail
