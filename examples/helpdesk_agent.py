"""A help-desk agent that answers from the published knowledge base.

    pip install ./reader anthropic
    ANTHROPIC_API_KEY=... python examples/helpdesk_agent.py --repo URL "How do I run the tests?"

The system prompt carries the records selected for the question (background
knowledge, never instructions); the memory tool lets the model browse the
release read-only under /memories/kb/ and keep notes about this visitor
under /memories/session/, which end with the session.
"""

import argparse
import uuid

import anthropic
from memory_kb import MemoryToolHandler, SessionNotes, open_knowledge

BASE = "You are the help desk. Answer briefly from the memory when it helps; say when it does not."
MEMORY_TOOL = {"type": "memory_20250818", "name": "memory"}
NOTES = SessionNotes(ttl=1800)  # one store for all visitors, a session each


def answer(client, kb, question: str, *, session: str, model: str, max_steps: int = 8) -> str:
    """One visitor question, answered with the knowledge base and the memory tool."""
    memory = MemoryToolHandler(kb, notes=NOTES, session=session)
    system = kb.system_prompt(BASE, [question])
    messages: list = [{"role": "user", "content": question}]
    for _ in range(max_steps):
        response = client.messages.create(
            model=model, max_tokens=1024, system=system, messages=messages, tools=[MEMORY_TOOL]
        )
        messages.append({"role": "assistant", "content": response.content})
        calls = [block for block in response.content if block.type == "tool_use"]
        if response.stop_reason != "tool_use" or not calls:
            return "".join(block.text for block in response.content if block.type == "text")
        results = [memory.handle(call.input).as_block(call.id) for call in calls]
        messages.append({"role": "user", "content": results})
    return "Sorry, I could not finish that answer."


def main() -> None:
    parser = argparse.ArgumentParser(description="Ask the help desk one question.")
    parser.add_argument("--repo", required=True, help="published remote URL or path")
    parser.add_argument("--ref", default="published")
    parser.add_argument("--model", default="claude-sonnet-4-6")
    parser.add_argument("question")
    args = parser.parse_args()
    with open_knowledge(args.repo, args.ref, use_cache=True) as kb:
        client = anthropic.Anthropic()  # reads ANTHROPIC_API_KEY
        session = uuid.uuid4().hex
        print(answer(client, kb, args.question, session=session, model=args.model))
        NOTES.end(session)


if __name__ == "__main__":
    main()
