#!/bin/sh
# Installs the Syrx agent from this folder: /opt/syrx-agent, the syrx-agent command, its system user and systemd unit.
#   sudo ./install.sh               install or upgrade (an enrolled agent is restarted)
#   sudo ./install.sh --uninstall   stop and remove the agent (keeps /etc/syrx-agent and /var/lib/syrx-agent)
#   sudo ./install.sh --purge       remove it with its configuration, its data and its user
set -eu
prefix=/opt/syrx-agent
unit=/etc/systemd/system/syrx-agent.service
[ "$(id -u)" -eq 0 ] || { echo "install.sh: run it as root (sudo $0)" >&2; exit 1; }
has_systemd() { [ -d /run/systemd/system ] && command -v systemctl >/dev/null 2>&1; }

if [ "${1:-}" = --uninstall ] || [ "${1:-}" = --purge ]; then
  if has_systemd; then systemctl disable --now syrx-agent.service 2>/dev/null || true; fi
  rm -f "$unit" /usr/local/bin/syrx-agent
  rm -rf "$prefix"
  if [ "$1" = --purge ]; then
    rm -rf /etc/syrx-agent /var/lib/syrx-agent
    if getent passwd syrx-agent >/dev/null; then userdel syrx-agent; fi
  fi
  if has_systemd; then systemctl daemon-reload; fi
  echo "The Syrx agent is removed."
  exit 0
fi

here=$(dirname "$(readlink -f "$0")")
"$here/syrx-agent" version >/dev/null
if ! getent passwd syrx-agent >/dev/null; then
  useradd --system --user-group --home-dir /var/lib/syrx-agent --no-create-home --shell /usr/sbin/nologin syrx-agent
fi
# The new files beside the old ones, then swapped: a running agent keeps its files until it restarts.
rm -rf "$prefix.new" "$prefix.old"
mkdir -p "$prefix.new"
cp -a "$here/." "$prefix.new/"
chown -R root:root "$prefix.new"
if [ -e "$prefix" ]; then mv "$prefix" "$prefix.old"; fi
mv "$prefix.new" "$prefix"
rm -rf "$prefix.old"
ln -sf "$prefix/syrx-agent" /usr/local/bin/syrx-agent
# The installed package runs from now on, not a build the agent installed of itself before (it updates itself again
# from the versions the console publishes).
for builds in /var/lib/syrx-agent/*/services/Syrx.UpdaterService; do
  if [ -d "$builds" ]; then rm -f "$builds/current" "$builds/previous" "$builds/pending.json"; fi
done
install -d -m 0700 /etc/syrx-agent
install -m 0644 "$prefix/syrx-agent.service" "$unit"
if has_systemd; then
  systemctl daemon-reload
  systemctl enable syrx-agent.service
  if [ -f /etc/syrx-agent/agent.json ]; then systemctl restart syrx-agent.service; fi
fi
echo "Installed the Syrx agent $("$prefix/syrx-agent" version) in $prefix."
[ -f /etc/syrx-agent/agent.json ] || echo "Next: syrx-agent enroll --server-url URL --controller-id ID --controller-password-stdin, then systemctl start syrx-agent"
