// The lobby: create a game (ruleset, seating preset or own seats, typed options) through
// POST /games, then show each seat's private link once, the token after '#'. Without this
// script the same form is posted to the page that does the same (service/web/create.py).
import { api, el, problemText } from "./common.js";

const rulesets = JSON.parse(document.getElementById("rulesets-data").textContent);
const form = document.getElementById("create-form");
const rulesetSelect = document.getElementById("ruleset");
const presetSelect = document.getElementById("preset");
const presetSeats = document.getElementById("preset-seats");
const optionBoxes = [...document.querySelectorAll("fieldset.options")];
const errorBox = document.getElementById("create-error");

function current() {
  return rulesets.find((r) => r.id === rulesetSelect.value);
}

// The preset's value is "ruleset:preset" (the form without JavaScript lists every ruleset's).
function presetName() {
  const value = presetSelect.value;
  return value.slice(value.indexOf(":") + 1);
}

function describePreset() {
  const ruleset = current();
  const preset = ruleset.presets[presetName()] || {};
  presetSeats.textContent = Object.entries(preset).map(([seat, powers]) => `${seat}: ${powers.join(", ")}`).join("; ");
}

function showRuleset() {
  const ruleset = current();
  const chosen = presetSelect.value;
  presetSelect.replaceChildren(...Object.keys(ruleset.presets).map((name) => el("option", { value: `${ruleset.id}:${name}`, text: name })));
  if (chosen.startsWith(`${ruleset.id}:`)) presetSelect.value = chosen;
  else if (ruleset.presets["3"]) presetSelect.value = `${ruleset.id}:3`;
  describePreset();
  for (const box of optionBoxes) box.hidden = box.dataset.ruleset !== ruleset.id;
}

function options() {
  const out = {};
  const box = optionBoxes.find((b) => b.dataset.ruleset === rulesetSelect.value);
  for (const input of box ? box.querySelectorAll("[data-kind]") : []) {
    if (input.value === "") continue;
    const kind = input.dataset.kind;
    const name = input.dataset.option;
    out[name] = kind === "boolean" ? input.value === "true" : kind === "string" ? input.value : Number(input.value);
  }
  return out;
}

function linkRow(label, url) {
  const input = el("input", { type: "text", readonly: true, value: url, "aria-label": `Private link of ${label}` });
  const button = el("button", { type: "button", class: "secondary", text: `Copy ${label}'s link` });
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      input.select();
      document.execCommand("copy");
    }
    button.textContent = `Copied ${label}'s link`;
  });
  return el("li", {}, el("span", { text: label }), el("div", { class: "row" }, input, button));
}

rulesetSelect.addEventListener("change", showRuleset);
presetSelect.addEventListener("change", describePreset);
form.addEventListener("submit", async (event) => {
  event.preventDefault();
  errorBox.hidden = true;
  const body = { ruleset: rulesetSelect.value, options: options(), visibility: document.getElementById("visibility").value };
  const seats = document.getElementById("seats").value.trim();
  if (seats) {
    try {
      body.seats = JSON.parse(seats);
    } catch {
      errorBox.textContent = "Own seating must be JSON, such as {\"north\": [\"N\"]}.";
      errorBox.hidden = false;
      return;
    }
  } else {
    body.preset = presetName();
  }
  const result = await api("POST", "/games", { body });
  if (result.status !== 201) {
    const errors = result.data && result.data.errors ? " " + JSON.stringify(result.data.errors) : "";
    errorBox.textContent = `The game was not created: ${problemText(result)}${errors}`;
    errorBox.hidden = false;
    return;
  }
  const game = result.data;
  const base = `${location.origin}/games/${encodeURIComponent(game.game_id)}`;
  const links = document.getElementById("links");
  links.replaceChildren();
  for (const [seat, token] of Object.entries(game.tokens)) {
    const powers = (game.seats[seat] || []).join(", ");
    links.append(linkRow(`${seat} (${powers})`, `${base}#seat=${encodeURIComponent(seat)}&token=${encodeURIComponent(token)}`));
  }
  links.append(linkRow("moderator", `${base}#seat=moderator&token=${encodeURIComponent(game.moderator_token)}`));
  document.getElementById("spectator-link").href = base;
  form.hidden = true;
  const created = document.getElementById("created");
  created.hidden = false;
  document.getElementById("created-heading").focus();
});

showRuleset();
