-- The audit log says who the database let in and when, not only what a client claims.
--
-- db_account: the account the database authenticated for the change, as SESSION_USER() names it
--             ('redcron_operator@10.0.0.7': the user and the host it connected from). Null for rows
--             written before this migration, which recorded only what the client sent.
-- actor:      unchanged, the name the client gives (the OS user of the CLI or the desktop). It is
--             the client's word; db_account and at are the database's.
ALTER TABLE audit_log
    ADD COLUMN db_account VARCHAR(400) NULL AFTER actor;

-- The one way to add an audit row for every user but the migrator. SQL SECURITY DEFINER: it
-- inserts with the rights of the account that ran this migration, so the callers need EXECUTE on
-- it and no right on audit_log itself (installers/sql/roles.sql). The time comes from the
-- server's clock and the account from the session, neither from an argument.
--
-- SESSION_USER(), not CURRENT_USER(): inside a definer routine CURRENT_USER() is the definer (the
-- migrator) on MySQL and MariaDB alike, while SESSION_USER() stays the login of the caller.
--
-- The parameters name their character sets: a routine's parameters otherwise take the database's
-- default at creation, which need not be the utf8mb4 of the table.
DELIMITER $$
CREATE PROCEDURE audit_append(
    IN p_actor     VARCHAR(200) CHARACTER SET utf8mb4,
    IN p_action    VARCHAR(64)  CHARACTER SET ascii,
    IN p_subject   VARCHAR(200) CHARACTER SET utf8mb4,
    IN p_namespace VARCHAR(64)  CHARACTER SET ascii,
    IN p_before    MEDIUMTEXT   CHARACTER SET utf8mb4,
    IN p_after     MEDIUMTEXT   CHARACTER SET utf8mb4)
    MODIFIES SQL DATA
    SQL SECURITY DEFINER
    COMMENT 'Adds one audit row stamped with the server time and the caller''s database account'
BEGIN
    IF p_actor IS NULL OR TRIM(p_actor) = '' THEN
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'actor: every change needs the name of who makes it';
    END IF;
    INSERT INTO audit_log (at, actor, db_account, action, subject, namespace, before_json, after_json)
    VALUES (UTC_TIMESTAMP(3), p_actor, SESSION_USER(), p_action, p_subject, p_namespace, p_before, p_after);
END$$
DELIMITER ;
