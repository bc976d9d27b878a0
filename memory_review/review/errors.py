"""Errors of the review actions, shared by the actions and the gate."""


class ReviewError(Exception):
    """A decision that cannot be made; the message says why, for the reviewer."""


class SecondReviewerRequired(ReviewError):
    """The same person tried to give both approvals of a high-risk text."""


class GateRefused(ReviewError):
    """The gate refuses the text itself: empty, a placeholder, or high-risk in bulk."""


class StaleEdit(ReviewError):
    """The record changed after the editor opened it: saving would overwrite that change.

    Carries what the editor started from, what the record says now, and who
    changed it when, so the page can show the other person's change.
    """

    def __init__(self, *, base: dict, current: dict, by: str, at: object) -> None:
        super().__init__(
            f"{by} changed this record after you opened it; your text is kept below. "
            "Compare, then save again to replace their version."
        )
        self.base, self.current, self.by, self.at = base, current, by, at
