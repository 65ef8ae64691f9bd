-- Redcron: least-privilege database users for nodes, operators and read-only viewers.
--
-- Run as an administrator AFTER the schema exists (installers/sql/migrator.sql, then
-- 'redcron-node migrate' as redcron_migrator): table-level grants need the tables. Run it again
-- after an upgrade whose migration adds a table (the release notes say so); it is idempotent.
--   mysql -u root -p < installers/sql/roles.sql
--
-- Replace each CHANGE-ME-… with a password of your own (or use ALTER USER … IDENTIFIED BY
-- afterwards), and narrow '%' to the hosts each kind of client connects from. To require TLS,
-- add REQUIRE SSL (or REQUIRE X509 for client certificates) to each CREATE USER, or later:
--   ALTER USER 'redcron_node'@'%' REQUIRE SSL;
--
-- No user here may create, alter or drop anything: schema changes are redcron_migrator's.

-- Nodes: the scheduler plans fires and moves the fencing epoch; the worker claims runs and
-- records results. They read task definitions but never change them (beyond the planned next
-- fire), write no audit entries and delete nothing. Flyway reads its history table at start.
CREATE USER IF NOT EXISTS 'redcron_node'@'%' IDENTIFIED BY 'CHANGE-ME-node';
GRANT SELECT ON redcron.flyway_schema_history TO 'redcron_node'@'%';
GRANT SELECT, UPDATE ON redcron.task TO 'redcron_node'@'%';
GRANT SELECT ON redcron.task_label TO 'redcron_node'@'%';
GRANT SELECT, INSERT, UPDATE ON redcron.task_run TO 'redcron_node'@'%';
GRANT SELECT, INSERT, UPDATE ON redcron.scheduler_epoch TO 'redcron_node'@'%';

-- Operators (desktop app and CLI): edit, enable and delete tasks; trigger, retry and cancel runs;
-- every change adds an audit entry, which nobody here may change or delete afterwards. They read
-- the epoch to show the leader, but cannot move it.
CREATE USER IF NOT EXISTS 'redcron_operator'@'%' IDENTIFIED BY 'CHANGE-ME-operator';
GRANT SELECT, INSERT, UPDATE, DELETE ON redcron.task TO 'redcron_operator'@'%';
GRANT SELECT, INSERT, DELETE ON redcron.task_label TO 'redcron_operator'@'%';
GRANT SELECT, INSERT, UPDATE ON redcron.task_run TO 'redcron_operator'@'%';
GRANT SELECT ON redcron.scheduler_epoch TO 'redcron_operator'@'%';
GRANT SELECT, INSERT ON redcron.audit_log TO 'redcron_operator'@'%';

-- Viewers: everything the desktop shows (tasks, runs and their output, statistics, the leader's
-- epoch, the audit log), and nothing else.
CREATE USER IF NOT EXISTS 'redcron_viewer'@'%' IDENTIFIED BY 'CHANGE-ME-viewer';
GRANT SELECT ON redcron.task TO 'redcron_viewer'@'%';
GRANT SELECT ON redcron.task_label TO 'redcron_viewer'@'%';
GRANT SELECT ON redcron.task_run TO 'redcron_viewer'@'%';
GRANT SELECT ON redcron.scheduler_epoch TO 'redcron_viewer'@'%';
GRANT SELECT ON redcron.audit_log TO 'redcron_viewer'@'%';
