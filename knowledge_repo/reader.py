"""The reader public agents use, from the app's side: the ``memory_kb`` distribution.

The reader is its own distribution (``reader/``, ``pip install ./reader``,
no Django); the app depends on it and reads releases through it. This module
keeps the app's imports short and ``python -m knowledge_repo.reader`` working
(it is the ``memory-kb`` command).
"""

import sys

from memory_kb import (
    MEMORY_POLICY,
    KnowledgeBase,
    KnowledgeBaseError,
    MemoryToolHandler,
    Selection,
    list_tree,
    open_knowledge,
    read_blobs,
    read_tree,
    tokenize,
)
from memory_kb.cli import main

__all__ = [
    "MEMORY_POLICY",
    "KnowledgeBase",
    "KnowledgeBaseError",
    "MemoryToolHandler",
    "Selection",
    "list_tree",
    "main",
    "open_knowledge",
    "read_blobs",
    "read_tree",
    "tokenize",
]

if __name__ == "__main__":
    sys.exit(main())
