-- Deletes a stream and returns how many entries it held, atomically.
-- KEYS[1] = the stream. A script instead of MULTI because Redis Cluster clients refuse MULTI.
local length = redis.call('XLEN', KEYS[1])
redis.call('DEL', KEYS[1])
return length
