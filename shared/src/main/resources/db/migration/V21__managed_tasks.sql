-- Tasks declared in an application's code: one row per task the application manages, written
-- when the application reconciles its declarations at start-up. A table beside task, not columns
-- of it, so that the scheduler's task reads and the task's grants stay as they are. The row goes
-- with its task.
CREATE TABLE managed_task (
    task_id        BIGINT        NOT NULL,
    namespace      VARCHAR(64)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    application    VARCHAR(100)  CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    app_version    VARCHAR(64)   CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
    -- warn or refuse: what an edit of the task outside the application's code gets
    edits          VARCHAR(16)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    -- the task as the code declared it (the task document, credentials masked), to show drift
    declared       MEDIUMTEXT    NOT NULL,
    reconciled_at  DATETIME(3)   NOT NULL,
    PRIMARY KEY (task_id),
    KEY ix_managed_task_application (namespace, application),
    CONSTRAINT fk_managed_task_task FOREIGN KEY (task_id) REFERENCES task (id) ON DELETE CASCADE
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
