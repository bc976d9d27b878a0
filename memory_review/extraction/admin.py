from django.contrib import admin

from .models import (
    Candidate,
    ExtractionFailure,
    ExtractionItem,
    ExtractionRun,
    ExtractionState,
    FilteredProposal,
)


@admin.register(ExtractionRun)
class ExtractionRunAdmin(admin.ModelAdmin):
    list_display = [
        "pk",
        "provider",
        "model",
        "mode",
        "status",
        "started_at",
        "conversations_read",
        "candidates_queued",
        "gaps_queued",
        "failures_count",
        "cost_usd",
    ]
    list_filter = ["provider", "mode", "status"]


@admin.register(Candidate)
class CandidateAdmin(admin.ModelAdmin):
    list_display = ["pk", "name", "kind", "type", "operation", "status", "provider", "created_at"]
    list_filter = [
        "status",
        "kind",
        "type",
        "provider",
        "flag_personal_data",
        "flag_instruction",
        "flag_person_claim",
        "flag_forged_structure",
    ]
    search_fields = ["name", "description", "body", "fingerprint"]
    raw_id_fields = ["run", "conversation", "duplicate_of"]


@admin.register(ExtractionFailure)
class ExtractionFailureAdmin(admin.ModelAdmin):
    list_display = ["pk", "run", "conversation", "reason", "created_at"]
    list_filter = ["reason"]
    raw_id_fields = ["run", "item", "conversation"]


@admin.register(ExtractionItem)
class ExtractionItemAdmin(admin.ModelAdmin):
    list_display = ["pk", "run", "conversation", "status", "claimed_by", "attempts"]
    list_filter = ["status"]
    raw_id_fields = ["run", "conversation"]


@admin.register(ExtractionState)
class ExtractionStateAdmin(admin.ModelAdmin):
    list_display = ["conversation", "last_message_order", "run", "updated_at"]
    raw_id_fields = ["conversation", "run"]


@admin.register(FilteredProposal)
class FilteredProposalAdmin(admin.ModelAdmin):
    list_display = ["pk", "run", "conversation", "reason", "created_at"]
    list_filter = ["reason"]
    raw_id_fields = ["run", "conversation"]
