"""The standard-engine ranges of invisible.HIDDEN_RANGES hold exactly invisible.MAYBE_HIDDEN's characters."""

from knowledge_repo.screening.invisible import HIDDEN_RANGES, MAYBE_HIDDEN


def test_hidden_ranges_match_maybe_hidden() -> None:
    every = "".join(chr(c) for c in range(0x110000))
    quick = [m.start() for m in HIDDEN_RANGES.finditer(every)]
    exact = [m.start() for m in MAYBE_HIDDEN.finditer(every)]
    assert quick == exact
