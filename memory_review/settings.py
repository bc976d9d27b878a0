"""Settings for memory review, read from the environment.

Every value that differs between a laptop and production comes from an
environment variable through the small typed helpers of ``memory_review.env``, which fail
loudly. Nothing permissive is hard-coded for production: with DEBUG off,
SECRET_KEY and ALLOWED_HOSTS must be given.
"""

import datetime as dt
import secrets
from decimal import Decimal
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

from memory_review.env import env_bool, env_int, env_list, env_secret, env_str, mail_from_env

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", False)
VAR_DIR = Path(env_str("MEMORY_REVIEW_VAR_DIR", str(BASE_DIR / "var")))
# The SQLite database, the knowledge repository and collected static files live
# here by default; a fresh clone has no var/, and SQLite cannot create a directory.
VAR_DIR.mkdir(parents=True, exist_ok=True)


def _development_secret_key() -> str:
    """A per-checkout key kept under var/, only ever used with DEBUG on."""
    path = VAR_DIR / "dev-secret-key"
    if not path.exists():
        VAR_DIR.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(50), encoding="utf-8")
    return path.read_text(encoding="utf-8").strip()


_secret = env_secret("SECRET_KEY")
if _secret is None:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY (or SECRET_KEY_FILE) must be set when DEBUG is off")
    _secret = _development_secret_key()
SECRET_KEY = _secret

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "axes",
    "django_tasks_db",
    "memory_review",
    "memory_review.extraction",
    "memory_review.review",
    "conversations",
    "knowledge_repo",
]

MIDDLEWARE = [
    # First: everything after it (the TLS redirect, lockout, rate limits) sees the real
    # client address in REMOTE_ADDR and only a trusted proxy's X-Forwarded-Proto.
    "memory_review.middleware.TrustedProxyMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Static files straight after security, before sessions touch the request.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "memory_review.middleware.PrivatePagesMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language from the switcher's cookie, else the browser's Accept-Language.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into the lockout page.
    "axes.middleware.AxesMiddleware",
]

AUTHENTICATION_BACKENDS = [
    # Refuses any login (right password or not) while the account or address is locked out.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

ROOT_URLCONF = "memory_review.urls"
WSGI_APPLICATION = "memory_review.wsgi.application"
FORM_RENDERER = "memory_review.formrender.WidgetRenderer"  # issue 21: no template per <option>

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.csp",
                "memory_review.review.badges.team_badges",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", f"sqlite:///{VAR_DIR / 'memory_review.sqlite3'}"),
        conn_max_age=env_int("DATABASE_CONN_MAX_AGE", 0),
        # A kept connection is checked before reuse, so a database restart costs
        # one reconnect instead of one failed request per thread.
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL and a busy timeout let the web process, the committer and task
    # workers share the embedded database without "database is locked".
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    DATABASES["default"]["TEST"] = {"NAME": env_str("SQLITE_TEST_NAME") or None}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"

# The UI speaks English and Simplified Chinese (and Japanese): the browser's language
# picks one, the switcher in the header overrides it. Record content is never
# translated: it stays in the language it was written in.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("zh-hans", "简体中文")]
LOCALE_PATHS = [BASE_DIR / "memory_review" / "locale"]
FORMAT_MODULE_PATH = ["memory_review.formats"]
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(VAR_DIR / "static")))
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # whitenoise warns on every request without it
STATICFILES_DIRS = [p for p in [BASE_DIR / "static"] if p.is_dir()]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # make serve collects static files with hashed names (STATIC_MANIFEST=true, cached forever);
    # other non-DEBUG runs (benchmarks, check --deploy) serve compressed files by plain name.
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if env_bool("STATIC_MANIFEST", False)
        else "whitenoise.storage.CompressedStaticFilesStorage"
    },
}

# Background work (django.tasks). Embedded default: run in process.
TASKS = {
    "default": {
        "BACKEND": env_str("TASKS_BACKEND", "django.tasks.backends.immediate.ImmediateBackend"),
    }
}

# The proxies in front of the app, by address or network (comma-separated, e.g.
# "10.0.0.5,10.1.0.0/16"). X-Forwarded-For and X-Forwarded-Proto are read only
# on requests that come from one of them (memory_review.middleware.TrustedProxyMiddleware):
# the client is the nearest address in X-Forwarded-For that is not a trusted proxy.
# Anyone else's forwarding headers are dropped, so rotating them walks around nothing.
BEHIND_TLS_PROXY = env_bool("BEHIND_TLS_PROXY", False)
TRUSTED_PROXIES = env_list("TRUSTED_PROXIES", ["127.0.0.1", "::1"] if BEHIND_TLS_PROXY else [])

# Security: strict in production, relaxed only for the local http dev server.
# SECURE_COOKIES=false only for a plain-http production stack on loopback (the load test).
SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", not DEBUG)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SESSION_COOKIE_HTTPONLY = True
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
# A load balancer probes health over plain http, on the host's own address.
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$"]
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
if env_bool("BEHIND_TLS_PROXY", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SILENCED_SYSTEM_CHECKS = [] if env_bool("SECURE_HSTS_PRELOAD", False) else ["security.W021"]
# Scripts and styles only from our own static files or with the per-response
# nonce (templates: nonce="{{ csp_nonce }}"); never 'unsafe-inline'.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF, CSP.NONCE],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

# Lockout after repeated failed logins (django-axes), by account AND address together:
# wrong passwords from one address lock that account from that address only, so no
# one can lock a reviewer out from elsewhere. Guessing one account from many
# addresses (or many accounts from one address) is slowed instead (memory_review.login):
# past LOGIN_SLOWDOWN_AFTER failures within the lockout period, each further attempt
# must wait twice as long as the one before, up to LOGIN_SLOWDOWN_MAX_SECONDS, except
# from a browser this account has signed in from before (a signed device cookie).
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_COOLOFF_TIME = dt.timedelta(minutes=env_int("LOGIN_LOCKOUT_MINUTES", 30))
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_VERBOSE = False
# REMOTE_ADDR, which TrustedProxyMiddleware has already set to the client's address.
AXES_CLIENT_IP_CALLABLE = "memory_review.security.client_address"
LOGIN_SLOWDOWN_AFTER = env_int("LOGIN_SLOWDOWN_AFTER", 10)
LOGIN_SLOWDOWN_MAX_SECONDS = env_int("LOGIN_SLOWDOWN_MAX_SECONDS", 60)
LOGIN_DEVICE_COOKIE = "mr_device"
LOGIN_DEVICE_DAYS = env_int("LOGIN_DEVICE_DAYS", 90)

# --- Conversations (ingest) -------------------------------------------------
INGEST_MAX_LINE_BYTES = env_int("INGEST_MAX_LINE_BYTES", 8 * 1024 * 1024)
INGEST_MAX_REQUEST_BYTES = env_int("INGEST_MAX_REQUEST_BYTES", 32 * 1024 * 1024)
INGEST_MAX_JSON_DEPTH = env_int("INGEST_MAX_JSON_DEPTH", 64)
DATA_UPLOAD_MAX_MEMORY_SIZE = INGEST_MAX_REQUEST_BYTES

# --- Extraction ---------------------------------------------------------------
ANTHROPIC_API_KEY = env_secret("ANTHROPIC_API_KEY")
EXTRACTION_MODEL = env_str("EXTRACTION_MODEL", "claude-sonnet-4-6")
# The model that screens every text about to be committed, as one more detector,
# when ANTHROPIC_API_KEY is set (knowledge_repo/screening/classifier.py).
SCREENING_MODEL = env_str("SCREENING_MODEL", "claude-haiku-4-5")
EXTRACTION_MAX_CONCURRENCY = env_int("EXTRACTION_MAX_CONCURRENCY", 4)
# Conversations per task; each task is one unit a worker picks up.
EXTRACTION_CHUNK_SIZE = env_int("EXTRACTION_CHUNK_SIZE", 50)
# Conversation text per request; longer ones keep the first visitor turn + the most recent part.
EXTRACTION_MAX_INPUT_CHARS = env_int("EXTRACTION_MAX_INPUT_CHARS", 40000)
# Messages before the new ones shown as context when a conversation grew.
EXTRACTION_CONTEXT_MESSAGES = env_int("EXTRACTION_CONTEXT_MESSAGES", 6)
EXTRACTION_MAX_OUTPUT_TOKENS = env_int("EXTRACTION_MAX_OUTPUT_TOKENS", 4096)
# 429/529: attempts per request, and the longest retry-after we are willing to wait (seconds).
EXTRACTION_RETRY_ATTEMPTS = env_int("EXTRACTION_RETRY_ATTEMPTS", 4)
EXTRACTION_RETRY_MAX_WAIT = float(env_str("EXTRACTION_RETRY_MAX_WAIT", "60"))
EXTRACTION_LOW_CONFIDENCE = float(env_str("EXTRACTION_LOW_CONFIDENCE", "0.5"))
# rapidfuzz token_set_ratio (0-100) at which a candidate is attached as a near-duplicate.
EXTRACTION_NEAR_DUPLICATE_SCORE = float(env_str("EXTRACTION_NEAR_DUPLICATE_SCORE", "88"))
# Records a person wrote are held to a stricter likeness before a release calls them duplicates.
RELEASE_NEAR_DUPLICATE_SCORE = float(env_str("RELEASE_NEAR_DUPLICATE_SCORE", "92"))
# The Message Batches API costs this share of the synchronous price.
EXTRACTION_BATCH_PRICE_FACTOR = Decimal(env_str("EXTRACTION_BATCH_PRICE_FACTOR", "0.5"))
# A callable returning the httpx2.Client the Anthropic SDK uses (None: the SDK's own);
# tests and benchmarks hand in one with a MockTransport.
EXTRACTION_HTTP_CLIENT_FACTORY = None
# US dollars per million tokens, by model and kind of token.
EXTRACTION_PRICES = {
    "claude-sonnet-4-6": {
        "input": Decimal("3.00"),
        "cache_write": Decimal("3.75"),
        "cache_read": Decimal("0.30"),
        "output": Decimal("15.00"),
    },
    "claude-haiku-4-5": {
        "input": Decimal("1.00"),
        "cache_write": Decimal("1.25"),
        "cache_read": Decimal("0.10"),
        "output": Decimal("5.00"),
    },
    "claude-opus-4-5": {
        "input": Decimal("5.00"),
        "cache_write": Decimal("6.25"),
        "cache_read": Decimal("0.50"),
        "output": Decimal("25.00"),
    },
}

# --- Knowledge repository -----------------------------------------------------
KNOWLEDGE_REPO_PATH = Path(env_str("KNOWLEDGE_REPO_PATH", str(VAR_DIR / "knowledge")))
# Comma-separated remotes to publish to; by default a local bare repository.
KNOWLEDGE_PUBLISH_REMOTES = env_list(
    "KNOWLEDGE_PUBLISH_REMOTES", [str(VAR_DIR / "knowledge-published.git")]
)
KNOWLEDGE_COMMITTER_NAME = env_str("KNOWLEDGE_COMMITTER_NAME", "memory review")
KNOWLEDGE_COMMITTER_EMAIL = env_str("KNOWLEDGE_COMMITTER_EMAIL", "memory-review@localhost")
# Commit right after the approving transaction, in process (embedded default).
KNOWLEDGE_COMMIT_IN_PROCESS = env_bool("KNOWLEDGE_COMMIT_IN_PROCESS", True)
# Where approvals are committed when not in process: false leaves the outbox to
# a `kb_committer` process (make serve) instead of enqueuing a task per approval.
KNOWLEDGE_COMMIT_ENQUEUE = env_bool("KNOWLEDGE_COMMIT_ENQUEUE", True)
# A git remote every committer pushes main to before recording a commit and
# resets to when it becomes the leader: with committers on several hosts, the
# one that takes over continues the same history. Empty: one host, no pushing.
KNOWLEDGE_SHARED_REMOTE = env_str("KNOWLEDGE_SHARED_REMOTE")
KNOWLEDGE_SIGNING_KEY = env_str("KNOWLEDGE_SIGNING_KEY")  # SSH key signing releases; see seal.py
KNOWLEDGE_ALLOWED_SIGNERS = env_str("KNOWLEDGE_ALLOWED_SIGNERS")  # default: beside the key
# kb_verify and /readyz report a change pending longer than this (seconds).
KNOWLEDGE_PENDING_GRACE_SECONDS = env_int("KNOWLEDGE_PENDING_GRACE_SECONDS", 60)
PROMPT_INDEX_MAX_LINES = env_int("PROMPT_INDEX_MAX_LINES", 200)
PROMPT_INDEX_MAX_CHARS = env_int("PROMPT_INDEX_MAX_CHARS", 25000)
PROMPT_RECORDS_MAX_CHARS = env_int("PROMPT_RECORDS_MAX_CHARS", 20000)

# What the published tree may say. Commit authors there are reviewers' public
# handles at this no-reply domain, never their e-mail addresses.
KNOWLEDGE_NOREPLY_DOMAIN = env_str("KNOWLEDGE_NOREPLY_DOMAIN", "users.noreply.invalid")
# Who a reviewer is on published commits: the review app's profiles say, and
# knowledge_repo (a lower layer) calls this function by name.
KNOWLEDGE_PUBLIC_HANDLE = "memory_review.review.identity.public_handle"
# Jobs the committer runs for web pages (knowledge_repo.jobs): kind -> function.
KNOWLEDGE_JOBS = {
    name: f"memory_review.review.jobs.{name}"
    for name in ("release_check", "cut_release", "publish_release", "rollback_release", "replay")
}
# The organisation's own public contacts (e-mail addresses, phone numbers) that
# records may name; any other e-mail address or phone number blocks a release.
PUBLIC_CONTACTS = env_list("PUBLIC_CONTACTS")
# The organisation's own domains (e.g. "shop.example"; subdomains included): links and
# images there are not flagged; an image from any other domain, or a link to one that
# carries data in its query string, is (the classic exfiltration through an image URL).
PUBLIC_DOMAINS = env_list("PUBLIC_DOMAINS")
# Key of the opaque source references records carry (stable while it stays the
# same; set it in production so rotating SECRET_KEY does not change them).
SOURCE_REF_KEY = env_secret("SOURCE_REF_KEY") or SECRET_KEY

# --- API -----------------------------------------------------------------------
# Requests per token per minute on the ingest API; over it the answer is 429.
# A sliding window of 60 seconds (conversations.ratelimit), shared by every web process.
API_RATE_LIMIT_PER_MINUTE = env_int("API_RATE_LIMIT_PER_MINUTE", 120)
# Requests with a missing or unknown token, per client address.
API_BAD_TOKEN_LIMIT_PER_MINUTE = env_int("API_BAD_TOKEN_LIMIT_PER_MINUTE", 20)

# --- Operations --------------------------------------------------------------
# /readyz fails when the oldest ready task waited longer (seconds)...
READY_MAX_TASK_LAG = env_int("READY_MAX_TASK_LAG", 300)
# ... or when the committer's heartbeat is older than this (seconds).
READY_MAX_COMMITTER_SILENCE = env_int("READY_MAX_COMMITTER_SILENCE", 30)
# /readyz answers from a result at most this old (seconds), computed once per process
# meanwhile, so a flood of probes costs the database nothing.
READY_CACHE_SECONDS = env_int("READY_CACHE_SECONDS", 5)
# A supervised process that exited this many times within READY_RESTART_WINDOW
# seconds is in a crash loop: /readyz fails and the dashboard names it.
READY_MAX_RESTARTS = env_int("READY_MAX_RESTARTS", 3)
READY_RESTART_WINDOW = env_int("READY_RESTART_WINDOW", 300)
# This host's name on the dashboard's process table (default: the machine's host name).
PROCESS_HOST = env_str("PROCESS_HOST")

# --- Backups ------------------------------------------------------------------
# Archives are written 0600 in a 0700 directory. With a public key they are also
# encrypted to it (age: an "age1..." X25519 recipient or an "ssh-ed25519 ..." /
# "ssh-rsa ..." public key; several comma-separated); restore then needs the
# matching identity file (--identity or BACKUP_IDENTITY_FILE).
BACKUP_DIR = Path(env_str("BACKUP_DIR", str(VAR_DIR / "backups")))
BACKUP_PUBLIC_KEYS = env_list("BACKUP_PUBLIC_KEY")
BACKUP_IDENTITY_FILE = env_str("BACKUP_IDENTITY_FILE")

# --- Review -------------------------------------------------------------------
REVIEW_CLAIM_SECONDS = env_int("REVIEW_CLAIM_SECONDS", 300)
# Records whose valid_until falls within this many days are listed on the dashboard.
REVIEW_EXPIRY_WARNING_DAYS = env_int("REVIEW_EXPIRY_WARNING_DAYS", 30)
# Every change (not only high-risk text) needs two approvers; publishers always read twice.
REVIEW_TWO_APPROVALS = env_bool("REVIEW_TWO_APPROVALS", False)
MAILERS, DEFAULT_FROM_EMAIL, REVIEW_NOTIFY_EMAIL = mail_from_env()

# One line per event. Django's default config gives the "django" logger its
# own console handler and lets it propagate to ours too, so every request
# warning printed twice: here it only propagates. runserver's access lines
# ("django.server") keep their own handler and do not propagate.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"plain_403": {"()": "memory_review.logfilters.PlainPermissionDenied"}},
    "formatters": {"line": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "line"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    "loggers": {
        "django": {"handlers": [], "level": "INFO", "propagate": True},
        # A refused page is one warning line, not a traceback.
        "django.request": {"filters": ["plain_403"]},
        # One line per task state change is noise on the CLI; failures still show.
        "django.tasks": {"level": env_str("TASKS_LOG_LEVEL", "WARNING")},
        # axes logs every attempt at INFO; lockouts and failures still show.
        "axes": {"level": "WARNING"},
    },
}
