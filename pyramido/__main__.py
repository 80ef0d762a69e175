"""``python -m pyramido``: the same as the ``pyramido`` command."""

from .cli import main

main()
