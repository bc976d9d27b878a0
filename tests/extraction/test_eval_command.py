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
    assert out[0] == "heuristic-v2: 2 conversations"
    assert out[1].split()[:5] == ["gap", "precision", "100%", "recall", "100%"]
    assert "noise share    0%" in out[3]
    assert out[4] == "heuristic-v1: 2 conversations"
    assert "noise share   50% (1 of 2 queued items were not wanted)" in out[7]


def test_the_shipped_labelled_set_runs(capsys, db):
    from pathlib import Path

    import memory_review.extraction as pkg

    path = Path(pkg.__file__).parent / "eval" / "labelled.jsonl"
    call_command("extract_eval", str(path), provider=["heuristic"])
    assert "50 conversations" in capsys.readouterr().out


def test_it_refuses_a_missing_file(tmp_path):
    with pytest.raises(CommandError, match="no such file"):
        call_command("extract_eval", str(tmp_path / "nope.jsonl"))
