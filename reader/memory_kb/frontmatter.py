"""A fast, exact reading of the front matter the writer renders (``recordfile.render_record``).

``yaml.safe_load`` costs ~45 us a record, most of a cold rescan's serial part
at ten thousand records. The front matter the app writes has one shape: one
``key: value`` line per known field, a list as ``key:`` then ``- item`` lines
(or ``key: []``), and each value plain, single-quoted (what would read as a
date) or double-quoted without escapes. :func:`read_front_matter` reads
exactly that shape and gives what ``yaml.safe_load`` gives; anything else
(escapes, comments, indentation, flow collections, unknown keys, a plain value
YAML would read as a number, date, boolean or null, characters YAML treats
specially) returns None, and the caller loads the text with YAML as before.
"""

from __future__ import annotations

import re
from typing import Any

from yaml import ScalarNode
from yaml.resolver import Resolver

_FIELDS = frozenset(
    {
        "name",
        "description",
        "type",
        "created",
        "updated",
        "sources",
        "reviewed_by",
        "supersedes",
        "valid_until",
        "search_keys",
    }
)
"""The keys the writer renders: other keys (even ones YAML reads as text) go to YAML."""

# Characters YAML rejects, reads as line breaks or as whitespace, and the byte-order mark.
_SPECIAL = re.compile(
    "[^\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff\n]"
)
_INDICATORS = frozenset("-?:,[]{}#&*!|>'\"%@` ")
"""What a plain scalar may not start with (in block context, on one line)."""
_STR = "tag:yaml.org,2002:str"
_RESOLVER = Resolver()


def _scalar(text: str) -> tuple[bool, str]:
    """(whether read, the string) of one value written on one line."""
    first = text[:1]
    if first == '"':
        inner = text[1:-1]
        ok = len(text) > 1 and text.endswith('"') and '"' not in inner and "\\" not in inner
        return ok, inner
    if first == "'":
        inner = text[1:-1]
        ok = len(text) > 1 and text.endswith("'") and "'" not in inner.replace("''", "")
        return ok, inner.replace("''", "'")
    # A plain scalar that stays one plain scalar in block context: no indicator first, no
    # ": " or " #" inside, no ":" or space at the end.
    if not first or first in _INDICATORS or ": " in text or " #" in text or text[-1] in ": ":
        return False, ""
    # YAML picks implicit types by a value's first character: most text starts with none of them.
    resolvers = _RESOLVER.yaml_implicit_resolvers
    if first not in resolvers and None not in resolvers:
        return True, text
    # What YAML would read as anything but text (numbers, dates, booleans, null, "<<", "=").
    return _RESOLVER.resolve(ScalarNode, text, (True, False)) == _STR, text


def read_front_matter(front: str) -> dict[str, Any] | None:
    """What ``yaml.safe_load(front)`` gives, for front matter in the writer's shape; else None."""
    if not front or _SPECIAL.search(front):
        return None
    meta: dict[str, Any] = {}
    listing: list[str] | None = None
    key = ""
    for line in front.split("\n"):
        if line.startswith("- "):
            if listing is None:
                return None
            ok, value = _scalar(line[2:])
            if not ok:
                return None
            listing.append(value)
            meta[key] = listing
            continue
        # "key:" or "key: value", the key one of the writer's.
        key, colon, rest = line.partition(":")
        if not colon or key not in _FIELDS or key in meta or rest[:1] not in ("", " "):
            return None
        listing = None
        text = rest[1:]
        if not rest:
            # "key:" alone is null, or a list when "- " lines follow.
            listing, meta[key] = [], None
        elif text == "[]":
            meta[key] = []
        else:
            ok, value = _scalar(text)
            if not ok:
                return None
            meta[key] = value
    return meta
