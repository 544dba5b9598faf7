#!/usr/bin/env bash
# Builds a tree-sitter grammar for the bench only: bench/extract.mjs holds the languages the
# engine reads with hand-written parsers (SQL, protobuf) to the floor of a real tree-sitter
# parse, as every other language is held. No SQL or protobuf grammar on npm ships a wasm,
# so this compiles a grammar's C sources with emscripten into bench/.grammars/ (not
# committed, not part of the product).
#   bash bench/build-grammar.sh sql            # @derekstride/tree-sitter-sql 0.3.11 from npm (MIT)
#   bash bench/build-grammar.sh proto <dir>    # a clone of github.com/coder3101/tree-sitter-proto
#                                              # at cf8e4eba6e5b4afb9eb16c9178bba3d2504b46c2 (MIT; not on npm)
# Needs emcc: apt-get install emscripten.
set -euo pipefail

usage() {
  echo "usage: bash bench/build-grammar.sh sql | proto <tree-sitter-proto clone>" >&2
  exit 2
}

root="$(cd "$(dirname "$0")/.." && pwd)"
language="${1:-}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

case "$language" in
  sql)
    sources="$work/package/src"
    (cd "$work" && npm pack --silent "@derekstride/tree-sitter-sql@0.3.11" >/dev/null && tar xzf ./*.tgz)
    ;;
  proto)
    [ -n "${2:-}" ] || usage
    sources="$(cd "$2" && pwd)/src"
    [ -f "$sources/parser.c" ] || { echo "build-grammar proto: $2 has no src/parser.c; give a clone of coder3101/tree-sitter-proto" >&2; exit 1; }
    ;;
  *)
    usage
    ;;
esac

if ! command -v emcc >/dev/null; then
  echo "build-grammar: emcc not found; install emscripten (apt-get install emscripten) and run again" >&2
  exit 1
fi

out="$root/bench/.grammars/tree-sitter-$language.wasm"
mkdir -p "$(dirname "$out")"
inputs=("$sources/parser.c")
if [ -f "$sources/scanner.c" ]; then inputs+=("$sources/scanner.c"); fi
# The flags tree-sitter's own `build --wasm` passes: a side module web-tree-sitter can load.
emcc -o "$out" -Os -fno-exceptions -s WASM=1 -s SIDE_MODULE=2 -s "EXPORTED_FUNCTIONS=[\"_tree_sitter_$language\"]" \
  -I "$sources" "${inputs[@]}"
echo "built $out"
