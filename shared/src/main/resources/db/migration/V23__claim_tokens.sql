-- Every claim of a run writes a token of its own (claim_token), and a claim held for its time is
-- begun, deferred, dropped or released only by the holder of that token. The attempt number and
-- the node cannot tell claims apart alone: a held claim released before it began (by the reaper,
-- its lease lapsed while its node could not reach the database) gives its attempt back, and the
-- same node may claim the run again as the same attempt; without the token the first claim's
-- begin then began the second one too, and the run executed twice. Rows written before this
-- migration carry 0, which no claim is given.
ALTER TABLE task_run
    ADD COLUMN claim_token BIGINT NOT NULL DEFAULT 0;
