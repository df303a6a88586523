#!/usr/bin/env bash
# CPU of a server with nothing to do, as a share of one core: a SQLite and a
# PostgreSQL server side by side, REPS (default 3) windows of SECS (default
# 120) seconds each, from the kernel's tick counts in /proc, on the shared
# harness (../shared/bench/lib.sh).
#
#   bash scripts/bench/idle-cpu.sh
set -euo pipefail
MAIN=$(cd "$(dirname "$0")/../.." && pwd)
source "$MAIN/../shared/bench/lib.sh"
SECS=${SECS:-120}; REPS=${REPS:-3}
build
start_notegen 18344 ""; sqlite=$NG_PID
newdb idle_cpu; start_notegen 18345 "$DB_URL"; postgres=$NG_PID
sleep 15 # past start-up and the first run of the periodic work
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
hz=$(getconf CLK_TCK)
for rep in $(seq "$REPS"); do
  s0=$(ticks "$sqlite"); p0=$(ticks "$postgres")
  sleep "$SECS"
  s1=$(ticks "$sqlite"); p1=$(ticks "$postgres")
  python3 -c "print('rep $rep: sqlite %.3f%%, postgres %.3f%% of a core' % (100.0 * ($s1 - $s0) / $hz / $SECS, 100.0 * ($p1 - $p0) / $hz / $SECS))"
done
