"""Record slugs: ``[a-z0-9-]``, bounded, never reserved, never a path.

A slug names the file ``records/<slug>.md`` in git, on every operating
system a publisher or agent may check the repository out on, so it avoids
names Windows reserves (CON, NUL, COM1, ...), the index's own name, and
anything that could leave ``records/``. Any name, including one with no
Latin letters at all, gets a usable slug: the caller never sees an error
from git because of a name. Imports no Django.

A slug is made for reading: names in other scripts are transliterated
(Chinese and Korean one syllable a word, ``北京`` → ``bei-jing``; kana as
romaji), a long name is cut between words, never inside one, and a name
with letters that cannot be transliterated gets a short stable hash rather
than a slug made of its ASCII fragment alone.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Callable

from anyascii import anyascii

MAX_LENGTH = 60

RESERVED = frozenset(
    {"memory", "index", "changelog", "readme", "con", "prn", "aux", "nul", "clock$"}
    | {f"com{i}" for i in range(10)}
    | {f"lpt{i}" for i in range(10)}
)

_VALID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


def is_valid_slug(slug: str) -> bool:
    """True when ``slug`` may name a record file."""
    return bool(_VALID.match(slug)) and len(slug) <= MAX_LENGTH and slug not in RESERVED


def _fallback(name: str) -> str:
    # Stable for the same name, so re-approving the same text gives the same slug.
    return "record-" + hashlib.sha1(name.encode("utf-8")).hexdigest()[:8]


def _syllabic(char: str) -> bool:
    # Han and Hangul characters are one syllable each: a word apiece reads best.
    name = unicodedata.name(char, "")
    return name.startswith(
        ("CJK UNIFIED IDEOGRAPH", "CJK COMPATIBILITY IDEOGRAPH", "HANGUL SYLLABLE")
    )


def _transliterate(name: str) -> tuple[str, bool]:
    """ASCII for ``name``, and whether some letter had no transliteration."""
    parts: list[str] = []
    lost = False
    for char in unicodedata.normalize("NFC", name):
        if char.isascii():
            parts.append(char)
            continue
        text = anyascii(char)
        # Modifier letters (the kana length mark ー) carry no sound of their own.
        if not text and unicodedata.category(char) in ("Lu", "Ll", "Lt", "Lo"):
            lost = True
        parts.append(f" {text} " if _syllabic(char) else text)
    return "".join(parts), lost


def cut_at_word(slug: str, limit: int) -> str:
    """``slug`` shortened to ``limit`` characters at a hyphen, never inside a word."""
    if len(slug) <= limit:
        return slug
    head = slug[: limit + 1]
    boundary = head.rfind("-")
    return (head[:boundary] if boundary > 0 else slug[:limit]).rstrip("-")


def slugify(name: str) -> str:
    """The base slug for a name (not yet checked for uniqueness)."""
    folded, lost = _transliterate(name)
    slug = re.sub(r"[^a-z0-9]+", "-", folded.lower()).strip("-")
    if not slug:
        return _fallback(name)
    if lost:
        # Part of the name has no ASCII form: keep what reads and make it unique to the name.
        hashed = _fallback(name).removeprefix("record-")
        slug = cut_at_word(slug, MAX_LENGTH - len(hashed) - 1) + "-" + hashed
    slug = cut_at_word(slug, MAX_LENGTH)
    if slug in RESERVED:
        slug = f"{slug}-record"
    return slug


def unique_slug(name: str, taken: Callable[[str], bool]) -> str:
    """A valid slug for ``name`` that ``taken`` does not claim; suffixes -2, -3, ..."""
    base = slugify(name)
    if not taken(base):
        return base
    n = 2
    while True:
        suffix = f"-{n}"
        candidate = cut_at_word(base, MAX_LENGTH - len(suffix)) + suffix
        if not taken(candidate):
            return candidate
        n += 1
