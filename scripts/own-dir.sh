# Sourced by the test scripts that work in a directory a user may name (test-kubernetes.sh,
# test-slurm.sh). `own_dir DIR` makes DIR the script's own: a new or empty directory is taken
# and marked (a file named .made-by-boardgame-test); a directory with that mark (from an
# earlier run) is emptied; any other non-empty directory, or something that is not a
# directory, is refused, so that a mistyped path never loses anybody's files.
own_dir() {
  local dir=$1 marker=.made-by-boardgame-test
  if [ -e "$dir" ] && [ ! -d "$dir" ]; then
    echo "$dir is not a directory; choose a new or empty directory" >&2
    exit 1
  fi
  mkdir -p "$dir"
  if [ -n "$(ls -A "$dir")" ]; then
    if [ ! -f "$dir/$marker" ]; then
      echo "$dir is not empty and was not made by a test script (no $marker in it): choose a new or empty directory" >&2
      exit 1
    fi
    find "$dir" -mindepth 1 -delete
  fi
  : >"$dir/$marker"
}
