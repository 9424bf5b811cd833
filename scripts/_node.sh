# shellcheck shell=bash
# Shared by scripts/lint and scripts/test: the npm registry's packages of package.json (eslint for
# the lint, axe-core for the browser tests' accessibility checks) into node_modules/, the versions
# pinned by package-lock.json, installed again only when the lock file changes.
_node_install() {
    local stamp
    stamp="$ROOT/node_modules/.installed-$(sha256sum "$ROOT/package-lock.json" | cut -c1-16)"
    if [ ! -f "$stamp" ]; then
        echo "Installing eslint and axe-core into node_modules/ ..." >&2
        (cd "$ROOT" && npm ci --no-audit --no-fund --silent >&2)
        touch "$stamp"
    fi
}
