#!/usr/bin/env bash
# The AI's strength as one table: every pair of players (hard, medium, easy, random) in every
# game, through `tabletalk arena`, printed as the markdown table of docs/AI.md ("Measured
# strength", the matrix). The arena alternates seats between games (game i seats A at
# i mod 2), so an even GAMES plays each pair equally often in both seats; the table gives A's
# wins, draws, losses, win rate with its 95 % Wilson interval (the arena's), A's results per
# seat, how A's wins ended, and A's turn time.
#
# Usage: bench/arena-matrix.sh ; environment:
#   GAMES      games per pair and game (4)
#   SEED       the first game's seed (1)
#   GAMES_LIST games to play ("vorcept yama gridi poi")
#   PAIRS      pairs as A:B ("hard:medium hard:easy hard:random medium:easy medium:random easy:random")
#   POI_OPTIONS options for POI Control ("", the default rules; e.g. "rounds=30")
#   MAX_TURNS  the arena's --max-turns (500)
#   TABLETALK  the binary (target/release/tabletalk under CARGO_TARGET_DIR, built if missing)
set -euo pipefail

GAMES=${GAMES:-4}
SEED=${SEED:-1}
GAMES_LIST=${GAMES_LIST:-vorcept yama gridi poi}
PAIRS=${PAIRS:-hard:medium hard:easy hard:random medium:easy medium:random easy:random}
POI_OPTIONS=${POI_OPTIONS:-}
MAX_TURNS=${MAX_TURNS:-500}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
TARGET=${CARGO_TARGET_DIR:-$ROOT/target}
TABLETALK=${TABLETALK:-$TARGET/release/tabletalk}
if [ ! -x "$TABLETALK" ]; then
    (cd "$ROOT" && cargo build --release -p bot >&2)
fi

echo "GAMES=$GAMES SEED=$SEED POI_OPTIONS='$POI_OPTIONS' MAX_TURNS=$MAX_TURNS, $(date -u +%Y-%m-%d), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| game | A vs B | games | A wins / draws / losses | win rate (95 % CI) | A in seat 1 / seat 2 (w-d-l) | A's wins by | turns p50 / max | A's turn ms p50 / p99 |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
for game in $GAMES_LIST; do
    options=()
    if [ "$game" = poi ] && [ -n "$POI_OPTIONS" ]; then
        read -r -a options <<< "$POI_OPTIONS"
    fi
    for pair in $PAIRS; do
        a=${pair%%:*}
        b=${pair##*:}
        out=$("$TABLETALK" arena "$game" --a "$a" --b "$b" --games "$GAMES" --seed "$SEED" \
            --max-turns "$MAX_TURNS" "${options[@]}" 2>/dev/null)
        label=$game
        [ ${#options[@]} -gt 0 ] && label="$game, \`${options[*]}\`"
        awk -v label="$label" -v a="$a" -v b="$b" '
            $1 == "games" { games = $2 }
            $1 == "wins" { wins = $2 }
            $1 == "draws" { draws = $2; capped = $4; sub(/\)/, "", capped) }
            $1 == "losses" { losses = $2 }
            $1 == "win-rate" { rate = $2; ci = $5; sub(/\)/, "", ci); sub(/\.\./, "–", ci) }
            $1 ~ /^a-in-seat-/ { seat[++seats] = $3 "-" $5 "-" $7 }
            $1 == "a-move-ms" { p50 = $3; p99 = $5 }
            $1 == "a-wins-by" { $1 = ""; by = substr($0, 2) }
            $1 == "turns-per-game" { turns = $3 " / " $5 }
            END {
                seats_text = seat[1]
                for (i = 2; i <= seats; i++) seats_text = seats_text " / " seat[i]
                if (capped > 0) draws = draws " (" capped " capped)"
                printf "| %s | %s vs %s | %d | %s / %s / %s | %s (%s) | %s | %s | %s | %s / %s |\n",
                    label, a, b, games, wins, draws, losses, rate, ci, seats_text, by, turns, p50, p99
            }' <<< "$out"
    done
done
