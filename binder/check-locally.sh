#!/usr/bin/env bash
# Build the repository as Binder (repo2docker) would, without Docker, and run every notebook.
#   bash binder/check-locally.sh [PYTHON]      (PYTHON defaults to python3.12, as in runtime.txt)
# Steps: fresh clone of the committed tree, fresh virtual environment with the runtime.txt
# Python and a fresh HOME, Jupyter Notebook 7.4 as in Binder's base image, pip install -r
# binder/requirements.txt from the repository root and pip check, binder/postBuild, the
# widgets extension and Voilà's server extension present, every notebook executed headless
# with its time and its kernel's peak memory (each under 1 GB; binder/run_notebooks.py), and
# the README's Voilà link served by the Jupyter server, with nothing from a CDN in its page.
# The report is also written to artifacts/binder-report.json.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
version="$(sed 's/^python-//' "$repo/binder/runtime.txt")"
python="${1:-}"
if [ -z "$python" ]; then
  if command -v "python$version" >/dev/null 2>&1 && "python$version" --version >/dev/null 2>&1; then
    python="python$version"
  elif command -v pyenv >/dev/null 2>&1 && ls -d "$(pyenv root)/versions/$version"*/bin/python3 >/dev/null 2>&1; then
    python="$(ls -d "$(pyenv root)/versions/$version"*/bin/python3 | tail -1)"
  else
    echo "no Python $version found (runtime.txt); pass one: bash binder/check-locally.sh PYTHON" >&2
    exit 1
  fi
fi
work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid"
    for _ in $(seq 20); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.5; done
    kill -0 "$server_pid" 2>/dev/null && kill -KILL "$server_pid"
  fi
  rm -rf "$work"
}
trap cleanup EXIT
git clone --quiet "$repo" "$work/repo"
export HOME="$work/home"
mkdir -p "$HOME"
unset PYTHONPATH JUPYTER_CONFIG_DIR JUPYTER_DATA_DIR JUPYTER_RUNTIME_DIR JUPYTERLAB_SETTINGS_DIR
"$python" -m venv "$work/venv"
. "$work/venv/bin/activate"
cd "$work/repo"
start=$(date +%s)
pip install --quiet --upgrade pip
# Binder's base image already holds Jupyter Notebook 7.4 (which requires jupyterlab<4.5): put
# it there first, so that requirements.txt must settle it as on Binder (pip check below).
pip install --quiet "notebook>=7.4,<7.5"
pip install --quiet -r binder/requirements.txt
pip check
bash binder/postBuild
echo "built in $(( $(date +%s) - start )) s with $(python --version)"
# (the listings go to variables first: grep -q closing a pipe early would fail it under pipefail)
labextensions="$(jupyter labextension list 2>&1)"
grep -q "jupyterlab_widgets" <<<"$labextensions" && echo "widgets extension: present"
serverextensions="$(jupyter server extension list 2>&1)"
grep -q "voila.server_extension.*enabled" <<<"$serverextensions" \
  || { echo "Voilà's server extension is missing: the app link would not work" >&2; exit 1; }
echo "voila server extension: enabled"
python -c "import gamedesign, sys; assert gamedesign.__file__.startswith('$work/repo'), gamedesign.__file__"

python binder/run_notebooks.py --report "$repo/artifacts/binder-report.json" \
  notebooks/*.ipynb notebooks/apps/*.ipynb notebooks/solutions/*.ipynb

# The README's app links: Voilà through the Jupyter server, as Binder serves them.
port=$(python -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
jupyter lab --no-browser --ip=127.0.0.1 --port="$port" --ServerApp.port_retries=0 \
  --IdentityProvider.token= --ServerApp.password= --allow-root >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 60); do curl -fs "http://127.0.0.1:$port/api/status" >/dev/null && break; sleep 1; done
for app in notebooks/apps/*.ipynb; do
  link="voila/render/$app"
  page="$(curl -fs --max-time 300 "http://127.0.0.1:$port/$link")" \
    || { echo "the Voilà link /$link failed"; tail -30 "$work/server.log"; exit 1; }
  if grep -q "There was an error when executing cell" <<<"$page"; then
    echo "the Voilà link /$link shows an error" >&2; exit 1
  fi
  # The page fetches nothing from a CDN (docs/offline.md): MathJax from Voilà's own bundle
  # (no MathJax URL in the page config), no Font Awesome stylesheet from another host.
  grep -q '"fullMathjaxUrl": null' <<<"$page" \
    || { echo "the Voilà link /$link loads MathJax from a URL (is the gamedesign template installed?)" >&2; exit 1; }
  if grep -q "fontawesome" <<<"$page"; then
    echo "the Voilà link /$link links Font Awesome from a CDN" >&2; exit 1
  fi
  echo "Voilà link /$link: served"
done
# The file browser lists no teacher copies; the teacher's link to them still opens one.
listing="$(curl -fs "http://127.0.0.1:$port/api/contents/notebooks")"
if grep -q '"name": *"solutions"' <<<"$listing"; then
  echo "the file browser lists notebooks/solutions/ (binder/postBuild hides it)" >&2; exit 1
fi
curl -fs -o /dev/null "http://127.0.0.1:$port/api/contents/notebooks/solutions/00_start_here.ipynb" \
  || { echo "the teacher's link to notebooks/solutions/ does not open" >&2; exit 1; }
echo "file browser: student copies only; teacher link: opens"
# The apps' links to the docs, from the Voilà page (Voilà serves only allow-listed files).
for doc in $(grep -oh '\.\./\.\./docs/[a-z-]*\.md' notebooks/apps/*.ipynb | sort -u); do
  link="voila/render/notebooks/apps/$doc"
  curl -fsL --max-time 60 "http://127.0.0.1:$port/$link" | grep -q "^# " \
    || { echo "the app's docs link /$link does not serve the page" >&2; exit 1; }
  echo "docs link /$link: served"
done
echo "Binder check passed"
