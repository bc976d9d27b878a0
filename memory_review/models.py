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
