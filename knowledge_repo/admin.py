"""Read-only admin views: every write goes through knowledge_repo.actions, never a form."""

from django.contrib import admin

from .models import Change, Publication, Record, Release


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Record)
class RecordAdmin(ReadOnlyAdmin):
    list_display = ["slug", "name", "type", "retracted", "commit", "updated"]
    list_filter = ["type", "retracted"]
    search_fields = ["slug", "name", "description"]


@admin.register(Change)
class ChangeAdmin(ReadOnlyAdmin):
    list_display = ["pk", "kind", "slug", "author_name", "status", "commit_sha", "created_at"]
    list_filter = ["status", "kind"]
    search_fields = ["slug", "commit_sha"]


@admin.register(Release)
class ReleaseAdmin(ReadOnlyAdmin):
    list_display = ["name", "sha", "created_by", "created_at"]


@admin.register(Publication)
class PublicationAdmin(ReadOnlyAdmin):
    list_display = ["release", "action", "user", "at"]
