-- Keeps each task's latest final failure and clears it for a success of a later fire (or the same
-- run), in one call per batch of results. Fires are ordered by scheduled time, then run id.
-- KEYS[1] the namespace's failing tasks: a hash of task id -> "scheduledMillis:runId:STATUS".
-- ARGV: n, then n x (task id, scheduled millis, run id, status); m, then m x (task id, scheduled millis, run id).
-- Returns, for each success that recovers its task, its position among the successes (1-based)
-- and the failure it cleared, as stored.
local function parse(value)
  if not value then
    return nil
  end
  local at, run = string.match(value, '^(%-?%d+):(%d+):')
  if not at then
    return nil
  end
  return tonumber(at), tonumber(run)
end

local function notAfter(at1, run1, at2, run2)
  return at1 < at2 or (at1 == at2 and run1 <= run2)
end

local n = tonumber(ARGV[1])
local i = 2
for _ = 1, n do
  local task, at, run, status = ARGV[i], tonumber(ARGV[i + 1]), tonumber(ARGV[i + 2]), ARGV[i + 3]
  i = i + 4
  local keptAt, keptRun = parse(redis.call('HGET', KEYS[1], task))
  if not keptAt or notAfter(keptAt, keptRun, at, run) then
    redis.call('HSET', KEYS[1], task, at .. ':' .. run .. ':' .. status)
  end
end

local recovered = {}
local m = tonumber(ARGV[i])
i = i + 1
for position = 1, m do
  local task, at, run = ARGV[i], tonumber(ARGV[i + 1]), tonumber(ARGV[i + 2])
  i = i + 3
  local kept = redis.call('HGET', KEYS[1], task)
  local keptAt, keptRun = parse(kept)
  if keptAt and notAfter(keptAt, keptRun, at, run) then
    redis.call('HDEL', KEYS[1], task)
    recovered[#recovered + 1] = position
    recovered[#recovered + 1] = kept
  end
end
return recovered
