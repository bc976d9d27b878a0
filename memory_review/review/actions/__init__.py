"""Every decision a reviewer makes, as named actions.

Each action locks the candidate row (``select_for_update``) inside one
transaction and checks its status there, so two decisions on one candidate
can never both win: the loser gets :class:`AlreadyDecided` naming who decided
and what. An approval writes the candidate's new state, the audit event and
the knowledge-repository change (outbox row) in the same transaction; the
git commit runs after it, on commit, in ``knowledge_repo``.
"""

from ._base import (
    DECISIONS,
    EDITABLE_FIELDS,
    OPEN_STATUSES,
    REJECT_REASONS,
    AlreadyDecided,
    ClaimedByOther,
    NothingToUndo,
    ReviewError,
    SecondReviewerRequired,
    claim_candidate,
    last_decision,
    open_flags_for,
    snapshot,
    sources_for,
)
from .bulk import BulkResult, bulk_decide
from .candidates import (
    approve_candidate,
    mark_duplicate,
    merge_candidate,
    reject_candidate,
    skip_candidate,
)
from .records import edit_record, retract_record, revert_change
from .undo import undo_last_decision

__all__ = [
    "DECISIONS",
    "EDITABLE_FIELDS",
    "OPEN_STATUSES",
    "REJECT_REASONS",
    "AlreadyDecided",
    "BulkResult",
    "ClaimedByOther",
    "NothingToUndo",
    "ReviewError",
    "SecondReviewerRequired",
    "approve_candidate",
    "bulk_decide",
    "claim_candidate",
    "edit_record",
    "last_decision",
    "mark_duplicate",
    "merge_candidate",
    "open_flags_for",
    "reject_candidate",
    "retract_record",
    "revert_change",
    "skip_candidate",
    "snapshot",
    "sources_for",
    "undo_last_decision",
]
