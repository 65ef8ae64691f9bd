-- Extends a lease only if it is still held by the caller.
-- KEYS[1] lease key; ARGV[1] expected holder; ARGV[2] lease length in ms.
-- Returns 1 when renewed, 0 when someone else (or no one) holds it.
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
