"""The design assignment's form: a text box for each field and a Save button.

The form only shows and saves: :func:`gamedesign.exercises.save_assignment` judges and saves
the texts (as explanations are saved), and :func:`gamedesign.exercises.saved_assignment`
gives what was saved before, which the boxes start with.
"""

from __future__ import annotations

import ipywidgets as widgets

from .common import AppBox


def assignment_form(exercise_id: str, fields: tuple) -> AppBox:
    """A box with one labelled text area per field of ``fields``, a *Save* button and the
    feedback of the last save."""
    from .. import exercises

    saved = exercises.saved_assignment(exercise_id)
    boxes = {}
    for name in fields:
        boxes[name] = widgets.Textarea(
            value=saved.get(name, ""), placeholder=exercises.ASSIGNMENT_FIELDS[name],
            layout=widgets.Layout(width="100%", height="5em"),
        )
    button = widgets.Button(description="Save", button_style="primary", icon="save",
                            tooltip="Save these texts in your answers file for your teacher")
    out = widgets.Output()

    def save(_=None) -> None:
        out.clear_output()
        with out:
            for feedback in exercises.save_assignment(exercise_id, **{name: box.value for name, box in boxes.items()}):
                print(feedback)

    button.on_click(save)
    rows = []
    for name, box in boxes.items():
        rows += [widgets.HTML(f"<b>{exercises.ASSIGNMENT_FIELDS[name]}</b>"), box]
    form = AppBox([*rows, button, out], app_name=f"the form of {exercise_id}")
    form.boxes, form.button, form.output, form.save = boxes, button, out, save
    return form
