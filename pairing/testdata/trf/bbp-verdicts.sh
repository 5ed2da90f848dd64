#!/bin/sh
# Records what BBP Pairings does with each file in cases/: whether it reads
# the file to pair the next round (-p) and to check the last round (-c).
# The output, bbp-verdicts.txt, is what TestTRFCases compares the reader's
# verdicts with; tests do not need bbpPairings itself.
#
#   BBP=/path/to/bbpPairings sh bbp-verdicts.sh > bbp-verdicts.txt
#
# A verdict is "accept" (exit 0, or 1: the file was read but no pairing
# exists), "refuse" (any other exit; the message follows) or "crash" (killed
# by a signal). Run from this directory.
BBP=${BBP:-/work/shared/tools/bbpPairings}
echo "# BBP Pairings $("$BBP" 2>&1 | head -1 | sed 's/.*- \([^ ]*\) .*/\1/'), from bbp-verdicts.sh: name, -p verdict, -c verdict, -p message"
for f in cases/*.trf; do
	name=$(basename "$f" .trf)
	verdicts=""
	msg=""
	for mode in -p -c; do
		out=$("$BBP" --dutch "$f" $mode 2>&1 </dev/null)
		rc=$?
		if [ $rc -eq 0 ] || [ $rc -eq 1 ]; then
			v=accept
		elif [ $rc -ge 128 ]; then
			v=crash
		else
			v=refuse
		fi
		verdicts="$verdicts	$v"
		if [ $mode = -p ] && [ $v = refuse ]; then
			msg=$(printf '%s' "$out" | head -1 | sed "s|$f|FILE|" | cut -c1-160)
		fi
	done
	printf '%s%s\t%s\n' "$name" "$verdicts" "$msg"
done
