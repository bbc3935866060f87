#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests: a temporary directory, a free loopback port, a
# non-root server user (PostgreSQL refuses to run as root), trust authentication on 127.0.0.1
# only, and nothing kept when it stops.
#
# In a script (as .ci/run does):
#     source .ci/postgres.sh
#     pg_start            # exports TABLETALK_TEST_DATABASE_URL and PG_SCRATCH
#     trap pg_stop EXIT
#
# By hand (a developer's shell):
#     eval "$(.ci/postgres.sh start)"     # prints the export lines and the stop command
#     cargo test -p data --test store
#     .ci/postgres.sh stop "$PG_SCRATCH"
#
# A test that needs an outage starts a cluster of its own and stops and starts its server:
#     .ci/postgres.sh pause "$PG_SCRATCH"; .ci/postgres.sh resume "$PG_SCRATCH"
#
# The cluster is tuned for tests (fsync and synchronous commit off: it is thrown away anyway);
# PG_DURABLE=1 keeps PostgreSQL's durable defaults, for benchmarks.

pg_bin() {
    local name=$1 dir
    if command -v "$name" >/dev/null 2>&1; then
        command -v "$name"
        return
    fi
    for dir in /usr/lib/postgresql/*/bin; do
        if [ -x "$dir/$name" ]; then
            echo "$dir/$name"
            return
        fi
    done
    return 1
}

# Installs Debian's PostgreSQL when the server binaries are missing (CI runs as root).
pg_install() {
    if pg_bin initdb >/dev/null && pg_bin pg_ctl >/dev/null; then
        return
    fi
    echo "postgres.sh: initdb/pg_ctl missing; installing Debian's postgresql" >&2
    if [ "$(id -u)" -ne 0 ]; then
        echo "postgres.sh: run as root once, or apt-get install postgresql" >&2
        return 1
    fi
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
}

# Runs a command as the cluster's owner: the current user, or `postgres` when we are root.
pg_as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        if ! id postgres >/dev/null 2>&1; then
            useradd --system --no-create-home --shell /usr/sbin/nologin postgres
        fi
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

pg_free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' 2>/dev/null \
        || echo $((20000 + RANDOM % 20000))
}

# Starts the cluster; exports PG_SCRATCH (its directory) and TABLETALK_TEST_DATABASE_URL.
pg_start() {
    pg_install || return 1
    local initdb pg_ctl port
    initdb=$(pg_bin initdb) || return 1
    pg_ctl=$(pg_bin pg_ctl) || return 1
    PG_SCRATCH=$(mktemp -d /tmp/tabletalk-pg.XXXXXX)
    chmod 755 "$PG_SCRATCH"
    if [ "$(id -u)" -eq 0 ]; then
        pg_as_owner true 2>/dev/null || true
        chown postgres: "$PG_SCRATCH"
    fi
    pg_as_owner "$initdb" -D "$PG_SCRATCH/data" -U tabletalk --auth=trust -E UTF8 --no-locale \
        >"$PG_SCRATCH/initdb.log" 2>&1 || { cat "$PG_SCRATCH/initdb.log" >&2; return 1; }
    # Tests throw the cluster away: durability off makes them fast. PG_DURABLE=1 keeps the
    # defaults (fsync, synchronous commit), for benchmarks.
    local durability="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    if [ "${PG_DURABLE:-0}" = 1 ]; then
        durability=""
    fi
    local tries
    for tries in 1 2 3 4 5; do
        port=$(pg_free_port)
        if pg_as_owner "$pg_ctl" -D "$PG_SCRATCH/data" -l "$PG_SCRATCH/server.log" -w -t 30 \
            -o "-h 127.0.0.1 -p $port -k $PG_SCRATCH $durability -c max_connections=400" \
            start >/dev/null; then
            # What `resume` starts the server with again, on the same port.
            echo "-h 127.0.0.1 -p $port -k $PG_SCRATCH $durability -c max_connections=400" \
                >"$PG_SCRATCH/options"
            export PG_SCRATCH
            export TABLETALK_TEST_DATABASE_URL="postgres://tabletalk@127.0.0.1:$port/postgres"
            echo "postgres.sh: PostgreSQL on 127.0.0.1:$port (data in $PG_SCRATCH)" >&2
            return 0
        fi
        echo "postgres.sh: start on port $port failed (try $tries)" >&2
        tail -n 5 "$PG_SCRATCH/server.log" >&2 || true
    done
    return 1
}

# Stops the cluster started by pg_start (or the one in directory $1) and removes its files.
pg_stop() {
    local dir=${1:-${PG_SCRATCH:-}}
    [ -n "$dir" ] && [ -d "$dir/data" ] || return 0
    local pg_ctl
    pg_ctl=$(pg_bin pg_ctl) || return 0
    pg_as_owner "$pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
}

# Stops the server of the cluster in directory $1 and keeps its files (an outage, for a test).
pg_pause() {
    local pg_ctl
    pg_ctl=$(pg_bin pg_ctl) || return 1
    pg_as_owner "$pg_ctl" -D "$1/data" -m fast -w stop >/dev/null
}

# Starts the paused cluster in directory $1 again, on its port.
pg_resume() {
    local pg_ctl
    pg_ctl=$(pg_bin pg_ctl) || return 1
    pg_as_owner "$pg_ctl" -D "$1/data" -l "$1/server.log" -w -t 30 -o "$(cat "$1/options")" \
        start >/dev/null
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    set -euo pipefail
    case "${1:-}" in
        start)
            pg_start
            echo "export PG_SCRATCH=$PG_SCRATCH"
            echo "export TABLETALK_TEST_DATABASE_URL=$TABLETALK_TEST_DATABASE_URL"
            echo "# stop it with: .ci/postgres.sh stop $PG_SCRATCH"
            ;;
        stop)
            pg_stop "${2:-}"
            ;;
        pause)
            pg_pause "${2:?the cluster directory}"
            ;;
        resume)
            pg_resume "${2:?the cluster directory}"
            ;;
        *)
            echo "usage: eval \"\$(.ci/postgres.sh start)\"; .ci/postgres.sh stop <dir>" >&2
            exit 2
            ;;
    esac
fi
