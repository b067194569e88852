"""The answers file: a student's checks, predictions and explanations, saved for the teacher.

:mod:`gamedesign.exercises` writes every check, prediction and explanation a student gives
to one small JSON file, by default ``my_answers.json`` in the notebook's folder (the
kernel's working folder: the notebook's own folder in JupyterLab, Jupyter Notebook, Voilà,
Binder and JupyterLite). ``GAMEDESIGN_ANSWERS=/some/path.json`` in the environment, or
:func:`set_answers_file` in the notebook, chooses another file. Each exercise keeps its
record of checks (see below), and the file stays small (it is refused past :data:`MAX_FILE_BYTES`).

A save reads the file, adds its answer and writes the file again, all under an exclusive
lock on a lock file beside it (``my_answers.json.lock``: ``fcntl.flock`` on Linux, macOS and
Binder, ``msvcrt.locking`` on Windows), so two notebooks (or two tabs) saving to one file at
once keep every answer either of them saved. A save waits at most :data:`LOCK_WAIT_SECONDS`
for the other one, then raises saying the answer was not saved. In JupyterLite the files
live in the browser and there is no lock: each save reads the file again just before it
writes, which keeps everything as long as one tab at a time uses a file. The file is written
atomically (a temporary file in the same folder, then renamed over the old one), so a crash
never leaves half a file, and never through a symbolic link. A save that cannot complete
always raises :class:`AnswersFileError` saying why; for the student that is a message, not a
traceback: the answer is kept for the session and the message says how to save it elsewhere.

Teachers collect the files (students download theirs with *File > Download*, or copy them
from a shared drive) into one folder and read them all with :func:`collect`, which reads
each file on its own: a file that is not an answers file, or that fails in any way, is
refused by name with the reason, and the rest are read. :func:`export_csv` writes the table
for a spreadsheet without a cell that the spreadsheet would run as a formula.

The file is a record of every check, not only of the latest answer: each exercise keeps a
list of entries, oldest first (at most :data:`MAX_ENTRIES`: past that the first one and the
latest ones are kept). An entry holds its ``kind`` ("prediction", "explanation", "exact",
"estimate" or "reveal"), its ``time`` (UTC), the ``answer`` in short form (a prediction's
number; an explanation's text, in full for the latest one; the other kinds as a short text
such as ``"0.6631 from 5,000 games"``), its ``status`` (as :class:`~gamedesign.exercises.Feedback`
has it), the ``games`` and ``seed`` of a measurement where there were any, and
``prediction_first``: for a prediction, whether it was written down before its answer was
seen; for a check that reveals a prediction, whether that prediction came first (absent when
there was none). This is a help for an honest class, not proof: a student who edits the file
(or reads the package) can write anything in it.

Format, version 2 (version 1 files, one entry per exercise without ``status``, are read too,
and become version 2 at the next save)::

    {"format": "gamedesign answers", "version": 2, "name": "Ada",
     "answers": {"legday-predict-1": [{"kind": "prediction", "time": "2026-12-01T10:05:00+00:00",
                                       "answer": 0.7, "status": "saved", "prediction_first": true}],
                 "legday-simulate-1": [{"kind": "estimate", "time": "2026-12-01T10:15:00+00:00",
                                        "answer": "0.6631 from 5,000 games", "status": "right",
                                        "games": 5000, "seed": 11, "prediction_first": true}]}}
"""

from __future__ import annotations

import contextlib
import errno
import json
import math
import os
import re
import tempfile
import time as clock
import unicodedata
from datetime import datetime, timezone
from pathlib import Path

from . import runtime
from .files import strict_json

try:
    import fcntl
except ImportError:  # Windows, and some in-browser Pythons
    fcntl = None
try:
    import msvcrt
except ImportError:  # everywhere but Windows
    msvcrt = None

#: The file name used when neither :func:`set_answers_file` nor ``GAMEDESIGN_ANSWERS`` chose one.
DEFAULT_NAME = "my_answers.json"
#: The environment variable that chooses the answers file (a path; ``~`` is expanded).
ENVIRONMENT_VARIABLE = "GAMEDESIGN_ANSWERS"
FORMAT = "gamedesign answers"
VERSION = 2
#: The versions of the format this gamedesign reads (it writes :data:`VERSION`).
READS = (1, 2)
#: The largest answers file written or read (a file of every exercise's longest answer is far smaller).
MAX_FILE_BYTES = 256 * 1024
#: The longest explanation kept (a few sentences fit in a tenth of it).
MAX_TEXT = 2000
#: The most answers one file may hold, and the longest name.
MAX_ANSWERS = 500
MAX_NAME = 100
#: The most files :func:`collect` reads from one folder, and how deep it looks in subfolders.
MAX_FILES = 5000
MAX_DEPTH = 32
#: How long a save waits for another notebook that is saving to the same file (seconds).
LOCK_WAIT_SECONDS = 10.0
#: The lock file beside an answers file is named like it, with this ending added.
LOCK_SUFFIX = ".lock"
#: A spreadsheet runs a text cell that starts with one of these as a formula (the OWASP list);
#: :func:`export_csv` puts an apostrophe before them.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
KINDS = ("prediction", "explanation", "exact", "estimate", "reveal")
#: What a check said of an answer (as :class:`gamedesign.exercises.Feedback` says it).
STATUSES = ("right", "wrong", "not answered", "saved", "compared")
#: The most entries one exercise keeps (the first one and the latest ones).
MAX_ENTRIES = 30
#: The longest short form of an answer that is not the latest explanation.
MAX_SHORT = 200
#: The largest number of games, and the largest seed, an entry holds.
MAX_GAMES = 10**9
MAX_SEED = 2**63
_EXERCISE_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,59}")
_READ_ONLY = {errno.EACCES, errno.EPERM, errno.EROFS}


class AnswersFileError(ValueError):
    """An answers file that cannot be read or written; the message says why and what to do."""


_chosen: Path | None = None
_name: str | None = None


def set_answers_file(path=None) -> Path:
    """Save answers in ``path`` from now on (``None``: back to the default); returns the path.

    A relative path is taken from the notebook's folder; ``~`` is your home folder. Use it
    when the notebook's folder is read-only, or to keep one file for the whole course
    (``set_answers_file("~/gamedesign_answers.json")``).
    """
    global _chosen
    if path is None:
        _chosen = None
        return answers_file()
    if not isinstance(path, (str, os.PathLike)) or not str(path).strip():
        raise AnswersFileError(f"the answers file is a path such as 'my_answers.json', not {path!r}")
    _chosen = Path(path).expanduser()
    return answers_file()


def answers_file() -> Path:
    """Where answers are saved now: :func:`set_answers_file`'s path, else ``GAMEDESIGN_ANSWERS``,
    else ``my_answers.json`` in the current (the notebook's) folder."""
    if _chosen is not None:
        return _chosen
    from_environment = os.environ.get(ENVIRONMENT_VARIABLE, "").strip()
    return Path(from_environment).expanduser() if from_environment else Path(DEFAULT_NAME)


def set_name(name: str | None) -> None:
    """Write ``name`` in the answers file (from the next saved answer on), so that the
    teacher knows whose file it is; ``None`` leaves the file's name as it is."""
    global _name
    if name is not None:
        if not isinstance(name, str) or not name.strip():
            raise AnswersFileError(f"a name is a short text such as 'Ada', not {name!r}")
        if len(name.strip()) > MAX_NAME:
            raise AnswersFileError(f"a name has at most {MAX_NAME} characters")
        if not _is_text(name):
            raise AnswersFileError("a name should hold only text characters (no lone surrogates)")
        name = name.strip()
    _name = name


def shown_path(path: Path) -> str:
    """``path`` as a student should read it: relative to the notebook's folder when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(path)


def save_answer(exercise_id: str, kind: str, answer, *, status: str = "saved", games: int | None = None,
                seed: int | None = None, prediction_first: bool | None = None) -> Path:
    """Add one entry to the record of ``exercise_id`` and return the file's path.

    ``kind``, ``answer``, ``status``, ``games``, ``seed`` and ``prediction_first`` as the
    module's docstring says (``None``: not given, not written). The exercise's earlier entries
    are kept (at most :data:`MAX_ENTRIES`); an earlier explanation is cut to its short form.

    The file is read, changed and written under a lock, so answers that other notebooks
    save to the same file at the same time are all kept. Raises :class:`AnswersFileError`
    saying why when the answer could not be saved (a read-only folder, a missing folder, a
    file that is not an answers file, a symbolic link, another notebook holding the file
    for longer than :data:`LOCK_WAIT_SECONDS`): the caller turns that into words for the
    student. It never returns without having saved the answer.
    """
    fields = {"kind": kind, "time": _now(), "answer": answer, "status": status, "games": games, "seed": seed,
              "prediction_first": prediction_first}
    entry = _checked_entry(exercise_id, {k: v for k, v in fields.items() if v is not None})
    path = answers_file()
    _refuse_output(path, "answers", "choose a file with set_answers_file('my_answers.json')")
    with _locked(path):
        try:
            data = _read(path) if path.exists() else {"format": FORMAT, "version": VERSION, "answers": {}}
        except AnswersFileError as why:
            raise AnswersFileError(f"{why}. Rename or move that file, or choose another with set_answers_file(...)") from None
        except OSError as why:
            raise _unwritable(why, _folder_words(path.parent)) from None
        if _name is not None:
            data["name"] = _name
        data["version"] = VERSION
        entries = [_shortened(e) for e in data["answers"].get(exercise_id, [])] + [entry]
        if len(entries) > MAX_ENTRIES:
            entries = entries[:1] + entries[-(MAX_ENTRIES - 1):]
        data["answers"][exercise_id] = entries
        if len(data["answers"]) > MAX_ANSWERS:
            raise AnswersFileError(f"{shown_path(path)} already holds {MAX_ANSWERS} answers: start a new file with set_answers_file")
        text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
        if len(text.encode("utf-8")) > MAX_FILE_BYTES:
            raise AnswersFileError(f"{shown_path(path)} would grow past {MAX_FILE_BYTES // 1024} KB: start a new file with set_answers_file")
        _write_atomically(path, text)
    return path


def short_form(text: str) -> str:
    """``text`` cut to at most :data:`MAX_SHORT` characters (an ellipsis says it was cut)."""
    return text if len(text) <= MAX_SHORT else text[: MAX_SHORT - 1] + "…"


def _shortened(entry: dict) -> dict:
    """An earlier entry as it is kept once a later one follows: an explanation in short form."""
    if isinstance(entry["answer"], str):
        return {**entry, "answer": short_form(entry["answer"])}
    return entry


def read_answers(path) -> dict:
    """The answers file at ``path`` as a dict (``format``, ``version``, ``name``, ``answers``:
    each exercise's list of entries), checked (a version 1 file as version 2); :class:`AnswersFileError` says what is wrong with a file that is not one."""
    return _read(Path(path))


def saved_answer(exercise_id: str):
    """The latest entry saved for ``exercise_id`` in the current answers file (a dict), or
    ``None`` when there is none or the file cannot be read."""
    entries = saved_entries(exercise_id)
    return entries[-1] if entries else None


def saved_entries(exercise_id: str) -> list:
    """Every entry saved for ``exercise_id`` in the current answers file, oldest first
    (empty when there is none or the file cannot be read)."""
    path = answers_file()
    try:
        return list(_read(path)["answers"].get(exercise_id, [])) if path.is_file() else []
    except Exception:  # whatever is wrong with the file, there is no answer to read from it
        return []


def collect(folder, report=print):
    """Every answers file under ``folder`` as one table, a row per saved entry.

    Columns: ``file`` (the path inside ``folder``), ``name`` (as the student wrote it with
    :func:`set_name`, else empty), ``exercise``, ``kind`` (one of :data:`KINDS`), ``status``
    (what the check said: "right", "wrong", "saved", ...), ``answer`` (in short form but for
    the latest explanation), ``games`` and ``seed`` (of a measurement; empty otherwise),
    ``time`` (UTC), ``prediction first`` (True, False, or empty where no prediction is
    involved) and ``note`` ("made after seeing the answer" for a prediction written down
    after its answer was shown, or a check set against such a prediction). The rows of one
    file are in the order they were saved, exercise by exercise. Files ending in ``.json`` are read from ``folder`` and its
    subfolders (hidden ones are skipped), each on its own: a file that is not an answers file
    (not JSON, too large, another format, a wrong entry), a symbolic link, a folder named
    ``*.json``, or a file that fails in any other way is refused, and the others are read.
    ``report`` (``print`` by default; ``None`` for silence) gets one line per refused file
    saying why. The refusals are also kept in ``table.attrs["refused"]`` as ``{file: reason}``.

    File names are shown as valid text on one line: a byte that is not UTF-8 as ``\\xNN``,
    a line break or other control character as ``\\n``, ``\\x1b``, ``\\u202e``, and a
    backslash as ``\\\\``, so that a name cannot forge a line of the report. Write the
    table for a spreadsheet with :func:`export_csv`.
    """
    import pandas as pd

    root = Path(folder).expanduser()
    if not root.is_dir():
        raise AnswersFileError(f"{folder!s} is not a folder: give the folder that holds the collected answers files")
    rows, refused = [], {}
    for path, label in _json_files(root, refused):
        try:
            rows.extend(_rows(path, label))
        except Exception as why:  # one file, whatever is wrong with it, never stops the class's collection
            refused[label] = _reason(why, label)
    table = pd.DataFrame(rows, columns=list(COLUMNS))
    table["time"] = pd.to_datetime(table["time"], utc=True)
    table["games"] = table["games"].astype("Int64")
    table["seed"] = table["seed"].astype("Int64")
    table["prediction first"] = table["prediction first"].astype("boolean")
    table.attrs["refused"] = {one_line(label): one_line(why) for label, why in sorted(refused.items())}
    if report is not None:
        for label, why in table.attrs["refused"].items():
            report(f"refused {label}: {why}")
    return table


#: The columns of :func:`collect`'s table.
COLUMNS = ("file", "name", "exercise", "kind", "status", "answer", "games", "seed", "time", "prediction first", "note")
#: The note of a prediction written down after its answer was shown (and of a check set against one).
AFTER_ANSWER = "made after seeing the answer"


def export_csv(table, path) -> Path:
    """Write ``table`` (from :func:`collect`, or any table made from it) to the CSV file
    ``path`` for a spreadsheet; returns the path.

    A text cell that a spreadsheet would run as a formula (one that starts with ``=``, ``+``,
    ``-``, ``@``, a tab or a carriage return, as a student's explanation or a file's name may)
    gets a leading apostrophe ``'``, which spreadsheets show as text; numbers stay numbers
    (``-0.5`` is a number, not a formula). The file is UTF-8 with a byte-order mark (so that
    Excel reads accents as accents), written atomically, and never through a symbolic link.
    A table whose rows are named (``pivot_table(index="file", ...)``) keeps the names as its
    first columns; the row numbers of a plain table are left out.
    """
    import pandas as pd

    if isinstance(table, pd.Series):
        table = table.to_frame()
    if not isinstance(table, pd.DataFrame):
        raise AnswersFileError(f"export_csv writes a table (a pandas DataFrame, such as collect's), not {type(table).__name__}")
    if not isinstance(path, (str, os.PathLike)) or not str(path).strip():
        raise AnswersFileError(f"export_csv writes to a file such as 'answers.csv', not {path!r}")
    path = Path(path).expanduser()
    advice = "give export_csv a file such as 'answers.csv'"
    _refuse_output(path, "tables", advice)
    if not isinstance(table.index, pd.RangeIndex):
        table = table.reset_index()
    safe = pd.DataFrame({i: _safe_column(table.iloc[:, i]) for i in range(table.shape[1])})
    safe.columns = [_safe_cell(str(name)) if not isinstance(name, (int, float)) else name for name in table.columns]
    # CRLF ends a row (RFC 4180), and so a cell with a line break of either kind is quoted.
    _write_atomically(path, "\ufeff" + safe.to_csv(index=False, lineterminator="\r\n"), advice)
    return path


def one_line(text) -> str:
    """``text`` as valid UTF-8 on one line, for a report: a byte that is not UTF-8 (as in a
    file name that is not, which Python holds as a lone surrogate) as ``\\xNN``; line breaks,
    control, format and unassigned characters as ``\\n``, ``\\x1b``, ``\\u202e``; a
    backslash doubled, so that two different names never look the same."""
    shown = []
    for char in str(text):
        code = ord(char)
        if char == "\\":
            shown.append("\\\\")
        elif 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8, kept by the surrogateescape error handler
            shown.append(f"\\x{code - 0xDC00:02x}")
        elif unicodedata.category(char) in _UNSHOWN:
            shown.append(_escaped(char))
        else:
            shown.append(char)
    return "".join(shown)


def _escaped(char: str) -> str:
    code = ord(char)
    if char in _ESCAPES:
        return _ESCAPES[char]
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


# Control, format (bidirectional overrides), surrogate, private, unassigned, line and paragraph separators.
_UNSHOWN = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _safe_column(column):
    import pandas as pd

    if pd.api.types.is_numeric_dtype(column) or pd.api.types.is_datetime64_any_dtype(column):
        return column
    return column.astype(object).map(lambda cell: _safe_cell(cell) if isinstance(cell, str) else cell)


def _safe_cell(text: str) -> str:
    """A text cell as valid UTF-8 that no spreadsheet runs as a formula."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates: escape them, keep the rest as it is
        text = "".join(one_line(char) if unicodedata.category(char) == "Cs" else char for char in text)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def _reason(why: Exception, label: str) -> str:
    if isinstance(why, (AnswersFileError, OSError)):
        return str(why)
    # Not an answers file's usual faults: name the failure, briefly, as the reason.
    return f"{label} could not be read ({type(why).__name__}: {str(why)[:100]})"


# ---- reading and checking ----------------------------------------------------------------


def _json_files(root: Path, refused: dict) -> list[tuple[Path, str]]:
    """The ``.json`` files under ``root`` with their labels (their paths inside ``root``);
    what cannot be collected (links, folders named ``*.json``, unreadable or too deep
    folders) goes into ``refused`` with the reason."""
    found = []

    def unreadable(error: OSError) -> None:
        why = error.strerror or error
        refused[_label(Path(error.filename), root)] = f"a folder that could not be read ({why}): its files are not collected"

    for folder, subfolders, files in os.walk(root, onerror=unreadable, followlinks=False):
        here = Path(folder)
        kept = []
        for name in sorted(subfolders):
            if name.startswith("."):
                continue
            path = here / name
            if path.is_symlink():
                refused[_label(path, root)] = "a symbolic link: collect the folder itself"
            elif name.lower().endswith(".json"):
                refused[_label(path, root)] = "a folder, not an answers file: rename it to collect the files in it"
            elif len(path.relative_to(root).parts) > MAX_DEPTH:
                refused[_label(path, root)] = f"folders nest more than {MAX_DEPTH} deep here: its files are not collected"
            else:
                kept.append(name)
        subfolders[:] = kept
        for name in sorted(files):
            if not name.lower().endswith(".json") or name.startswith("."):
                continue
            path = here / name
            if path.is_symlink():
                refused[_label(path, root)] = "a symbolic link: collect the file itself"
                continue
            found.append((path, _label(path, root)))
            if len(found) > MAX_FILES:
                raise AnswersFileError(f"{root} holds more than {MAX_FILES:,} .json files: collect a smaller folder")
    return found


def _label(path: Path, root: Path) -> str:
    return path.relative_to(root).as_posix()


def _rows(path: Path, label: str) -> list[dict]:
    """The table rows of one answers file (raises for a file that cannot be read as one)."""
    import pandas as pd

    data = _read(path, label)
    rows = []
    for exercise_id, entries in sorted(data["answers"].items()):
        for entry in entries:
            first = entry.get("prediction_first")
            rows.append({
                "file": one_line(label), "name": data["name"], "exercise": exercise_id, "kind": entry["kind"],
                "status": entry["status"], "answer": entry["answer"], "games": entry.get("games"),
                "seed": entry.get("seed"), "time": pd.Timestamp(datetime.fromisoformat(entry["time"]).astimezone(timezone.utc)),
                "prediction first": first, "note": AFTER_ANSWER if first is False else "",
            })
    return rows


def _read(path: Path, where: str | None = None) -> dict:
    """The checked contents of the answers file ``path`` (raises AnswersFileError saying why);
    ``where`` names the file in the messages (by default its path as a student reads it)."""
    where = shown_path(path) if where is None else where
    if not path.is_file():
        raise AnswersFileError(f"{where} is not a file")
    if path.stat().st_size > MAX_FILE_BYTES:
        raise AnswersFileError(f"{where} is larger than {MAX_FILE_BYTES // 1024} KB, so it is not an answers file")
    with open(path, "rb") as handle:
        raw = handle.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise AnswersFileError(f"{where} is larger than {MAX_FILE_BYTES // 1024} KB, so it is not an answers file")
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_refuse_constant, object_pairs_hook=strict_json)
    except UnicodeDecodeError:
        raise AnswersFileError(f"{where} is not text (UTF-8), so it is not an answers file") from None
    except RecursionError:
        raise AnswersFileError(f"{where} nests too deeply to be an answers file") from None
    except ValueError as why:
        raise AnswersFileError(f"{where} is not valid JSON ({why})") from None
    try:
        return _checked_file(data)
    except AnswersFileError as why:
        raise AnswersFileError(f"{where}: {why}") from None


def _refuse_constant(name: str):
    raise ValueError(f"{name} is not a number an answers file holds")


def _checked_file(data) -> dict:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise AnswersFileError(f"not an answers file (its 'format' should be {FORMAT!r})")
    version = data.get("version")
    if isinstance(version, bool) or version not in READS:
        raise AnswersFileError(f"version {version!r} of the format; this gamedesign reads versions {', '.join(map(str, READS))}")
    unknown = set(data) - {"format", "version", "name", "answers"}
    if unknown:
        raise AnswersFileError(f"unknown field {sorted(unknown)[0]!r}")
    name = data.get("name", "")
    if not isinstance(name, str) or len(name) > MAX_NAME or not _is_text(name):
        raise AnswersFileError(f"'name' should be a text of at most {MAX_NAME} characters")
    answers = data.get("answers")
    if not isinstance(answers, dict):
        raise AnswersFileError("'answers' should map exercise ids to answers")
    if len(answers) > MAX_ANSWERS:
        raise AnswersFileError(f"more than {MAX_ANSWERS} answers")
    checked = {}
    for exercise_id, entries in answers.items():
        if version == 1:  # one entry per exercise, no status: a saved prediction or explanation
            entries = [{**entries, "status": "saved"} if isinstance(entries, dict) else entries]
            _checked_v1(exercise_id, entries[0])
        elif not isinstance(entries, list) or not 1 <= len(entries) <= MAX_ENTRIES:
            raise AnswersFileError(f"{repr(exercise_id)[:70]} should hold a list of 1 to {MAX_ENTRIES} entries")
        checked[exercise_id] = [_checked_entry(exercise_id, entry) for entry in entries]
    return {"format": FORMAT, "version": VERSION, "name": name, "answers": checked}


def _checked_v1(exercise_id, entry) -> None:
    if not isinstance(entry, dict) or set(entry) != {"kind", "time", "answer", "status"}:
        raise AnswersFileError(f"the answer to {repr(exercise_id)[:70]} should have exactly 'kind', 'time' and 'answer'")
    if entry["kind"] not in ("prediction", "explanation"):
        raise AnswersFileError(f"the answer to {repr(exercise_id)[:70]} has kind {str(entry['kind'])[:40]!r}; "
                               "kinds are prediction, explanation")


_REQUIRED = {"kind", "time", "answer", "status"}
_OPTIONAL = {"games", "seed", "prediction_first"}


def _checked_entry(exercise_id, entry) -> dict:
    shown = repr(exercise_id)[:70]
    if not isinstance(exercise_id, str) or not _EXERCISE_ID.fullmatch(exercise_id):
        raise AnswersFileError(f"{shown} is not an exercise id")
    if not isinstance(entry, dict) or not _REQUIRED <= set(entry) <= _REQUIRED | _OPTIONAL:
        raise AnswersFileError(f"an answer to {exercise_id} should have 'kind', 'time', 'answer' and 'status', "
                               f"and may have {', '.join(repr(k) for k in sorted(_OPTIONAL))}")
    kind, time, answer, status = entry["kind"], entry["time"], entry["answer"], entry["status"]
    if kind not in KINDS:
        raise AnswersFileError(f"the answer to {exercise_id} has kind {str(kind)[:40]!r}; kinds are {', '.join(KINDS)}")
    if status not in STATUSES:
        raise AnswersFileError(f"the answer to {exercise_id} has status {str(status)[:40]!r}; statuses are {', '.join(STATUSES)}")
    if not isinstance(time, str) or len(time) > 40 or not _is_time(time):
        raise AnswersFileError(f"the answer to {exercise_id} has no valid time")
    if kind == "prediction":
        if isinstance(answer, bool) or not isinstance(answer, (int, float)) or not _is_finite(answer):
            raise AnswersFileError(f"the prediction for {exercise_id} is not a number (a finite one, as large as a float at most)")
    else:
        longest = MAX_TEXT if kind == "explanation" else MAX_SHORT
        if not isinstance(answer, str) or len(answer) > longest:
            raise AnswersFileError(f"the {kind} answer to {exercise_id} should be a text of at most {longest:,} characters")
        if not _is_text(answer):
            raise AnswersFileError(f"the {kind} answer to {exercise_id} holds characters that are not text (lone surrogates)")
    checked = {"kind": kind, "time": time, "answer": answer, "status": status}
    for name, top in (("games", MAX_GAMES), ("seed", MAX_SEED)):
        if name in entry:
            value = entry[name]
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
                raise AnswersFileError(f"the answer to {exercise_id} has {name} {str(value)[:40]!r}, not a whole number "
                                       f"from 0 to {top:,}")
            checked[name] = value
    if "prediction_first" in entry:
        if not isinstance(entry["prediction_first"], bool):
            raise AnswersFileError(f"the answer to {exercise_id} has 'prediction_first' that is not true or false")
        checked["prediction_first"] = entry["prediction_first"]
    return checked


def _is_finite(number) -> bool:
    try:
        return math.isfinite(number)
    except OverflowError:  # an integer of hundreds of digits, which no float holds
        return False


def _is_text(text: str) -> bool:
    """Whether ``text`` can be written as UTF-8 (a lone surrogate cannot)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _is_time(text: str) -> bool:
    """Whether ``text`` is a moment with its time zone, one that is also a moment in UTC."""
    try:
        moment = datetime.fromisoformat(text)
        # Year 1 east of UTC is year 0 in UTC, which no datetime holds (and no table prints).
        return moment.tzinfo is not None and moment.astimezone(timezone.utc) is not None
    except (ValueError, OverflowError):
        return False


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


# ---- writing -------------------------------------------------------------------------------


def _refuse_output(path: Path, what: str, advice: str) -> None:
    """Raise AnswersFileError when ``path`` is no place to write a file: a folder, a symbolic
    link (it could point anywhere: only the file itself is written), or in a missing folder."""
    if path.is_symlink():
        raise AnswersFileError(f"{shown_path(path)} is a symbolic link, and {what} are not written through links: {advice}")
    if path.is_dir():
        raise AnswersFileError(f"{shown_path(path)} is a folder: {advice}")
    if not path.parent.is_dir():
        raise AnswersFileError(f"the folder {_folder_words(path.parent)} does not exist: {advice}")


@contextlib.contextmanager
def _locked(path: Path):
    """Hold the exclusive lock of ``path`` (on its lock file) while the block runs.

    The lock is taken on a lock file of its own because the answers file itself is replaced
    by every save, and a lock on a replaced file locks nothing. The lock file stays: removing
    it would let two notebooks lock two different files. The system frees a lock when its
    process ends, so a crashed notebook never leaves the file locked.
    """
    kind = _lock_kind()
    if kind is None:
        yield
        return
    lock = path.with_name(path.name + LOCK_SUFFIX)
    advice = "choose another file with set_answers_file('my_answers.json')"
    _refuse_output(lock, "lock files", advice)
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    try:
        handle = os.open(lock, flags, 0o666)
    except OSError as why:
        raise _unwritable(why, _folder_words(path.parent)) from None
    try:
        locked = _wait_for_lock(handle, kind, path)
        try:
            yield
        finally:
            if locked:
                _unlock(handle, kind)
    finally:
        os.close(handle)


def _lock_kind() -> str | None:
    """How this Python locks a file: ``"flock"``, ``"msvcrt"`` or ``None`` (no lock)."""
    if runtime.IN_BROWSER:
        # JupyterLite: one Python a tab, files in the browser's storage; flock does nothing there.
        return None
    if fcntl is not None and hasattr(fcntl, "flock"):
        return "flock"
    if msvcrt is not None:
        return "msvcrt"
    return None


def _errors(*names: str) -> set[int]:
    return {getattr(errno, name) for name in names if hasattr(errno, name)}


# Errors of a file system that cannot lock at all (some network and in-memory ones), and of
# a lock that another process holds (flock: EWOULDBLOCK; msvcrt: EACCES or EDEADLOCK).
_NO_LOCKS = _errors("ENOLCK", "EOPNOTSUPP", "ENOTSUP", "ENOSYS", "EINVAL")
_HELD = _errors("EAGAIN", "EWOULDBLOCK", "EACCES", "EDEADLK", "EDEADLOCK")


def _wait_for_lock(handle: int, kind: str, path: Path) -> bool:
    """Take the lock, waiting up to LOCK_WAIT_SECONDS; False where the file system has no locks."""
    deadline = clock.monotonic() + LOCK_WAIT_SECONDS
    pause = 0.001
    while True:
        try:
            if kind == "flock":
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            else:
                os.lseek(handle, 0, os.SEEK_SET)
                msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)
            return True
        except OSError as why:
            if why.errno in _NO_LOCKS:
                # Saving without a lock still keeps every answer of one notebook at a time;
                # refusing would leave such a folder with no way to save at all.
                return False
            if why.errno not in _HELD:
                raise _unwritable(why, _folder_words(path.parent)) from None
        if clock.monotonic() >= deadline:
            raise AnswersFileError(
                f"another notebook (or another tab) has been saving to {shown_path(path)} for {LOCK_WAIT_SECONDS:g} s, "
                "so your answer was NOT saved. Run the cell again; if this keeps happening, close the other "
                "notebooks that use this file, or choose another with set_answers_file(...)"
            )
        clock.sleep(pause)
        pause = min(2 * pause, 0.05)


def _unlock(handle: int, kind: str) -> None:
    with contextlib.suppress(OSError):  # closing the handle frees the lock anyway
        if kind == "flock":
            fcntl.flock(handle, fcntl.LOCK_UN)
        else:
            os.lseek(handle, 0, os.SEEK_SET)
            msvcrt.locking(handle, msvcrt.LK_UNLCK, 1)


def _write_atomically(path: Path, text: str, advice: str = "try set_answers_file('~/my_answers.json')") -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder and a rename."""
    folder = path.parent
    where = _folder_words(folder)
    _refuse_output(path, "files", advice)
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".gamedesign-", suffix=".tmp")
    except OSError as why:
        raise _unwritable(why, where, advice) from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        try:
            os.replace(temporary, path)
        except OSError as why:
            if why.errno in _READ_ONLY:
                raise
            # Some in-browser file systems (JupyterLite's) cannot rename over a file: write in place,
            # but never through a link that appeared meanwhile.
            _refuse_output(path, "files", advice)
            path.write_text(text, encoding="utf-8", newline="")
    except OSError as why:
        raise _unwritable(why, where, advice) from None
    finally:
        if os.path.exists(temporary):
            try:
                os.remove(temporary)
            except OSError:
                pass


def _folder_words(folder: Path) -> str:
    """A folder as a student should read it: "this notebook's folder" for the working folder."""
    try:
        if folder.resolve() == Path.cwd().resolve():
            return f"of this notebook ({Path.cwd()})"
    except OSError:
        pass
    return str(folder)


def _unwritable(why: OSError, where: str, advice: str | None = None) -> AnswersFileError:
    if why.errno in _READ_ONLY:
        return AnswersFileError(
            f"the folder {where} is read-only. " + (
                f"Write elsewhere: {advice}" if advice else
                "To keep your answers, save them in a folder you can write, "
                "e.g. set_answers_file('~/my_answers.json'), and run the cell again"
            )
        )
    advice = advice or "try set_answers_file('~/my_answers.json')"
    return AnswersFileError(f"it could not be written in {where} ({why.strerror or why}): {advice}")


__all__ = [
    "AFTER_ANSWER", "AnswersFileError", "COLUMNS", "DEFAULT_NAME", "ENVIRONMENT_VARIABLE", "KINDS", "LOCK_WAIT_SECONDS",
    "MAX_ENTRIES", "MAX_FILE_BYTES", "MAX_SHORT", "MAX_TEXT", "STATUSES", "answers_file", "collect", "export_csv",
    "one_line", "read_answers", "save_answer", "saved_answer", "saved_entries", "set_answers_file", "set_name",
    "short_form",
]
