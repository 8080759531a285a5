#!/bin/sh
# A GTP engine whose first clear_board answers only after 3 seconds, later
# than the client waits (the test sets 2 s), and the file $1 marks that it has;
# every genmove answers d3.
while read -r command rest; do
  case "$command" in
    clear_board)
      if [ ! -e "$1" ]; then
        : > "$1"
        sleep 3
      fi
      printf '= \n\n' ;;
    genmove) printf '= d3\n\n' ;;
    quit) printf '= \n\n'; exit 0 ;;
    *) printf '= \n\n' ;;
  esac
done
