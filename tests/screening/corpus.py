"""The detector corpus in its two parts: DEV (tuned on) and TEST (held out, the figures that count)."""

from __future__ import annotations

from .detector_corpus import CORPUS, Example
from .dev_corpus import DEV_MORE
from .dev_more_claims import DEV_CLAIMS
from .dev_more_personal import DEV_PERSONAL
from .dev_more_recall import DEV_RECALL
from .dev_more_wordings import DEV_WORDINGS
from .dev_round10 import DEV_ROUND10
from .dev_round11 import DEV_ROUND11
from .dev_round12 import DEV_ROUND12
from .dev_round13 import DEV_ROUND13
from .dev_round14 import DEV_ROUND14
from .dev_round15 import DEV_ROUND15
from .dev_round16 import DEV_ROUND16
from .dev_round17 import DEV_ROUND17
from .dev_round18 import DEV_ROUND18
from .dev_round19 import DEV_ROUND19
from .dev_round20 import DEV_ROUND20
from .dev_round20b import DEV_ROUND20B
from .dev_round21 import DEV_ROUND21
from .dev_round22 import DEV_ROUND22
from .dev_round23 import DEV_ROUND23
from .dev_round24 import DEV_ROUND24
from .dev_round25 import DEV_ROUND25
from .dev_round26 import DEV_ROUND26
from .dev_round27 import DEV_ROUND27
from .dev_round27_claims import DEV_ROUND27_CLAIMS
from .dev_round27_intl import DEV_ROUND27_INTL
from .dev_round27_standing import DEV_ROUND27_STANDING
from .dev_round27_temporary import DEV_ROUND27_TEMPORARY
from .dev_round28_claims import DEV_ROUND28_CLAIMS
from .dev_round28_russian import DEV_ROUND28_RUSSIAN
from .dev_round28_temporary import DEV_ROUND28_TEMPORARY
from .heldout_corpus import HELDOUT
from .heldout_more import HELDOUT_MORE
from .heldout_personal import HELDOUT_PERSONAL
from .heldout_round16 import HELDOUT_ROUND16
from .heldout_round27 import HELDOUT_ROUND27
from .heldout_round28 import HELDOUT_ROUND28

LANGS = ("en", "zh", "ja", "ko", "es", "pt", "fr", "de", "it", "ru")

DEV: tuple[Example, ...] = (
    CORPUS
    + DEV_MORE
    + DEV_CLAIMS
    + DEV_PERSONAL
    + DEV_RECALL
    + DEV_WORDINGS
    + DEV_ROUND10
    + DEV_ROUND11
    + DEV_ROUND12
    + DEV_ROUND13
    + DEV_ROUND14
    + DEV_ROUND15
    + DEV_ROUND16
    + DEV_ROUND17
    + DEV_ROUND18
    + DEV_ROUND19
    + DEV_ROUND20
    + DEV_ROUND20B
    + DEV_ROUND21
    + DEV_ROUND22
    + DEV_ROUND23
    + DEV_ROUND24
    + DEV_ROUND25
    + DEV_ROUND26
    + DEV_ROUND27
    + DEV_ROUND27_TEMPORARY
    + DEV_ROUND27_CLAIMS
    + DEV_ROUND27_INTL
    + DEV_ROUND27_STANDING
    + DEV_ROUND28_RUSSIAN
    + DEV_ROUND28_CLAIMS
    + DEV_ROUND28_TEMPORARY
)
TEST: tuple[Example, ...] = (
    HELDOUT + HELDOUT_MORE + HELDOUT_PERSONAL + HELDOUT_ROUND16 + HELDOUT_ROUND27 + HELDOUT_ROUND28
)
