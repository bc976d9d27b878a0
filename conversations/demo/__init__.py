"""Demo conversations this project wrote itself: every supported format, some Chinese.

A fictional public help agent for "Lumen Notes", with what an extraction step should
notice: visitors correcting the agent, "remember that ...", "from now on ...", "以后请...",
the agent not knowing, a repeated question, personal data, tool calls.
"""

from pathlib import Path

from conversations.actions import get_or_create_source
from conversations.ingest import IngestSummary, ingest_file
from conversations.models import Conversation

DEMO_DIR = Path(__file__).resolve().parent
DEMO_SOURCE = "demo"


def demo_paths() -> list[Path]:
    """The demo files, one per format."""
    return sorted(p for p in DEMO_DIR.iterdir() if p.suffix in {".json", ".jsonl", ".gz"})


def load_demo() -> list[IngestSummary]:
    """Ingest the demo files into source "demo" unless it already has conversations, so a
    second run changes no data (not even a new ingest batch)."""
    if Conversation.objects.filter(source__name=DEMO_SOURCE).exists():
        return []
    source = get_or_create_source(DEMO_SOURCE)
    return [ingest_file(path, source=source) for path in demo_paths()]
