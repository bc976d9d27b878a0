"""The record file format, shared with the reader's distribution.

``memory_kb.recordfile`` and ``memory_kb.topics`` (the index past its budget).

The format is the contract public agents read, so it lives in the reader
(``reader/memory_kb/recordfile.py``); the app imports it from there.
"""

from memory_kb.recordfile import (
    CHANGELOG_FILE,
    DELIMITER,
    INDEX_DIR,
    INDEX_FILE,
    INDEX_HEADER,
    RECORD_TYPES,
    RECORDS_DIR,
    RecordData,
    RecordFormatError,
    flatten,
    index_entry,
    index_line,
    index_slug,
    parse_index,
    parse_record,
    record_path,
    render_index,
    render_record,
    split_front_matter,
    update_index,
)
from memory_kb.topics import (
    INDEX_MAX_BYTES,
    INDEX_MAX_LINES,
    index_paths,
    parse_indexes,
    render_indexes,
    update_indexes,
)

__all__ = [
    "CHANGELOG_FILE",
    "DELIMITER",
    "INDEX_FILE",
    "INDEX_DIR",
    "INDEX_HEADER",
    "INDEX_MAX_LINES",
    "INDEX_MAX_BYTES",
    "RECORDS_DIR",
    "RECORD_TYPES",
    "RecordData",
    "RecordFormatError",
    "flatten",
    "index_entry",
    "index_line",
    "index_paths",
    "index_slug",
    "parse_index",
    "parse_indexes",
    "parse_record",
    "record_path",
    "render_index",
    "render_indexes",
    "render_record",
    "split_front_matter",
    "update_index",
    "update_indexes",
]
