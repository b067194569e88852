"""The lab speaks a student's words: no identifier and no player 0 in what it shows."""

import dataclasses
import json
import re

import pytest

from gamedesign.charts import lab as charts
from gamedesign.lab import labels, preset_names
from gamedesign.lab.compare import compare_records, run_variants
from gamedesign.lab.metrics import card_values
from gamedesign.lab.variants import Variant, load_preset
from gamedesign.lab.verdict import measures_table, verdict
from gamedesign.registry import BUILT_IN, game_class

SNAKE = re.compile(r"\b[A-Za-z0-9]+_[A-Za-z0-9_]+\b")
SEAT_ZERO = re.compile(r"\b(seat|player|team)\s*0\b", re.IGNORECASE)


def _shown(spec) -> list[str]:
    """The texts a reader sees in a chart: titles, subtitles, legend entries and the
    names on its axes (the data's label, seat and variant fields)."""
    found = []

    def walk(node, key=""):
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, k)
        elif isinstance(node, list):
            if key in ("domain", "subtitle", "text"):
                found.extend(str(x) for x in node)
            for x in node:
                walk(x, key)
        elif isinstance(node, str) and key in ("title", "text", "subtitle"):
            found.append(node)

    walk({k: v for k, v in spec.items() if k != "datasets"})
    for rows in spec.get("datasets", {}).values():
        found += [str(row[f]) for row in rows for f in ("label", "seat", "variant", "who", "card") if f in row]
    return found


def _identifiers(game: str) -> set[str]:
    """The words a student should never read: option names, preset file names and names."""
    options = {f.name for f in dataclasses.fields(game_class(game).Options) if "_" in f.name}
    presets = set(preset_names(game)) | {load_preset(n).name for n in preset_names(game)}
    return options | presets


@pytest.mark.parametrize("game", BUILT_IN)
def test_no_identifier_or_player_0_in_verdicts_tables_and_charts(game):
    presets = [load_preset(name) for name in preset_names(game)]
    assert presets and all(p.label and p.label != p.name for p in presets)  # every shipped preset declares one
    players = presets[0].players
    standard = Variant(game, players=players, name="standard rules")
    records = run_variants([standard, *presets], "greedy", games=30, seed=3)
    table = compare_records(records)
    said = verdict(table, game=game)
    texts = [said.text, said._repr_markdown_()]
    for chosen in (None, "all"):
        shown = measures_table(table, chosen, game=game)
        texts += [*map(str, shown.columns), *map(str, shown.index)]
    for chart in (charts.differences_chart(table, game=game), charts.values_chart(table, game=game),
                  charts.seat_chart(table, game=game)):
        texts += _shown(chart.to_dict())
    cards = card_values(records)
    if not cards.empty:
        texts += _shown(charts.card_value_chart(cards, game=game).to_dict())
    for p in presets:  # each preset is named by its label in its own verdict
        assert said.short[p.label].startswith(("With " + p.label, p.label[:1].upper() + p.label[1:]))
    words = "\n".join(texts)
    assert not SNAKE.findall(words), SNAKE.findall(words)
    assert not SEAT_ZERO.findall(words), SEAT_ZERO.findall(words)
    assert "=" not in said.text
    for name in _identifiers(game):
        assert not re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", words), name
    spans = re.sub(r"[+-]?\d[\d.]* → ", "", said.text)  # "2.72 → 3.57 points": the unit said once
    bare = re.findall(r"(?<![\w.%+-])[+-]?\d+\.\d+(?![\d%])(?! \w)", spans)
    assert not bare, f"numbers without their unit in the verdict: {bare}"


def test_a_students_preset_without_a_label_reads_as_words(tmp_path):
    path = tmp_path / "my_fast_race.json"
    path.write_text(json.dumps({"game": "diet", "options": {"target": -6}}))
    assert load_preset(path).label == "my fast race"
    assert Variant("legday", options={"curl_overflow": "new_set"}).label == "A 6th Preacher Curl: starts a new set"
    assert labels.seat_name(0, "gym") == "team A" and labels.seat_name(0, "diet") == "player 1"
