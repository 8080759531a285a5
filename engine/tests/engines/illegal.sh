#!/bin/sh
# An NBoard engine that prints a banner, then always answers a1: never legal
# after the arena's opening plies on 8x8.
echo "illegal-engine 1.0, a banner before any reply"
while read -r command rest; do
  case "$command" in
    ping) echo "pong $rest" ;;
    go) echo "=== a1/0.00/0.0" ;;
  esac
done
