"""A help-desk agent that answers from the published knowledge base, with citations.

    pip install ./reader anthropic
    ANTHROPIC_API_KEY=... python examples/helpdesk_agent.py --repo URL "Does Lumen Notes have a free plan?"

(``make run`` publishes the demo release and prints its ``--repo``; the demo's
questions are "Does Lumen Notes have a free plan?" and "Why can't I log in
with Google?".) The records selected for the question go in as
``search_result`` blocks, so the answer cites them (release and record); the
memory tool (the SDK's tool runner takes it as it is) lets the model browse
the release read-only under /memories/kb/ and keep notes about this visitor
under /memories/session/, which end with the session.
"""

import argparse
import uuid

import anthropic
from memory_kb import BACKGROUND_NOTE, MemoryToolHandler, SessionNotes, open_knowledge

BASE = (
    "You are the Lumen Notes help desk. Answer briefly from the search results and the memory "
    "when they help, and cite them; say when they do not. Keep short notes about this visitor "
    "(language, device) under /memories/session/."
)
NOTES = SessionNotes(ttl=1800)  # one store for all visitors, a session each


def answer(client, kb, question: str, *, session: str, model: str) -> tuple[str, list[str]]:
    """One visitor question: the answer's text and the sources it cites."""
    memory = MemoryToolHandler(kb, notes=NOTES, session=session)
    content = [*kb.search_results(question), {"type": "text", "text": question}]
    runner = client.beta.messages.tool_runner(
        model=model,
        max_tokens=1024,
        max_iterations=8,
        system=kb.system_prompt(BASE, [question], k=0) + "\n" + BACKGROUND_NOTE,
        messages=[{"role": "user", "content": content}],
        tools=[memory],
    )
    final = runner.until_done()
    texts = [block for block in final.content if block.type == "text"]
    cited = [c.source for block in texts for c in (block.citations or []) if hasattr(c, "source")]
    return "".join(block.text for block in texts), list(dict.fromkeys(cited))


def main() -> None:
    parser = argparse.ArgumentParser(description="Ask the help desk one question.")
    parser.add_argument("--repo", required=True, help="published remote URL or path")
    parser.add_argument("--ref", default="published")
    parser.add_argument("--model", default="claude-sonnet-4-6")
    parser.add_argument("question")
    args = parser.parse_args()
    with open_knowledge(args.repo, args.ref, use_cache=True) as kb:
        session = uuid.uuid4().hex
        text, sources = answer(
            anthropic.Anthropic(), kb, args.question, session=session, model=args.model
        )
        print(text)
        for source in sources:
            print(f"  [source: {source}]")
        NOTES.end(session)


if __name__ == "__main__":
    main()
