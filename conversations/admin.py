from django.contrib import admin

from .models import Conversation, IngestBatch, IngestProblem, IngestToken, Message, Source


@admin.register(Source)
class SourceAdmin(admin.ModelAdmin):
    list_display = ["name", "created_at"]
    search_fields = ["name"]


@admin.register(IngestToken)
class IngestTokenAdmin(admin.ModelAdmin):
    list_display = ["source", "created_at", "revoked_at"]
    list_filter = ["source"]
    readonly_fields = ["token_hash", "created_at"]


class MessageInline(admin.TabularInline):
    model = Message
    fields = ("order", "role", "text", "is_tool_use", "is_tool_output", "created_at")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = True


@admin.register(Conversation)
class ConversationAdmin(admin.ModelAdmin):
    list_display = ["external_id", "source", "format", "message_count", "started_at", "created_at"]
    list_filter = ["source", "format"]
    search_fields = ["external_id"]
    readonly_fields = ["content_hash", "created_at", "updated_at"]
    inlines = [MessageInline]


@admin.register(Message)
class MessageAdmin(admin.ModelAdmin):
    list_display = ["conversation", "order", "role", "is_tool_use", "is_tool_output"]
    list_filter = ["role", "is_tool_use", "is_tool_output"]
    raw_id_fields = ["conversation"]


class ProblemInline(admin.TabularInline):
    model = IngestProblem
    fields = ("line_number", "reason", "detail", "raw")
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(IngestBatch)
class IngestBatchAdmin(admin.ModelAdmin):
    list_display = [
        "pk",
        "kind",
        "source",
        "path",
        "lines",
        "conversations_created",
        "messages_added",
        "started_at",
    ]
    list_filter = ["kind", "source"]
    inlines = [ProblemInline]


@admin.register(IngestProblem)
class IngestProblemAdmin(admin.ModelAdmin):
    list_display = ["batch", "line_number", "reason", "detail"]
    list_filter = ["reason"]
    raw_id_fields = ["batch"]
