"""Every decision a reviewer makes, as named actions.

Each action locks the candidate row (``select_for_update``) inside one
transaction and checks its status there, so two decisions on one candidate
can never both win: the loser gets :class:`AlreadyDecided` naming who decided
and what. An approval writes the candidate's new state, the audit event and
the knowledge-repository change (outbox row) in the same transaction; the
git commit runs after it, on commit, in ``knowledge_repo``.
"""

from ..errors import GateRefused, ReviewError, SecondReviewerRequired, StaleEdit
from .assignment import AssignResult, assign_items, unassign
from .bulk import BulkResult, bulk_decide
from .candidates import (
    approve_candidate,
    mark_duplicate,
    merge_candidate,
    reject_candidate,
    skip_candidate,
)
from .claims import claim_candidate, claim_next, release_claims
from .comments import (
    CommentResult,
    add_comment,
    ask_second_opinion,
    mark_notifications_read,
    mentioned_usernames,
)
from .decision import (
    DECISIONS,
    EDITABLE_FIELDS,
    OPEN_STATUSES,
    REJECT_REASONS,
    AlreadyDecided,
    ClaimedByOther,
    NothingToUndo,
    last_decision,
    snapshot,
    sources_for,
)
from .held import approve_held, reject_held
from .records import edit_record, merge_records, record_state, retract_record, revert_change
from .releases import clear_finding, cut_release, mark_read, publish_release, rollback_release
from .samequestion import join_same_question, same_question_target
from .undo import Undone, new_batch, restored_by_undo, undo_last_action, undo_last_decision

__all__ = [
    "join_same_question",
    "same_question_target",
    "AssignResult",
    "CommentResult",
    "add_comment",
    "ask_second_opinion",
    "assign_items",
    "mark_notifications_read",
    "mentioned_usernames",
    "unassign",
    "GateRefused",
    "rollback_release",
    "publish_release",
    "cut_release",
    "clear_finding",
    "mark_read",
    "record_state",
    "merge_records",
    "reject_held",
    "approve_held",
    "DECISIONS",
    "EDITABLE_FIELDS",
    "OPEN_STATUSES",
    "REJECT_REASONS",
    "AlreadyDecided",
    "BulkResult",
    "ClaimedByOther",
    "NothingToUndo",
    "ReviewError",
    "StaleEdit",
    "SecondReviewerRequired",
    "approve_candidate",
    "bulk_decide",
    "claim_candidate",
    "claim_next",
    "edit_record",
    "last_decision",
    "mark_duplicate",
    "merge_candidate",
    "reject_candidate",
    "release_claims",
    "restored_by_undo",
    "retract_record",
    "revert_change",
    "skip_candidate",
    "snapshot",
    "sources_for",
    "undo_last_decision",
    "undo_last_action",
    "new_batch",
    "Undone",
]
