-- Atomic append for one game on a Redis Cluster: every key it touches carries the game's hash tag,
-- so the script runs on the game's shard alone. It is append.lua without the cross-game keys: the
-- caller takes positions from the cluster-wide counter first (INCRBY), and the script refuses them
-- unless they are above the game's last, so a game's positions rise with its versions.
-- KEYS: 1 game stream, 2 head hash, and 3 the idempotency hash only when the append has a key
-- ARGV: 1 expected version, 2 prev hash, 3 hash of the last event, 4 first position,
--       with a key 5 the key and 6 the fingerprint, then each event's body
-- Replies (as append.lua's):
--   integer: appended; the position of the first event (the others follow it, one apart)
--   string:  the key was used before; its record "fingerprint:first version:last version"
--   array:   {actual version}: the expected version (or the head hash) is not the head's;
--            {actual version, last position}: the positions were taken before the game's last
local keyed = #KEYS == 3
local expected = tonumber(ARGV[1])
if keyed then
  local previous = redis.call('HGET', KEYS[3], ARGV[5])
  if previous then return previous end
end
local head = redis.call('HMGET', KEYS[2], 'v', 'h', 'p')
local actual = tonumber(head[1] or '0')
if actual ~= expected or (actual > 0 and head[2] ~= ARGV[2]) then return {actual} end
local first = tonumber(ARGV[4])
local last_position = tonumber(head[3] or '0')
if first <= last_position then return {actual, last_position} end
local before = keyed and 6 or 4  -- ARGV index just before the first body
local count = #ARGV - before
for i = 1, count do
  redis.call('XADD', KEYS[1], (expected + i) .. '-0', 'p', first + i - 1, 'b', ARGV[before + i])
end
redis.call('HSET', KEYS[2], 'v', expected + count, 'h', ARGV[3], 'p', first + count - 1)
if keyed then
  redis.call('HSET', KEYS[3], ARGV[5], ARGV[6] .. ':' .. (expected + 1) .. ':' .. (expected + count))
end
return first
