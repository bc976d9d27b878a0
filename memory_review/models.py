"""Operations state shared by every process: the scheduled jobs' last runs."""

from django.db import models


class JobRun(models.Model):
    """The last run of one scheduled job, shown on the dashboard and checked by /readyz.

    One row per job name. The scheduler claims a due job by moving
    ``last_enqueued_at`` with a conditional update, so schedulers on several
    hosts never enqueue the same run twice.
    """

    name = models.CharField(max_length=100, unique=True)
    last_enqueued_at = models.DateTimeField(null=True, blank=True)
    last_started_at = models.DateTimeField(null=True, blank=True)
    last_finished_at = models.DateTimeField(null=True, blank=True)
    last_ok = models.BooleanField(null=True)
    last_message = models.TextField(blank=True)
    runs = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class ProcessState(models.Model):
    """The state of one supervised process on one host, as its supervisor reported it.

    ``manage.py process_events`` (a supervisord event listener, one per host)
    writes a row per process on every state change and refreshes them all once
    a minute; ``exits`` keeps the times of its recent unexpected exits, so
    /readyz and the dashboard see a crash loop from any web host.
    """

    host = models.CharField(max_length=200)
    name = models.CharField(max_length=100)
    state = models.CharField(max_length=20)
    pid = models.PositiveIntegerField(null=True, blank=True)
    changed_at = models.DateTimeField()
    last_seen = models.DateTimeField()
    exits = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["host", "name"]
        constraints = [
            models.UniqueConstraint(fields=["host", "name"], name="processstate_host_name")
        ]

    def __str__(self) -> str:
        return f"{self.name}@{self.host}: {self.state}"
