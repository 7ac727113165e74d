// The game page: the seat's token comes from the URL fragment (#seat=...&token=..., never sent to
// the server), the page's main part is swapped for the seat's view, legal commands become forms
// sent with If-Match of the version shown, and the game follows live over SSE.
import { api, el, problemText, seatOf } from "./common.js";
import { commandForm, read } from "./forms.js";

const root = document.getElementById("game-main");
const gameId = root.dataset.game;
const eventTypes = JSON.parse(root.dataset.eventTypes);
const notices = document.getElementById("notices");
const panel = document.getElementById("seat-panel");
const commandsBox = document.getElementById("commands");
const refusal = document.getElementById("refusal");
const slider = document.getElementById("travel-at");
const sliderValue = document.getElementById("travel-value");
const shareLink = document.getElementById("share-link");
const undoAnswer = document.getElementById("undo-answer");
const ANSWERS = new Set(["ApproveUndo", "DeclineUndo"]);

const seat = seatOf(gameId);
let legal = [];
let legalJson = "";
let source = null;
let refreshing = null;

function state() {
  return document.getElementById("game-state").dataset;
}

function travelling() {
  return state().at !== "";
}

function notice(text) {
  const line = el("p", { text });
  notices.append(line);
  while (notices.children.length > 3) notices.firstElementChild.remove();
  setTimeout(() => line.remove(), 20000);
}

async function loadParts(at) {
  const query = new URLSearchParams();
  if (at) query.set("at", at);
  const headers = { Accept: "text/html" };
  if (seat) headers.Authorization = `Bearer ${seat.token}`;
  const response = await fetch(`/table/games/${encodeURIComponent(gameId)}/parts?${query}`,
                               { headers, cache: "no-store", credentials: "omit" });
  if (!response.ok) {
    notice(`Could not read the game (HTTP ${response.status}).`);
    return false;
  }
  // Rendered and escaped by the server (Jinja2 autoescape); it holds no script.
  const template = document.createElement("template");
  template.innerHTML = await response.text();
  root.replaceChildren(template.content);
  syncTravel();
  return true;
}

function syncTravel() {
  const { version, latest } = state();
  slider.max = latest;
  slider.value = version;
  slider.setAttribute("aria-valuetext", `version ${version} of ${latest}`);
  sliderValue.textContent = version;
  const link = `/games/${gameId}?at=${version}`;
  shareLink.href = link;
  shareLink.textContent = link;
  document.getElementById("travel-prev").href = `/games/${gameId}?at=${Math.max(1, Number(version) - 1)}`;
  document.getElementById("travel-next").href = `/games/${gameId}?at=${Math.min(Number(latest), Number(version) + 1)}`;
}

async function travel(at) {
  const latest = Number(state().latest);
  const target = Math.max(1, Math.min(latest, Number(at)));
  const now = target === latest;
  await loadParts(now ? null : target);
  history.replaceState(null, "", `/games/${gameId}${now ? "" : `?at=${target}`}${location.hash}`);
  if (now) await loadLegal();
  else {
    legalJson = "";
    undoAnswer.hidden = true;
    commandsBox.replaceChildren(el("p", { text: "You are looking at the past: go to Now to play." }));
  }
}

async function loadLegal() {
  if (!seat) return;
  const result = await api("GET", `/games/${encodeURIComponent(gameId)}/legal-commands`, { token: seat.token });
  if (!result.ok) {
    panel.hidden = false;
    document.getElementById("seat-who").textContent = `The link's token was refused: ${problemText(result)}`;
    return;
  }
  // Another seat's move often leaves this seat's choices as they were: keep the forms (and
  // whatever the player is typing) unless they changed; a changed list keeps open what was open.
  const fresh = JSON.stringify(result.data.commands);
  if (fresh === legalJson) return;
  const open = new Set([...commandsBox.querySelectorAll("details[open] > summary")].map((s) => s.textContent));
  legal = result.data.commands;
  legalJson = fresh;
  const answers = new Set(legal.filter((c) => ANSWERS.has(c.type)).map((c) => c.type));
  showUndoAnswer(answers);
  commandsBox.replaceChildren();
  const moves = legal.filter((c) => !ANSWERS.has(c.type));
  if (moves.length === 0) {
    commandsBox.append(el("p", { text: answers.size ? "An undo waits for an answer: nothing else can be played until then."
                                                   : "Nothing to do now: the game awaits other seats." }));
  }
  moves.forEach((command, index) => {
    const box = commandForm(command, index);
    const title = box.querySelector("summary").textContent;
    box.open = open.has(title) || (open.size === 0 && index === 0);
    commandsBox.append(box);
  });
}

// CORE-undo: while an undo waits, a seat it waits for may approve or decline it, and its
// requester (or the moderator) may decline it: those answers are buttons, not forms.
function showUndoAnswer(answers) {
  undoAnswer.hidden = answers.size === 0;
  if (!answers.size) return;
  const pending = document.getElementById("pending-undo");
  const mine = pending && seat && pending.dataset.requestedBy === seat.seat;
  document.getElementById("undo-answer-heading").textContent = mine ? "Your undo request waits for approval"
                                                                     : "An undo waits for your answer";
  document.getElementById("undo-answer-text").textContent = pending ? pending.textContent : "";
  const approve = document.getElementById("undo-approve");
  const decline = document.getElementById("undo-decline");
  approve.hidden = !answers.has("ApproveUndo");
  decline.hidden = !answers.has("DeclineUndo");
  decline.textContent = mine ? "Withdraw the request" : "Decline the undo";
}

async function send(type, data) {
  refusal.hidden = true;
  const version = state().version;
  const result = await api("POST", `/games/${encodeURIComponent(gameId)}/commands`, {
    token: seat.token, body: { type, data }, headers: { "If-Match": `"${version}"` } });
  if (result.status === 201) {
    notice(`Sent ${type}: the game is at version ${result.data.version}.`);
    await refresh();
    return;
  }
  await showRefusal(type, result);
}

async function showRefusal(type, result) {
  const body = result.data || {};
  const parts = [el("p", { text: `${type} was refused: ${problemText(result)}` })];
  if (result.status === 412) {
    parts.push(el("p", { text: "The game moved on while you were reading; the page now shows the latest version. Check and send again." }));
  }
  if (body.errors) parts.push(el("p", { text: `Fields: ${JSON.stringify(body.errors)}` }));
  if (body.rule_id) {
    const rule = await api("GET", `/rules/${encodeURIComponent(body.rule_id)}`);
    const text = rule.ok ? rule.data.text : "";
    parts.push(el("p", {}, "Rule ", el("a", { href: `/rules/${encodeURIComponent(body.rule_id)}`, text: body.rule_id }),
                  text ? `: ${text}` : ""));
  }
  await refresh();
  const instead = legal.map((c) => (c.power ? `${c.type} (${c.power})` : c.type));
  parts.push(el("p", { text: `What is legal instead: ${instead.length ? [...new Set(instead)].join(", ") : "nothing now"}.` }));
  refusal.replaceChildren(...parts);
  refusal.hidden = false;
  refusal.focus();
}

async function refresh() {
  if (travelling()) return;
  await loadParts(null);
  await loadLegal();
}

function scheduleRefresh(event) {
  if (refreshing) return;
  refreshing = setTimeout(async () => {
    refreshing = null;
    const before = Number(state().version);
    if (travelling()) {
      state().latest = String(Math.max(Number(state().latest), event.version));
      slider.max = state().latest;
      notice(`New moves: the game is at version ${state().latest}. Go to Now to follow it.`);
      return;
    }
    await refresh();
    noticeMoves(before);
  }, 50);
}

// Each command since version ``before`` by another seat (or the service), oldest first, quoted
// by its first event that is not a roll or the platform's bookkeeping: the move itself, not the
// step that began after it.
function noticeMoves(before) {
  const commands = new Map();
  for (const item of root.querySelectorAll("#log > li")) { // newest first
    const version = Number(item.dataset.version);
    if (version <= before) break;
    const key = item.dataset.command || `v${version}`;
    if (!commands.has(key)) commands.set(key, []);
    commands.get(key).unshift(item);
  }
  for (const items of [...commands.values()].reverse()) {
    const actor = items[0].dataset.actor;
    if (seat && actor === seat.seat) continue;
    const quoted = items.find((item) => !item.hasAttribute("data-bookkeeping")) || items[0];
    notice(`${actor} moved: ${quoted.querySelector(".sentence").textContent}`);
  }
}

async function follow() {
  let url = `/games/${encodeURIComponent(gameId)}/events?after=${state().latest}`;
  if (seat) {
    const issued = await api("POST", `/games/${encodeURIComponent(gameId)}/stream-tokens`, { token: seat.token });
    if (issued.ok) url += `&stream_token=${encodeURIComponent(issued.data.stream_token)}`;
  }
  source = new EventSource(url);
  const onEvent = (message) => {
    try {
      scheduleRefresh(JSON.parse(message.data));
    } catch {
      scheduleRefresh({ version: 0 });
    }
  };
  for (const type of eventTypes) source.addEventListener(type, onEvent);
  source.onmessage = onEvent;
  source.onerror = () => {
    // The stream token lives five minutes: after a drop, ask for a fresh one.
    if (source.readyState === EventSource.CLOSED || seat) {
      source.close();
      setTimeout(follow, 3000);
    }
  };
}

commandsBox.addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = event.target;
  const button = form.querySelector("button[type=submit]");
  button.disabled = true;
  try {
    await send(form.dataset.type, read(form));
  } catch (error) {
    refusal.textContent = `Not sent: ${error.message}`;
    refusal.hidden = false;
  } finally {
    button.disabled = false;
  }
});

for (const button of undoAnswer.querySelectorAll("button[data-type]")) {
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      await send(button.dataset.type, {});
    } finally {
      button.disabled = false;
    }
  });
}

document.getElementById("undo-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  await send("RequestUndo", { to_version: Number(document.getElementById("undo-to").value) });
});

document.getElementById("travel-form").addEventListener("submit", (event) => {
  event.preventDefault();
  travel(slider.value);
});
slider.addEventListener("input", () => { sliderValue.textContent = slider.value; });
slider.addEventListener("change", () => travel(slider.value));
for (const [id, delta] of [["travel-prev", -1], ["travel-next", 1], ["travel-first", null], ["travel-now", 0]]) {
  document.getElementById(id).addEventListener("click", (event) => {
    event.preventDefault();
    const version = Number(state().version);
    const target = delta === null ? 1 : delta === 0 ? Number(state().latest) : version + delta;
    travel(target);
  });
}

async function start() {
  refusal.tabIndex = -1;
  if (seat) {
    panel.hidden = false;
    document.getElementById("seat-who").textContent = `You play as ${seat.seat || "this link's seat"}. Your moves are sent with the version shown (If-Match).`;
    if (!travelling()) await loadParts(null);
    await loadLegal();
  }
  syncTravel();
  follow();
}

start();
