#!/bin/sh
# Restarts the running DramaList instances (dramalist@<port>.service) one at a time, each only once
# the previous one answers its health check again; stops at the first that does not come back, so
# the others keep serving. Run by dramalist-release.service after `npm run build`.
set -eu

units=$(systemctl list-units --type=service --state=active --plain --no-legend 'dramalist@*.service' | awk '{print $1}')
for unit in $units; do
  port=${unit#dramalist@}
  port=${port%.service}
  systemctl restart "$unit"
  tries=0
  until curl -fsS -o /dev/null "http://127.0.0.1:$port/api/v1/health"; do
    tries=$((tries + 1))
    if [ "$tries" -ge 60 ]; then
      echo "$unit does not answer after a restart: stopping here (see journalctl -u $unit)" >&2
      exit 1
    fi
    sleep 1
  done
  echo "$unit serves build $(curl -fsS -o /dev/null -w '%header{x-build-id}' "http://127.0.0.1:$port/")"
done
