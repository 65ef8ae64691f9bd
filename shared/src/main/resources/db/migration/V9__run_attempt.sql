-- The attempts of a run that were followed by another: a run's row holds its latest attempt only,
-- so the attempt a retry or a lost worker ends is copied here first, in the same transaction as
-- the change that starts the next one. A run that succeeds at its first try adds no row.
CREATE TABLE run_attempt (
    run_id          BIGINT        NOT NULL,
    attempt         INT           NOT NULL,
    node            VARCHAR(200)  NULL,
    started_at      DATETIME(3)   NULL,
    finished_at     DATETIME(3)   NOT NULL,
    -- FAILED, TIMED_OUT, LOST (its worker stopped renewing its lease) or HANDED_BACK (a draining node)
    ended           VARCHAR(16)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    exit_code       INT           NULL,
    error           VARCHAR(2000) NULL,
    -- The end of the attempt's output, at most 4,000 characters.
    output_tail     TEXT          NULL,
    -- When the next attempt was due.
    next_attempt_at DATETIME(3)   NULL,
    PRIMARY KEY (run_id, attempt)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
