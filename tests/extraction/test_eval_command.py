"""manage.py extract_eval: precision and recall per kind on a labelled set."""

import json

import pytest
from django.core.management import CommandError, call_command


def _labelled(tmp_path):
    rows = [
        {
            "id": "gap",
            "messages": [
                {"role": "user", "content": "Is there parking at the hotel?"},
                {"role": "assistant", "content": "I don't know, sorry."},
            ],
            "metadata": {"expected": ["gap"]},
        },
        {
            "id": "noise-for-v1",
            "messages": [
                {"role": "user", "content": "Has mercury always been in fish?"},
                {"role": "assistant", "content": "It occurs naturally."},
            ],
            "metadata": {"expected": []},
        },
    ]
    path = tmp_path / "set.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows), encoding="utf-8")
    return path


def test_it_prints_precision_recall_and_noise_for_each_provider(tmp_path, capsys, db):
    call_command("extract_eval", str(_labelled(tmp_path)), provider=["heuristic", "heuristic-v1"])
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "== set.jsonl"
    assert out[1] == "heuristic-v2: 2 conversations"
    assert out[2].split()[:5] == ["gap", "precision", "100%", "recall", "100%"]
    assert "noise share    0%" in out[4]
    v1 = out.index("heuristic-v1: 2 conversations")
    assert "noise share   50% (1 of 2 queued items were not wanted)" in out[v1 + 3]


def _visitor(cid, question, answer, qid, lang="en"):
    return {
        "id": cid,
        "messages": [
            {"role": "user", "content": question},
            {"role": "assistant", "content": answer},
        ],
        "metadata": {"expected": ["gap"], "question": qid, "lang": lang},
    }


def test_it_prints_rows_per_question_and_the_replay_hit_rate(tmp_path, capsys, db):
    rows = [
        _visitor("p1", "Are pets allowed in the hotel rooms?", "I don’t know, sorry.", "pets"),
        _visitor("p2", "Do you allow pets in your rooms?", "I'm not sure.", "pets"),
        _visitor("p3", "Can I bring my pets to the hotel room?", "I don't know.", "pets"),
        _visitor("b1", "Is breakfast included in the room rate?", "I don't know.", "breakfast"),
        _visitor("s1", "¿Se admiten mascotas en las habitaciones?", "No lo sé.", "pets", "es"),
        {
            "id": "scope",
            "messages": [
                {"role": "user", "content": "What is the capital of Peru?"},
                {"role": "assistant", "content": "I can only help you order coffee."},
            ],
            "metadata": {"expected": [], "out_of_scope": True},
        },
    ]
    path = tmp_path / "loop.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows), encoding="utf-8")

    call_command("extract_eval", str(path), provider=["heuristic"])

    out = capsys.readouterr().out
    assert "reached the queue    100% (5 of 5)" in out
    # pets in English, pets in Spanish (offline: a row per language), breakfast.
    assert "queue rows          3; worth a look  100% (3 of 3)" in out
    assert "0 rows mix questions" in out
    assert "replay, own words    100% (5 of 5)" in out
    assert "out of scope        1 counted (1 labelled), not queued" in out


def test_it_groups_the_gaps_again_with_the_visitors_arriving_in_other_orders(
    tmp_path, capsys, db, settings
):
    settings.EXTRACTION_EMBEDDINGS = ""
    rows = [
        _visitor("a1", "Is there a sauna in the spa?", "I don't know.", "sauna"),
        _visitor("a2", "Does the spa have a sauna?", "I'm not sure.", "sauna"),
        _visitor("b1", "Can I hire a tennis racket?", "I don't know.", "racket"),
        _visitor("b2", "Are tennis rackets for hire?", "I'm not sure.", "racket"),
    ]
    path = tmp_path / "orders.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows), encoding="utf-8")

    call_command("extract_eval", str(path), provider=["heuristic"], orders=3)

    out = capsys.readouterr().out
    assert "rows per question   1.00 (2 of 2 questions in one row; 0 rows mix questions)" in out
    assert (
        "arrival shuffled    rows per question 1.00 (1.00-1.00), 2.0 questions in one row, "
        "0.0 rows mix questions (0-0); 3 orders"
    ) in out


def test_the_shipped_labelled_sets_run_with_a_dev_and_a_test_part(capsys, db):
    call_command("extract_eval", provider=["heuristic"])
    out = capsys.readouterr().out
    assert out.index("== test.jsonl") < out.index("== dev.jsonl")
    assert out.count("replay, own words") == 2


def test_it_refuses_a_missing_file(tmp_path):
    with pytest.raises(CommandError, match="no such file"):
        call_command("extract_eval", str(tmp_path / "nope.jsonl"))
