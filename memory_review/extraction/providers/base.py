"""The interface every extractor implements, and the values it exchanges."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from ..prompt import Window
from ..schema import ProposedItem


@dataclass
class Usage:
    input: int = 0
    cache_write: int = 0
    cache_read: int = 0
    output: int = 0

    def add(self, other: Usage) -> None:
        self.input += other.input
        self.cache_write += other.cache_write
        self.cache_read += other.cache_read
        self.output += other.output


@dataclass
class ExtractionRequest:
    """One conversation's window, rendered, with the key that matches its result."""

    key: str
    conversation_id: int
    window: Window
    user_text: str


@dataclass
class OutOfScope:
    """A question the agent rightly said was outside its job: counted, never queued."""

    question: str
    evidence: list[int] = field(default_factory=list)


@dataclass
class ProviderResult:
    """Validated proposals, or a failure reason with the raw output kept for people to read."""

    items: list[ProposedItem] = field(default_factory=list)
    out_of_scope: list[OutOfScope] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)
    failure: str = ""  # an ExtractionFailure.Reason value, empty on success
    detail: str = ""
    raw_output: str = ""


class Provider(Protocol):
    name: str
    model: str

    def prepare(self, catalog: str) -> None:
        """Receive the records catalog, which sits in the fixed (cached) prefix."""

    def extract(self, request: ExtractionRequest) -> ProviderResult:
        """Propose items for one conversation. Must be safe to call from worker threads."""
        ...
