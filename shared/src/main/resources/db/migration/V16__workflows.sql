-- Workflows: named graphs of steps, each step a task (or another workflow). A workflow run keeps
-- the graph it was recorded with; each of its steps has one row in workflow_step, and the leader
-- moves a step from PENDING to RUNNING in the same transaction that records the step's run, under
-- the workflow run's row lock: a step starts at most once per workflow run whatever crashes, and a
-- new leader goes on from these rows.
CREATE TABLE workflow (
    id                  BIGINT        NOT NULL AUTO_INCREMENT,
    namespace           VARCHAR(64)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    name                VARCHAR(200)  CHARACTER SET utf8mb4 COLLATE ${nameCollation} NOT NULL,
    description         TEXT          NOT NULL,
    -- Null: the workflow runs only when triggered (by hand, or by a step of another workflow).
    cron                VARCHAR(1000) NULL,
    dialect             VARCHAR(16)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    zone                VARCHAR(64)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    misfire_policy      VARCHAR(16)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    catch_up_limit      INT           NOT NULL,
    concurrency_policy  VARCHAR(16)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    enabled             BOOLEAN       NOT NULL,
    params              MEDIUMTEXT    NOT NULL,
    -- The steps and their edges, as JSON.
    steps               MEDIUMTEXT    NOT NULL,
    version             BIGINT        NOT NULL,
    created_at          DATETIME(3)   NOT NULL,
    updated_at          DATETIME(3)   NOT NULL,
    next_fire_at        DATETIME(3)   NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uq_workflow_name (namespace, name),
    KEY ix_workflow_next_fire (namespace, next_fire_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- No foreign key to workflow: the history of a deleted workflow stays, with its name and steps.
CREATE TABLE workflow_run (
    id                BIGINT        NOT NULL AUTO_INCREMENT,
    workflow_id       BIGINT        NOT NULL,
    namespace         VARCHAR(64)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    workflow_name     VARCHAR(200)  NOT NULL,
    trigger_type      VARCHAR(16)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    -- One run per cron fire, as for tasks; a manual or child run takes a free millisecond.
    scheduled_at      DATETIME(3)   NOT NULL,
    status            VARCHAR(16)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    params            MEDIUMTEXT    NOT NULL,
    steps             MEDIUMTEXT    NOT NULL,
    parent_run_id     BIGINT        NULL,
    parent_step       VARCHAR(64)   CHARACTER SET ascii COLLATE ascii_bin NULL,
    created_at        DATETIME(3)   NOT NULL,
    started_at        DATETIME(3)   NULL,
    finished_at       DATETIME(3)   NULL,
    error             VARCHAR(2000) NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uq_workflow_run_fire (workflow_id, scheduled_at),
    KEY ix_workflow_run_namespace (namespace, scheduled_at),
    KEY ix_workflow_run_state (namespace, status, workflow_id),
    -- Retention takes the runs that ended longest ago.
    KEY ix_workflow_run_finished (namespace, finished_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

CREATE TABLE workflow_step (
    workflow_run_id   BIGINT        NOT NULL,
    step              VARCHAR(64)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    namespace         VARCHAR(64)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    status            VARCHAR(16)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    -- The task run of the step's latest round, or the workflow run it started.
    run_id            BIGINT        NULL,
    child_run_id      BIGINT        NULL,
    output            TEXT          NULL,
    reason            VARCHAR(2000) NULL,
    round             INT           NOT NULL,
    started_at        DATETIME(3)   NULL,
    finished_at       DATETIME(3)   NULL,
    PRIMARY KEY (workflow_run_id, step),
    -- The steps under way of a namespace: what the leader looks at.
    KEY ix_workflow_step_state (namespace, status),
    KEY ix_workflow_step_run (run_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- Retention of workflow runs: the leader deletes, with their steps, the ended runs of a namespace
-- that its retention policy lets go (its succeeded and failed ages, as for task runs; a policy that
-- keeps everything keeps them), by the server's clock, never one younger than a day, oldest first.
-- Through this routine only, as for task runs: a node's account cannot delete what its operators keep.
DELIMITER $$
CREATE PROCEDURE workflow_history_purge(
    IN p_namespace VARCHAR(64) CHARACTER SET ascii,
    IN p_limit     INT)
    MODIFIES SQL DATA
    SQL SECURITY DEFINER
    COMMENT 'Deletes ended workflow runs and their steps that the retention policy lets go'
BEGIN
    DECLARE v_succeeded INT DEFAULT retention_age(p_namespace, 0, FALSE);
    DECLARE v_failed INT DEFAULT retention_age(p_namespace, 0, TRUE);
    DECLARE v_ids LONGTEXT DEFAULT NULL;
    DECLARE v_purged INT DEFAULT 0;
    SELECT JSON_ARRAYAGG(oldest.id) INTO v_ids FROM (
        SELECT w.id FROM workflow_run w
        WHERE w.namespace = p_namespace AND w.finished_at < UTC_TIMESTAMP(3) - INTERVAL 1 DAY
          AND ((w.status IN ('SUCCEEDED', 'CANCELLED', 'SKIPPED') AND v_succeeded > 0
                AND w.finished_at < UTC_TIMESTAMP(3) - INTERVAL v_succeeded DAY)
            OR (w.status = 'FAILED' AND v_failed > 0
                AND w.finished_at < UTC_TIMESTAMP(3) - INTERVAL v_failed DAY))
        ORDER BY w.finished_at LIMIT p_limit) oldest;
    IF v_ids IS NOT NULL THEN
        DELETE s FROM JSON_TABLE(v_ids, '$[*]' COLUMNS (id BIGINT PATH '$')) AS asked
            JOIN workflow_step s ON s.workflow_run_id = asked.id;
        DELETE w FROM JSON_TABLE(v_ids, '$[*]' COLUMNS (id BIGINT PATH '$')) AS asked
            JOIN workflow_run w ON w.id = asked.id;
        SET v_purged = ROW_COUNT();
    END IF;
    SELECT v_purged AS purged;
END$$
DELIMITER ;
