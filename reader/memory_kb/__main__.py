"""``python -m memory_kb`` is the ``memory-kb`` command."""

import sys

from .cli import main

sys.exit(main())
