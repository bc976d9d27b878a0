from django.contrib import admin

from .models import Claim, HeldChange, ReleaseReading, ReviewerProfile, ReviewEvent


@admin.register(ReviewEvent)
class ReviewEventAdmin(admin.ModelAdmin):
    """Read-only: the audit log is written by the review actions alone."""

    list_display = ["at", "user", "action", "candidate", "record_slug", "change_id"]
    list_filter = ["action"]
    search_fields = ["record_slug", "reason"]
    raw_id_fields = ["candidate", "undone_by"]

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Claim)
class ClaimAdmin(admin.ModelAdmin):
    list_display = ["candidate", "user", "claimed_at", "expires_at"]
    raw_id_fields = ["candidate"]


@admin.register(ReviewerProfile)
class ReviewerProfileAdmin(admin.ModelAdmin):
    """Staff set each reviewer's public handle: what published commits and records show."""

    list_display = ["user", "public_handle"]
    search_fields = ["user__username", "public_handle"]
    raw_id_fields = ["user"]


@admin.register(HeldChange)
class HeldChangeAdmin(admin.ModelAdmin):
    """Read-only: held changes are decided on their page, by a second person."""

    list_display = ["pk", "kind", "slug", "first_by", "status", "decided_by"]
    list_filter = ["kind", "status"]

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(ReleaseReading)
class ReleaseReadingAdmin(admin.ModelAdmin):
    """Read-only: a publisher marks changes read on the release review, nowhere else."""

    list_display = ["release", "change", "user", "read_at"]
    list_filter = ["release"]

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
