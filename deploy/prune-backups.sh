#!/bin/sh
# Keeps 14 daily and 12 monthly backups (docs/operations.md, "Schedule and retention"): removes
# an archive (and its .sha256) older than 14 days unless it is of the 1st of a month, and any
# older than 366 days. Usage: prune-backups.sh /var/backups/tims
set -eu
dir=${1:?usage: prune-backups.sh DIR}
cd "$dir"
now=$(date +%s)
for f in tims-backup-*.tar.gz; do
  [ -e "$f" ] || continue
  d=$(echo "$f" | sed -n 's/^tims-backup-\([0-9]\{8\}\)-.*/\1/p')
  [ -n "$d" ] || continue
  age=$(( (now - $(date -d "$d" +%s)) / 86400 ))
  day=$(echo "$d" | cut -c7-8)
  if { [ "$day" != 01 ] && [ "$age" -gt 14 ]; } || [ "$age" -gt 366 ]; then rm -f "$f" "$f.sha256"; fi
done
