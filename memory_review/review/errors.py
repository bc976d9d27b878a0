"""Errors of the review actions, shared by the actions and the gate."""


class ReviewError(Exception):
    """A decision that cannot be made; the message says why, for the reviewer."""


class SecondReviewerRequired(ReviewError):
    """The same person tried to give both approvals of a high-risk text."""


class GateRefused(ReviewError):
    """The gate refuses the text itself: empty, a placeholder, or high-risk in bulk."""
