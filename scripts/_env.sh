# shellcheck shell=bash
# Shared by the scripts: make sure .venv exists with what they need, the versions pinned by
# constraints.txt.
# Usage: source scripts/_env.sh                     (test, lint, bench, screens: the project
#                                                    installed editable, with the test extras)
#        ENV_KIND=serve source scripts/_env.sh      (serve: only the libraries serving needs;
#                                                    the table runs from the checkout itself)
# Serving never calls pip once its libraries are installed (an offline Pi keeps working after a
# pull), and builds nothing: no packaging step stands between a pull and the next start. The dev
# set is reinstalled when pyproject.toml or constraints.txt change.
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
        echo "$0: this step failed; pip said:" >&2
        cat "$LOG" >&2
        exit 1
    fi
}

_env_install() {  # $1: what the third step installs, then pip's arguments for it
    local what="$1"
    shift
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
    _env_step "  3/3 installing $what (a minute, more on a Pi) ..." \
        "${pip[@]}" install --quiet -c "$CONSTRAINTS" "$@"
    local warned
    warned=$(grep -c '^WARNING' "$LOG" || true)
    if [ "$warned" -gt 0 ]; then
        echo "  done; pip had $warned warning(s) about this machine's set-up: see $LOG" >&2
    fi
}

# The libraries pyproject.toml says serving needs, one a line (python3: .venv may not exist yet).
_env_serving_deps() {
    python3 - "$ROOT/pyproject.toml" <<'PYEOF'
import sys, tomllib
print("\n".join(tomllib.load(open(sys.argv[1], "rb"))["project"]["dependencies"]))
PYEOF
}

# True when every library serving needs is installed (no network).
_env_serving_ready() {
    [ -x "$PY" ] && "$PY" -I - "$ROOT/pyproject.toml" <<'PYEOF' 2>/dev/null
import importlib.metadata as md, re, sys, tomllib
for dep in tomllib.load(open(sys.argv[1], "rb"))["project"]["dependencies"]:
    md.version(re.match(r"[A-Za-z0-9._-]+", dep).group())
PYEOF
}

if [ "${ENV_KIND:-dev}" = serve ]; then
    if ! _env_serving_ready; then
        mapfile -t SERVING_DEPS < <(_env_serving_deps)
        _env_install "the table's libraries" "${SERVING_DEPS[@]}"
    fi
else
    STAMP="$VENV/.installed-$(cat "$ROOT/pyproject.toml" "$CONSTRAINTS" | sha256sum | cut -c1-16)"
    if [ ! -f "$STAMP" ]; then
        _env_install "the project and its test tools" -e "${ROOT}[test]"
        rm -f "$VENV"/.installed-*
        touch "$STAMP"
    fi
fi
