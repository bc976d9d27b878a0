"""The heuristic extractor's figures on the labelled set, beside the previous heuristic.

Precision and recall per kind and the share of noise, for heuristic-v2 (what
runs use) and heuristic-v1 (the extractor it replaced), measured in the same
run on memory_review/extraction/eval/labelled.jsonl. Nothing is written.

    .venv/bin/python bench/eval.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    here = Path(__file__).resolve().parent
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != here]
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "memory_review.settings")
    os.environ.setdefault("SECRET_KEY", "bench-only-not-secret")
    import django

    django.setup()
    from django.core.management import call_command

    labelled = ROOT / "memory_review" / "extraction" / "eval" / "labelled.jsonl"
    call_command("extract_eval", str(labelled), provider=["heuristic", "heuristic-v1"])


if __name__ == "__main__":
    main()
