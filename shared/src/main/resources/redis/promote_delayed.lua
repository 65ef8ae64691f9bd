-- Moves due delayed runs onto their groups' streams, atomically.
-- KEYS[1] = delayed zset (members 'group|runId'); ARGV[1] = now (ms); ARGV[2] = limit;
-- ARGV[3] = stream key prefix ('rc:{ns}:stream:').
-- The stream keys are built here because the groups are only known from the members; they share
-- the namespace's hash tag with KEYS[1], so on Redis Cluster they are in the same slot.
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
for _, member in ipairs(due) do
  local bar = string.find(member, '|', 1, true)
  local group = string.sub(member, 1, bar - 1)
  local run = string.sub(member, bar + 1)
  redis.call('XADD', ARGV[3] .. group, '*', 'run', run)
  redis.call('ZREM', KEYS[1], member)
end
return #due
