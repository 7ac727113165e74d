-- wrk script for bench/http.py: every wrk connection plays its own game, POSTing AddPoints
-- commands with If-Match: "<the game's current version>".
--
-- Usage (bench/http.py builds all of this):
--   wrk -t T -c C -d 8s -s bench/wrk/commands.lua http://127.0.0.1:PORT -- games.lua T
-- games.lua is `return { {id=..., path="/games/<id>/commands", auth="Bearer <token>", version=1}, ... }`
-- with C games (one per connection).
--
-- How If-Match is kept per connection. wrk gives a script no connection identity: request()
-- and response() run once per request in the Lua state of a wrk *thread*, which owns C/T
-- connections. So each thread owns C/T games (game i goes to thread (i-1) % T + 1) and keeps:
--   ready   games with no request outstanding, their version known;
--   busy    games with one request outstanding.
-- request() takes a ready game, so no game ever has two requests in flight (wrk writes a
-- connection's next request only after response() has run for its previous one, so with as
-- many games as connections a ready game is always there). response() finds its game from the
-- response itself -- the game id is in the 201 body (each event carries game_id) and in a problem
-- body's "instance" (/games/<id>/commands) -- and takes the new version from the ETag header
-- (on a 412, from the problem's "actual"), then makes the game ready again. The bare baseline
-- (bench/bare_app.py) answers in the same shape, so both servers cost this script the same.
-- wrk calls request() once on thread 1 before any connection exists (script_verify_request, to
-- count pipelined requests); that call builds a request without taking the game. If a request
-- is lost without a response (a reconnect after a socket error), request() finds no ready game
-- and resends for the game that has waited longest; those are counted as "resent".

local threads = {}
local next_id = 1

function setup(thread)
  thread:set("thread_id", next_id)
  next_id = next_id + 1
  table.insert(threads, thread)
end

local body = '{"type":"AddPoints","data":{"power":"N","amount":1}}'
local by_id, ready, seq = {}, {}, 0

function init(args)
  local all = dofile(args[1])
  local thread_count = tonumber(args[2])
  counts, resent, unattributed, games = {}, 0, 0, 0
  dry_run = thread_id == 1
  for i, game in ipairs(all) do
    if (i - 1) % thread_count + 1 == thread_id then
      game.headers = {["Authorization"] = game.auth, ["Content-Type"] = "application/json",
                      ["If-Match"] = '"' .. game.version .. '"'}
      game.busy, game.sent = false, 0
      by_id[game.id] = game
      table.insert(ready, game)
      games = games + 1
    end
  end
end

function request()
  if dry_run then
    dry_run = false
    local game = ready[#ready]
    return wrk.format("POST", game.path, game.headers, body)
  end
  local game = table.remove(ready)
  if game == nil then
    for _, g in pairs(by_id) do
      if game == nil or g.sent < game.sent then game = g end
    end
    resent = resent + 1
  end
  seq = seq + 1
  game.busy, game.sent = true, seq
  game.headers["If-Match"] = '"' .. game.version .. '"'
  return wrk.format("POST", game.path, game.headers, body)
end

local function etag(headers)
  local value = headers["ETag"] or headers["Etag"] or headers["etag"]
  if value == nil then
    for name, v in pairs(headers) do
      if string.lower(name) == "etag" then value = v end
    end
  end
  return value and tonumber(string.match(value, "(%d+)"))
end

function response(status, headers, body)
  counts[status] = (counts[status] or 0) + 1
  local id = string.match(body, '"game_id":"([^"]+)"') or string.match(body, '/games/([^/"]+)/commands')
  local game = id and by_id[id]
  if game == nil then
    unattributed = unattributed + 1
    return
  end
  local version
  if status == 201 then
    version = etag(headers)
  elseif status == 412 then
    version = tonumber(string.match(body, '"actual":(%d+)'))
  end
  if version then game.version = version end
  if game.busy then
    game.busy = false
    table.insert(ready, game)
  end
end

function done(summary, latency, requests)
  local totals, resent_all, unattributed_all, games_all = {}, 0, 0, 0
  for _, thread in ipairs(threads) do
    for status, n in pairs(thread:get("counts")) do
      totals[status] = (totals[status] or 0) + n
    end
    resent_all = resent_all + thread:get("resent")
    unattributed_all = unattributed_all + thread:get("unattributed")
    games_all = games_all + thread:get("games")
  end
  local statuses = {}
  for status, n in pairs(totals) do
    table.insert(statuses, string.format('"%d":%d', status, n))
  end
  local e = summary.errors
  io.write(string.format(
    'CASUS-WRK {"duration_us":%d,"requests":%d,"bytes":%d,"statuses":{%s},' ..
    '"errors":{"connect":%d,"read":%d,"write":%d,"timeout":%d},' ..
    '"p50_us":%d,"p90_us":%d,"p99_us":%d,"mean_us":%.1f,"max_us":%d,' ..
    '"resent":%d,"unattributed":%d,"games":%d}\n',
    summary.duration, summary.requests, summary.bytes, table.concat(statuses, ","),
    e.connect, e.read, e.write, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.mean, latency.max,
    resent_all, unattributed_all, games_all))
end
