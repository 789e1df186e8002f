#!/usr/bin/env bash
# Static binaries out of Debian 13 (trixie) packages, for this Debian 12 machine, without installing anything or
# mixing releases: the packages are fetched from the same mirror with a second, private apt list and unpacked here,
# and only the named files are kept. Used by the Compose stage (Compose v2 and buildx as Docker CLI plugins) and by
# `npm run bench -- --https` (Caddy, the production front).
#   bash tests/compose/trixie-binaries.sh DEST PACKAGE[/SUITE]:PATH [PACKAGE[/SUITE]:PATH …]
#   e.g. bash tests/compose/trixie-binaries.sh .stack/bin caddy/trixie-backports:/usr/bin/caddy
# A package is trixie's unless a suite follows its name (trixie-backports: the front image's Caddy).
# Files already in DEST are kept (delete them to fetch again). Needs apt-get and dpkg-deb (Debian), as root.
set -euo pipefail
dest="${1:?usage: trixie-binaries.sh DEST PACKAGE:PATH…}"
shift
mkdir -p "$dest"
wanted=()
for spec in "$@"; do
  [ -x "$dest/$(basename "${spec#*:}")" ] || wanted+=("$spec")
done
((${#wanted[@]})) || exit 0

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/lists/partial" "$work/debs" "$work/root"
for suite in trixie trixie-backports; do
  echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] ${DEBIAN_MIRROR:-http://deb.debian.org/debian} $suite main"
done >"$work/sources.list"
apt_opts=(-o "Dir::Etc::sourcelist=$work/sources.list" -o Dir::Etc::sourceparts=/nonexistent
  -o "Dir::State::Lists=$work/lists" -o Dir::Cache::pkgcache= -o Dir::Cache::srcpkgcache= -o APT::Sandbox::User=root)
apt-get "${apt_opts[@]}" update -qq
(cd "$work/debs" && apt-get "${apt_opts[@]}" download -qq "${wanted[@]%%:*}")
for deb in "$work"/debs/*.deb; do dpkg-deb -x "$deb" "$work/root"; done
for spec in "${wanted[@]}"; do
  package=${spec%%:*}
  package=${package%%/*}
  cp "$work/root${spec#*:}" "$dest/"
  echo "trixie-binaries: $dest/$(basename "${spec#*:}") from $package $(dpkg-deb -f "$work"/debs/"$package"_*.deb Version)"
done
