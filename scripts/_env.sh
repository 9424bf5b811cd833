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

_env_install() {  # $1: what to install, e.g. "$ROOT" or "$ROOT[test]"
    [ -x "$PY" ] || { echo "Creating $VENV ..." >&2; python3 -m venv "$VENV"; }
    echo "Installing the project into $VENV ..." >&2
    "$PY" -m pip install --quiet --upgrade pip >&2 || true
    "$PY" -m pip install --quiet -c "$CONSTRAINTS" -e "$1" >&2
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
