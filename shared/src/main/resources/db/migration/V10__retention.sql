-- How long history is kept. One row per namespace (task_id 0) and one per task that differs from
-- it. Ages are whole days; NULL in a task's row takes the namespace's value, 0 keeps forever.
-- A namespace without a row keeps the defaults of RetentionPolicy.DEFAULTS.
CREATE TABLE retention_policy (
    namespace       VARCHAR(64)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    task_id         BIGINT        NOT NULL,
    succeeded_days  INT           NULL,
    failed_days     INT           NULL,
    keep_last       INT           NULL,
    output_days     INT           NULL,
    audit_days      INT           NULL,
    updated_at      DATETIME(3)   NOT NULL,
    updated_by      VARCHAR(200)  NOT NULL,
    PRIMARY KEY (namespace, task_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- Runs an operator keeps whatever their age. A table of its own rather than a column of task_run:
-- adding a column to a history of hundreds of millions of rows would rebuild it on upgrade.
CREATE TABLE run_pin (
    run_id     BIGINT        NOT NULL,
    namespace  VARCHAR(64)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    pinned_at  DATETIME(3)   NOT NULL,
    pinned_by  VARCHAR(200)  NOT NULL,
    note       VARCHAR(500)  NULL,
    PRIMARY KEY (run_id),
    KEY ix_run_pin_namespace (namespace, pinned_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- The one way to delete audit rows for every user but the migrator, as audit_append is the one
-- way to add them (migration 5): the caller needs EXECUTE on it and no right on audit_log. It
-- deletes at most p_limit rows of one namespace, oldest first, and never one younger than 30 days
-- by the server's clock, whatever the caller asks: a node's account cannot wipe recent audit. It
-- answers with the number of rows deleted.
DELIMITER $$
CREATE PROCEDURE audit_purge(
    IN p_namespace VARCHAR(64) CHARACTER SET ascii,
    IN p_before    DATETIME(3),
    IN p_limit     INT)
    MODIFIES SQL DATA
    SQL SECURITY DEFINER
    COMMENT 'Deletes the oldest audit rows of a namespace, never one younger than 30 days'
BEGIN
    DECLARE v_before DATETIME(3) DEFAULT LEAST(p_before, UTC_TIMESTAMP(3) - INTERVAL 30 DAY);
    DELETE FROM audit_log WHERE namespace = p_namespace AND at < v_before
        ORDER BY at LIMIT p_limit;
    SELECT ROW_COUNT() AS purged;
END$$
DELIMITER ;

-- The two ways runs are deleted; nobody deletes from task_run or run_attempt directly.
--
-- history_purge, a node's (the leader's retention): of the runs p_ids names (a JSON array) in
-- p_namespace, those that ended, are not pinned, were scheduled before p_before and that the
-- stored policy of their task, else of their namespace, else the defaults (retention_age) let go
-- by the server's clock. So a node's account cannot delete history its operators chose to keep.
--
-- history_delete, an operator's (runs purge): the same without the policy, which the operator
-- may override by hand.
--
-- Neither deletes a run younger than a day, and both delete the past attempts of the runs they
-- deleted. The caller runs one in a transaction; each answers with the runs deleted. A pin locks
-- its run before it adds itself, so a delete either sees it or had the run locked before it.
--
-- Each delete is driven by the asked ids, a primary key lookup per id: as `id IN (subquery)` a
-- single-table DELETE would walk the whole table (MariaDB 10 makes no join of such a subquery).
DELIMITER $$
CREATE PROCEDURE history_purge(
    IN p_namespace VARCHAR(64) CHARACTER SET ascii,
    IN p_ids       LONGTEXT CHARACTER SET utf8mb4,
    IN p_before    DATETIME(3))
    MODIFIES SQL DATA
    SQL SECURITY DEFINER
    COMMENT 'Deletes ended, unpinned runs that their retention policy lets go'
BEGIN
    DECLARE v_before DATETIME(3) DEFAULT LEAST(p_before, UTC_TIMESTAMP(3) - INTERVAL 1 DAY);
    DECLARE v_purged INT DEFAULT 0;
    DELETE r FROM JSON_TABLE(p_ids, '$[*]' COLUMNS (id BIGINT PATH '$')) AS asked
        JOIN task_run r ON r.id = asked.id
    WHERE r.namespace = p_namespace
      AND r.scheduled_at < v_before
      AND NOT EXISTS (SELECT 1 FROM run_pin p WHERE p.run_id = r.id)
      AND ((r.status IN ('SUCCEEDED', 'CANCELLED', 'SKIPPED')
            AND retention_age(r.namespace, r.task_id, FALSE) > 0
            AND r.scheduled_at < UTC_TIMESTAMP(3) - INTERVAL retention_age(r.namespace, r.task_id, FALSE) DAY)
        OR (r.status IN ('FAILED', 'TIMED_OUT')
            AND retention_age(r.namespace, r.task_id, TRUE) > 0
            AND r.scheduled_at < UTC_TIMESTAMP(3) - INTERVAL retention_age(r.namespace, r.task_id, TRUE) DAY));
    SET v_purged = ROW_COUNT();
    CALL history_forget_attempts(p_ids);
    SELECT v_purged AS purged;
END$$

CREATE PROCEDURE history_delete(
    IN p_namespace VARCHAR(64) CHARACTER SET ascii,
    IN p_ids       LONGTEXT CHARACTER SET utf8mb4,
    IN p_before    DATETIME(3))
    MODIFIES SQL DATA
    SQL SECURITY DEFINER
    COMMENT 'Deletes ended, unpinned runs older than asked, and than a day'
BEGIN
    DECLARE v_before DATETIME(3) DEFAULT LEAST(p_before, UTC_TIMESTAMP(3) - INTERVAL 1 DAY);
    DECLARE v_purged INT DEFAULT 0;
    DELETE r FROM JSON_TABLE(p_ids, '$[*]' COLUMNS (id BIGINT PATH '$')) AS asked
        JOIN task_run r ON r.id = asked.id
    WHERE r.namespace = p_namespace
      AND r.scheduled_at < v_before
      AND r.status IN ('SUCCEEDED', 'CANCELLED', 'SKIPPED', 'FAILED', 'TIMED_OUT')
      AND NOT EXISTS (SELECT 1 FROM run_pin p WHERE p.run_id = r.id);
    SET v_purged = ROW_COUNT();
    CALL history_forget_attempts(p_ids);
    SELECT v_purged AS purged;
END$$

-- The past attempts of those of the asked runs that no longer exist.
CREATE PROCEDURE history_forget_attempts(IN p_ids LONGTEXT CHARACTER SET utf8mb4)
    MODIFIES SQL DATA
    SQL SECURITY DEFINER
BEGIN
    DELETE a FROM JSON_TABLE(p_ids, '$[*]' COLUMNS (id BIGINT PATH '$')) AS asked
        JOIN run_attempt a ON a.run_id = asked.id
        LEFT JOIN task_run r ON r.id = a.run_id
    WHERE r.id IS NULL;
END$$

-- The days a run of a task is kept after it ended, with (p_failed) or without a failure: the
-- task's own policy, else its namespace's, else the default (RetentionPolicy.DEFAULTS); 0 keeps
-- forever.
CREATE FUNCTION retention_age(
    p_namespace VARCHAR(64) CHARACTER SET ascii,
    p_task_id   BIGINT,
    p_failed    BOOLEAN)
    RETURNS INT
    READS SQL DATA
    SQL SECURITY DEFINER
BEGIN
    RETURN COALESCE(
        (SELECT IF(p_failed, failed_days, succeeded_days) FROM retention_policy
            WHERE namespace = p_namespace AND task_id = p_task_id),
        (SELECT IF(p_failed, failed_days, succeeded_days) FROM retention_policy
            WHERE namespace = p_namespace AND task_id = 0),
        IF(p_failed, 90, 30));
END$$
DELIMITER ;
