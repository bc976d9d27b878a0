"""Text shown to reviewers: flagged spans highlighted, invisible characters made visible."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _

FLAG_EXPLANATIONS = {
    "personal_data": _(
        "Personal data: published knowledge is repeated to every visitor, so it must "
        "not identify anyone. Redact it or reject."
    ),
    "instruction": _(
        "Instruction-like text: it reads as an order to the agent rather than knowledge. "
        "Someone may be trying to steer what the agent tells other visitors."
    ),
    "temporary": _(
        "Temporary wording: it may be true only for one conversation or task, "
        "not lasting knowledge."
    ),
    "hidden_chars": _(
        "Hidden characters: invisible or direction-changing characters can make text read "
        "differently from what is stored. They are shown below as ⟦…⟧."
    ),
    "person_claim": _(
        "Claim about a person: an accusation, health or private-life statement about someone "
        "identifiable (a name or a role such as the owner). Repeated to every visitor, it can "
        "defame or expose them."
    ),
    "forged_structure": _(
        "Forged structure: a line that imitates the knowledge index, the records catalog or a "
        "record's front matter, so it could pass for a record no one reviewed."
    ),
    "low_confidence": _("Low confidence: the extractor was unsure this is worth remembering."),
    "duplicate": _("Near-duplicate: something very like it already exists (shown beside it)."),
}

# Each flag kind's short name, as its badge shows it.
FLAG_LABELS = {
    "personal_data": _("personal data"),
    "instruction": _("instruction"),
    "temporary": _("temporary"),
    "hidden_chars": _("hidden chars"),
    "person_claim": _("person claim"),
    "forged_structure": _("forged structure"),
    "low_confidence": _("low confidence"),
    "duplicate": _("duplicate"),
}


def is_hidden(ch: str) -> bool:
    if ch in "\t\n\r":
        return False
    code = ord(ch)
    return (
        unicodedata.category(ch) in {"Cf", "Cc", "Co"}
        or 0xE0000 <= code <= 0xE007F
        or 0xFE00 <= code <= 0xFE0F
    )


_SELECTORS = re.compile("[\ufe00-\ufe0f]")


def _visible(text: str) -> str:
    """Escape text, turning each invisible character into a visible marker."""
    # Fast path (C speed): printable text (but for line breaks and tabs) holds
    # no Cc/Cf/Co character; variation selectors are printable, so look for them.
    plain = text.replace("\n", "").replace("\t", "").replace("\r", "")
    if plain.isprintable() and not _SELECTORS.search(plain):
        return str(escape(text))
    out: list[str] = []
    for ch in text:
        if is_hidden(ch):
            name = unicodedata.name(ch, f"U+{ord(ch):04X}")
            out.append(f'<span class="hidden-char" title="{escape(name)}">⟦U+{ord(ch):04X}⟧</span>')
        else:
            out.append(str(escape(ch)))
    return "".join(out)


def highlight(text: str, spans: Iterable[Mapping[str, Any]] = ()) -> SafeString:
    """HTML for ``text`` with each span in a ``<mark>``; spans that don't fit are searched."""
    ranges: list[tuple[int, int, Mapping[str, Any]]] = []
    for span in spans:
        start, end = span.get("start"), span.get("end")
        piece = span.get("text") or ""
        if not (isinstance(start, int) and isinstance(end, int) and text[start:end] == piece):
            if not piece or piece not in text:
                continue
            start = text.index(piece)
            end = start + len(piece)
        if end > start:
            ranges.append((start, end, span))
    ranges.sort(key=lambda r: (r[0], -r[1]))
    out: list[str] = []
    pos = 0
    for start, end, span in ranges:
        if start < pos:
            continue
        out.append(_visible(text[pos:start]))
        kind = escape(str(span.get("kind", "")))
        reason = escape(str(span.get("reason", "")))
        out.append(
            f'<mark class="flag flag-{kind}" title="{reason}">{_visible(text[start:end])}</mark>'
        )
        pos = end
    out.append(_visible(text[pos:]))
    return mark_safe("".join(out))  # noqa: S308 - every piece above is escaped


def redacted(text: str, spans: Iterable[Mapping[str, Any]]) -> str:
    """``text`` with every personal-data span replaced by a placeholder naming what it was."""
    for span in spans:
        piece = span.get("text") or ""
        if span.get("kind") == "personal_data" and piece:
            text = text.replace(piece, f"[{span.get('reason', 'personal data')} redacted]")
    return text
