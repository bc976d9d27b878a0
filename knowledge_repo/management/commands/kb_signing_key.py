from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from knowledge_repo import seal


class Command(BaseCommand):
    help = (
        "Create the SSH key release commits and tags are signed with (ed25519, no passphrase, "
        "0600) at --path or KNOWLEDGE_SIGNING_KEY, unless it exists, and write the "
        "allowed-signers file agents verify releases with beside it. Prints the key's "
        "fingerprint and the allowed-signers line. An existing key is never replaced."
    )

    def add_arguments(self, parser):
        parser.add_argument("--path", help="where the private key is (default: the setting)")

    def handle(self, *args, **options):
        raw = options["path"] or settings.KNOWLEDGE_SIGNING_KEY
        if not raw:
            raise CommandError("give --path or set KNOWLEDGE_SIGNING_KEY to where the key goes")
        key = Path(raw).resolve()
        try:
            created = seal.create_signing_key(key)
            signers = seal.write_allowed_signers(key)
            fingerprint = seal.fingerprint(key)
            line = seal.allowed_signers_line(key)
        except seal.SealError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"signing key {key}: {'created' if created else 'already there'}")
        self.stdout.write(f"fingerprint: {fingerprint}")
        self.stdout.write(f"allowed signers ({signers}):")
        self.stdout.write(line)
        if str(key) != str(Path(settings.KNOWLEDGE_SIGNING_KEY or "-").resolve()):
            self.stdout.write(f"sign releases with it: KNOWLEDGE_SIGNING_KEY={key}")
