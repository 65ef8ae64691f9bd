-- Maintenance windows: an operator pauses a whole namespace, or one routing group of it, now or
-- between two times. The leader holds the fires that fall in a window (records nothing for them)
-- until the window ends, by its planned end or by an operator resuming it early, and then records
-- each held fire like a misfire under the window's resume policy: SKIPPED with the window as the
-- reason, or run (the newest one, or the newest up to the task's catch-up limit).
-- Rows are kept: the window is the reason its fires name, and few are ever opened.
CREATE TABLE maintenance_window (
    id          BIGINT        NOT NULL AUTO_INCREMENT,
    namespace   VARCHAR(64)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    -- The routing group paused; null pauses every task of the namespace.
    task_group  VARCHAR(64)   CHARACTER SET ascii COLLATE ascii_bin NULL,
    starts_at   DATETIME(3)   NOT NULL,
    -- The planned end; null lasts until an operator resumes.
    ends_at     DATETIME(3)   NULL,
    on_resume   VARCHAR(16)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    reason      VARCHAR(200)  NOT NULL,
    created_by  VARCHAR(200)  NOT NULL,
    created_at  DATETIME(3)   NOT NULL,
    resumed_at  DATETIME(3)   NULL,
    resumed_by  VARCHAR(200)  NULL,
    PRIMARY KEY (id),
    KEY ix_window_namespace (namespace, id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
