-- Runs recorded inside an application's own transaction (redcron-client, JDBC mode) that still
-- have to reach their group's stream. The client adds one row per queued run in the same
-- transaction as the run, so a rollback takes both away; the leader's RunOutboxRelay reads the
-- rows of its namespace after the commit, queues each run that still waits (on its stream, or
-- on the delayed set when it is due later than the lookahead) and then deletes the row. A crash
-- between the two only queues the run again, which a claim makes harmless.
-- No foreign key to task_run: a run deleted meanwhile leaves a row the relay just deletes.
CREATE TABLE run_outbox (
    run_id      BIGINT       NOT NULL,
    namespace   VARCHAR(64)  CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    task_group  VARCHAR(64)  CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    due_at      DATETIME(3)  NOT NULL,
    created_at  DATETIME(3)  NOT NULL,
    PRIMARY KEY (run_id),
    KEY ix_run_outbox_due (namespace, due_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
