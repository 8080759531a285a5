#!/bin/sh
# An NBoard engine that answers pings, then crashes when asked for a move.
while read -r command rest; do
  case "$command" in
    ping) echo "pong $rest" ;;
    go) exit 3 ;;
  esac
done
