"""The organisation's own public contacts, which records may name.

E-mail addresses, phone numbers and postal addresses listed in the
``PUBLIC_CONTACTS`` setting are not personal data: they are how visitors
reach the organisation. The detectors report every contact they find; this
module says which of them are the organisation's own, comparing e-mails
case-folded, phones by digits and an address when it is part of an allowed
one.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Set

from .detectors.personal import ADDRESS_REASON, EMAIL_REASON, PHONE_REASON
from .invisible import is_hidden


def public_contacts() -> tuple[str, ...]:
    """The organisation's public contacts from the ``PUBLIC_CONTACTS`` setting, sorted."""
    from django.conf import settings  # read when asked: the detectors themselves need no Django

    return tuple(sorted(c.strip() for c in settings.PUBLIC_CONTACTS if c.strip()))


def public_domains() -> tuple[str, ...]:
    """The organisation's own domains from the ``PUBLIC_DOMAINS`` setting, sorted."""
    from django.conf import settings

    values = getattr(settings, "PUBLIC_DOMAINS", ())
    return tuple(sorted(d.strip() for d in values if d.strip()))


_DOMAIN = re.compile(r"(?:https?://)?((?:[a-z0-9-]+\.)+[a-z]{2,})/?", re.IGNORECASE)


def allowed_domains(keys: Set[str]) -> frozenset[str]:
    """The domains among the allow-list's keys: listed domains and those of listed e-mails."""
    out = {k[1:] for k in keys if k[0] == "!"}
    out |= {k.rsplit("@", 1)[1] for k in keys if k[0] == "@" and "@" in k[1:]}
    return frozenset(out)


def email_key(value: str) -> str:
    """How e-mail addresses compare: NFKC, case-folded, surrounding space stripped."""
    visible = "".join(c for c in value if not is_hidden(c))
    return unicodedata.normalize("NFKC", visible).strip().casefold()


def phone_key(value: str) -> str:
    """How phone numbers compare: their digits only."""
    return "".join(c for c in unicodedata.normalize("NFKC", value) if c in "0123456789")


def address_key(value: str) -> str:
    """How postal addresses compare: NFKC, case-folded, punctuation and spacing collapsed."""
    return " ".join(re.findall(r"\w+", email_key(value)))


def allow_keys(allow: Iterable[str]) -> set[str]:
    """Normalised forms of the organisation's own public contacts: e-mails, phones, addresses."""
    keys: set[str] = set()
    for value in allow:
        domain = _DOMAIN.fullmatch(value.strip())
        if domain:
            keys.add("!" + domain.group(1).lower())
        elif "@" in value:
            keys.add("@" + email_key(value))
        elif re.fullmatch(r"[\d\s()+./-]+", unicodedata.normalize("NFKC", value).strip()):
            keys.add("#" + phone_key(value))
        elif address_key(value):
            keys.add("~" + address_key(value))
    return keys


def allowed(snippet: str, reason: str, keys: Set[str]) -> bool:
    """The flagged snippet is one of the allowed public contacts (an address may be part of one)."""
    if not keys:
        return False
    if reason == EMAIL_REASON:
        return "@" + email_key(snippet) in keys
    if reason == PHONE_REASON:
        return "#" + phone_key(snippet) in keys
    if reason == ADDRESS_REASON:
        found = address_key(snippet)
        return any(k[0] == "~" and found and found in k[1:] for k in keys)
    return False
