import pytest

from knowledge_repo.slugs import MAX_LENGTH, RESERVED, is_valid_slug, slugify, unique_slug


def test_it_derives_the_slug_from_the_name():
    assert slugify("Running the Tests!") == "running-the-tests"
    assert slugify("Café déjà vu") == "cafe-deja-vu"


@pytest.mark.parametrize(
    "name", ["MEMORY", "index", "CON", "nul", "Com1", "LPT9", "aux", "prn", "changelog"]
)
def test_it_never_gives_a_reserved_name(name):
    slug = slugify(name)
    assert slug not in RESERVED and is_valid_slug(slug)


@pytest.mark.parametrize(
    "name", ["../../etc/passwd", "/abs/path", "..", "a/b\\c", "records/../x", ".hidden", "C:\\x"]
)
def test_it_never_leaves_records(name):
    slug = slugify(name)
    assert is_valid_slug(slug)
    assert "/" not in slug and "\\" not in slug and "." not in slug


@pytest.mark.parametrize("name", ["测试", "テスト", "🎉🎉", "---", "   ", "\u200b"])
def test_a_name_without_latin_letters_still_gets_a_slug(name):
    slug = slugify(name)
    assert is_valid_slug(slug)
    assert slugify(name) == slug  # stable


def test_different_unslugifiable_names_get_different_slugs():
    assert slugify("测试") != slugify("部署")


def test_it_bounds_the_length():
    slug = slugify("word " * 100)
    assert len(slug) <= MAX_LENGTH and is_valid_slug(slug)


def test_it_suffixes_until_unique():
    taken = {"tests", "tests-2"}
    assert unique_slug("Tests", taken.__contains__) == "tests-3"
    long_name = "x" * 200
    base = slugify(long_name)
    slug = unique_slug(long_name, {base}.__contains__)
    assert slug.endswith("-2") and len(slug) <= MAX_LENGTH


def test_it_rejects_invalid_slugs():
    for bad in ["Upper", "a--b", "-a", "a-", "a.b", "a/b", "", "memory", "x" * (MAX_LENGTH + 1)]:
        assert not is_valid_slug(bad)


def test_a_long_name_is_cut_between_words():
    name = "How to turn off the Apple Pencil double-tap gesture on an iPad Pro from 2022 onwards"
    slug = slugify(name)
    assert len(slug) <= MAX_LENGTH and is_valid_slug(slug)
    words = set(name.lower().replace("-", " ").split())
    assert all(part in words for part in slug.split("-")), slug
    suffixed = unique_slug(name, {slug}.__contains__)
    assert suffixed.endswith("-2")
    assert all(part in words for part in suffixed.removesuffix("-2").split("-")), suffixed


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("iPad 的双击手势", "ipad-de-shuang-ji-shou-shi"),
        ("北京的天气", "bei-jing-de-tian-qi"),
        ("ひらがなとカタカナ", "hiraganatokatakana"),
        ("東京タワーの営業時間", "dong-jing-tawano-ying-ye-shi-jian"),
        ("Привет мир", "privet-mir"),
    ],
)
def test_names_in_other_scripts_get_readable_slugs(name, slug):
    assert slugify(name) == slug


def test_a_mixed_name_never_becomes_its_lone_ascii_fragment():
    assert slugify("iPad 的双击手势") != "ipad"
    assert slugify("iPad 的双击手势") != slugify("iPad 的设置")
