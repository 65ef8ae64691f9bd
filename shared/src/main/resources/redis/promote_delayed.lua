-- Moves due delayed runs onto their groups' streams, atomically.
-- KEYS[1] = delayed zset (members 'group|runId'); KEYS[2..] = the streams of the groups named in
-- ARGV[4..], in the same order; ARGV[1] = now (ms); ARGV[2] = limit; ARGV[3] = the streams'
-- approximate maximum length.
-- Every key is declared, as Redis Cluster requires: the caller looked at the due members first to
-- learn their groups. A due member of a group not declared here (added since) waits for the next call.
-- A member that names no group or no numeric run id is removed: left in place, enough of them at
-- the front of the set would hold back every retry behind them.
local streams = {}
for i = 4, #ARGV do
  streams[ARGV[i]] = KEYS[i - 2]
end
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
local moved = 0
for _, member in ipairs(due) do
  local bar = string.find(member, '|', 1, true)
  local run = bar and string.sub(member, bar + 1)
  if not bar or bar == 1 or not string.match(run, '^[1-9]%d*$') then
    redis.call('ZREM', KEYS[1], member)
  else
    local stream = streams[string.sub(member, 1, bar - 1)]
    if stream then
      redis.call('XADD', stream, 'MAXLEN', '~', ARGV[3], '*', 'run', run)
      redis.call('ZREM', KEYS[1], member)
      moved = moved + 1
    end
  end
end
return moved
