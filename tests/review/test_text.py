from memory_review.review.text import highlight, redacted


def test_highlight_marks_spans_and_escapes_everything_else():
    html = highlight(
        "<b>mail a@b.org</b>",
        [{"kind": "personal_data", "start": 8, "end": 15, "text": "a@b.org", "reason": "email"}],
    )
    assert (
        html
        == '&lt;b&gt;mail <mark class="flag flag-personal_data" title="email">a@b.org</mark>&lt;/b&gt;'
    )


def test_highlight_finds_a_span_whose_offsets_moved():
    html = highlight(
        "edited: call 555 0100",
        [{"kind": "personal_data", "start": 0, "end": 8, "text": "555 0100"}],
    )
    assert '<mark class="flag flag-personal_data" title="">555 0100</mark>' in html


def test_hidden_characters_become_visible():
    html = highlight("a\u200bb\u202ec\n")
    assert html == (
        'a<span class="hidden-char" title="ZERO WIDTH SPACE">⟦U+200B⟧</span>b'
        '<span class="hidden-char" title="RIGHT-TO-LEFT OVERRIDE">⟦U+202E⟧</span>c\n'
    )


def test_redacted_replaces_only_personal_data():
    spans = [
        {"kind": "personal_data", "text": "jane@example.com", "reason": "email address"},
        {"kind": "temporary", "text": "for now"},
    ]
    assert (
        redacted("for now mail jane@example.com", spans) == "for now mail [email address redacted]"
    )
