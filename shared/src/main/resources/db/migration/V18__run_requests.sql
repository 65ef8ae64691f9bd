-- Idempotency keys of run requests: a request repeated with the same key for the same task gets
-- the run the first one recorded. The key row is inserted in the transaction that records the
-- run, so concurrent requests with one key wait on each other's row and all but the first find
-- it. A table of its own, not a column of task_run: the hot table keeps its indexes.
CREATE TABLE run_request_key (
    task_id          BIGINT        NOT NULL,
    idempotency_key  VARCHAR(200)  CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
    run_id           BIGINT        NOT NULL,
    created_at       DATETIME(3)   NOT NULL,
    PRIMARY KEY (task_id, idempotency_key),
    KEY ix_run_request_key_run (run_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
