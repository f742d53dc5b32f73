"""Entry script of the PyInstaller bundle: the same ``main`` as the ``desk`` command."""

import sys

from desk.cli import main

if __name__ == "__main__":
    sys.exit(main())
