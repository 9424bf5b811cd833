# Shared by the scripts: make sure .venv exists with the project installed (editable, with test extras).
# Usage: source scripts/_env.sh   (from any script in scripts/)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
STAMP="$VENV/.installed-$(sha256sum "$ROOT/pyproject.toml" | cut -c1-16)"
if [ ! -x "$VENV/bin/python" ]; then
    echo "Creating $VENV ..." >&2
    python3 -m venv "$VENV"
fi
if [ ! -f "$STAMP" ]; then
    echo "Installing the project into $VENV ..." >&2
    "$VENV/bin/python" -m pip install --quiet --upgrade pip >&2 || true
    "$VENV/bin/python" -m pip install --quiet -e "$ROOT[test]" >&2
    rm -f "$VENV"/.installed-*
    touch "$STAMP"
fi
PY="$VENV/bin/python"
