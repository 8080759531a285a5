#!/bin/sh
# A GTP engine whose first clear_board answers only after 11 seconds, later
# than the client waits (10 s), and the file $1 marks that it has; every
# genmove answers d3.
while read -r command rest; do
  case "$command" in
    clear_board)
      if [ ! -e "$1" ]; then
        : > "$1"
        sleep 11
      fi
      printf '= \n\n' ;;
    genmove) printf '= d3\n\n' ;;
    quit) printf '= \n\n'; exit 0 ;;
    *) printf '= \n\n' ;;
  esac
done
