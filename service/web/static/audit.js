// The audit page for a reader holding a seat's private link (kept by the game page in this tab,
// or in this page's own fragment): that seat's export, fetched with its token in the
// Authorization header (never in a URL) and saved as a file, with the head it was signed at.
import { el, problemText, seatOf } from "./common.js";

const gameId = document.getElementById("audit-title").dataset.game;
const seat = seatOf(gameId);
const box = document.getElementById("seat-export");
const button = document.getElementById("seat-export-button");
const result = document.getElementById("seat-export-result");

async function download() {
  result.replaceChildren(el("p", { text: "Fetching the export..." }));
  const response = await fetch(`/games/${encodeURIComponent(gameId)}/export`, {
    headers: { Authorization: `Bearer ${seat.token}`, Accept: "application/jsonl, application/problem+json" },
    cache: "no-store", credentials: "omit" });
  if (!response.ok) {
    let data = null;
    if ((response.headers.get("Content-Type") || "").includes("json")) data = await response.json();
    result.replaceChildren(el("p", { class: "problem", text: `No export: ${problemText({ status: response.status, data })}` }));
    return;
  }
  const version = response.headers.get("Casus-Export-Version");
  const latest = response.headers.get("Casus-Game-Version");
  const head = response.headers.get("Casus-Signed-Head");
  const name = `casus-${gameId}-v${version}-${seat.seat || "seat"}.jsonl`;
  const url = URL.createObjectURL(await response.blob());
  const link = el("a", { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
  const cut = version === latest ? `all ${version} events` : `events 1 to ${version} of ${latest} (the rest is sealed from ${seat.seat})`;
  result.replaceChildren(
    el("p", { class: "ok", id: "seat-export-saved", text: `Saved ${name}: ${cut}.` }),
    el("p", {}, "Its signed head: ", el("code", { class: "hash", id: "seat-export-head", text: head })),
    el("pre", { class: "scroll", tabindex: "0", "aria-label": "Command to verify your export" },
       el("code", { text: `casus verify ${name} --head ${head} ${box.dataset.keyArgs || ""}`.trim() })));
}

if (seat) {
  box.hidden = false;
  const who = seat.seat || "this link's seat";
  document.getElementById("seat-export-who").textContent =
    `You hold ${who}'s private link in this tab: ${who}'s export holds what ${who} may read (its own sealed moves too), signed for it.`;
  button.textContent = `Download ${who}'s export`;
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      await download();
    } finally {
      button.disabled = false;
    }
  });
}
