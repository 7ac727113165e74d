"""A seat's turn report (play by email): what happened since its last report, one sentence per event
from ``sentences/*.yaml``, its projections, the next deadline and what it owes, the version and
the signed head to verify the game by; as plain text and JSON, and as the seat chooses (its
``attachments``) HTML with the status display inline as SVG and a PNG of it. Built only from the
seat's ``SeatView``, so it cannot show what the seat may not read.

A report is lean by default: the drawing is most of a full one's weight (a DoD III report: the
PNG 148 KiB, 200 KiB base64-encoded; the HTML with the SVG inline 65 KiB; report.json 23 KiB
compact; the text 5 KiB; an Axis & Allies Revised step report: the board's SVG 180 KiB, its PNG
137 KiB at 1600 pixels, the mail 31 KiB lean, 221 with the SVG, 216 with the PNG, 406 with both),
and a report must stay well under what the order desk accepts, so a player may forward one.

The event sentences are ``event_sentences``'s, the text and HTML sections ``report_text``'s; this
module assembles the report from the seat's view, draws its PNG and writes the mail."""
from __future__ import annotations

import io
import re
from dataclasses import dataclass
from email.message import EmailMessage
from functools import cached_property

import cairosvg
import orjson
from PIL import Image  # cairosvg's own dependency

from domain.kernel import MODERATOR
from projections.redaction import SeatView
from service.http.problems import validation
from service.mail.event_sentences import (
    DOUBLE_STOP,
    EMPTY,
    ENVELOPE_FIELDS,
    IDENTIFIER,
    MISSING,
    SEALED,
    SENTENCES,
    SPECS,
    Specs,
    Templates,
    chance,
    counts,
    dice,
    fields_of,
    names_of,
    pack_names,
    readable,
    route,
    sentence,
    template_files,
    templates,
    units,
    when,
    with_dice_commitments,
    words,
)
from service.mail.report_text import (
    AA_TEXT,
    PROJECTION_TEXT,
    Section,
    as_html,
    as_text,
    sections_of,
)
from service.mail.seats import ATTACHMENTS

SVG = "image/svg+xml"
PNG_WIDTH = 1600  # pixels: a wider drawing is scaled down for its PNG
PNG_COLOURS = 64

# ---- the report ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Report:
    game_id: str
    seat: str
    after: int
    version: int
    subject: str
    text: str  # plain-text part (always)
    html: str  # the same content, with the status display SVG inline
    svg: str | None  # the ruleset's drawn projection as the seat sees it, if any
    data: dict  # machine-readable: report.json

    @cached_property
    def png(self) -> bytes | None:
        """The SVG rendered (for clients that block SVG), drawn only when a mail carries it. A drawing
        wider than ``PNG_WIDTH`` is scaled down to it, in a ``PNG_COLOURS`` palette on white (flat
        colours lose nothing): the Axis & Allies board, 3500 wide, would be a 1.6 MB attachment."""
        if self.svg is None:
            return None
        found = re.search(r'<svg[^>]*\swidth="([0-9.]+)"', self.svg)
        if found is None or float(found.group(1)) <= PNG_WIDTH:
            return cairosvg.svg2png(bytestring=self.svg.encode("utf-8"))
        drawn = cairosvg.svg2png(bytestring=self.svg.encode("utf-8"), output_width=PNG_WIDTH)
        image = Image.open(io.BytesIO(drawn)).convert("RGBA")
        flat = Image.alpha_composite(Image.new("RGBA", image.size, "white"), image).convert("RGB")
        out = io.BytesIO()
        flat.quantize(PNG_COLOURS, Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(out, "PNG", optimize=True)
        return out.getvalue()



def build_report(games, game_id: str, seat: str, after: int, title: str = "") -> Report:
    """``seat``'s report of the events after version ``after`` up to now (``games``: GameService)."""
    state = games.load(game_id)
    if seat not in state.seats and seat != MODERATOR:
        raise validation({"seat": f"not a seat of game {game_id}: one of {sorted(state.seats)}"})
    if isinstance(after, bool) or not isinstance(after, int) or not 0 <= after <= state.version:
        raise validation({"after": f"must be a version between 0 and {state.version}"})
    rules = games.rules(game_id)
    view = SeatView(rules, state, seat)
    envelopes = games.store.read(game_id, after=after, until=state.version)
    events = [view.event_for(e) for e in envelopes]
    names = pack_names(rules)
    for event in with_dice_commitments(events, lambda: games.load(game_id, at=after).dice_commitment):
        event["sentence"] = sentence(state.ruleset, event, names)
    built = view.all_projections()
    drawn = [p.name for p in rules.ruleset.projections if p.media_type == SVG]
    svg = built[drawn[0]] if drawn else None
    projections = {p.name: built[p.name] for p in rules.ruleset.projections if p.media_type == "application/json"}
    schedule = view.projection("schedule")[1]
    mine = schedule["seats"].get(seat, {})
    head = games.signed_head(state)
    data = {"game_id": game_id, "seat": seat, "version": state.version, "signed_head": head,
            "events": [{"version": e["version"], "type": e["type"], "sentence": e["sentence"]} for e in events],
            "projections": projections, "owes": list(mine.get("owes", [])), "next_deadline": mine.get("next_deadline")}
    data = orjson.loads(orjson.dumps(data))  # exactly what report.json and the API carry
    title = title or rules.ruleset.title
    sections = sections_of(title, state, seat, after, head, data)
    return Report(game_id, seat, after, state.version,
                  subject=f"[{game_id[:8]}] {title}: turn report for {seat}, version {state.version}",
                  text=as_text(sections), html=as_html(title, sections, svg), svg=svg, data=data)



def report_message(report: Report, sender: str, recipients: list[str], attachments: str = "none") -> EmailMessage:
    """multipart/mixed: the text (with an HTML alternative showing the status display as SVG, for
    ``svg`` or ``both``), status.png (``png`` or ``both``) and report.json (compact). A ruleset
    that draws nothing gets the text and report.json whatever the choice."""
    if isinstance(recipients, str) or not recipients:
        raise ValueError("report_message needs a list of at least one recipient address")
    if attachments not in ATTACHMENTS:
        raise ValueError(f"attachments is one of {', '.join(ATTACHMENTS)}, not {attachments!r}")
    message = EmailMessage()
    message["Subject"] = report.subject
    message["From"] = sender
    message["To"] = ", ".join(recipients)
    message.set_content(report.text)
    if report.svg is not None and attachments in ("svg", "both"):
        html_part, cte = _seven_bit(report.html)
        message.add_alternative(html_part, subtype="html", cte=cte)
    if report.svg is not None and attachments in ("png", "both"):
        message.add_attachment(report.png, maintype="image", subtype="png", filename="status.png")
    message.add_attachment(orjson.dumps(report.data), maintype="application", subtype="json", filename="report.json")
    return message  # adding an attachment made it multipart/mixed around the text


def _seven_bit(text: str, width: int = 998) -> tuple[str, str | None]:
    """The HTML part as ASCII (other characters as references) in lines broken at spaces to at most
    ``width`` (RFC 5322): it travels as 7bit, where the email library would quote-print or base64
    it (an inline SVG's long lines: a tenth more, or a third). A line with no space to break at
    leaves the choice to the library (None)."""
    lines = []
    for line in text.encode("ascii", "xmlcharrefreplace").decode("ascii").split("\n"):
        while len(line) > width and (cut := line.rfind(" ", 1, width)) > 0:
            lines.append(line[:cut])
            line = line[cut + 1:]
        lines.append(line)
    return "\n".join(lines), "7bit" if all(len(line) <= width for line in lines) else None


# Besides what this module uses, the names it had before its parts moved out, for the tests
# that import them from here.
__all__ = ["AA_TEXT", "DOUBLE_STOP", "EMPTY", "ENVELOPE_FIELDS", "IDENTIFIER", "MISSING", "PNG_COLOURS",
           "PNG_WIDTH", "PROJECTION_TEXT", "SEALED", "SENTENCES", "SPECS", "SVG", "Report", "Section",
           "Specs", "Templates", "build_report", "chance", "counts", "dice", "fields_of", "names_of",
           "readable", "report_message", "route", "sentence", "template_files", "templates", "units", "when",
           "with_dice_commitments", "words"]
