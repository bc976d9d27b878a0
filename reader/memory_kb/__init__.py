"""memory-kb: read a published memory-review knowledge base, as a public agent does.

Imports no Django: PyYAML and the ``git`` binary (plus the ``mcp`` SDK for
``memory_kb.server``). Typical use::

    from memory_kb import open_knowledge

    with open_knowledge("https://git.example.org/kb.git") as kb:   # ref="published"
        prompt = kb.system_prompt("You are the help desk agent.", ["How do I run tests?"])

The modules: ``cache`` (open, local cache of a remote), ``knowledge``
(records and selection), ``search`` (BM25 and tokenising), ``prompt``
(system prompt, citations, model-assisted choice), ``memory_tool`` (the
Anthropic memory tool with session notes), ``server`` (MCP), ``cli`` (the
``memory-kb`` command), ``recordfile`` (the record file format).
"""

from .cache import (
    DEFAULT_CHECK_EVERY,
    DEFAULT_MAX_AGE,
    KnowledgeCache,
    ReleaseRefused,
    default_cache_dir,
)
from .gitio import KnowledgeBaseError, list_tree, read_blobs, read_directory, read_tree
from .knowledge import (
    DEFAULT_INDEX_MAX_CHARS,
    DEFAULT_INDEX_MAX_LINES,
    DEFAULT_MIN_SCORE,
    DEFAULT_RECORDS_MAX_CHARS,
    KnowledgeBase,
    Selection,
    Snapshot,
)
from .memory_tool import (
    MAX_LINE_CHARS,
    MAX_LIST_ENTRIES,
    MAX_VIEW_CHARS,
    MemoryToolHandler,
    ToolError,
    ToolResult,
)
from .notes import SessionNotes
from .opening import open_knowledge
from .prompt import (
    BACKGROUND_NOTE,
    MEMORY_POLICY,
    index_text,
    search_result_blocks,
    select_with_model,
    system_prompt,
)
from .recordfile import RecordData, RecordFormatError
from .search import SearchIndex, tokenize

__all__ = [
    "BACKGROUND_NOTE",
    "DEFAULT_CHECK_EVERY",
    "DEFAULT_INDEX_MAX_CHARS",
    "DEFAULT_INDEX_MAX_LINES",
    "DEFAULT_MAX_AGE",
    "DEFAULT_MIN_SCORE",
    "DEFAULT_RECORDS_MAX_CHARS",
    "MAX_LINE_CHARS",
    "MAX_LIST_ENTRIES",
    "MAX_VIEW_CHARS",
    "MEMORY_POLICY",
    "KnowledgeBase",
    "KnowledgeBaseError",
    "KnowledgeCache",
    "MemoryToolHandler",
    "RecordData",
    "RecordFormatError",
    "ReleaseRefused",
    "SearchIndex",
    "Selection",
    "SessionNotes",
    "Snapshot",
    "ToolError",
    "ToolResult",
    "default_cache_dir",
    "index_text",
    "list_tree",
    "open_knowledge",
    "read_blobs",
    "read_directory",
    "read_tree",
    "search_result_blocks",
    "select_with_model",
    "system_prompt",
    "tokenize",
]
