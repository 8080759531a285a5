#!/bin/sh
# Runs the engine given as arguments with its answers to `go` rewritten from the
# protocol's `=== f5/+1.20/0.5` to Edax's `=== f5 +1.20 0.5`.
"$@" | sed -u 's#^=== \([^/]*\)/\([^/]*\)/\(.*\)$#=== \1 \2 \3#'
