#!/usr/bin/env bash
# Builds a stand-in for an official `debian:<suite>-slim` image, for machines that can reach Debian's package
# mirror but no container registry (the test machines: see docs/testing.md, "Substitutes").
# Every image of the stack starts FROM debian:trixie-slim; where the official image can be pulled, it is used and
# this script is never run.
#
# It makes the image the way upstream does (debuerreotype): `debootstrap --variant=minbase`, the same apt and dpkg
# settings for containers (no recommends cache, gzipped indexes, no translations, no docs or man pages), no service
# starts during package installs (policy-rc.d), the deb822 sources of <suite>, <suite>-updates and
# <suite>-security, then `docker import`. The image carries the label salon.stand-in=debootstrap.
#
#   bash tests/compose/base/debian-slim.sh SUITE [TAG]      (as root; e.g. trixie, default tag debian:SUITE-slim)
set -euo pipefail

suite="${1:?usage: debian-slim.sh SUITE [TAG]}"
tag="${2:-debian:$suite-slim}"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
security_mirror="${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}"

[ "$(id -u)" = 0 ] || { echo "debian-slim.sh: run as root (debootstrap)" >&2; exit 1; }
command -v debootstrap >/dev/null || { echo "debian-slim.sh: debootstrap is missing (apt-get install debootstrap)" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
rootfs="$work/rootfs"

debootstrap --variant=minbase "$suite" "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 || {
  tail -20 "$work/debootstrap.log" >&2
  exit 1
}

# --- debuerreotype-minimizing-config ---------------------------------------------------------------------------
cat >"$rootfs/usr/sbin/policy-rc.d" <<'SH'
#!/bin/sh
# Containers start their service in the foreground; packages must not start it at install time.
exit 101
SH
chmod 0755 "$rootfs/usr/sbin/policy-rc.d"
echo 'force-unsafe-io' >"$rootfs/etc/dpkg/dpkg.cfg.d/docker-apt-speedup"
cat >"$rootfs/etc/apt/apt.conf.d/docker-clean" <<'CONF'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
CONF
echo 'Acquire::GzipIndexes "true";' >"$rootfs/etc/apt/apt.conf.d/docker-gzip-indexes"
echo 'Apt::AutoRemove::SuggestsImportant "false";' >"$rootfs/etc/apt/apt.conf.d/docker-autoremove-suggests"
echo 'Acquire::Languages "none";' >"$rootfs/etc/apt/apt.conf.d/docker-no-languages"

# --- debuerreotype-slimify --------------------------------------------------------------------------------------
cat >"$rootfs/etc/dpkg/dpkg.cfg.d/docker" <<'CONF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/lintian/overrides/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
path-exclude /usr/share/man/*
CONF
find "$rootfs/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
find "$rootfs/usr/share/doc" -mindepth 1 -type d -empty -delete
rm -rf "$rootfs/usr/share/groff"/* "$rootfs/usr/share/info"/* "$rootfs/usr/share/linda"/* \
  "$rootfs/usr/share/lintian/overrides"/* "$rootfs/usr/share/man"/*
find "$rootfs/usr/share/locale" -mindepth 1 -maxdepth 1 -not -name locale.alias -exec rm -rf {} +

# --- sources and clean-up ---------------------------------------------------------------------------------------
rm -f "$rootfs/etc/apt/sources.list"
cat >"$rootfs/etc/apt/sources.list.d/debian.sources" <<CONF
Types: deb
URIs: $mirror
Suites: $suite $suite-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: $security_mirror
Suites: $suite-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
CONF
rm -rf "$rootfs/var/lib/apt/lists"/* "$rootfs/var/cache/apt"/*.bin "$rootfs/var/cache/apt/archives"/*.deb \
  "$rootfs/var/log"/*.log "$rootfs/var/log/apt"/* "$rootfs/tmp"/* "$rootfs/var/tmp"/*
: >"$rootfs/etc/machine-id"
echo 'localhost' >"$rootfs/etc/hostname"
: >"$rootfs/etc/resolv.conf"

tar --numeric-owner --xattrs -C "$rootfs" -c . | docker import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'CMD ["bash"]' \
  --change 'LABEL salon.stand-in=debootstrap' \
  - "$tag" >/dev/null
echo "$tag: built from debootstrap ($(du -sh "$rootfs" | cut -f1))"
