"""The design assignment's form: a text box for each field and a Save button.

The form only shows and saves: the teaching layer gives it the fields' prompts, the texts
saved before and the function that judges and saves new ones
(:func:`gamedesign.exercises.assignment` gives :func:`gamedesign.exercises.save_assignment`
and :func:`gamedesign.exercises.saved_assignment`), so this front end imports no lesson.
"""

from __future__ import annotations

import ipywidgets as widgets

from .common import AppBox


def assignment_form(exercise_id: str, prompts: dict, saved: dict, save_texts) -> AppBox:
    """A box with one labelled text area per field of ``prompts`` (field -> what it asks
    for), each starting with its text in ``saved``, a *Save* button and the feedback of the
    last save: ``save_texts(**{field: text})`` gives one feedback per field."""
    boxes = {}
    for name, prompt in prompts.items():
        boxes[name] = widgets.Textarea(
            value=saved.get(name, ""), placeholder=prompt,
            layout=widgets.Layout(width="100%", height="5em"),
        )
    button = widgets.Button(description="Save", button_style="primary", icon="save",
                            tooltip="Save these texts in your answers file for your teacher")
    out = widgets.Output()

    def save(_=None) -> None:
        out.clear_output()
        with out:
            for feedback in save_texts(**{name: box.value for name, box in boxes.items()}):
                print(feedback)

    button.on_click(save)
    rows = []
    for name, box in boxes.items():
        rows += [widgets.HTML(f"<b>{prompts[name]}</b>"), box]
    form = AppBox([*rows, button, out], app_name=f"the form of {exercise_id}")
    form.boxes, form.button, form.output, form.save = boxes, button, out, save
    return form
