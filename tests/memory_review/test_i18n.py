"""The UI in English and Simplified Chinese: every text marked, every text translated.

Record content is never translated; only the pages' own words are.
"""

import ast
import re
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.urls import reverse
from django.utils.translation import template as template_i18n

ROOT = Path(settings.BASE_DIR)
LOCALE = ROOT / "memory_review" / "locale"
LANGUAGES = [code for code, _name in settings.LANGUAGES if code != "en"]
PACKAGES = ("memory_review", "conversations", "knowledge_repo")


def _templates() -> list[Path]:
    found = list((ROOT / "templates").rglob("*.html"))
    for package in PACKAGES:
        found += (ROOT / package).rglob("templates/**/*.html")
    return found


def _python_files() -> list[Path]:
    return [
        path
        for package in PACKAGES
        for path in (ROOT / package).rglob("*.py")
        if "migrations" not in path.parts
    ]


def _catalogue(language: str, domain: str = "django") -> polib.POFile:
    folder = "zh_Hans" if language == "zh-hans" else language.replace("-", "_")
    return polib.pofile(str(LOCALE / folder / "LC_MESSAGES" / f"{domain}.po"))


# ---- every template text is marked -------------------------------------------------------

_TAGS_AROUND_TEXT = [
    re.compile(r"{%\s*comment\s*%}.*?{%\s*endcomment\s*%}", re.S),
    # A CSS class for the page body, not text.
    re.compile(r"{%\s*block body_class\s*%}.*?{%\s*endblock\s*%}", re.S),
    re.compile(r"{#.*?#}", re.S),
    re.compile(r"{%\s*blocktranslate\b.*?{%\s*endblocktranslate\s*%}", re.S),
    re.compile(r"{%\s*translate\b.*?%}", re.S),
    re.compile(r"{{.*?}}", re.S),
    re.compile(r"{%.*?%}", re.S),
    # Key names and commands are the same in every language.
    re.compile(r"<kbd>.*?</kbd>", re.S),
    re.compile(r"<code[^>]*>.*?</code>", re.S),
]
_TEXT_ATTRIBUTES = re.compile(r'\s(?:title|placeholder|aria-label|alt)="([^"]*)"')
_WORD = re.compile(r"[A-Za-z]{2,}")


def unmarked_texts(source: str) -> list[str]:
    """Words a person would read in ``source`` that no translate tag covers."""
    for pattern in _TAGS_AROUND_TEXT:
        source = pattern.sub(" ", source)
    found = [value for value in _TEXT_ATTRIBUTES.findall(source) if _WORD.search(value)]
    text = re.sub(r"<[^>]*>", " ", source)
    text = re.sub(r"&[a-z]+;|&#\d+;", " ", text)
    found += [line.strip() for line in text.splitlines() if _WORD.search(line)]
    return found


def test_every_template_text_is_marked_for_translation():
    problems = [
        f"{path.relative_to(ROOT)}: {text!r}"
        for path in _templates()
        for text in unmarked_texts(path.read_text(encoding="utf-8"))
    ]
    assert problems == []


def test_the_marking_check_finds_unmarked_words():
    assert unmarked_texts("<p>Approve all</p>") == ["Approve all"]
    assert unmarked_texts('<input placeholder="Why retract it?">') == ["Why retract it?"]
    assert unmarked_texts('<p>{% translate "Approve all" %} <kbd>Enter</kbd></p>') == []
    assert unmarked_texts("{% blocktranslate %}Run {{ n }}{% endblocktranslate %}") == []


# ---- every marked text is in the catalogues, translated ----------------------------------

_GETTEXT_CALL = re.compile(
    r"\b(?:gettext|gettext_lazy|gettext_noop|ngettext|ngettext_lazy|_)\(\s*u?'((?:[^'\\]|\\.)*)'"
)
_PY_GETTEXT = {"_", "gettext", "gettext_lazy", "gettext_noop", "ngettext", "ngettext_lazy"}


def marked_texts() -> set[str]:
    """Every msgid the templates and the Python code mark (what makemessages would find)."""
    found: set[str] = set()
    for path in _templates():
        code = template_i18n.templatize(path.read_text(encoding="utf-8"), origin=str(path))
        for literal in _GETTEXT_CALL.findall(code):
            found.add(ast.literal_eval("'" + literal + "'"))
    for path in _python_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in _PY_GETTEXT
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                found.add(node.args[0].value)
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_marked_text_has_a_translation(language):
    catalogue = _catalogue(language)
    translated = {e.msgid for e in catalogue if e.translated() and "fuzzy" not in e.flags}
    marked = marked_texts()
    assert len(marked) > 400
    assert sorted(marked - translated) == []


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("domain", ["django", "djangojs"])
def test_catalogue_is_complete_and_compiled(language, domain):
    catalogue = _catalogue(language, domain)
    assert catalogue.untranslated_entries() == []
    assert catalogue.fuzzy_entries() == []
    # The committed .mo (a fresh clone needs no gettext tools) is the .po compiled.
    compiled = polib.mofile(str(Path(catalogue.fpath).with_suffix(".mo")))
    as_pairs = {(e.msgid, e.msgstr or e.msgstr_plural.get(0, "")) for e in compiled if e.msgid}
    expected = {
        (e.msgid, e.msgstr or e.msgstr_plural.get(0, "")) for e in catalogue.translated_entries()
    }
    assert as_pairs == expected, "run `make messages` to compile the catalogues"


# ---- the pages speak the visitor's language ------------------------------------------------


def test_a_chinese_browser_gets_the_pages_in_chinese(client, alice):
    client.force_login(alice)
    response = client.get(reverse("review:queue"), HTTP_ACCEPT_LANGUAGE="zh-CN,zh;q=0.9")
    html = response.content.decode()
    assert '<html lang="zh-hans">' in html
    assert "队列" in html and "待审" in html
    assert ">Queue<" not in html
    assert response.headers["Content-Language"] == "zh-hans"


def test_an_english_browser_gets_english(client, alice):
    client.force_login(alice)
    html = client.get(reverse("review:queue"), HTTP_ACCEPT_LANGUAGE="en-GB").content.decode()
    assert '<html lang="en">' in html
    assert ">Queue<" in html


def test_the_switcher_overrides_the_browser(client, alice):
    client.force_login(alice)
    queue = reverse("review:queue")
    response = client.post(reverse("set_language"), {"language": "zh-hans", "next": queue})
    assert response.status_code == 302 and response["Location"] == queue
    html = client.get(queue, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<html lang="zh-hans">' in html
    client.post(reverse("set_language"), {"language": "en", "next": queue})
    html = client.get(queue, HTTP_ACCEPT_LANGUAGE="zh-CN").content.decode()
    assert '<html lang="en">' in html


def test_the_switcher_is_on_the_login_page_too(client):
    html = client.get(reverse("login"), HTTP_ACCEPT_LANGUAGE="zh-CN").content.decode()
    assert 'id="lang-switch"' in html and "简体中文" in html
    assert "登录" in html


def test_the_switcher_never_redirects_off_site(client):
    response = client.post(
        reverse("set_language"), {"language": "zh-hans", "next": "https://evil.example/"}
    )
    assert response.status_code == 302
    assert "evil.example" not in response["Location"]


def test_messages_after_an_action_are_in_the_reviewers_language(client, alice):
    client.force_login(alice)
    client.post(reverse("set_language"), {"language": "zh-hans", "next": "/"})
    response = client.get(reverse("review:next"), follow=True)
    assert "按这些筛选条件已没有待审项。" in response.content.decode()


def test_the_scripts_texts_come_translated(client):
    client.post(reverse("set_language"), {"language": "zh-hans", "next": "/"})
    body = client.get(reverse("javascript-catalog")).content.decode()
    assert "\\u64cd\\u4f5c\\u6ca1\\u6709\\u6210\\u529f" in body or "操作没有成功" in body


def test_a_forbidden_page_says_why_in_chinese(client, charlie):
    client.force_login(charlie)
    response = client.get(reverse("review:queue"), HTTP_ACCEPT_LANGUAGE="zh-CN")
    assert response.status_code == 403
    assert "此页面需要“审核员”角色。" in response.content.decode()
