"""Benchmark the text detectors on the labelled corpus: its development and its test part.

The corpus is split (issue 23): the development part
(tests/screening/detector_corpus.py, dev_corpus.py, dev_more_claims.py) is what
the detectors were tuned on; the test part (tests/screening/heldout_corpus.py,
heldout_more.py) was written and committed first and not looked at while tuning, so its figures are the
ones that count. For each part: precision, recall and counts per kind, beside
the baseline (the detectors of d50446e, kept verbatim in
bench/support/detectors_d50446e.py) measured in the same run; recall per kind
and language; false positives per language (negatives with any flag). Then
speed beside the baseline: sentences per second, a 40 KB body, and a 1 MB body
(linear in length).

Pure Python, no database. Usage: .venv/bin/python bench/detectors.py [--seconds 1.0]
"""

import argparse
import importlib.util
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Running a file puts its directory first on sys.path, where a sibling bench
# script could shadow a standard module.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]
sys.path.insert(0, str(ROOT))

from knowledge_repo import screening  # noqa: E402
from tests.screening.corpus import DEV, LANGS, TEST  # noqa: E402
from tests.screening.detector_corpus import KINDS, Example  # noqa: E402

PARSER = argparse.ArgumentParser(description=__doc__.splitlines()[0])
PARSER.add_argument("--seconds", type=float, default=1.0, help="time per throughput measurement")
PARSER.add_argument(
    "--runs", type=int, default=5, help="measurements of each figure (median shown)"
)
PARSER.add_argument(
    "--part",
    choices=("both", "dev", "none"),
    default="both",
    help="which parts to score: both, the development part only (to tune on: the test part "
    "stays unread), or none (speed only)",
)
ARGS = PARSER.parse_args()

Scanner = Callable[[str], Iterable[dict[str, object]]]


def load_baseline() -> Scanner:
    spec = importlib.util.spec_from_file_location(
        "detectors_baseline", ROOT / "bench" / "support" / "detectors_d50446e.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return lambda text: module.flag_fields([("body", text)])


def now_scan(text: str) -> list[dict[str, object]]:
    return screening.screen([("body", text)], allow=())


def found(scan: Scanner, examples: Iterable[Example]) -> list[tuple[Example, set[str]]]:
    return [(e, {str(s["kind"]) for s in scan(e.text)} & set(KINDS)) for e in examples]


def counts(results: list[tuple[Example, set[str]]], kind: str) -> tuple[int, int, int]:
    tp = sum(1 for e, got in results if kind in got and kind in e.kinds)
    fp = sum(1 for e, got in results if kind in got and kind not in e.kinds)
    fn = sum(1 for e, got in results if kind not in got and kind in e.kinds)
    return tp, fp, fn


def prf(tp: int, fp: int, fn: int) -> str:
    p = tp / (tp + fp) if tp + fp else float("nan")
    r = tp / (tp + fn) if tp + fn else float("nan")
    return f"{p:5.2f} {r:5.2f} {tp:4d} {fp:3d} {fn:3d}"


def false_positive_rate(results: list[tuple[Example, set[str]]]) -> tuple[int, int]:
    negatives = [(e, got) for e, got in results if not e.kinds]
    return sum(1 for _, got in negatives if got), len(negatives)


def report_part(name: str, examples: tuple[Example, ...], old: Scanner) -> None:
    positives = sum(1 for e in examples if e.kinds)
    print(
        f"\n=== {name} part: {len(examples)} sentences, {positives} positive, "
        f"{len(examples) - positives} hard negatives"
    )
    now, before = found(now_scan, examples), found(old, examples)
    print(f"{'kind':18} {'now:  P     R     tp  fp  fn':30} | baseline (d50446e)")
    for kind in KINDS:
        print(f"{kind:18} {prf(*counts(now, kind)):30} | {prf(*counts(before, kind))}")
    fp, neg = false_positive_rate(now)
    ofp, _ = false_positive_rate(before)
    print(f"negatives flagged: now {fp}/{neg} ({fp / neg:.1%}), baseline {ofp}/{neg}")
    print("recall per kind and language (now / baseline), false positives per language:")
    for lang in LANGS:
        sub_now = [(e, g) for e, g in now if e.lang == lang]
        sub_old = [(e, g) for e, g in before if e.lang == lang]
        if not sub_now:
            continue
        cells = []
        for kind in KINDS:
            tp, _, fn = counts(sub_now, kind)
            otp, _, ofn = counts(sub_old, kind)
            if tp + fn:
                cells.append(
                    f"{kind[:11]} {tp / (tp + fn):.2f} ({tp}/{tp + fn}) vs {otp}/{otp + ofn}"
                )
        lfp, lneg = false_positive_rate(sub_now)
        rate = f"{lfp / lneg:.1%}" if lneg else "-"
        print(f"  {lang}: fp {lfp}/{lneg} ({rate}); " + "; ".join(cells))


# Each speed figure is (CPU, wall): CPU time (time.process_time) is what the 60 ms check
# reads, since wall time on a shared machine also counts other processes' turns.
Timing = tuple[float, float]


def throughput(scan: Scanner, texts: list[str]) -> Timing:
    done, cpu, started = 0, time.process_time(), time.perf_counter()
    while time.perf_counter() - started < ARGS.seconds:
        for text in texts:
            scan(text)
        done += len(texts)
    return done / (time.process_time() - cpu), done / (time.perf_counter() - started)


def body_ms(scan: Scanner, text: str, at_least: int = 3) -> Timing:
    runs, cpu, started = 0, time.process_time(), time.perf_counter()
    while time.perf_counter() - started < ARGS.seconds or runs < at_least:
        scan(text)
        runs += 1
    return (
        (time.process_time() - cpu) / runs * 1000,
        (time.perf_counter() - started) / runs * 1000,
    )


def medians(now: Callable[[], Timing], before: Callable[[], Timing]) -> tuple[Timing, Timing]:
    runs = [(now(), before()) for _ in range(ARGS.runs)]
    return median_timing([r[0] for r in runs]), median_timing([r[1] for r in runs])


def median_timing(runs: list[Timing]) -> Timing:
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


def body_of(texts: list[str], size: int) -> str:
    joined = "\n".join(texts)
    return (joined * (size // len(joined) + 1))[:size]


def main() -> None:
    old = load_baseline()
    print(f"Detector corpus: {len(DEV) + len(TEST)} sentences in {len(LANGS)} languages")
    if ARGS.part == "both":
        report_part("TEST (held out; the figures that count)", TEST, old)
    if ARGS.part in ("both", "dev"):
        report_part("DEV (tuned on)", DEV, old)

    texts = [e.text for e in DEV + TEST]
    body = body_of(texts, 40_000)
    big = body_of(texts, 1_000_000)
    # The machine is shared: each figure is the median of several runs, now and the
    # baseline measured alternately so both see the same load.
    print(f"\nSpeed, median of {ARGS.runs} alternating runs (the machine is shared and noisy):")
    (new_rate, new_wall), (old_rate, old_wall) = medians(
        lambda: throughput(now_scan, texts), lambda: throughput(old, texts)
    )
    print(
        f"Throughput (all detectors, one sentence a call), CPU: now {new_rate:,.0f} sentences/s, "
        f"baseline {old_rate:,.0f} sentences/s (ratio {new_rate / old_rate:.2f}); "
        f"wall: now {new_wall:,.0f}, baseline {old_wall:,.0f}"
    )
    (new_ms, new_ms_wall), (old_ms, old_ms_wall) = medians(
        lambda: body_ms(now_scan, body), lambda: body_ms(old, body)
    )
    print(
        f"40 KB body ({len(body):,} characters, ten languages), CPU: now {new_ms:.1f} ms, "
        f"baseline {old_ms:.1f} ms (ratio {new_ms / old_ms:.2f}); "
        f"wall: now {new_ms_wall:.1f} ms, baseline {old_ms_wall:.1f} ms"
    )
    one_line = body.replace("\n", " ")  # a log with no line breaks: read in sentence windows
    (line_ms, line_wall), (old_line_ms, _) = medians(
        lambda: body_ms(now_scan, one_line), lambda: body_ms(old, one_line)
    )
    print(
        f"40 KB body on one line, CPU: now {line_ms:.1f} ms, baseline {old_line_ms:.1f} ms "
        f"(ratio {line_ms / old_line_ms:.2f}); wall: now {line_wall:.1f} ms"
    )
    big_ms, big_wall = median_timing([body_ms(now_scan, big, at_least=1) for _ in range(3)])
    print(
        f"1 MB body (median of 3), CPU: now {big_ms:.0f} ms = {big_ms / new_ms:.1f}x the 40 KB "
        f"body for {len(big) / len(body):.0f}x the length (linear: about "
        f"{len(big) / len(body):.0f}x); wall {big_wall:.0f} ms"
    )


if __name__ == "__main__":
    main()
