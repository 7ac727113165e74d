// Shared by the pages' modules: the API as any client calls it, and DOM helpers that only ever
// set text (never HTML built from data), so a game's strings cannot become markup.

export async function api(method, path, { token, body, headers = {} } = {}) {
  const all = { Accept: "application/json", ...headers };
  if (token) all.Authorization = `Bearer ${token}`;
  if (body !== undefined) all["Content-Type"] = "application/json";
  const response = await fetch(path, { method, headers: all, body: body === undefined ? undefined : JSON.stringify(body),
                                       cache: "no-store", credentials: "omit" });
  let data = null;
  const type = response.headers.get("Content-Type") || "";
  if (type.includes("json")) data = await response.json();
  return { status: response.status, ok: response.ok, data, headers: response.headers };
}

// The seat whose private link opened this game in this tab: the link's fragment
// (#seat=...&token=..., which the browser never sends), kept in sessionStorage for the game's
// other pages (audit) in the same tab. Null for a reader without a link.
export function seatOf(gameId) {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const key = `casus:${gameId}`;
  if (fragment.get("token")) {
    const found = { seat: fragment.get("seat") || "", token: fragment.get("token") };
    sessionStorage.setItem(key, JSON.stringify(found));
    return found;
  }
  const kept = sessionStorage.getItem(key);
  return kept ? JSON.parse(kept) : null;
}

export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (name === "text") node.textContent = value;
    else if (value === true) node.setAttribute(name, "");
    else node.setAttribute(name, String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

export function say(container, text, kind = "p") {
  container.append(el(kind, { text }));
}

// A problem+json answer as one line: its detail, else its title.
export function problemText(result) {
  const data = result.data || {};
  return data.detail || data.title || `HTTP ${result.status}`;
}
