-- Redcron schema, version 1. A landed migration is never edited: add V2__… instead.
--
-- Times are DATETIME(3) in UTC, written and read as UTC by the store (never converted by the
-- session time zone). JSON documents are kept in TEXT columns so the same schema works on
-- MySQL 8 (native JSON) and MariaDB (JSON is an alias of LONGTEXT there).
-- ${nameCollation} is a binary, NO PAD collation chosen by SqlDialect (MySQL and MariaDB name it
-- differently): task names are compared exactly, so 'Backup', 'backup', 'backup ' and two
-- different emoji are different names.

CREATE TABLE task (
    id                   BIGINT        NOT NULL AUTO_INCREMENT,
    namespace            VARCHAR(64)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    name                 VARCHAR(200)  CHARACTER SET utf8mb4 COLLATE ${nameCollation} NOT NULL,
    task_group           VARCHAR(64)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    description          TEXT          NOT NULL,
    cron                 VARCHAR(1000) NOT NULL,
    dialect              VARCHAR(16)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    zone                 VARCHAR(64)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    type                 VARCHAR(16)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    payload              MEDIUMTEXT    NOT NULL,
    timeout_ms           BIGINT        NOT NULL,
    retry_max_attempts   INT           NOT NULL,
    retry_initial_ms     BIGINT        NOT NULL,
    retry_multiplier     DOUBLE        NOT NULL,
    retry_max_ms         BIGINT        NOT NULL,
    retry_jitter         DOUBLE        NOT NULL,
    misfire_policy       VARCHAR(16)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    catch_up_limit       INT           NOT NULL,
    concurrency_policy   VARCHAR(16)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    enabled              BOOLEAN       NOT NULL,
    owner                VARCHAR(200)  NOT NULL,
    labels               TEXT          NOT NULL,
    alert_targets        TEXT          NOT NULL,
    params               MEDIUMTEXT    NOT NULL,
    version              BIGINT        NOT NULL,
    created_at           DATETIME(3)   NOT NULL,
    updated_at           DATETIME(3)   NOT NULL,
    next_fire_at         DATETIME(3)   NULL,
    -- Sorting by next fire puts unplanned tasks after every planned one, through an index.
    next_fire_order      DATETIME(3)   GENERATED ALWAYS AS (COALESCE(next_fire_at, TIMESTAMP '9999-12-31 23:59:59.999')) STORED,
    PRIMARY KEY (id),
    UNIQUE KEY uq_task_namespace_name (namespace, name),
    -- Listing filters and sorts within a namespace; InnoDB appends id, the tie breaker.
    KEY ix_task_group (namespace, task_group, name),
    KEY ix_task_enabled (namespace, enabled, name),
    KEY ix_task_type (namespace, type, name),
    KEY ix_task_updated (namespace, updated_at),
    KEY ix_task_next_fire (namespace, next_fire_order)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- The labels of task.labels again, one row each, so that a label filter is an index look-up
-- instead of parsing every task's JSON. Written in the same transaction as the task.
CREATE TABLE task_label (
    task_id      BIGINT        NOT NULL,
    label_key    VARCHAR(63)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    label_value  VARCHAR(200)  NOT NULL,
    PRIMARY KEY (task_id, label_key),
    KEY ix_task_label_key (label_key, label_value),
    CONSTRAINT fk_task_label_task FOREIGN KEY (task_id) REFERENCES task (id) ON DELETE CASCADE
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- No foreign key to task: the history of a deleted task stays, with its name and group copied.
CREATE TABLE task_run (
    id            BIGINT        NOT NULL AUTO_INCREMENT,
    task_id       BIGINT        NOT NULL,
    namespace     VARCHAR(64)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    task_name     VARCHAR(200)  NOT NULL,
    task_group    VARCHAR(64)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    trigger_type  VARCHAR(16)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    scheduled_at  DATETIME(3)   NOT NULL,
    status        VARCHAR(16)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    attempt       INT           NOT NULL,
    max_attempts  INT           NOT NULL,
    node          VARCHAR(200)  NULL,
    lease_until   DATETIME(3)   NULL,
    created_at    DATETIME(3)   NOT NULL,
    started_at    DATETIME(3)   NULL,
    finished_at   DATETIME(3)   NULL,
    exit_code     INT           NULL,
    output        MEDIUMTEXT    NULL,
    error         VARCHAR(2000) NULL,
    params        MEDIUMTEXT    NOT NULL,
    PRIMARY KEY (id),
    -- One run per cron fire; manual runs take a free millisecond of their own.
    UNIQUE KEY uq_task_run_fire (task_id, scheduled_at),
    KEY ix_task_run_namespace (namespace, scheduled_at),
    KEY ix_task_run_status (namespace, status, scheduled_at),
    KEY ix_task_run_lease (status, lease_until)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- The fencing token of each namespace's scheduler: bumped by a new leader, read with a shared
-- lock by every leader transaction.
CREATE TABLE scheduler_epoch (
    namespace   VARCHAR(64)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    epoch       BIGINT        NOT NULL,
    leader      VARCHAR(255)  NOT NULL,
    updated_at  DATETIME(3)   NOT NULL,
    PRIMARY KEY (namespace)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

CREATE TABLE audit_log (
    id           BIGINT        NOT NULL AUTO_INCREMENT,
    at           DATETIME(3)   NOT NULL,
    actor        VARCHAR(200)  NOT NULL,
    action       VARCHAR(64)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    subject      VARCHAR(200)  NOT NULL,
    namespace    VARCHAR(64)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    before_json  MEDIUMTEXT    NULL,
    after_json   MEDIUMTEXT    NULL,
    PRIMARY KEY (id),
    KEY ix_audit_namespace (namespace, at),
    KEY ix_audit_subject (subject, at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
