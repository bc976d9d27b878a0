"""Record slugs: ``[a-z0-9-]``, bounded, never reserved, never a path.

A slug names the file ``records/<slug>.md`` in git, on every operating
system a publisher or agent may check the repository out on, so it avoids
names Windows reserves (CON, NUL, COM1, ...), the index's own name, and
anything that could leave ``records/``. Any name, including one with no
Latin letters at all, gets a usable slug: the caller never sees an error
from git because of a name. Imports no Django.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Callable

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


def slugify(name: str) -> str:
    """The base slug for a name (not yet checked for uniqueness)."""
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", folded.lower()).strip("-")
    slug = slug[:MAX_LENGTH].rstrip("-")
    if not slug:
        return _fallback(name)
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
        candidate = base[: MAX_LENGTH - len(suffix)].rstrip("-") + suffix
        if not taken(candidate):
            return candidate
        n += 1
