"""The record file format, shared with the reader's distribution (``memory_kb.recordfile``).

The format is the contract public agents read, so it lives in the reader
(``reader/memory_kb/recordfile.py``); the app imports it from there.
"""

from memory_kb.recordfile import (
    CHANGELOG_FILE,
    DELIMITER,
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

__all__ = [
    "CHANGELOG_FILE",
    "DELIMITER",
    "INDEX_FILE",
    "INDEX_HEADER",
    "RECORDS_DIR",
    "RECORD_TYPES",
    "RecordData",
    "RecordFormatError",
    "flatten",
    "index_entry",
    "index_line",
    "index_slug",
    "parse_index",
    "parse_record",
    "record_path",
    "render_index",
    "render_record",
    "split_front_matter",
    "update_index",
]
