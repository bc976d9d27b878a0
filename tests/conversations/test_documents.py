"""Reading a JSON document incrementally (conversations.documents): bytes that are not
UTF-8 cost only the records holding them, wherever the reads cut the text."""

import io

import pytest

from conversations import documents
from conversations.documents import iter_document

GOOD = '{"id": "以后", "messages": [{"role": "user", "content": "你好 é"}]}'.encode()
BAD = b'{"id": "b", "messages": [{"role": "user", "content": "caf\xe9"}]}'


def _read(data):
    stream = io.BytesIO(data)
    return [(r.line, r.reason) for r in iter_document(stream, max_line_bytes=1 << 20, max_depth=64)]


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 64, 1 << 20])
def test_bytes_that_are_not_utf8_are_a_problem_of_their_record_only(monkeypatch, chunk):
    # Small reads cut multi-byte characters (and the bad byte) at every place.
    monkeypatch.setattr(documents, "CHUNK", chunk)
    assert _read(b"[" + GOOD + b",\n" + BAD + b",\n" + GOOD + b"]") == [
        (1, None),
        (2, "invalid_utf8"),
        (3, None),
    ]
    assert _read(b"[" + GOOD + b",\n" + GOOD + b"]") == [(1, None), (2, None)]
    # A multi-byte character cut short by the end of the file.
    assert _read(b"[" + GOOD + b"]\n\xe4\xbd") == [(1, None), (2, "invalid_json")]
    assert _read(GOOD + b"\n" + GOOD[:-4] + b'\xe4"}]}') == [(1, None), (2, "invalid_utf8")]
