# shellcheck shell=bash
# Shared by the scripts: make sure .venv exists with the project installed (editable), the
# versions pinned by constraints.txt.
# Usage: source scripts/_env.sh                     (test, lint, bench, screens: with the test extras)
#        ENV_KIND=serve source scripts/_env.sh      (serve: only what serving needs)
# Serving never calls pip once the project and its dependencies are installed (an offline Pi
# keeps working after a pull); the dev set is reinstalled when pyproject.toml or
# constraints.txt change.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
PY="$VENV/bin/python"
CONSTRAINTS="$ROOT/constraints.txt"

LOG="$VENV/install.log"  # pip's whole output of the last set-up, kept to be read

# One line per step; pip's output goes to $LOG, and all of it is shown when a step fails (a real
# error is read in full). Warnings pip had on a set-up that worked are counted, not repeated:
# they are about this machine's pip (its configuration, its indexes), never about the table.
_env_step() {  # $1: what the step does, then the command
    local what="$1"
    shift
    echo "$what" >&2
    if ! "$@" >>"$LOG" 2>&1; then
        echo "scripts: this step failed; pip said:" >&2
        cat "$LOG" >&2
        exit 1
    fi
}

_env_install() {  # $1: what to install, e.g. "$ROOT" or "$ROOT[test]"
    if [ ! -x "$PY" ]; then
        echo "Setting up $VENV (the first start only; later ones need no network):" >&2
        echo "  1/3 creating the Python environment ..." >&2
        python3 -m venv "$VENV"
    else
        echo "Updating $VENV:" >&2
        echo "  1/3 the Python environment is there" >&2
    fi
    : >"$LOG"
    local pip=("$PY" -m pip --disable-pip-version-check)
    echo "  2/3 updating pip ..." >&2
    "${pip[@]}" install --quiet --upgrade pip >>"$LOG" 2>&1 || echo "  (pip stays as it was)" >&2
    _env_step "  3/3 installing the table and its libraries (a minute, more on a Pi) ..." \
        "${pip[@]}" install --quiet -c "$CONSTRAINTS" -e "$1"
    local warned
    warned=$(grep -c '^WARNING' "$LOG" || true)
    if [ "$warned" -gt 0 ]; then
        echo "  done; pip had $warned warning(s) about this machine's set-up: see $LOG" >&2
    fi
}

# True when the project and every dependency pyproject.toml names are installed (no network).
_env_serving_ready() {
    [ -x "$PY" ] && "$PY" -I - "$ROOT/pyproject.toml" <<'PYEOF' 2>/dev/null
import importlib.metadata as md, re, sys, tomllib
deps = tomllib.load(open(sys.argv[1], "rb"))["project"]["dependencies"]
md.version("domino-table")
for dep in deps:
    md.version(re.match(r"[A-Za-z0-9._-]+", dep).group())
PYEOF
}

if [ "${ENV_KIND:-dev}" = serve ]; then
    _env_serving_ready || _env_install "$ROOT"
else
    STAMP="$VENV/.installed-$(cat "$ROOT/pyproject.toml" "$CONSTRAINTS" | sha256sum | cut -c1-16)"
    if [ ! -f "$STAMP" ]; then
        _env_install "${ROOT}[test]"
        rm -f "$VENV"/.installed-*
        touch "$STAMP"
    fi
fi
