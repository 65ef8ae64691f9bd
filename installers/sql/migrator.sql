-- Redcron: the database and the one user that may change its schema.
--
-- Run once as an administrator, before the first start:
--   mysql -u root -p < installers/sql/migrator.sql
-- then create or upgrade the schema with that user:
--   REDCRON_MYSQL_PASSWORD=… redcron-node migrate --jdbc jdbc:mysql://db:3306/redcron --db-user redcron_migrator
-- then give the other users their rights on the tables (installers/sql/roles.sql).
--
-- Replace CHANGE-ME-migrator with a password of your own (or, after running this, use
-- ALTER USER 'redcron_migrator'@'%' IDENTIFIED BY '…'). Narrow '%' to the hosts that migrate.

CREATE DATABASE IF NOT EXISTS redcron CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;

-- Schema changes only: Flyway creates and alters the tables and keeps its history table.
-- Nodes do not need this user: they check the schema version at start and refuse to run on a
-- schema that lacks a migration they need (the message says to run 'redcron-node migrate').
--
-- CREATE ROUTINE and ALTER ROUTINE: migration 5 creates audit_append, the procedure through which
-- operators add audit entries. It runs with the rights of the account that created it (SQL
-- SECURITY DEFINER), which is this one: keep this user and its INSERT right on the audit log, or
-- no change can be audited (and so none made). Only a function would need SUPER or
-- log_bin_trust_function_creators under binary logging; a procedure needs neither.
-- REFERENCES: MySQL asks for it to create a foreign key.
CREATE USER IF NOT EXISTS 'redcron_migrator'@'%' IDENTIFIED BY 'CHANGE-ME-migrator';
GRANT SELECT, INSERT, UPDATE, DELETE, CREATE, ALTER, DROP, INDEX, REFERENCES, CREATE ROUTINE, ALTER ROUTINE, EXECUTE
    ON redcron.* TO 'redcron_migrator'@'%';
