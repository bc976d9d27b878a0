"""What may go public: the screening of every public text, and of a release's tree.

Two questions, one place:

- :func:`text_problems` — a text a person typed or the app composed that
  will be public (a changelog, a tag or snapshot message, a release name, a
  retract reason): refused when it holds any personal data (e-mail, phone,
  IBAN, card, postal address, national id, …) that is not the organisation's
  own (``PUBLIC_CONTACTS``, ``PUBLIC_DOMAINS``), or an internal id. The same
  screening as record bodies.
- :func:`tree_problems` — a release's tree: the publish-time check
  (``checks.public_problems``: contacts off the allow-list, internal ids),
  remembered per tree and allow-list in ``.git/kb-public-check.json``, since
  a tree never changes.

:func:`refused_findings` says which release-check findings the publish step
refuses whatever a person clears (so the release page never says a release
passes that publishing will refuse), and :data:`SHIP_HINT` what lets one ship.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from django.conf import settings
from git import Repo

from . import checks, screening

SHIP_HINT = (
    "publishing refuses it: add the address or number to PUBLIC_CONTACTS if it is the "
    "organisation's own, or edit the record"
)
_CACHE = "kb-public-check.json"


def _allowed() -> list[str]:
    return list(screening.public_contacts()) + list(screening.public_domains())


def text_problems(texts: Mapping[str, str]) -> list[str]:
    """Why these public texts (place -> text) must not be written; empty when they may."""
    problems: list[str] = []
    for place, text in texts.items():
        for span in screening.screen(
            [(place, text)], allow=_allowed(), kinds=(screening.PERSONAL_DATA,)
        ):
            found = str(span["text"])
            if _DATE.match(found) or _own_address(found):
                continue
            problems.append(f"{place}: {span['reason']} {found!r}")
    # Internal ids (and contacts the publish check alone knows about), said once.
    for problem in checks.public_problems(dict(texts)):
        if problem not in problems and "internal id" in problem:
            problems.append(problem)
    return problems


def refused_findings(findings: Iterable[Any]) -> dict[str, str]:
    """Finding key -> why the publish step refuses its text anyway (no clearance helps)."""
    findings = [f for f in findings if f.kind == screening.PERSONAL_DATA]
    texts = {f.key: f.text for f in findings}
    refused: dict[str, str] = {}
    for problem in checks.public_problems(texts):
        key, _, why = problem.partition(": ")
        refused.setdefault(key, why)
    return refused


_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def _own_address(text: str) -> bool:
    # The app's committer and reviewers' no-reply addresses are public by design.
    email = text.strip().casefold()
    return email == settings.KNOWLEDGE_COMMITTER_EMAIL.casefold() or email.endswith(
        "@" + settings.KNOWLEDGE_NOREPLY_DOMAIN.casefold()
    )


def _key(tree: str) -> str:
    from conversations.models import Conversation

    # A new conversation can make a token an internal id: the key follows them too.
    state = Conversation.objects.order_by("-pk").values_list("pk", flat=True).first()
    raw = json.dumps([tree, sorted(screening.public_contacts()), state])
    return hashlib.sha256(raw.encode()).hexdigest()


def tree_texts(repo: Repo, ref: str) -> dict[str, str]:
    """Every file of the tree at ``ref``, by path."""
    from .reader import list_tree, read_blobs

    root = Path(repo.working_dir)
    entries = list_tree(root, ref)
    blobs = read_blobs(root, [sha for _, sha in entries])
    return dict(zip([path for path, _ in entries], blobs, strict=True))


def tree_problems(repo: Repo, ref: str) -> list[str]:
    """The publish-time check of the tree at ``ref`` (remembered per tree and allow-list)."""
    tree = repo.git.rev_parse(f"{ref}^{{tree}}")
    key = _key(tree)
    path = Path(repo.git_dir) / _CACHE
    try:
        cache = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        cache = {}
    if not isinstance(cache, dict):
        cache = {}
    if isinstance(cache.get(key), list):
        return [str(p) for p in cache[key]]
    problems = checks.public_problems(tree_texts(repo, ref))
    cache = {k: v for k, v in list(cache.items())[-200:]}
    cache[key] = problems
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(cache), encoding="utf-8")
    os.replace(tmp, path)
    return problems
