"""Widget apps: play the games against bots in a notebook.

Apps only call the engine: every rule lives in ``gamedesign.games``. Nothing here
raises into the notebook: refused clicks and errors are shown as messages.
"""
