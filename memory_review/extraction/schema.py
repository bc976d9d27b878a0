"""The shape of what an extractor returns, validated on our side whatever the API promised."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class ProposedItem(BaseModel):
    """One proposal: a memory for every later visitor, or a knowledge gap."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["memory", "gap"] = Field(
        description="memory: knowledge for every later visitor; gap: a question answered poorly"
    )
    type: Literal["user", "feedback", "project", "reference"] = Field(
        description="user = the audience in general (never one visitor); feedback = how to "
        "answer; project = product, site or organisation fact; reference = where a resource is"
    )
    scope: Literal["persistent", "current_task"]
    operation: Literal["create", "update", "supersede", "retract", "none"]
    target_slug: str = Field(description="slug of the existing record for update/supersede/retract")
    name: str = Field(description="short title, one line")
    description: str = Field(description="one line: when this is relevant")
    body: str = Field(description="the knowledge itself, or for a gap what the visitor needed")
    question: str = Field(description="gaps only: the visitor's question")
    poor_answer: str = Field(description="gaps only: the agent's poor answer")
    canonical_question: str = Field(
        default="",
        description="gaps only: the question in plain English, worded the same way whatever "
        "language or words the visitor used, so one question asked in many languages is one",
    )
    evidence: list[int] = Field(description="ids of the messages this is based on")
    confidence: float = Field(description="0 to 1")


class ExtractionOutput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    items: list[ProposedItem]
    out_of_scope: list[str] = Field(
        default_factory=list,
        description="questions outside the agent's job that it rightly declined (not gaps)",
    )


def output_json_schema() -> dict[str, object]:
    """The JSON schema sent as structured output (strict form the API accepts)."""
    from anthropic import transform_schema

    schema = transform_schema(ExtractionOutput)
    # Strict structured output: every field is asked for, defaults only help our own callers.
    for definition in [schema, *schema.get("$defs", {}).values()]:
        if definition.get("type") == "object" and "properties" in definition:
            definition["required"] = list(definition["properties"])
    return schema
