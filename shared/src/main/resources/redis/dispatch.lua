-- One leader batch, atomically: put runs on their groups' streams and move schedule entries on.
-- KEYS[1] = schedule zset; KEYS[2..] = the streams used by this batch.
-- ARGV = the streams' approximate maximum length,
--        n, then n pairs (stream key index into KEYS, run id),
--        m, then m triples (task id, due score, next score or '' to remove).
-- A schedule entry is moved only if it still holds the due score the leader planned from: if a
-- task change re-planned it meanwhile, the newer entry wins.
local maxlen = ARGV[1]
local i = 2
local n = tonumber(ARGV[i]); i = i + 1
for _ = 1, n do
  redis.call('XADD', KEYS[tonumber(ARGV[i])], 'MAXLEN', '~', maxlen, '*', 'run', ARGV[i + 1])
  i = i + 2
end
local m = tonumber(ARGV[i]); i = i + 1
local moved = 0
for _ = 1, m do
  local task, due, nxt = ARGV[i], ARGV[i + 1], ARGV[i + 2]
  i = i + 3
  local current = redis.call('ZSCORE', KEYS[1], task)
  if current and tonumber(current) == tonumber(due) then
    if nxt == '' then
      redis.call('ZREM', KEYS[1], task)
    else
      redis.call('ZADD', KEYS[1], nxt, task)
    end
    moved = moved + 1
  end
end
return moved
