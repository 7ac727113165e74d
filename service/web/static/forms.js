// A legal command (GET legal-commands) as a form: its data_schema's fields as inputs, choices
// as selects, the example filled in. ``read(form)`` gives the command's data back.
import { el } from "./common.js";

let counter = 0;

function fieldFor(name, schema, example, required) {
  const id = `f${++counter}-${name}`;
  const label = el("label", { for: id, text: `${name}${required ? "" : " (optional)"}` });
  let input;
  const type = schema.type;
  if (Array.isArray(schema.enum)) {
    input = el("select", { id, "data-field": name, "data-codec": "json" });
    for (const value of schema.enum) {
      input.append(el("option", { value: JSON.stringify(value), text: String(value),
                                  selected: JSON.stringify(value) === JSON.stringify(example) }));
    }
    if (!required) input.prepend(el("option", { value: "", text: "(none)", selected: example === undefined }));
  } else if (type === "boolean") {
    input = el("select", { id, "data-field": name, "data-codec": "json" },
               el("option", { value: "true", text: "yes", selected: example === true }),
               el("option", { value: "false", text: "no", selected: example !== true }));
  } else if (type === "integer" || type === "number") {
    input = el("input", { id, type: "number", "data-field": name, "data-codec": "number",
                          step: type === "integer" ? "1" : "any", min: schema.minimum, max: schema.maximum,
                          value: example ?? "", required });
  } else if (type === "string") {
    input = el("input", { id, type: "text", "data-field": name, "data-codec": "text", value: example ?? "", required });
  } else if (type === "array" && schema.items && Array.isArray(schema.items.enum)) {
    input = el("select", { id, multiple: true, "data-field": name, "data-codec": "multi",
                           size: Math.min(6, schema.items.enum.length) });
    const chosen = new Set((example || []).map((v) => JSON.stringify(v)));
    for (const value of schema.items.enum) {
      input.append(el("option", { value: JSON.stringify(value), text: String(value), selected: chosen.has(JSON.stringify(value)) }));
    }
  } else {
    input = el("textarea", { id, rows: 2, spellcheck: "false", "data-field": name, "data-codec": "json-text" });
    input.value = example === undefined ? "" : JSON.stringify(example);
    label.append(" (JSON)");
  }
  return el("div", { class: "field" }, label, input);
}

export function commandForm(command, index) {
  const schema = command.data_schema || {};
  const properties = schema.properties || {};
  const required = new Set(schema.required || []);
  const example = (command.example && command.example.data) || {};
  const title = command.power ? `${command.type} (${command.power})` : command.type;
  const form = el("form", { class: "stack command", "data-type": command.type, "data-index": index });
  for (const [name, property] of Object.entries(properties)) {
    if (Object.keys(property).length === 0) continue;
    form.append(fieldFor(name, property, example[name] ?? property.default, required.has(name)));
  }
  if (command.rule_id) {
    form.append(el("p", { class: "hint" }, "Rule ", el("a", { href: `/rules/${encodeURIComponent(command.rule_id)}`, text: command.rule_id })));
  }
  form.append(el("button", { type: "submit", text: `Send ${title}` }));
  const summary = el("summary", { text: title });
  return el("details", { class: "command-box", "data-type": command.type }, summary, form);
}

export function read(form) {
  const data = {};
  for (const input of form.querySelectorAll("[data-field]")) {
    const name = input.dataset.field;
    switch (input.dataset.codec) {
      case "json":
        if (input.value !== "") data[name] = JSON.parse(input.value);
        break;
      case "number":
        if (input.value !== "") data[name] = Number(input.value);
        break;
      case "text":
        if (input.value !== "") data[name] = input.value;
        break;
      case "multi":
        data[name] = [...input.selectedOptions].map((o) => JSON.parse(o.value));
        break;
      default:
        if (input.value.trim() !== "") data[name] = JSON.parse(input.value);
    }
  }
  return data;
}
