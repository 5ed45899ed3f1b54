#!/bin/sh
# Make .venv (unless it exists) and install the project into it, with `test` extras if asked:
#     sh scripts/venv.sh [test]
#
# The interpreter: the system's own Python 3.11+ (/usr/bin/python3) when there is one, else the
# `python3` on PATH. A distribution builds its Python with profile-guided and link-time
# optimization and links the interpreter in; pyenv's default build (what `python3` is on this
# project's machines) does neither. With the former, the test suite took 148-150 s instead of
# 191-205 s (runs one after the other on one machine), and bench.engine's 8-player Dark City
# games ran 11% fewer instructions per decision (callgrind). Debian's Python comes without
# ensurepip, so its venv gets pip from the `python3` on PATH; if any step of that fails, .venv
# is made the plain way. Delete .venv to make it again.
set -eu
cd "$(dirname "$0")/.."
spec="."
[ $# -gt 0 ] && spec=".[$1]"

system=/usr/bin/python3
if [ ! -x .venv/bin/python ]; then
    if [ -x "$system" ] \
        && "$system" -c 'import sys, venv; sys.exit(sys.version_info < (3, 11))' 2>/dev/null \
        && "$system" -m venv --without-pip .venv \
        && python3 -m pip -q --python .venv/bin/python install pip; then
        echo "scripts/venv.sh: .venv uses $system ($("$system" --version))"
    else
        rm -rf .venv
        python3 -m venv .venv
        echo "scripts/venv.sh: .venv uses python3 ($(python3 --version))"
    fi
fi
.venv/bin/pip install -q -e "$spec"
