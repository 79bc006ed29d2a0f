#!/usr/bin/env bash
# Builds a local stand-in for the official Node image, for machines that reach no public image registry
# (this project's CI): a minimal root filesystem with a Node runtime, npm, a POSIX shell and a `node`
# user (uid 1000, as in the official image), imported with `docker import`. The Dockerfile then builds on
# it unchanged: docker build --build-arg NODE_IMAGE=<the tag printed> .
#
#   scripts/stand-in-node-image.sh [TAG] [NODE_BINARY]
#     TAG          image tag to create (default skymock-node-base:<major of NODE_BINARY>)
#     NODE_BINARY  the node executable to put in the image (default: the project's own toolchain,
#                  node_modules/.bin/node, which is the Node major the Dockerfile defaults to)
set -euo pipefail
cd "$(dirname "$0")/.."

node_bin=$(readlink -f "${2:-node_modules/.bin/node}")
[ -x "$node_bin" ] || { echo "stand-in-node-image: no node executable at ${2:-node_modules/.bin/node} (run npm ci first)" >&2; exit 1; }
major=$("$node_bin" -p 'process.versions.node.split(".")[0]')
tag=${1:-skymock-node-base:$major}
npm_dir=$(npm root -g 2>/dev/null)/npm
[ -f "$npm_dir/bin/npm-cli.js" ] || { echo "stand-in-node-image: npm not found at $npm_dir" >&2; exit 1; }

# the same runtime and npm as the image already tagged: nothing to do (a new import would leave the old
# image dangling, about 145 MB a run)
fingerprint="$(sha256sum "$node_bin" | cut -c1-16)-$(node -p "require('$npm_dir/package.json').version" 2>/dev/null || echo npm)"
if [ "$(docker image inspect --format '{{ index .Config.Labels "skymock.stand-in" }}' "$tag" 2>/dev/null)" = "$fingerprint" ]; then
  echo "$tag"
  exit 0
fi
previous=$(docker image inspect --format '{{.Id}}' "$tag" 2>/dev/null || true)

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT

# an executable and the shared libraries it loads, at the same paths as on this machine
copy_with_libs() {
  local bin=$1 dest=$2
  mkdir -p "$root$(dirname "$dest")"
  cp "$bin" "$root$dest"
  ldd "$bin" | grep -o '/[^ ]*' | while read -r lib; do
    mkdir -p "$root$(dirname "$lib")"
    cp -L "$lib" "$root$lib"
  done
}

copy_with_libs "$node_bin" /usr/local/bin/node
copy_with_libs /bin/dash /bin/sh
copy_with_libs /usr/bin/env /usr/bin/env
mkdir -p "$root/usr/local/lib/node_modules"
cp -r "$npm_dir" "$root/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"

mkdir -p "$root/etc/ssl/certs" "$root/tmp" "$root/root" "$root/home/node"
# this machine's trust store: the registry may be reached through a proxy that this machine trusts
cp -L /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
chmod 1777 "$root/tmp"
printf 'root:x:0:0:root:/root:/bin/sh\nnode:x:1000:1000::/home/node:/bin/sh\n' >"$root/etc/passwd"
printf 'root:x:0:\nnode:x:1000:\n' >"$root/etc/group"
chown 1000:1000 "$root/home/node"

tar -C "$root" -c . | docker import \
  -c 'ENV PATH=/usr/local/bin:/usr/local/sbin:/usr/sbin:/usr/bin:/sbin:/bin' \
  -c 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  -c 'CMD ["node"]' \
  -c "LABEL skymock.stand-in=$fingerprint" \
  - "$tag" >/dev/null
# the image this tag named before, unless a container or another tag still uses it
[ -n "$previous" ] && docker rmi "$previous" >/dev/null 2>&1 || true
echo "$tag"
