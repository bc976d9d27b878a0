from django.urls import path

from .views import (
    assignment,
    audit,
    candidate,
    comments,
    conversations,
    coverage,
    dashboard,
    held,
    live,
    queue,
    records,
    release_walk,
    releases,
    replay,
)

app_name = "review"

urlpatterns = [
    # The queue
    path("queue/", queue.queue, name="queue"),
    path("queue/next/", queue.next_candidate, name="next"),
    path("queue/bulk/", queue.bulk, name="bulk"),
    # One candidate and the decisions on it
    path("candidates/<int:pk>/", candidate.candidate_page, name="candidate"),
    path("candidates/<int:pk>/approve/", candidate.approve, name="approve"),
    path("candidates/<int:pk>/reject/", candidate.reject, name="reject"),
    path("candidates/<int:pk>/merge/", candidate.merge, name="merge"),
    path("candidates/<int:pk>/duplicate/", candidate.duplicate, name="duplicate"),
    path("candidates/<int:pk>/same-question/", candidate.same_question, name="same_question"),
    path("candidates/<int:pk>/skip/", candidate.skip, name="skip"),
    path("undo/", candidate.undo, name="undo"),
    path("preview/", candidate.preview, name="preview"),
    path("audit/", audit.audit, name="audit"),
    # Knowledge records
    path("records/", records.record_list, name="records"),
    path("records/merge/", records.record_merge, name="record_merge"),
    path("records/<slug:slug>/", records.record_detail, name="record"),
    path("records/<slug:slug>/edit/", records.record_edit, name="record_edit"),
    path("records/<slug:slug>/retract/", records.record_retract, name="record_retract"),
    path("changes/<int:pk>/revert/", records.change_revert, name="change_revert"),
    # The record picker's search (JSON; outside records/ so no slug can shadow it)
    path("pick/records/", records.record_search, name="record_search"),
    # What public agents read now (every reviewer, read-only)
    path("releases/live/", live.live, name="live"),
    # Record changes held for a second person
    path("held/", held.held_list, name="held_list"),
    path("held/<int:pk>/", held.held_detail, name="held"),
    path("held/<int:pk>/approve/", held.held_approve, name="held_approve"),
    path("held/<int:pk>/reject/", held.held_reject, name="held_reject"),
    # Releases (publishers)
    path("releases/", releases.release_list, name="releases"),
    path("releases/cut/", releases.release_cut, name="release_cut"),
    path("releases/publish/", releases.release_publish, name="release_publish"),
    path("releases/rollback/", releases.release_rollback, name="release_rollback"),
    path("releases/findings/clear/", releases.finding_clear, name="finding_clear"),
    # Work the committer does for a page (release checks, cut, publish, roll back, replay)
    path("jobs/<int:pk>/", releases.job_detail, name="job"),
    # The release review: the publisher walks every change, then publishes
    path("releases/<str:name>/review/", release_walk.walk, name="release_walk"),
    path("releases/<str:name>/read/", release_walk.mark_read, name="release_read"),
    # Shared work: assignments, comments, second opinions, notifications
    path("assigned/", assignment.assigned_to_me, name="assigned"),
    path("assign/", assignment.assign, name="assign"),
    path("queue/assign/", assignment.assign_queue, name="assign_queue"),
    path("comments/", comments.comment_add, name="comment_add"),
    path("second-opinion/", comments.second_opinion, name="second_opinion"),
    path("notifications/", comments.notification_list, name="notifications"),
    path("notifications/read/", comments.notifications_read, name="notifications_read"),
    path("notifications/<int:pk>/open/", comments.notification_open, name="notification_open"),
    # Overview
    path("dashboard/", dashboard.dashboard, name="dashboard"),
    path("coverage/", coverage.coverage, name="coverage"),
    path("replay/<int:pk>/", replay.replay, name="replay"),
    # One conversation with its candidates and records (beside the conversation list)
    path("conversations/<int:pk>/", conversations.conversation_page, name="conversation"),
]
