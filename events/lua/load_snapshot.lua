-- The newest snapshot at or below a version in one round trip: a sorted set of the versions
-- saved (score = version) finds it in O(log n), the hash holds the blobs by version.
-- KEYS: 1 versions zset, 2 blobs hash; ARGV: 1 max version
-- Reply: {version, blob} or nil
local found = redis.call('ZREVRANGEBYSCORE', KEYS[1], ARGV[1], '-inf', 'LIMIT', 0, 1)[1]
if not found then return nil end
return {found, redis.call('HGET', KEYS[2], found)}
