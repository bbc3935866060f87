#!/usr/bin/env bash
# Board images and replays timed side by side with lila-gif (Lichess's Rust GIF service), in
# one run, interleaved, and their ratios printed. Figures go to docs/PERFORMANCE.md ("Side by
# side with lila-gif").
#
# lila-gif is built by the person running this; nothing of it is committed here:
#
#   git clone https://github.com/lichess-org/lila-gif /tmp/lila-gif
#   (cd /tmp/lila-gif && CARGO_TARGET_DIR=/tmp/lila-gif-target cargo build --release)
#   bench/vs-lila-gif.sh /tmp/lila-gif-target/release/lila-gif
#
# Usage: bench/vs-lila-gif.sh [LILA_GIF_BINARY] ; environment: ROUNDS (3), BOARD_RUNS (50),
# GAME_RUNS (5), PAUSE_MS (5), PORT (6175), CARGO_TARGET_DIR (where our release example is
# built).
#
# Each round times, in turn: lila-gif's single image (GET /image.gif, a mid-game position with
# names and the last move, BOARD_RUNS requests), our four boards (render::render, BOARD_RUNS
# each), lila-gif's 93-frame game (GET /example.gif, the game of its README, GAME_RUNS
# requests) and our four 93-frame replays (render::replay, GAME_RUNS each). lila-gif is a web
# service, so its times are curl's time_total over loopback HTTP (the request, the rendering,
# the streamed body); ours are measured in process, without HTTP
# (render/examples/side_by_side.rs), each run after a pause of PAUSE_MS, as lila-gif's server
# is idle between curl's requests (a process that never sleeps gets a smaller share of a busy
# machine's cores: the example's header). Medians; per frame = the GIF's time or bytes /
# frames.
#
# Besides the wall-clock times, the time each side ran on a CPU, which does not grow while it
# waits for a core: ours is the mean of the example's thread (/proc/thread-self/schedstat);
# lila-gif's is its whole process's (user + system time in /proc/PID/stat, every thread, the
# HTTP serving included, in clock ticks) over the round's requests, divided by their number.
set -euo pipefail

LILA=${1:-/tmp/lila-gif-target/release/lila-gif}
ROUNDS=${ROUNDS:-3}
BOARD_RUNS=${BOARD_RUNS:-50}
GAME_RUNS=${GAME_RUNS:-5}
PAUSE_MS=${PAUSE_MS:-5}
PORT=${PORT:-6175}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
TARGET=${CARGO_TARGET_DIR:-$ROOT/target}

[ -x "$LILA" ] || { echo "no lila-gif binary at $LILA (see the header of $0)" >&2; exit 2; }
(cd "$ROOT" && cargo build --release --quiet -p render --example side_by_side)
OURS=$TARGET/release/examples/side_by_side

"$LILA" --bind "127.0.0.1:$PORT" >/dev/null 2>&1 &
LILA_PID=$!
trap 'kill "$LILA_PID" 2>/dev/null || true' EXIT
BASE=http://127.0.0.1:$PORT
for _ in $(seq 50); do curl -sf -o /dev/null "$BASE/image.gif" && break; sleep 0.1; done

IMAGE="$BASE/image.gif?fen=r1bqkb1r/pp1ppppp/5n2/2p5/2P1P3/2Nn2P1/PP1PNP1P/R1BQKB1R&white=Alice&black=Bob&lastMove=b4d3"
GAME_FRAMES=93

# The median of the numbers on standard input.
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

TICK_MS=$(awk -v t="$(getconf CLK_TCK)" 'BEGIN { print 1000 / t }')
# lila-gif's CPU time so far (user + system, all threads) in milliseconds.
lila_cpu() { awk -v t="$TICK_MS" '{ print ($14 + $15) * t }' "/proc/$LILA_PID/stat"; }

# The median milliseconds, the size in bytes and the mean on-CPU milliseconds of `runs` GETs
# of `url` (after one warm-up).
lila() {
    local url=$1 runs=$2 cpu_before
    curl -sf -o /dev/null "$url"
    cpu_before=$(lila_cpu)
    for _ in $(seq "$runs"); do curl -sf -o /dev/null -w '%{time_total} %{size_download}\n' "$url"; done |
        awk '{ print $1 * 1000, $2 }' > /tmp/vs-lila-gif.$$
    local cpu
    cpu=$(awk -v a="$cpu_before" -v b="$(lila_cpu)" -v n="$runs" 'BEGIN { printf "%.3f", (b - a) / n }')
    echo "$(cut -d' ' -f1 /tmp/vs-lila-gif.$$ | median) $(tail -1 /tmp/vs-lila-gif.$$ | cut -d' ' -f2) $cpu"
    rm -f /tmp/vs-lila-gif.$$
}

echo "$(date -u '+%F %H:%M UTC') · $(uptime | sed 's/.*load/load/') · $ROUNDS rounds, boards x$BOARD_RUNS, games x$GAME_RUNS, pauses $PAUSE_MS ms"
for round in $(seq "$ROUNDS"); do
    read -r lila_image_ms lila_image_bytes lila_image_cpu < <(lila "$IMAGE" "$BOARD_RUNS")
    ours_boards=$("$OURS" board "$BOARD_RUNS" "$PAUSE_MS")
    read -r lila_game_ms lila_game_bytes lila_game_cpu < <(lila "$BASE/example.gif" "$GAME_RUNS")
    ours_replays=$("$OURS" replay "$GAME_RUNS" "$PAUSE_MS")
    per_frame() { awk -v v="$1" -v n=$GAME_FRAMES -v f="$2" 'BEGIN { printf f, v / n }'; }
    lila_frame_ms=$(per_frame "$lila_game_ms" %.3f)
    lila_frame_bytes=$(per_frame "$lila_game_bytes" %.0f)
    lila_frame_cpu=$(per_frame "$lila_game_cpu" %.3f)
    echo
    echo "round $round: lila-gif image ${lila_image_ms} ms (on-CPU ${lila_image_cpu}), ${lila_image_bytes} B;" \
        "game $GAME_FRAMES frames ${lila_game_ms} ms = ${lila_frame_ms} ms/frame (on-CPU ${lila_frame_cpu}), ${lila_frame_bytes} B/frame"
    echo "$ours_boards" | while read -r _ game ms bytes cpu; do
        awk -v g="$game" -v m="$ms" -v b="$bytes" -v c="$cpu" -v l="$lila_image_ms" -v lc="$lila_image_cpu" \
            'BEGIN { printf "  board  %-8s %6.3f ms %6d B   time ratio %.2f (goal <= 0.35); on-CPU %.3f ms, ratio %.2f\n", g, m, b, m / l, c, c / lc }'
    done
    echo "$ours_replays" | while read -r _ game frames ms bytes cpu; do
        awk -v g="$game" -v f="$frames" -v m="$ms" -v b="$bytes" -v c="$cpu" -v lm="$lila_frame_ms" -v lb="$lila_frame_bytes" -v lc="$lila_frame_cpu" \
            'BEGIN { printf "  replay %-8s %3d frames %6.3f ms/frame %5d B/frame   time ratio %.2f (goal <= 0.8), size ratio %.2f (goal <= 1); on-CPU %.3f ms/frame, ratio %.2f\n", g, f, m, b, m / lm, b / lb, c, c / lc }'
    done
done
