#!/bin/sh
# Writes generated/*.trf: random tournaments from BBP Pairings' generator
# (bbpPairings --dutch -g CONFIG -o OUT -s SEED), which TestTRFGenerated
# reads. Run from this directory:
#
#   BBP=/path/to/bbpPairings sh generate.sh
set -e
BBP=${BBP:-/work/shared/tools/bbpPairings}
mkdir -p generated
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
gen() { # name players rounds draw% forfeit retired halfbye seed
	printf 'PlayersNumber=%s\nRoundsNumber=%s\nDrawPercentage=%s\nForfeitRate=%s\nRetiredRate=%s\nHalfPointByeRate=%s\n' \
		"$2" "$3" "$4" "$5" "$6" "$7" > "$tmp"
	"$BBP" --dutch -g "$tmp" -o "generated/$1.trf" -s "$8"
}
gen p30-r9-s1 30 9 30 20 40 30 1
gen p30-r9-s2 30 9 30 20 40 30 2
gen p30-r9-s3 30 9 30 20 40 30 3
gen p12-r5-s7 12 5 30 5 10 5 7
gen p101-r11-s5 101 11 40 50 100 20 5
gen p9-r5-s9 9 5 20 4 5 3 9
