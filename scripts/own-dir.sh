# shellcheck shell=bash
# The one guard of every destructive operation in scripts/ and .ci/run: a script deletes only
# what it made. Sourced, never run. A directory a script makes is marked with a file named
# .made-by-boardgame-test; only a marked directory is ever emptied or removed, so a mistyped
# path (a home directory, a project, a virtualenv of the user's) never loses anybody's files.
# `.ci/run` fails when a script removes anything except through these functions.
#
#   own_dir DIR          makes DIR the script's own: a new or empty directory is taken and
#                        marked; a marked directory (from an earlier run) is emptied; any other
#                        non-empty directory, or something that is not a directory, is refused
#   new_own_dir [LABEL]  makes a new marked directory under ${TMPDIR:-/tmp} (mktemp -d) and
#                        prints its path: dir=$(new_own_dir label); trap 'remove_own "$dir"' EXIT
#   remove_own PATH...   removes each PATH whole if it is a marked directory (nothing there
#                        is fine); anything else is refused and left as it is
#   remove_within DIR PATH...
#                        removes each PATH (a file or a directory, whole) if DIR is marked and
#                        PATH is inside it (after links); anything else is refused
#
# Refusals print the reason and exit 1.

own_marker=.made-by-boardgame-test

own_dir() {
  local dir=$1
  if [ -z "$dir" ]; then
    echo "own_dir: no directory named" >&2
    exit 1
  fi
  if [ -L "$dir" ] || { [ -e "$dir" ] && [ ! -d "$dir" ]; }; then
    echo "$dir is not a directory; choose a new or empty directory" >&2
    exit 1
  fi
  mkdir -p "$dir"
  if [ -n "$(ls -A "$dir")" ]; then
    if [ ! -f "$dir/$own_marker" ]; then
      echo "$dir is not empty and was not made by a test script (no $own_marker in it): choose a new or empty directory" >&2
      exit 1
    fi
    find "$dir" -mindepth 1 -delete
  fi
  : >"$dir/$own_marker"
}

new_own_dir() {
  local made
  made=$(mktemp -d "${TMPDIR:-/tmp}/boardgame-${1:-script}.XXXXXX") || exit 1
  : >"$made/$own_marker"
  printf '%s\n' "$made"
}

remove_own() {
  local path status=0
  for path in "$@"; do
    if [ -z "$path" ]; then
      echo "remove_own: an empty path, nothing removed" >&2
      status=1
    elif [ ! -e "$path" ] && [ ! -L "$path" ]; then
      continue
    elif [ -L "$path" ] || [ ! -d "$path" ] || [ ! -f "$path/$own_marker" ]; then
      echo "$path was not made by a script of this repository (not a directory with $own_marker in it): left as it is" >&2
      status=1
    else
      rm -rf -- "$path"
    fi
  done
  if [ "$status" -ne 0 ]; then
    exit 1
  fi
}

remove_within() {
  local dir=$1 path inside
  shift
  if [ -L "$dir" ] || [ ! -f "$dir/$own_marker" ]; then
    echo "$dir was not made by a script of this repository (no $own_marker in it): nothing removed in it" >&2
    exit 1
  fi
  inside=$(realpath -- "$dir")
  for path in "$@"; do
    [ -e "$path" ] || [ -L "$path" ] || continue
    case "$(realpath -m -- "$path")" in
      "$inside"/*) rm -rf -- "$path" ;;
      *)
        echo "$path is not inside $dir: left as it is" >&2
        exit 1
        ;;
    esac
  done
}
