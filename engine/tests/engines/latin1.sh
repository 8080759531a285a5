#!/bin/sh
# An NBoard engine that writes bytes that are not UTF-8 (Latin-1) on its
# standard output and its standard error, and more standard error at each
# move; it answers d3.
printf 'Engine caf\351 v1\n'
printf 'caf\351\n' >&2
while read -r command rest; do
  case "$command" in
    ping) echo "pong $rest" ;;
    go)
      printf 'thinking caf\351\n' >&2
      echo "=== d3/0.0/0.1" ;;
    quit) exit 0 ;;
  esac
done
