"""Text as every rule should read it: one spelling for the many ways a keyboard writes it.

An agent's "I’m sorry, I don’t know" (typographic apostrophes), a visitor's
"ｒｅｆｕｎｄ？" (full-width forms), "check‑in" (a non-breaking hyphen) and
"Check-In" mean what their plain forms mean. Rules that match words — the
extraction patterns, the offline extractor, question grouping — call
:func:`normalise_text` first, so none of them sees the raw variants and no
rule needs its own list of apostrophes.

Unlike :mod:`.folding` (views that keep offsets into the original text, for
spans a person sees), this gives a new string: use it for matching and
comparing, never for text that is stored or shown.
"""

from __future__ import annotations

import re
import unicodedata

from .invisible import MAYBE_HIDDEN, is_hidden

__all__ = ["normalise_text", "same_text"]

# Typographic quotes, primes and dashes, and the spaces NFKC leaves alone.
_TRANSLATE = str.maketrans(
    {
        "\u2018": "'",  # ‘
        "\u2019": "'",  # ’
        "\u201a": "'",  # ‚
        "\u201b": "'",  # ‛
        "\u2032": "'",  # ′
        "\u02bc": "'",  # ʼ (modifier letter apostrophe)
        "\u201c": '"',  # “
        "\u201d": '"',  # ”
        "\u201e": '"',  # „
        "\u201f": '"',  # ‟
        "\u2033": '"',  # ″
        "\u00ab": '"',  # «
        "\u00bb": '"',  # »
        "\u2010": "-",  # ‐ hyphen
        "\u2011": "-",  # ‑ non-breaking hyphen
        "\u2012": "-",  # ‒ figure dash
        "\u2013": "-",  # – en dash
        "\u2014": "-",  # — em dash
        "\u2015": "-",  # ― horizontal bar
        "\u2212": "-",  # − minus sign
        "\u00a0": " ",  # no-break space (NFKC keeps it as a space too; explicit here)
    }
)
_SPACES = re.compile(r"\s+")


def normalise_text(text: str, *, casefold: bool = True) -> str:
    """``text`` with one spelling: NFKC, plain quotes and dashes, no invisible characters.

    NFKC turns full-width letters, digits and punctuation ("ＡＢＣ？") into
    their ASCII forms and half-width katakana into full-width; typographic
    quotes and dashes become ``'``, ``"`` and ``-``; zero-width and other
    invisible characters go; every run of whitespace is one space; and with
    ``casefold`` (the default) case is folded ("Straße" meets "strasse").
    Chinese, Japanese and Korean characters are kept as they are.
    """
    if not text:
        return ""
    text = unicodedata.normalize("NFKC", text).translate(_TRANSLATE)
    if MAYBE_HIDDEN.search(text):
        text = "".join(ch for ch in text if not is_hidden(ch))
    text = _SPACES.sub(" ", text).strip()
    return text.casefold() if casefold else text


def same_text(a: str, b: str) -> bool:
    """Whether two texts are the same once normalised ("Don’t" and "don't")."""
    return normalise_text(a) == normalise_text(b)
