"""``memory-kb export --flat DIR``: a release as one flat directory, for loaders that read one.

``DIR/MEMORY.md`` is the index, ``DIR/<slug>.md`` each record as agents
are shown it (name, description, type, dates, release; never who reviewed
it or where it came from), and past the index budget ``DIR/MEMORY.<topic>.md``
each topic file; every link points inside ``DIR``. A slug never holds a
dot, so no record can take a topic file's name. Writing again replaces an
earlier export in place (it carries a ``.memory-kb-export`` marker); a
directory with anything else in it is refused.
"""

from __future__ import annotations

import os
from pathlib import Path

from .gitio import KnowledgeBaseError
from .knowledge import KnowledgeBase
from .private import write_private
from .recordfile import INDEX_DIR, INDEX_FILE
from .topics import index_paths

__all__ = ["MARKER", "export_flat"]

MARKER = ".memory-kb-export"
"""The file that marks a directory as written by ``export_flat``."""


def _flat_links(text: str) -> str:
    text = text.replace("](../records/", "](").replace("](records/", "](")
    return text.replace(f"]({INDEX_DIR}/", "](MEMORY.")


def export_flat(kb: KnowledgeBase, directory: str | os.PathLike[str]) -> list[str]:
    """Write the release flat into ``directory``; the file names written, sorted."""
    root = Path(directory)
    root.mkdir(parents=True, exist_ok=True)
    existing = {p.name for p in root.iterdir()}
    if existing and MARKER not in existing:
        raise KnowledgeBaseError(
            f"{root} is not empty and holds no earlier export: give an empty directory"
        )
    files: dict[str, str] = {}
    for path in index_paths(kb.paths()):
        name = INDEX_FILE if path == INDEX_FILE else "MEMORY." + path[len(INDEX_DIR) + 1 :]
        files[name] = _flat_links(kb.public_file(path) or "")
    for slug, _name, _description in kb.summaries():
        files[f"{slug}.md"] = kb.public_file(f"records/{slug}.md") or ""
    for stale in existing - set(files) - {MARKER}:
        if stale.endswith(".md"):
            (root / stale).unlink()
    for name, text in files.items():
        write_private(root / name, text.encode("utf-8"))
    write_private(root / MARKER, f"release {kb.release}\n".encode())
    return sorted(files)
