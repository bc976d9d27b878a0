# One entry point: install, run, test, lint, bench.
# Django 6.1 needs Python >= 3.12. We look for one in PATH, then under pyenv,
# and say what to install when there is none.
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1:8000
export DEBUG ?= true

find_python = $(shell for c in python3.14 python3.13 python3.12 python3 \
	$$(ls -d $${PYENV_ROOT:-$$HOME/.pyenv}/versions/3.1[2-9]*/bin/python3 2>/dev/null | sort -rV); do \
	  p=$$(command -v $$c 2>/dev/null) || continue; \
	  $$p -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' >/dev/null 2>&1 && { echo $$p; break; }; \
	done)

.PHONY: install run serve test lint bench clean messages screening-tables

$(VENV)/.installed: pyproject.toml reader/pyproject.toml
	@PYTHON="$(find_python)"; \
	if [ -z "$$PYTHON" ]; then \
	  echo "No Python 3.12 or newer found. Install one (e.g. 'pyenv install 3.13' or 'apt-get install python3.13') and run make again." >&2; \
	  exit 1; \
	fi; \
	if [ ! -x $(PY) ]; then echo "Creating $(VENV) with $$PYTHON"; "$$PYTHON" -m venv $(VENV); fi
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ./reader -e '.[dev]'
	@touch $@

install: $(VENV)/.installed

# The demo keeps its database, working copy and remotes under var/demo/, apart from the
# production defaults under var/ (make serve refuses a working copy its database does not know).
run: export MEMORY_REVIEW_VAR_DIR ?= $(CURDIR)/var/demo
# The demo signs its releases with a key of its own, so the release page and agents show
# the whole way (set KNOWLEDGE_SIGNING_KEY= to see unsigned releases).
run: export KNOWLEDGE_SIGNING_KEY ?= $(MEMORY_REVIEW_VAR_DIR)/signing/release_ed25519
run: install
	$(PY) manage.py migrate --noinput
	@if [ -n "$$KNOWLEDGE_SIGNING_KEY" ]; then $(PY) manage.py kb_signing_key; fi
	$(PY) manage.py demo
	$(PY) manage.py runserver $(HOST)

# Production: gunicorn + whitenoise, a task worker, the committer and the scheduler
# (the Procfile's process types, run by supervisord: each one restarts on its own while
# the others keep serving). DEBUG is off unless you turn it on, and then it refuses.
serve: install
	@debug="$(if $(filter file,$(origin DEBUG)),false,$(DEBUG))"; \
	case "$$(echo "$$debug" | tr A-Z a-z)" in 0|false|no|off|"") ;; \
	  *) echo "make serve runs production: refusing DEBUG=$$debug (unset it or set DEBUG=false)." >&2; exit 1;; esac; \
	if [ -z "$$SECRET_KEY" ] && [ -z "$$SECRET_KEY_FILE" ]; then \
	  echo "make serve needs SECRET_KEY (or SECRET_KEY_FILE), e.g. SECRET_KEY=\$$(openssl rand -base64 48) make serve" >&2; exit 1; \
	fi
	@export DEBUG=false HOST="$(HOST)" STATIC_MANIFEST=true \
	  ALLOWED_HOSTS="$${ALLOWED_HOSTS:-$$(echo '$(HOST)' | sed 's/:[0-9]*$$//')}" \
	  TASKS_BACKEND="$${TASKS_BACKEND:-django_tasks_db.DatabaseBackend}" \
	  DATABASE_CONN_MAX_AGE="$${DATABASE_CONN_MAX_AGE:-60}" \
	  KNOWLEDGE_COMMIT_IN_PROCESS="$${KNOWLEDGE_COMMIT_IN_PROCESS:-false}" \
	  KNOWLEDGE_COMMIT_ENQUEUE="$${KNOWLEDGE_COMMIT_ENQUEUE:-false}"; \
	$(PY) manage.py migrate --noinput && \
	$(PY) manage.py collectstatic --noinput -v0 && \
	$(PY) manage.py kb_init >/dev/null && \
	echo "memory review (production) listening on http://$(HOST) (ALLOWED_HOSTS=$$ALLOWED_HOSTS): web, worker, committer, scheduler" && \
	conf="$$($(PY) manage.py supervisor_conf)" && \
	exec $(VENV)/bin/supervisord -c "$$conf"

test: install
	$(PY) -m pytest $(PYTEST_ARGS)

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy .

bench: install
	@for b in bench/[a-z]*.py; do echo "== $$b"; $(PY) $$b $(BENCH_ARGS) || exit 1; done

clean:
	rm -rf $(VENV) var

# Refresh the translation catalogues from the marked texts (needs gettext's xgettext), then
# compile them with polib: the compiled .mo files are committed, so a fresh clone, CI and
# `make run` need no gettext tools.
messages: install
	$(PY) manage.py makemessages -l zh_Hans --add-location=file -i .venv -i var -i reader -i tests -i bench -i '*/migrations/*'
	$(PY) manage.py makemessages -d djangojs -l zh_Hans --add-location=file -i .venv -i var -i reader -i tests -i bench
	$(PY) -c 'import glob, polib; [polib.pofile(p).save_as_mofile(p[:-3] + ".mo") for p in glob.glob("memory_review/locale/*/LC_MESSAGES/*.po")]'

# Work out ahead the characters every match of the long CJK patterns needs (a test says when
# the table is out of date: after a change to those patterns).
screening-tables: install
	$(PY) -c 'from knowledge_repo.screening.required import write_known; write_known()'
