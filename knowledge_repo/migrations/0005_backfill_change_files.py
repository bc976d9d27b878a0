"""Fill ChangeFile for changes committed before it existed, and each release's last change.

Reads the git working copy once, where the migration runs (the committer's
host); without one, there is no history to copy and nothing is done.
"""

import subprocess
from pathlib import Path

from django.conf import settings
from django.db import migrations


def _show(root: Path, ref: str) -> str | None:
    result = subprocess.run(["git", "-C", str(root), "show", ref], capture_output=True, check=False)
    return result.stdout.decode("utf-8") if result.returncode == 0 else None


def backfill(apps, schema_editor):
    Change = apps.get_model("knowledge_repo", "Change")
    ChangeFile = apps.get_model("knowledge_repo", "ChangeFile")
    Release = apps.get_model("knowledge_repo", "Release")
    for release in Release.objects.filter(last_change_id__isnull=True):
        last = (
            Change.objects.filter(status="committed", committed_at__lte=release.created_at)
            .order_by("-pk")
            .values_list("pk", flat=True)
            .first()
        )
        Release.objects.filter(pk=release.pk).update(last_change_id=last)
    root = Path(settings.KNOWLEDGE_REPO_PATH)
    if not (root / ".git").exists():
        return
    done = set(ChangeFile.objects.values_list("change_id", flat=True))
    for change in Change.objects.filter(status="committed").exclude(commit_sha="").order_by("pk"):
        if change.pk in done:
            continue
        slugs = [*change.payload.get("write", {}), *change.payload.get("remove", [])]
        ChangeFile.objects.bulk_create(
            ChangeFile(
                change_id=change.pk,
                slug=slug,
                before=_show(root, f"{change.commit_sha}^:records/{slug}.md"),
                after=_show(root, f"{change.commit_sha}:records/{slug}.md"),
            )
            for slug in dict.fromkeys(slugs)
        )


class Migration(migrations.Migration):
    dependencies = [("knowledge_repo", "0004_change_files_committer_status")]

    operations = [migrations.RunPython(backfill, migrations.RunPython.noop)]
