"""manage.py extract: propose candidate memories and knowledge gaps from conversations."""

from __future__ import annotations

import json
import sys
import time as time_module
from datetime import datetime, time, timedelta
from decimal import Decimal, InvalidOperation
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime
from tqdm import tqdm

from ... import actions
from ...models import ExtractionItem, ExtractionRun
from ...providers import default_provider_name


def _since(value: str) -> datetime:
    parsed = parse_datetime(value)
    if parsed is None:
        day = parse_date(value)
        if day is None:
            raise CommandError(f"--since {value!r} is not a date (YYYY-MM-DD) or datetime")
        parsed = datetime.combine(day, time.min)
    if timezone.is_naive(parsed):
        parsed = timezone.make_aware(parsed)
    return parsed


class Command(BaseCommand):
    help = (
        "Propose candidate memories and knowledge gaps from conversations with new messages. "
        "Nothing is written to the knowledge base: candidates wait for reviewers. Only visitor "
        "and agent text reaches a prompt, never tool use or output. Re-running is idempotent "
        "(conversations are extracted once, then only for new messages); --resume RUN "
        "continues a run that died; --collect RUN stores the results of a Message Batch "
        "(--wait: check until the batch has ended, then store them). "
        "Uses the Anthropic API when ANTHROPIC_API_KEY is set, otherwise the labelled "
        "heuristic extractor."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--provider", choices=["anthropic", "heuristic"])
        parser.add_argument("--mode", choices=["sync", "batch"], default="sync")
        parser.add_argument("--model", default="", help="Anthropic model (default from settings)")
        parser.add_argument("--source", help="only conversations from this source name")
        parser.add_argument("--since", help="only conversations updated since this date")
        parser.add_argument("--limit", type=int, help="at most this many conversations")
        parser.add_argument("--budget-usd", help="stop submitting before the estimate passes this")
        parser.add_argument("--dry-run", action="store_true", help="show what would be sent")
        parser.add_argument("--json", action="store_true", help="print the summary as JSON")
        parser.add_argument("--collect", type=int, metavar="RUN", help="collect a batch run")
        parser.add_argument(
            "--wait",
            action="store_true",
            help="batch mode and --collect: check the batch until it has ended, then collect",
        )
        parser.add_argument(
            "--poll-seconds",
            type=float,
            default=60,
            help="with --wait: seconds between checks (default 60)",
        )
        parser.add_argument("--resume", type=int, metavar="RUN", help="resume a run that died")
        parser.add_argument(
            "--stale-minutes",
            type=float,
            default=15,
            help="with --resume: claims older than this belong to dead workers (default 15)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["collect"]:
            run = self._run(options["collect"])
            if run.mode != ExtractionRun.Mode.BATCH or not run.batch_id:
                raise CommandError(f"run {run.pk} has no submitted batch to collect")
            ended = self._collect(run, options)
            run.refresh_from_db()
            if not ended:
                self.stdout.write(f"batch {run.batch_id} of run {run.pk} is still processing")
            return self._summary(run, options)
        if options["resume"]:
            run = self._run(options["resume"])
            if run.status == ExtractionRun.Status.SUBMITTED:
                raise CommandError(f"run {run.pk} waits for its batch: use --collect {run.pk}")
            actions.resume_run(run=run, stale_after=timedelta(minutes=options["stale_minutes"]))
            run.refresh_from_db()
            return self._summary(run, options)

        provider = options["provider"] or default_provider_name()
        if options["mode"] == "batch" and provider != "anthropic":
            raise CommandError("--mode batch sends a Message Batch: it needs --provider anthropic")
        budget = None
        if options["budget_usd"] is not None:
            try:
                budget = Decimal(options["budget_usd"])
            except InvalidOperation as exc:
                raise CommandError(
                    f"--budget-usd {options['budget_usd']!r} is not a number"
                ) from exc
        if options["limit"] is not None and options["limit"] < 1:
            raise CommandError("--limit must be at least 1")
        selection = actions.Selection(
            source=options["source"],
            since=_since(options["since"]) if options["since"] else None,
            limit=options["limit"],
        )
        if options["dry_run"]:
            plan = actions.plan_run(provider=provider, selection=selection, model=options["model"])
            if options["json"]:
                self.stdout.write(json.dumps(plan, ensure_ascii=False))
                return
            self.stdout.write(
                f"dry run ({plan['provider']}, {plan['model']}): {plan['conversations']} "
                f"conversation(s), {plan['requests']} request(s)\n"
                f"cached prefix ~{plan['prefix_tokens']} tokens, conversations "
                f"~{plan['conversation_tokens']} tokens\n"
                f"estimated cost ${plan['estimated_cost_usd']} "
                f"(batch ${plan['estimated_cost_usd_batch']})"
            )
            if plan["first_request"]:
                self.stdout.write("--- first request (user turn) ---\n" + plan["first_request"])
            return
        bar: Any = None

        def on_chunk(done: int, total: int) -> None:
            nonlocal bar
            if bar is None:
                bar = tqdm(total=total, unit="conv", desc="extract", file=sys.stderr)
            bar.update(done)

        # A bar only on a terminal; logs and --json output stay clean.
        on_terminal = self.stdout.isatty() and sys.stderr.isatty() and not options["json"]
        try:
            run = actions.start_run(
                provider=provider,
                mode=options["mode"],
                selection=selection,
                budget_usd=budget,
                model=options["model"],
                on_chunk=on_chunk if on_terminal else None,
            )
        finally:
            if bar is not None:
                bar.close()
        if options["wait"] and run.status == ExtractionRun.Status.SUBMITTED:
            self._collect(run, options)
            run.refresh_from_db()
        self._summary(run, options)

    def _collect(self, run: ExtractionRun, options: dict[str, Any]) -> bool:
        """Collect the run's batch; with --wait, check again until it has ended. Interrupted
        (Ctrl-C), the batch goes on at Anthropic and `--collect RUN` picks it up later."""
        poll = options["poll_seconds"]
        if poll < 0:
            raise CommandError("--poll-seconds cannot be negative")
        checks = 0
        try:
            while True:
                checks += 1
                if actions.collect_batch(run=run):
                    return True
                if not options["wait"]:
                    return False
                now = timezone.localtime().strftime("%H:%M:%S")
                sys.stderr.write(
                    f"batch {run.batch_id} of run {run.pk}: still processing at {now} "
                    f"(check {checks}); next check in {poll:g} s\n"
                )
                sys.stderr.flush()
                time_module.sleep(poll)
        except KeyboardInterrupt:
            raise CommandError(
                f"stopped waiting; batch {run.batch_id} goes on. Collect it later with "
                f"`manage.py extract --collect {run.pk}`"
            ) from None

    def _run(self, pk: int) -> ExtractionRun:
        try:
            return ExtractionRun.objects.get(pk=pk)
        except ExtractionRun.DoesNotExist as exc:
            raise CommandError(f"no extraction run {pk}") from exc

    def _summary(self, run: ExtractionRun, options: dict[str, Any]) -> None:
        pending = run.items.filter(status__in=actions.UNFINISHED).count()
        summary = {
            "run": run.pk,
            "provider": run.provider,
            "model": run.model,
            "mode": run.mode,
            "status": run.status,
            "batch_id": run.batch_id,
            "conversations_read": run.conversations_read,
            "candidates_queued": run.candidates_queued,
            "gaps_queued": run.gaps_queued,
            "filtered": run.filtered,
            "failures": run.failures_count,
            "unfinished": pending,
            "skipped_budget": run.items.filter(status=ExtractionItem.Status.SKIPPED).count(),
            "tokens": {
                "input": run.input_tokens,
                "cache_write": run.cache_write_tokens,
                "cache_read": run.cache_read_tokens,
                "output": run.output_tokens,
            },
            "cost_usd": str(run.cost_usd),
            "cache": run.cache_note,
        }
        if options["json"]:
            self.stdout.write(json.dumps(summary, ensure_ascii=False))
            return
        filtered = ", ".join(f"{k} {v}" for k, v in run.filtered.items()) or "none"
        t = summary["tokens"]
        self.stdout.write(
            f"run {run.pk} ({run.provider} {run.model}, {run.mode}): {run.status}"
            + (f", batch {run.batch_id}" if run.batch_id else "")
            + f"\nconversations read {run.conversations_read}, candidates queued "
            f"{run.candidates_queued}, gaps queued {run.gaps_queued}, failures "
            f"{run.failures_count}, unfinished {pending}\nfiltered: {filtered}\n"
            f"tokens: input {t['input']}, cache write {t['cache_write']}, cache read "
            f"{t['cache_read']}, output {t['output']}; cost ${run.cost_usd}"
            + (f"\n{run.cache_note}" if run.cache_note else "")
        )
