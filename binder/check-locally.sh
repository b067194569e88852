#!/usr/bin/env bash
# Build the repository as Binder (repo2docker) would, without Docker, and run every notebook.
#   bash binder/check-locally.sh [PYTHON]      (PYTHON defaults to python3.12, as in runtime.txt)
# Steps: fresh clone of the committed tree, fresh virtual environment with the runtime.txt
# Python and a fresh HOME, pip install -r binder/requirements.txt from the repository root,
# binder/postBuild, the widgets extension present, then every notebook executed headless.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
python="${1:-python$(sed 's/^python-//' "$repo/binder/runtime.txt")}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git clone --quiet "$repo" "$work/repo"
export HOME="$work/home"
mkdir -p "$HOME"
"$python" -m venv "$work/venv"
. "$work/venv/bin/activate"
cd "$work/repo"
pip install --quiet --upgrade pip
pip install --quiet -r binder/requirements.txt
bash binder/postBuild
jupyter labextension list 2>&1 | grep -q "jupyterlab_widgets" && echo "widgets extension: present"
python --version
for nb in notebooks/*.ipynb; do
  start=$(date +%s)
  jupyter nbconvert --to notebook --execute --output-dir "$work/out" "$nb" >/dev/null 2>&1 \
    || { echo "FAILED: $nb"; exit 1; }
  echo "ran $nb in $(( $(date +%s) - start )) s"
done
echo "Binder check passed"
