from django.db import migrations, models

_MARK = "\nConfirmed: "


def split_reasons(apps, schema_editor):
    """Confirmations stored as "<first reason>\\nConfirmed: <second>" get their own field."""
    clearance = apps.get_model("knowledge_repo", "FindingClearance")
    for row in clearance.objects.filter(reason__contains=_MARK):
        first, _, second = row.reason.partition(_MARK)
        row.reason, row.confirm_reason = first, second
        row.save(update_fields=["reason", "confirm_reason"])


def join_reasons(apps, schema_editor):
    clearance = apps.get_model("knowledge_repo", "FindingClearance")
    for row in clearance.objects.exclude(confirm_reason=""):
        row.reason = f"{row.reason}{_MARK}{row.confirm_reason}"
        row.save(update_fields=["reason"])


class Migration(migrations.Migration):
    dependencies = [
        ("knowledge_repo", "0008_publication_snapshot"),
    ]

    operations = [
        migrations.AddField(
            model_name="findingclearance",
            name="confirm_reason",
            field=models.TextField(blank=True, help_text="The second person's reason, as written."),
        ),
        migrations.RunPython(split_reasons, join_reasons),
    ]
