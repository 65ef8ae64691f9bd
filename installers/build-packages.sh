#!/usr/bin/env bash
# Builds the Redcron packages with jpackage (JDK 17):
#   redcron-node_<version>_amd64.deb        the node, a trimmed runtime, its systemd unit and config
#   redcron-desktop_<version>_amd64.deb     the JavaFX desktop app with a menu entry
#   redcron-desktop-<version>-linux-x64.tar.gz  the same app as a portable app image
#
# jpackage makes each app image (launcher + jlinked runtime); dpkg-deb packs the .deb, because a
# .deb made by jpackage can only hold files under its install directory, and the node's package
# also needs /etc/redcron (conffiles), a systemd unit and a /usr/bin link.
#
# Usage (Maven calls it from installers/pom.xml in the `installers` profile):
#   build-packages.sh VERSION NODE_JAR DESKTOP_JAR JAVAFX_DIR OUT_DIR
set -euo pipefail

die() { echo "build-packages: $*" >&2; exit 1; }

[ $# -eq 5 ] || die "usage: build-packages.sh VERSION NODE_JAR DESKTOP_JAR JAVAFX_DIR OUT_DIR"
version=$1 node_jar=$2 desktop_jar=$3 javafx_dir=$4 out=$5
here=$(cd "$(dirname "$0")" && pwd)

for tool in jpackage jdeps dpkg-deb dpkg fakeroot ldd; do
  command -v "$tool" >/dev/null || die "$tool not found (needs a JDK 17 with jpackage, dpkg-deb, fakeroot)"
done
[ -f "$node_jar" ] || die "node jar $node_jar missing: build node-headless first"
[ -f "$desktop_jar" ] || die "desktop jar $desktop_jar missing: build app-desktop first"
ls "$javafx_dir"/javafx-*-linux.jar >/dev/null 2>&1 || die "no javafx-*-linux.jar in $javafx_dir"

# jpackage wants a purely numeric version; Debian sorts "~" before anything, so a snapshot
# 0.1.0~snapshot is older than the release 0.1.0.
app_version=${version%%-*}
case "$version" in
  *-SNAPSHOT) deb_version="${app_version}~snapshot" ;;
  *) deb_version=$version ;;
esac
arch=$(dpkg --print-architecture)
maintainer="Redcron <redcron@localhost>"
work="$out/packaging"
rm -rf "$work"
mkdir -p "$work"

log() { echo "[packages] $*"; }

# The JDK modules a jar needs, as jdeps reads its byte code, plus those it cannot see:
# elliptic-curve TLS (jdk.crypto.ec, a provider loaded by name) for rediss:// and MySQL over TLS.
modules_of() { # jar extra-modules
  local found
  found=$(jdeps --multi-release 17 --ignore-missing-deps --print-module-deps "$1" 2>/dev/null | tail -1)
  [ -n "$found" ] || die "jdeps found no modules in $1"
  echo "$found,jdk.crypto.ec${2:+,$2}"
}

# The Debian packages that hold the shared libraries the ELF files under a directory load, the
# way dpkg-shlibdeps would: ldd each one, then ask dpkg which package owns each library.
library_packages() { # dir
  local libs
  libs=$(find "$1" -type f \( -name '*.so' -o -name '*.so.*' -o -path '*/bin/*' \) -print0 \
      | { xargs -0 -r ldd 2>/dev/null || true; } | awk '$2 == "=>" && $3 ~ /^\// {print $3}' | sort -u)
  for lib in $libs; do
    local real
    real=$(readlink -f "$lib")
    dpkg -S "$lib" 2>/dev/null || dpkg -S "$real" 2>/dev/null || dpkg -S "${real#/usr}" 2>/dev/null || true
  done | awk -F: '{print $1}' | sort -u | paste -sd, - | sed 's/,/, /g'
}

jlink_options='--strip-debug --no-man-pages --no-header-files --compress=2'

app_image() { # name jar dest modules jlink-options [jpackage options...]
  local name=$1 jar=$2 dest=$3 mods=$4 jlink=$5
  shift 5
  mkdir -p "$work/$name-input"
  cp "$jar" "$work/$name-input/"
  jpackage --type app-image --name "$name" --app-version "$app_version" --vendor Redcron \
    --input "$work/$name-input" --main-jar "$(basename "$jar")" --dest "$dest" \
    --add-modules "$mods" --jlink-options "$jlink" "$@"
}

# Writes DEBIAN/control and packs the tree. Installed-Size is in KiB, as dpkg counts it.
pack_deb() { # tree package depends description...
  local tree=$1 package=$2 depends=$3
  shift 3
  mkdir -p "$tree/DEBIAN" "$tree/usr/share/doc/$package"
  cat > "$tree/usr/share/doc/$package/copyright" <<EOF
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: Redcron

Files: *
License: Apache-2.0
 On Debian systems the full text is in /usr/share/common-licenses/Apache-2.0.
EOF
  cat > "$tree/DEBIAN/control" <<EOF
Package: $package
Version: $deb_version
Section: admin
Priority: optional
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$tree" | cut -f1)
Depends: $(echo "$depends" | tr ',' '\n' | sed 's/^ *//' | awk '!seen[$0]++' | paste -sd, - | sed 's/,/, /g')
Description: $1
$(shift; for line in "$@"; do echo " $line"; done)
EOF
  # Readable by all and writable by root alone, whatever the builder's umask; owned by root,
  # whatever user builds; gzip because the jars inside are compressed already.
  chmod -R u+rwX,go+rX,go-w "$tree"
  fakeroot dpkg-deb -Zgzip --build "$tree" "$out/${package}_${deb_version}_${arch}.deb" >/dev/null
  log "$(basename "$out/${package}_${deb_version}_${arch}.deb") ($(du -h "$out/${package}_${deb_version}_${arch}.deb" | cut -f1))"
}

# ---------------------------------------------------------------------------------------------
# redcron-node
# ---------------------------------------------------------------------------------------------
build_node() {
  local mods tree
  mods=$(modules_of "$node_jar")
  log "redcron-node runtime modules: $mods"
  # Libraries in the jar use java.beans, which comes in java.desktop; the node never draws, so
  # the runtime leaves out that module's native (AWT, sound, font) libraries, and the package
  # does not pull X11 onto servers. The node is a long-running server: it exits on
  # OutOfMemoryError and systemd restarts it.
  app_image redcron-node "$node_jar" "$work/node-image" "$mods" \
    "$jlink_options --exclude-files=glob:/java.desktop/lib/**" \
    --description "Redcron node: distributed cron scheduler and worker" \
    --java-options '-XX:+ExitOnOutOfMemoryError' --java-options '-Dfile.encoding=UTF-8' \
    --java-options '-Djava.awt.headless=true'

  tree="$work/deb-node"
  mkdir -p "$tree/opt" "$tree/usr/bin" "$tree/lib/systemd/system" "$tree/etc/redcron" \
    "$tree/usr/share/redcron-node"
  cp -a "$work/node-image/redcron-node" "$tree/opt/"
  ln -s /opt/redcron-node/bin/redcron-node "$tree/usr/bin/redcron-node"
  install -m 0644 "$here/node/redcron-node.service" "$tree/lib/systemd/system/"
  # The packaged service serves /metrics and /health; the template leaves them off.
  packaged_config < "$here/config/redcron.yaml" > "$tree/etc/redcron/redcron.yaml"
  grep -q '^  port: 9464$' "$tree/etc/redcron/redcron.yaml" \
    || die "config/redcron.yaml has no metrics.port line to turn on (expected '  port: 0' under 'metrics:')"
  chmod 0644 "$tree/etc/redcron/redcron.yaml"
  install -m 0644 "$here/node/redcron.env" "$tree/usr/share/redcron-node/redcron.env"
  install -m 0644 "$here/grafana/redcron.json" "$tree/usr/share/redcron-node/grafana-dashboard.json"
  mkdir -p "$tree/usr/share/doc/redcron-node"
  install -m 0644 "$here/../docs/OPERATIONS.md" "$tree/usr/share/doc/redcron-node/"
  mkdir -p "$tree/DEBIAN"
  echo /etc/redcron/redcron.yaml > "$tree/DEBIAN/conffiles"
  for script in postinst prerm postrm; do
    install -m 0755 "$here/node/$script" "$tree/DEBIAN/$script"
  done

  local depends
  depends=$(library_packages "$tree/opt/redcron-node")
  pack_deb "$tree" redcron-node "${depends:+$depends, }passwd" \
    "Redcron node: distributed cron scheduler and worker" \
    "Runs the scheduler and worker roles of Redcron against Redis and MySQL/MariaDB," \
    "as the systemd service redcron-node (user redcron, config in /etc/redcron)."
}

# Turns metrics.port on (9464, the port commonly given to Prometheus exporters of Java apps).
packaged_config() {
  awk '
    /^[^ #]/ { section = $1 }
    section == "metrics:" && /^  port:/ { print "  port: 9464"; next }
    { print }
  '
}

# ---------------------------------------------------------------------------------------------
# redcron-desktop
# ---------------------------------------------------------------------------------------------
build_desktop() {
  local mods tree
  # The shaded jar holds JavaFX too, but the JavaFX modules on the module path win: jlink puts
  # them into the runtime, and the class path copies are never loaded. jdk.localedata carries
  # the Chinese date and number formats (English and Chinese only).
  mods="$(modules_of "$desktop_jar" jdk.localedata),javafx.controls,javafx.fxml"
  log "redcron-desktop runtime modules: $mods"
  app_image redcron-desktop "$desktop_jar" "$work/desktop-image" "$mods" "$jlink_options --include-locales=en,zh" \
    --module-path "$javafx_dir" \
    --description "Redcron desktop: the admin app for Redcron" \
    --icon "$here/desktop/redcron-desktop.png" \
    --java-options '-Dfile.encoding=UTF-8'

  # Portable app image: unpack anywhere, run redcron-desktop/bin/redcron-desktop.
  tar -C "$work/desktop-image" -czf "$out/redcron-desktop-${version}-linux-x64.tar.gz" redcron-desktop
  log "redcron-desktop-${version}-linux-x64.tar.gz ($(du -h "$out/redcron-desktop-${version}-linux-x64.tar.gz" | cut -f1))"

  tree="$work/deb-desktop"
  mkdir -p "$tree/opt" "$tree/usr/bin" "$tree/usr/share/applications" \
    "$tree/usr/share/icons/hicolor/256x256/apps" "$tree/usr/share/icons/hicolor/scalable/apps"
  cp -a "$work/desktop-image/redcron-desktop" "$tree/opt/"
  ln -s /opt/redcron-desktop/bin/redcron-desktop "$tree/usr/bin/redcron-desktop"
  # A menu entry of our own: jpackage's --linux-shortcut makes the package need xdg-utils.
  # The desktop database and icon cache are refreshed by dpkg triggers of their own packages.
  install -m 0644 "$here/desktop/redcron-desktop.desktop" "$tree/usr/share/applications/"
  install -m 0644 "$here/desktop/redcron-desktop.png" "$tree/usr/share/icons/hicolor/256x256/apps/"
  install -m 0644 "$here/desktop/redcron-desktop.svg" "$tree/usr/share/icons/hicolor/scalable/apps/"

  local depends
  depends=$(library_packages "$tree/opt/redcron-desktop")
  # JavaFX loads its native libraries from its jars, where ldd cannot see them: GTK 3 and Xtst
  # (glass), GL and Xxf86vm (hardware rendering), fontconfig, freetype and pango (text), and
  # fonts, with a CJK one for the Chinese screens.
  pack_deb "$tree" redcron-desktop \
    "${depends:+$depends, }libgtk-3-0, libxtst6, libgl1, libxxf86vm1, libfreetype6, fontconfig, fonts-dejavu-core, fonts-wqy-microhei" \
    "Redcron desktop: the admin app for Redcron" \
    "Edit tasks, build cron expressions, watch runs, queues, the leader and the nodes" \
    "of a Redcron cluster. English and Simplified Chinese."
}

build_node
build_desktop
