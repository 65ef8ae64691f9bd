-- A run's idempotency keys go with it: history_purge and history_delete both end by forgetting
-- what belonged to the runs they deleted, which now includes the keys (run_request_key, migration
-- 18) besides the past attempts. Without this the keys outlived their runs (a repeat of an old
-- request was still answered right, with a new run) and the table grew with every keyed request
-- ever made.
DROP PROCEDURE IF EXISTS history_forget_attempts;

DELIMITER $$
-- The past attempts and the idempotency keys of those of the asked runs that no longer exist.
CREATE PROCEDURE history_forget_attempts(IN p_ids LONGTEXT CHARACTER SET utf8mb4)
    MODIFIES SQL DATA
    SQL SECURITY DEFINER
BEGIN
    DELETE a FROM JSON_TABLE(p_ids, '$[*]' COLUMNS (id BIGINT PATH '$')) AS asked
        JOIN run_attempt a ON a.run_id = asked.id
        LEFT JOIN task_run r ON r.id = a.run_id
    WHERE r.id IS NULL;
    DELETE k FROM JSON_TABLE(p_ids, '$[*]' COLUMNS (id BIGINT PATH '$')) AS asked
        JOIN run_request_key k ON k.run_id = asked.id
        LEFT JOIN task_run r ON r.id = k.run_id
    WHERE r.id IS NULL;
END$$
DELIMITER ;
