#!/bin/sh
# Runs the engine given after a file's path, appending to that file every line
# the engine is sent.
log=$1
shift
tee -a "$log" | "$@"
