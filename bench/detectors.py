"""Benchmark the text detectors (issues 10 and 13) on the labelled corpus.

Per detector kind: precision, recall, F1 and counts on
tests/screening/detector_corpus.py, for the detectors now and for the
baseline (the detectors as of d50446e, kept verbatim in
bench/support/detectors_d50446e.py), measured in the same run; then recall by
language, and throughput in sentences per second and on a long body.

Pure Python, no database. Usage: .venv/bin/python bench/detectors.py [--seconds 1.0]
"""

import argparse
import importlib.util
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Running a file puts its directory first on sys.path, where a sibling bench
# script could shadow a standard module.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]
sys.path.insert(0, str(ROOT))

from knowledge_repo import screening as flags  # noqa: E402
from tests.screening.detector_corpus import CORPUS, KINDS, Example  # noqa: E402

PARSER = argparse.ArgumentParser(description=__doc__.splitlines()[0])
PARSER.add_argument("--seconds", type=float, default=1.0, help="time per throughput measurement")
ARGS = PARSER.parse_args()

Scanner = Callable[[str], Iterable[dict[str, object]]]


def _load_baseline() -> Scanner:
    spec = importlib.util.spec_from_file_location(
        "detectors_baseline", ROOT / "bench" / "support" / "detectors_d50446e.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return lambda text: module.flag_fields([("body", text)])


def _found(scan: Scanner, example: Example) -> set[str]:
    return {str(s["kind"]) for s in scan(example.text)} & set(KINDS)


def _scores(scan: Scanner, examples: Iterable[Example]) -> dict[str, tuple[int, int, int]]:
    counts = {kind: [0, 0, 0] for kind in KINDS}
    for example in examples:
        got = _found(scan, example)
        for kind in KINDS:
            if kind in got:
                counts[kind][0 if kind in example.kinds else 1] += 1
            elif kind in example.kinds:
                counts[kind][2] += 1
    return {kind: (tp, fp, fn) for kind, (tp, fp, fn) in counts.items()}


def _prf(tp: int, fp: int, fn: int) -> str:
    p = tp / (tp + fp) if tp + fp else float("nan")
    r = tp / (tp + fn) if tp + fn else float("nan")
    f1 = 2 * p * r / (p + r) if tp else 0.0
    return f"{p:5.2f} {r:5.2f} {f1:5.2f} {tp:3d} {fp:3d} {fn:3d}"


def _throughput(scan: Scanner, texts: list[str]) -> float:
    done, started = 0, time.perf_counter()
    while time.perf_counter() - started < ARGS.seconds:
        for text in texts:
            scan(text)
        done += len(texts)
    return done / (time.perf_counter() - started)


def _long_body_ms(scan: Scanner, text: str) -> float:
    runs, started = 0, time.perf_counter()
    while time.perf_counter() - started < ARGS.seconds or runs < 3:
        scan(text)
        runs += 1
    return (time.perf_counter() - started) / runs * 1000


def main() -> None:
    new: Scanner = flags.scan_text
    old = _load_baseline()
    langs = {lang: sum(1 for e in CORPUS if e.lang == lang) for lang in ("en", "zh", "ja")}
    positives = sum(1 for e in CORPUS if e.kinds)
    print(
        f"Detector corpus: {len(CORPUS)} sentences (en {langs['en']}, zh {langs['zh']}, "
        f"ja {langs['ja']}); {positives} positive, {len(CORPUS) - positives} hard negatives"
    )
    now, before = _scores(new, CORPUS), _scores(old, CORPUS)
    print(f"{'kind':18} {'now:  P     R     F1   tp  fp  fn':36} | baseline (d50446e)")
    for kind in KINDS:
        print(f"{kind:18} {_prf(*now[kind]):36} | {_prf(*before[kind])}")
    print("(nan: the baseline has no such detector, or flagged nothing)")

    print("\nRecall by language, now / baseline:")
    for lang in ("en", "zh", "ja"):
        subset = [e for e in CORPUS if e.lang == lang]
        cells = []
        for kind in KINDS:
            tp, _, fn = _scores(new, subset)[kind]
            otp, _, ofn = _scores(old, subset)[kind]
            if tp + fn:
                cells.append(f"{kind} {tp}/{tp + fn} vs {otp}/{otp + ofn}")
        print(f"  {lang}: " + "; ".join(cells))

    issue = [e for e in CORPUS if e.issue]
    right_now = sum(1 for e in issue if _found(new, e) == e.kinds)
    right_then = sum(1 for e in issue if _found(old, e) == e.kinds)
    print(
        f"\nIssue examples labelled exactly: now {right_now}/{len(issue)}, baseline {right_then}/{len(issue)}"
    )

    texts = [e.text for e in CORPUS]
    print(
        f"\nThroughput (all detectors, one sentence a call): now {_throughput(new, texts):,.0f} "
        f"sentences/s, baseline {_throughput(old, texts):,.0f} sentences/s"
    )
    body = "\n".join(texts) * 3
    print(
        f"Long body ({len(body):,} characters, three languages): now "
        f"{_long_body_ms(new, body):.1f} ms, baseline {_long_body_ms(old, body):.1f} ms"
    )


if __name__ == "__main__":
    main()
