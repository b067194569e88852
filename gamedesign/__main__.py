"""``python -m gamedesign``: simulate games between bots, or play one in the terminal."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
