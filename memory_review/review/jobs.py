"""What the committer does for the release and replay pages (``KNOWLEDGE_JOBS`` names these).

Each runs where the git working copy is, calls the same action the ``kb_*``
commands call, and returns a JSON result the page shows; a refusal is a
``JobError`` with the reason.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from knowledge_repo import actions as kr
from knowledge_repo import gitstore, publicrule, screening
from knowledge_repo import selectors as kb
from knowledge_repo.jobs import JobError
from knowledge_repo.models import Change, Publication, Release

from . import actions

Progress = Callable[[str], None]


def committed_head() -> int:
    """The newest committed change: what a release check result is current for."""
    last = Change.objects.filter(status=Change.Status.COMMITTED).order_by("-pk").first()
    return last.pk if last else 0


def check_state() -> list[Any]:
    """What a check result is current for: committed changes, releases, publications and
    the allow-list (the publish rule reads it)."""
    last_release = Release.objects.order_by("-pk").values_list("pk", flat=True).first()
    last_publication = Publication.objects.order_by("-pk").values_list("pk", flat=True).first()
    contacts = ",".join(screening.public_contacts() + screening.public_domains())
    return [committed_head(), last_release or 0, last_publication or 0, contacts]


def publish_decisions(root: Any) -> dict[str, Any]:
    """What the publish rule decides now: on the tree a cut would tag, and for each release."""
    releases = list(Release.objects.order_by("-pk")[:50])
    target = kr.rollback_target()
    if target is not None and target not in releases:
        releases.append(target)
    with gitstore.open_repo(root or kr.repo_path()) as repo:
        head = publicrule.tree_problems(repo, "HEAD")
    return {
        "publish_head": head,
        "publishable": {r.name: kr.publish_problems(r) for r in releases},
    }


def release_check(*, progress: Progress, user: Any = None) -> dict[str, Any]:
    """The release checks, the findings and what changed since the last release."""
    state = check_state()
    head = state[0]
    progress("reading the records")
    snapshot = kb.take_snapshot(parse=False)  # parsed by the checks, beside their workers
    progress("checking every record")
    failures, findings = kb.checks_with_findings(snapshot=snapshot)
    # Findings' failures depend on clearances, which change without a commit: the page
    # recomputes them; only the other checks' failures are kept.
    from_findings = len(kb.finding_failures(findings))
    failures = failures[: len(failures) - from_findings]
    progress("comparing with the last release")
    publishing = publish_decisions(snapshot.root)
    return {
        "head": head,
        "state": state,
        **publishing,
        "refused": publicrule.refused_findings(findings),
        "failures": [asdict(f) for f in failures],
        "findings": [asdict(f) for f in findings],
        "changelog": kb.changes_since_last_release(snapshot=snapshot),
        "index_lines": snapshot.index_lines,
        "index_chars": snapshot.index_chars,
    }


def cut_release(*, progress: Progress, user: Any, name: str | None = None) -> dict[str, Any]:
    progress("running the release checks and tagging")
    try:
        result = actions.cut_release(user=user, name=name)
    except (kr.KnowledgeError, actions.ReviewError) as error:
        raise JobError(str(error)) from error
    if result.release is None:
        count = len(result.failures)
        raise JobError(f"No release: {count} check{'s' if count != 1 else ''} failed.")
    return {"release": result.release.name}


def publish_release(*, progress: Progress, user: Any, name: str) -> dict[str, Any]:
    progress(f"publishing {name}")
    try:
        publication = actions.publish_release(user=user, name=name)
    except (kr.KnowledgeError, actions.ReviewError) as error:
        raise JobError(str(error)) from error
    return {
        "release": publication.release.name,
        "ok": publication.ok,
        "failed_remotes": list(publication.failed_remotes),
    }


def rollback_release(*, progress: Progress, user: Any) -> dict[str, Any]:
    progress("moving published back one release")
    try:
        publication = actions.rollback_release(user=user)
    except (kr.KnowledgeError, actions.ReviewError) as error:
        raise JobError(str(error)) from error
    return {"release": publication.release.name, "ok": publication.ok}


def replay(
    *,
    progress: Progress,
    user: Any = None,
    refs: list[str],
    conversation_ids: list[int],
    max_turns: int,
    **_: Any,
) -> dict[str, Any]:
    """What each release would have selected for the visitor turns (``replay`` params)."""
    from memory_review.extraction.replay import replay as replay_turns

    progress(f"replaying against {', '.join(refs)}")
    result = replay_turns(refs=refs, conversation_ids=conversation_ids, max_turns=max_turns)
    return result.to_json()
