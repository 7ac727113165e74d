-- Atomic append for one game: replay a known idempotency key, else check the expected version
-- and the head hash the caller chained onto, append to the game stream and the global stream,
-- move the head and record the key. Stream ids are the version (game) and the position (global),
-- so reads by version or position are plain XRANGEs. The global stream is never trimmed, so its
-- length is the last position given.
-- KEYS: 1 game stream, 2 head hash, 3 global stream, 4 games zset, and 5 the idempotency hash
--       only when the append has a key (an unkeyed append, the common one, sends two fewer values)
-- ARGV: 1 game id, 2 expected version, 3 prev hash, 4 hash of the last event,
--       with a key 5 the key and 6 the fingerprint, then each event's body
-- Replies (told apart by type, so the common reply is one integer to build and parse):
--   integer: appended; the position of the first event (the others follow it, one apart)
--   string:  the key was used before; its record "fingerprint:first version:last version"
--   array:   {actual version}: the expected version (or the head hash) is not the head's
local keyed = #KEYS == 5
local expected = tonumber(ARGV[2])
if keyed then
  local previous = redis.call('HGET', KEYS[5], ARGV[5])
  if previous then return previous end
end
local head = redis.call('HMGET', KEYS[2], 'v', 'h')
local actual = tonumber(head[1] or '0')
if actual ~= expected or (actual > 0 and head[2] ~= ARGV[3]) then return {actual} end
local before = keyed and 6 or 4  -- ARGV index just before the first body
local count = #ARGV - before
local first = redis.call('XLEN', KEYS[3]) + 1
for i = 1, count do
  local version = expected + i
  local position = first + i - 1
  redis.call('XADD', KEYS[1], version .. '-0', 'p', position, 'b', ARGV[before + i])
  redis.call('XADD', KEYS[3], position .. '-0', 'g', ARGV[1], 'v', version)
end
redis.call('HSET', KEYS[2], 'v', expected + count, 'h', ARGV[4])
if expected == 0 then redis.call('ZADD', KEYS[4], 0, ARGV[1]) end
if keyed then
  redis.call('HSET', KEYS[5], ARGV[5], ARGV[6] .. ':' .. (expected + 1) .. ':' .. (expected + count))
end
return first
