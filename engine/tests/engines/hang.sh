#!/bin/sh
# An NBoard engine that never answers a move request.
while read -r command rest; do
  case "$command" in
    ping) echo "pong $rest" ;;
    go) exec sleep 30 ;;
  esac
done
