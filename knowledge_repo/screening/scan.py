"""Running the detectors over the views of a text: pieces of lines, original offsets, one pass.

:func:`scan` runs every detector ("job") over the views of one text in a
single pass: each view is cut into pieces once, and every job reads each
piece while its word set is still cached, so a long text costs about as much
as its lines read one by one. Hits on a view are mapped back to the original
text's offsets, and overlapping hits of one job are reported once.
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .folding import Finder, Hit, Span, View, make_span, views
from .invisible import SENTENCE_END

__all__ = [
    "CHUNK",
    "OVERLAP",
    "Job",
    "around",
    "chunks",
    "line_pieces",
    "run",
    "scan",
    "strip",
]

# Long texts are read in chunks of lines (overlapping), so no pattern's cost grows
# faster than the length of the text.
CHUNK = 2000
OVERLAP = 200


def chunks(text: str) -> list[tuple[int, str]]:
    """(offset, piece) of a long text cut at line breaks, overlapping by a few lines."""
    if len(text) <= CHUNK + OVERLAP:
        return [(0, text)]
    out: list[tuple[int, str]] = []
    start = 0
    while start < len(text):
        end = min(len(text), start + CHUNK)
        if end < len(text):
            cut = text.rfind("\n", start + CHUNK // 2, end)
            end = cut + 1 if cut > 0 else end
        stop = min(len(text), end + OVERLAP)
        out.append((start, text[start:stop]))
        start = end
    return out


def line_pieces(text: str) -> list[tuple[int, str]]:
    """(offset, line) of a long text, one piece a line; a short text is one piece.

    Word gates work on what one piece holds, so a long text is read at about the
    cost of its lines read one by one, not at the cost of every pattern on every chunk.
    """
    if len(text) <= CHUNK + OVERLAP:
        return [(0, text)]
    out: list[tuple[int, str]] = []
    append = out.append
    for start, line in _lines(text):
        if len(line) <= LINE:  # most lines: one piece (_windows, without the call)
            append((start, line))
        else:
            out += _windows(start, line)
    return out


def _lines(text: str) -> list[tuple[int, str]]:
    """(offset, line) of each line of `text`, its "\n" kept (none after the last)."""
    out: list[tuple[int, str]] = []
    start = 0
    parts = text.split("\n")
    last = parts.pop()
    for line in parts:
        out.append((start, line + "\n"))
        start += len(line) + 1
    if last:
        out.append((start, last))
    return out


LINE = 250
"""A line longer than this is read in windows of whole sentences (a log with no line breaks)."""


def _windows(offset: int, line: str) -> list[tuple[int, str]]:
    """(offset, piece) of one line: the line, or windows of its sentences when it is long.

    Each window holds whole sentences up to about LINE characters and runs on over
    the next sentence, so a match across the sentence end at the cut is whole in one
    window. Patterns cost about their piece's length times what its words let
    through: a 40 KB line read whole lets every pattern through over all of it.
    """
    if len(line) <= LINE:
        return [(offset, line)]
    cuts = [m.end() for m in SENTENCE_END.finditer(line)]
    if not cuts or cuts[-1] != len(line):
        cuts.append(len(line))
    out: list[tuple[int, str]] = []
    start = 0
    at = 0  # the first cut after `start`
    while start < len(line):
        # the last cut within LINE of `start`, but at least the first one after it
        end = max(at, bisect.bisect_right(cuts, start + LINE, at) - 1)
        stop = min(end + 1, len(cuts) - 1)  # and the next sentence
        out.append((offset + start, line[start : cuts[stop]]))
        start, at = cuts[end], end + 1
    return out


def around(text: str, points: Sequence[int]) -> list[tuple[int, str]]:
    """(offset, piece) of the lines of `text`, read as :func:`line_pieces` reads a long
    text's (a line, or windows of its sentences past LINE characters), that hold one of
    `points` with text on either side of it: what a match crossing a point lies in.

    Of a piece longer than that (a long line with no sentence end near the point), only
    about NEAR characters either side of each point it holds are read, cut at white space.
    """
    out: list[tuple[int, str]] = []
    for start, line in _lines(text):
        if not any(start < at < start + len(line) - 1 for at in points):
            continue
        for o, piece in _windows(start, line):
            inside = [at - o for at in points if o < at < o + len(piece) - 1]
            if inside:
                out += [(o + lo, piece[lo:hi]) for lo, hi in _near(piece, inside)]
    return out


NEAR = LINE
"""How far either side of a point a long piece is read: a match across it, with the sentence
it needs, is far shorter. (A clipped piece may be shorter than the 400 characters below which
the instruction detector skips its soft forms once it has a flag: the record is flagged then.)"""


def _near(piece: str, points: list[int]) -> list[tuple[int, int]]:
    """[lo, hi) of the parts of `piece` within NEAR characters of the (sorted) points, widened
    to the next space out (the whole piece when it is near, or no space is near the cut)."""
    spans: list[tuple[int, int]] = []
    for at in points:
        lo = piece.rfind(" ", max(0, at - NEAR - LINE), at - NEAR) + 1 if at > NEAR else 0
        hi = piece.find(" ", at + NEAR, at + NEAR + LINE) if at + NEAR < len(piece) else -1
        hi = len(piece) if hi < 0 else hi
        if spans and lo <= spans[-1][1]:
            spans[-1] = (spans[-1][0], max(hi, spans[-1][1]))
        else:
            spans.append((lo, hi))
    return spans


def strip(text: str, start: int, end: int, reason: str) -> Hit:
    """The hit without the white space a pattern took in at either end."""
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end, reason


@dataclass(frozen=True, eq=False)  # compared and hashed by identity: _plan's cache key
class Job:
    """One detector to run: its kind, its finder, and which views and pieces it reads.

    `leet` False: not the leet views (they turn codes into words); `first_only`:
    only the whole folded view; `across_lines`: overlapping chunks instead of lines,
    for patterns that span lines (front matter).
    """

    kind: str
    finder: Finder
    leet: bool = True
    first_only: bool = False
    across_lines: bool = False


def _take(taken: list[tuple[int, int]], s: int, e: int) -> bool:
    """Add [s, e) to one job's sorted, non-overlapping spans unless it overlaps one of them."""
    at = bisect.bisect_left(taken, (s, e))
    if (at > 0 and taken[at - 1][1] > s) or (at < len(taken) and taken[at][0] < e):
        return False
    taken.insert(at, (s, e))
    return True


_Plan = tuple[tuple[tuple[int, Job], ...], ...]


@functools.lru_cache(maxsize=256)
def _plan(jobs: tuple[Job, ...]) -> tuple[_Plan, _Plan]:
    """Which jobs read which view: (the first view, a later view, a later leet view) × (lines, chunks)."""

    def pick(keep: Callable[[Job], bool]) -> tuple[tuple[tuple[int, Job], ...], ...]:
        return tuple(
            tuple(
                (j, job) for j, job in enumerate(jobs) if keep(job) and job.across_lines == chunked
            )
            for chunked in (False, True)
        )

    first = pick(lambda job: True)
    later = pick(lambda job: not job.first_only)
    later_leet = pick(lambda job: not job.first_only and job.leet)
    return (first[0], later[0], later_leet[0]), (first[1], later[1], later_leet[1])


def scan(jobs: Sequence[Job], text: str, field: str, read: list[View]) -> list[Span]:
    """Spans of every job over the views of `text`, at original offsets, in one pass."""
    lined_plan, chunked_plan = _plan(tuple(jobs))
    taken: list[list[tuple[int, int]]] = [[] for _ in jobs]
    spans: list[Span] = []
    if len(read) == 1 and len(read[0].text) <= CHUNK + OVERLAP:
        # Most texts: one short view, one piece (as line_pieces and chunks cut it), read once
        # by the line jobs, then by the chunk jobs, as below but without the bookkeeping.
        view = read[0]
        for plan in (lined_plan[0], chunked_plan[0]):
            for j, start, end, reason in _find(plan, view.text) if plan else ():
                s, e = view.original(start, end)
                if _take(taken[j], s, e):
                    spans.append(make_span(jobs[j].kind, field, s, e, text, reason))
        return spans
    # A piece met again (a repeated line of a long log, or the same sentences in another view
    # of a long line) is read once per job: the finders see only the piece, so its hits are
    # the same wherever it stands. A later view's plan is part of the first's, so the other
    # views of one long line read only the pieces where they differ from the folded text.
    seen: dict[tuple[int, str], tuple[_Jobs, list[_Found]]] = {}
    for n, view in enumerate(read):
        which = 0 if n == 0 else 2 if view.words_only else 1
        for chunked, (plan, cut) in enumerate(
            ((lined_plan[which], line_pieces), (chunked_plan[which], chunks))
        ):
            if not plan:
                continue
            for offset, piece in cut(view.text):
                key = (chunked, piece)
                known = seen.get(key)
                if known is None:
                    found = _find(plan, piece)
                    seen[key] = (plan, found)
                elif known[0] is plan:
                    found = known[1]
                else:
                    found = _again(plan, piece, known, seen, key)
                for j, start, end, reason in found:
                    s, e = view.original(start + offset, end + offset)
                    if _take(taken[j], s, e):
                        spans.append(make_span(jobs[j].kind, field, s, e, text, reason))
    return spans


_Jobs = tuple[tuple[int, Job], ...]
_Found = tuple[int, int, int, str]


def _find(plan: _Jobs, piece: str) -> list[_Found]:
    """(job, start, end, reason) of every job of the plan on one piece, white space stripped."""
    found = []
    for j, job in plan:  # the piece's word set is computed once, then cached
        for hit in job.finder(piece):
            start, end, reason = strip(piece, *hit)
            if end > start:
                found.append((j, start, end, reason))
    return found


def _again(
    plan: _Jobs,
    piece: str,
    known: tuple[_Jobs, list[_Found]],
    seen: dict[tuple[int, str], tuple[_Jobs, list[_Found]]],
    key: tuple[int, str],
) -> list[_Found]:
    """The hits of `plan` on a piece read before by another plan: its jobs run only once."""
    done = {j for j, _ in known[0]}
    missing = tuple((j, job) for j, job in plan if j not in done)
    if missing:  # jobs not run on it yet: run them, keep all (in job order, as _find gives them)
        both = tuple(sorted((*known[0], *missing), key=lambda pair: pair[0]))
        known = seen[key] = (both, sorted(known[1] + _find(missing, piece), key=lambda h: h[0]))
    wanted = {j for j, _ in plan}
    return [hit for hit in known[1] if hit[0] in wanted]


def run(
    kind: str,
    finder: Finder,
    text: str,
    field: str,
    read: list[View] | None = None,
    *,
    across_lines: bool = False,
) -> list[Span]:
    """Spans of one kind over all views of `text`, at original offsets, overlaps reported once.

    A long text is read line by line, except by finders whose patterns span
    lines (`across_lines`: front matter), which read overlapping chunks.
    """
    job = Job(kind, finder, across_lines=across_lines)
    spans = scan([job], text, field, views(text) if read is None else read)
    spans.sort(key=lambda sp: (sp["start"], sp["end"]))  # type: ignore[arg-type,return-value]
    return spans
