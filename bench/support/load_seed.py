"""Run by bench/load.py through `manage.py shell`: reviewers, candidates, an ingest token."""

import os

from django.contrib.auth.models import Group, User

from conversations.actions import create_ingest_token
from conversations.models import Source
from tests.review import factories

n, reviewers = int(os.environ["LOAD_CANDIDATES"]), int(os.environ["LOAD_REVIEWERS"])
password = os.environ["LOAD_PASSWORD"]
group = Group.objects.get_or_create(name="reviewer")[0]
for i in range(reviewers):
    user = User.objects.create_user(f"reviewer{i}", f"r{i}@example.org", password)
    user.groups.add(group)
run = factories.run()
for i in range(n):
    factories.candidate(
        run=run,
        name=f"Load fact {i}",
        description=f"What reviewers learn about topic {i}",
        body=f"Topic {i} is answered by page {i} of the handbook.",
        fingerprint=f"load-{i}",
    )
print(create_ingest_token(source=Source.objects.create(name="load")))
