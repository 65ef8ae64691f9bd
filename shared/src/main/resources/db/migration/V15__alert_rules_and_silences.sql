-- A task's own alert rules, kept beside the task as its retention is (migration 10): a new
-- column of task would change every task row and the task's version. NULL leaves a rule off.
-- slow_after_ms:     a run still running after this long raises RUN_SLOW.
-- slow_factor:       a run still running after this many times the task's recent p95 duration
--                    raises RUN_SLOW (greater than 1).
-- success_within_ms: a task without a success for this long raises NO_SUCCESS (a dead-man switch).
CREATE TABLE task_alert_rule (
    namespace          VARCHAR(64)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    task_id            BIGINT        NOT NULL,
    slow_after_ms      BIGINT        NULL,
    slow_factor        DECIMAL(6, 2) NULL,
    success_within_ms  BIGINT        NULL,
    updated_at         DATETIME(3)   NOT NULL,
    updated_by         VARCHAR(200)  NOT NULL,
    PRIMARY KEY (namespace, task_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- Alerts operators do not want to hear about until a time. task_name, task_group and kind are
-- each optional; a silence naming none silences every alert of its namespace. A task is named,
-- not numbered, so that a silence outlives a task deleted and added again. Rows stay after they
-- end (by hand: ended_at, ended_by; or by their time): they are the history of what was silenced.
CREATE TABLE alert_silence (
    id          BIGINT        NOT NULL AUTO_INCREMENT,
    namespace   VARCHAR(64)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    task_name   VARCHAR(200)  NULL,
    task_group  VARCHAR(64)   CHARACTER SET ascii COLLATE ascii_bin NULL,
    kind        VARCHAR(32)   CHARACTER SET ascii COLLATE ascii_bin NULL,
    until_at    DATETIME(3)   NOT NULL,
    reason      VARCHAR(500)  NOT NULL,
    created_by  VARCHAR(200)  NOT NULL,
    created_at  DATETIME(3)   NOT NULL,
    ended_at    DATETIME(3)   NULL,
    ended_by    VARCHAR(200)  NULL,
    PRIMARY KEY (id),
    -- The active ones: (namespace, NULL, until_at > now).
    KEY ix_alert_silence_active (namespace, ended_at, until_at),
    KEY ix_alert_silence_created (namespace, created_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
