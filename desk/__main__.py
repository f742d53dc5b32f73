"""Allow ``python -m desk``."""

from desk.cli import main

raise SystemExit(main())
