-- Moves due delayed runs onto their groups' streams, atomically.
-- KEYS[1] = delayed zset (members 'group|runId'); KEYS[2..] = the streams of the groups named in
-- ARGV[3..], in the same order; ARGV[1] = now (ms); ARGV[2] = limit.
-- Every key is declared, as Redis Cluster requires: the caller looked at the due members first to
-- learn their groups. A due member of a group not declared here (added since) waits for the next call.
local streams = {}
for i = 3, #ARGV do
  streams[ARGV[i]] = KEYS[i - 1]
end
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
local moved = 0
for _, member in ipairs(due) do
  local bar = string.find(member, '|', 1, true)
  local stream = bar and streams[string.sub(member, 1, bar - 1)]
  if stream then
    redis.call('XADD', stream, '*', 'run', string.sub(member, bar + 1))
    redis.call('ZREM', KEYS[1], member)
    moved = moved + 1
  end
end
return moved
