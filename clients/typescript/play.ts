// A Days of Decision III game through the generated types: every path, header and body below is
// checked by `tsc` against openapi.yaml; a misspelt command or field does not compile.
// Run: npm install && npm run types && npm run build && CASUS_URL=http://localhost:8000 npm run play
import createClient from "openapi-fetch";
import type { paths } from "./casus.d.ts";

declare const process: { env: Record<string, string | undefined> }; // Node's, without @types/node
const baseUrl = process.env.CASUS_URL ?? "http://localhost:8000";
const anonymous = createClient<paths>({ baseUrl });

const created = await anonymous.POST("/games", { body: { ruleset: "dod3", preset: "3" } });
if (!created.data) throw new Error(`no game: ${JSON.stringify(created.error)}`);
const { game_id, tokens } = created.data;
const token = tokens?.["player1"];
if (!token) throw new Error("no token for player1");
const player1 = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${token}` } });

const legal = await player1.GET("/games/{game_id}/legal-commands", { params: { path: { game_id } } });
if (!legal.data) throw new Error(`no legal commands: ${JSON.stringify(legal.error)}`);
console.log(`player1 may send: ${legal.data.commands.map((c) => c.type).join(", ")}`);

const sent = await player1.POST("/games/{game_id}/commands", {
  params: { path: { game_id }, header: { "If-Match": `"${legal.data.version}"` } },
  body: { type: "RollWeather", data: {} },
});
if (!sent.data) throw new Error(`refused (${sent.response.status}): ${JSON.stringify(sent.error)}`);
console.log(`version ${sent.data.version}: ${sent.data.events.map((e) => e.type).join(", ")}`);
