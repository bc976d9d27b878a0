from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from memory_review.supervision import read_procfile, render_config


class Command(BaseCommand):
    help = (
        "Write the supervisord configuration that runs every process type of the Procfile "
        "(make serve runs it with `supervisord -c`): each type is restarted on its own when it "
        "dies, retried with growing pauses when it fails to start and, if it keeps failing, "
        "once a minute; an event listener records every state change for /readyz and the "
        "dashboard. Prints the path it wrote."
    )

    def add_arguments(self, parser):
        parser.add_argument("--procfile", default=str(settings.BASE_DIR / "Procfile"))
        parser.add_argument(
            "--output", help="where to write it (default: VAR_DIR/supervisor/supervisord.conf)"
        )

    def handle(self, *args, **options):
        procfile = Path(options["procfile"])
        try:
            types = read_procfile(procfile)
        except (OSError, ValueError) as exc:
            raise CommandError(f"cannot read {procfile}: {exc}") from exc
        if not types:
            raise CommandError(f"{procfile} names no process type")
        output = Path(
            options["output"] or Path(settings.VAR_DIR) / "supervisor" / "supervisord.conf"
        )
        state_dir = output.parent
        state_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        output.write_text(
            render_config(types, base_dir=Path(settings.BASE_DIR), state_dir=state_dir),
            encoding="utf-8",
        )
        self.stdout.write(str(output))
