-- Redcron: least-privilege database users for nodes, operators, read-only viewers, and the
-- applications that schedule runs through redcron-client (docs/CLIENT.md).
--
-- Run as an administrator AFTER the schema exists (installers/sql/migrator.sql, then
-- 'redcron-node migrate' as redcron_migrator): table, column and routine grants need the tables
-- and the audit_append procedure. Run it again after every upgrade whose migration adds a table,
-- a column or a routine (the release notes say so; migrations 5, 6, 7, 8, 15, 16, 18, 19, 20 and 21 do):
--   mysql -u root -p < installers/sql/roles.sql
--
-- It is idempotent and it sets each user's rights to exactly these: every user's rights are first
-- revoked (all of them, also any given by hand elsewhere), then granted again. A node or desktop
-- whose statement falls between the two is refused once and tries again on its next pass.
--
-- Replace each CHANGE-ME-… with a password of your own (or use ALTER USER … IDENTIFIED BY
-- afterwards), and narrow '%' to the hosts each kind of client connects from. To require TLS,
-- add REQUIRE SSL (or REQUIRE X509 for client certificates) to each CREATE USER, or later:
--   ALTER USER 'redcron_node'@'%' REQUIRE SSL;
--
-- No user here may create, alter or drop anything: schema changes are redcron_migrator's. Grants
-- name columns wherever a user writes only some: a column not named cannot be written by that
-- user, whatever the statement. Every user may read every column (UPDATE … WHERE needs it).
--
-- Two rules of MySQL and MariaDB shape the lists: INSERT … ON DUPLICATE KEY UPDATE needs UPDATE on
-- every column it inserts (so Redcron inserts runs with INSERT IGNORE instead), and SELECT … FOR
-- UPDATE on MySQL needs some UPDATE right on the table it locks.

-- Nodes: the scheduler plans fires and moves the fencing epoch; the worker claims runs and
-- records results; the reaper and reconciler recover runs. They read task definitions but never
-- change them: of a task they write only the planned next fire. They write no audit entries, and
-- delete only what retention lets go. Flyway reads its history table at start, to check the schema version.
CREATE USER IF NOT EXISTS 'redcron_node'@'%' IDENTIFIED BY 'CHANGE-ME-node';
REVOKE ALL PRIVILEGES, GRANT OPTION FROM 'redcron_node'@'%';
GRANT SELECT ON redcron.flyway_schema_history TO 'redcron_node'@'%';
-- The leader moves each task's next fire on (and locks a forbid/replace task's row for a claim).
-- Not its type, payload (with its command, URL and environment), schedule, enabled flag, owner,
-- retry or concurrency rules, nor anything else an operator decides.
GRANT SELECT, UPDATE (next_fire_at) ON redcron.task TO 'redcron_node'@'%';
GRANT SELECT ON redcron.task_label TO 'redcron_node'@'%';
-- The leader records one run per fire: queued, or skipped with the misfire reason (finished_at,
-- error). The columns are those of the INSERT; lost_attempts and cancel_requested take defaults.
-- It splits a sharded task's fire into shard runs (shard_index, shard_total, migration 17).
GRANT SELECT,
      INSERT (task_id, namespace, task_name, task_group, trigger_type, scheduled_at, due_at, status, attempt,
              max_attempts, created_at, finished_at, error, params, shard_index, shard_total)
      ON redcron.task_run TO 'redcron_node'@'%';
-- What happens to a run after it is recorded: claims (status, attempt, node, the claim's token
-- claim_token of migration 23, lease_until, started_at, clearing finished_at, exit_code, output),
-- lease renewals (lease_until), results and retries (status, started_at, finished_at, exit_code,
-- output, error, due_at), forbid waits (due_at) and skips, replace's cancel of the run it replaces
-- (cancel_requested), hand-backs on shutdown and the reaper's lost attempts (lost_attempts),
-- whether a claim made ahead began (attempt_began, migration 7), the reconciler's failures, a
-- sharded fire's parent split (shard_total, once) and settled. Never the run's task, namespace,
-- names, trigger, fire time, attempt limit, creation, parameters or shard index.
GRANT UPDATE (status, attempt, lost_attempts, cancel_requested, node, claim_token, lease_until, due_at, started_at,
              finished_at, exit_code, output, error, attempt_began, shard_total)
      ON redcron.task_run TO 'redcron_node'@'%';
-- A new leader bumps its namespace's epoch in one INSERT … ON DUPLICATE KEY UPDATE, which needs
-- UPDATE on every column it inserts, namespace included.
-- The leader publishes its misfire threshold with its term, for task changes made while no
-- scheduler runs (migration 7).
GRANT SELECT, INSERT (namespace, epoch, leader, updated_at, misfire_threshold_ms),
      UPDATE (namespace, epoch, leader, updated_at, misfire_threshold_ms)
      ON redcron.scheduler_epoch TO 'redcron_node'@'%';
-- Alerts (migration 6): a node adds each alert it raises to the outbox, and a node with alert
-- targets claims due ones, records what became of them, and deletes finished ones after a week
-- (the only rows a node deletes). Never an alert's namespace, key, kind, task, run, text or
-- creation once added.
GRANT SELECT,
      INSERT (namespace, dedupe_key, kind, task_id, run_id, payload, created_at, next_attempt_at),
      UPDATE (attempts, next_attempt_at, claimed_by, claimed_until, settled_targets, delivered_at, given_up_at,
              last_error),
      DELETE
      ON redcron.alert_outbox TO 'redcron_node'@'%';
-- The dashboard's per-minute figures (migration 8): a scheduler adds ended runs to them, moves
-- the rollup's mark, and keeps the ids it passed before their run ended or appeared (the only
-- other rows a node deletes).
GRANT SELECT, INSERT (namespace, minute, ended, durations, lateness), UPDATE (namespace, minute, ended, durations, lateness)
      ON redcron.run_rollup TO 'redcron_node'@'%';
GRANT SELECT, INSERT (namespace, minute, task_id, failures, last_fire),
      UPDATE (namespace, minute, task_id, failures, last_fire)
      ON redcron.run_rollup_failure TO 'redcron_node'@'%';
GRANT SELECT, INSERT (name, through_id, updated_at), UPDATE (through_id, updated_at)
      ON redcron.run_rollup_mark TO 'redcron_node'@'%';
GRANT SELECT, INSERT, DELETE ON redcron.run_rollup_pending TO 'redcron_node'@'%';
-- The past attempts of runs (migration 9): a node copies the attempt a retry, a lost lease or a
-- drain ends; it never reads, changes or deletes them.
GRANT INSERT ON redcron.run_attempt TO 'redcron_node'@'%';
-- Retention (migration 10): the leader reads the policies and pins and drops old outputs (the
-- output column, granted above). It deletes runs only through history_purge, which deletes only
-- what the stored policy lets go by the database's clock, and audit rows only through
-- audit_purge, which never takes one younger than 30 days.
GRANT SELECT ON redcron.retention_policy TO 'redcron_node'@'%';
GRANT SELECT ON redcron.run_pin TO 'redcron_node'@'%';
GRANT EXECUTE ON PROCEDURE redcron.history_purge TO 'redcron_node'@'%';
GRANT EXECUTE ON PROCEDURE redcron.audit_purge TO 'redcron_node'@'%';
-- Drains (migration 12): a node reads whether an operator asked it to drain, and says when it is.
GRANT SELECT, UPDATE (drained_at) ON redcron.node_drain TO 'redcron_node'@'%';
-- API tokens (migration 19): a node with the api role reads the tokens (their secrets only as
-- hashes) and notes when each was last used; it never makes, changes or revokes one.
GRANT SELECT, UPDATE (last_used_at) ON redcron.api_token TO 'redcron_node'@'%';
-- Maintenance windows (migration 13): the leader reads them to hold fires.
GRANT SELECT ON redcron.maintenance_window TO 'redcron_node'@'%';
-- Business calendars (migration 14): the scheduler reads the calendars and which task follows
-- which, to record the fires they leave out as skipped; it changes none of them.
GRANT SELECT ON redcron.calendar TO 'redcron_node'@'%';
GRANT SELECT ON redcron.calendar_day TO 'redcron_node'@'%';
GRANT SELECT ON redcron.calendar_blackout TO 'redcron_node'@'%';
GRANT SELECT ON redcron.task_calendar TO 'redcron_node'@'%';
-- Alert rules and silences (migration 15): a node reads tasks' rules (slow runs, the dead-man
-- switch) and the silences in force; it never changes either.
GRANT SELECT ON redcron.task_alert_rule TO 'redcron_node'@'%';
GRANT SELECT ON redcron.alert_silence TO 'redcron_node'@'%';
-- Workflows (migration 16): the leader records their cron fires (and moves their next fire on),
-- starts and ends their runs, and moves each step on as its run ends, recording the step's run
-- like a fire (the task_run INSERT above). It never changes a workflow's definition.
GRANT SELECT, UPDATE (next_fire_at) ON redcron.workflow TO 'redcron_node'@'%';
-- It deletes old workflow runs, with their steps, only through workflow_history_purge, which
-- judges them by the namespace's stored policy and the database's clock.
GRANT EXECUTE ON PROCEDURE redcron.workflow_history_purge TO 'redcron_node'@'%';
GRANT SELECT,
      INSERT (workflow_id, namespace, workflow_name, trigger_type, scheduled_at, status, params, steps,
              parent_run_id, parent_step, created_at, started_at, finished_at, error),
      UPDATE (status, started_at, finished_at, error)
      ON redcron.workflow_run TO 'redcron_node'@'%';
GRANT SELECT,
      INSERT (workflow_run_id, step, namespace, status, reason, round, finished_at),
      UPDATE (status, run_id, child_run_id, output, reason, started_at, finished_at)
      ON redcron.workflow_step TO 'redcron_node'@'%';
-- Runs applications recorded in their own transactions (redcron-client, migration 20): the
-- leader reads the outbox with each run's status, queues the runs and deletes the entries.
GRANT SELECT, DELETE ON redcron.run_outbox TO 'redcron_node'@'%';

-- Operators (desktop app and CLI): create, edit, enable and delete tasks; trigger, retry and
-- cancel runs. They read the epoch to show the leader, but cannot move it. They add audit
-- entries only through audit_append, which stamps each with the database's time and the
-- operator's database account: nobody here can write, change or delete audit_log itself.
CREATE USER IF NOT EXISTS 'redcron_operator'@'%' IDENTIFIED BY 'CHANGE-ME-operator';
REVOKE ALL PRIVILEGES, GRANT OPTION FROM 'redcron_operator'@'%';
-- A task is the operator's, but its id, namespace (a task never moves) and creation time are set once.
GRANT SELECT,
      INSERT (namespace, name, task_group, description, cron, dialect, zone, type, payload, timeout_ms,
              retry_max_attempts, retry_initial_ms, retry_multiplier, retry_max_ms, retry_jitter, misfire_policy,
              catch_up_limit, concurrency_policy, enabled, owner, labels, alert_targets, params, version, created_at,
              updated_at, next_fire_at, shards),
      UPDATE (name, task_group, description, cron, dialect, zone, type, payload, timeout_ms, retry_max_attempts,
              retry_initial_ms, retry_multiplier, retry_max_ms, retry_jitter, misfire_policy, catch_up_limit,
              concurrency_policy, enabled, owner, labels, alert_targets, params, version, updated_at, next_fire_at,
              shards),
      DELETE
      ON redcron.task TO 'redcron_operator'@'%';
-- The labels are rewritten with their task: deleted and inserted, never updated.
GRANT SELECT, INSERT, DELETE ON redcron.task_label TO 'redcron_operator'@'%';
-- Manual runs (trigger, retry, requeue from the dead stream) are new rows: the columns of that
-- INSERT (a shard run again alone keeps its shard_index and shard_total). A task change made while no scheduler runs records the fires its old schedule missed,
-- queued or skipped with the reason (finished_at, error), and withdraws fires recorded ahead that
-- the change no longer wants. A cancel marks a running run (cancel_requested) or ends a waiting
-- one (status, finished_at, error). Results, claims and leases are the nodes' alone.
GRANT SELECT,
      INSERT (task_id, namespace, task_name, task_group, trigger_type, scheduled_at, due_at, status, attempt,
              max_attempts, created_at, finished_at, error, params, shard_index, shard_total),
      UPDATE (status, finished_at, error, cancel_requested)
      ON redcron.task_run TO 'redcron_operator'@'%';
-- Idempotency keys of requested runs (migration 18): a request with a key takes it, or finds the
-- run it names; a key whose run retention deleted is given to the new run.
GRANT SELECT, INSERT (task_id, idempotency_key, run_id, created_at), UPDATE (run_id, created_at)
      ON redcron.run_request_key TO 'redcron_operator'@'%';
GRANT SELECT ON redcron.scheduler_epoch TO 'redcron_operator'@'%';
GRANT SELECT ON redcron.audit_log TO 'redcron_operator'@'%';
-- The dashboard reads the per-minute figures with the runs the rollup has not taken yet.
GRANT SELECT ON redcron.run_rollup TO 'redcron_operator'@'%';
GRANT SELECT ON redcron.run_rollup_failure TO 'redcron_operator'@'%';
GRANT SELECT ON redcron.run_rollup_mark TO 'redcron_operator'@'%';
GRANT SELECT ON redcron.run_rollup_pending TO 'redcron_operator'@'%';
GRANT SELECT ON redcron.run_attempt TO 'redcron_operator'@'%';
GRANT EXECUTE ON PROCEDURE redcron.audit_append TO 'redcron_operator'@'%';
-- Retention (migration 10): operators set the policies, pin and unpin runs, and purge history by
-- hand (runs purge) through history_delete: only ended, unpinned runs older than a day, with
-- their past attempts. Nobody deletes from task_run or run_attempt directly.
GRANT SELECT, INSERT, UPDATE, DELETE ON redcron.retention_policy TO 'redcron_operator'@'%';
GRANT SELECT, INSERT, DELETE ON redcron.run_pin TO 'redcron_operator'@'%';
GRANT EXECUTE ON PROCEDURE redcron.history_delete TO 'redcron_operator'@'%';
-- Drains (migration 12): operators ask nodes to drain and let them take runs again.
GRANT SELECT, INSERT (namespace, node_id, requested_at, requested_by), DELETE ON redcron.node_drain
      TO 'redcron_operator'@'%';
-- API tokens (migration 19): operators make them ('token create') and revoke them; a token is
-- never deleted nor changed otherwise, so the audit rows naming it stay meaningful.
-- A node with the api role acts for its tokens as an operator would, so it runs with this account:
-- it also notes when each token was last used, and reads the schema's version at start as every
-- node does.
GRANT SELECT, INSERT (name, secret_hash, scope, namespaces, label_selector, created_at, created_by, expires_at),
      UPDATE (revoked_at, last_used_at)
      ON redcron.api_token TO 'redcron_operator'@'%';
GRANT SELECT ON redcron.flyway_schema_history TO 'redcron_operator'@'%';
-- Maintenance windows (migration 13): operators open them and resume them; a window is never
-- edited or deleted, since the fires it skipped name it.
GRANT SELECT, INSERT (namespace, task_group, starts_at, ends_at, on_resume, reason, created_by, created_at),
      UPDATE (resumed_at, resumed_by) ON redcron.maintenance_window TO 'redcron_operator'@'%';
-- Business calendars (migration 14): operators create, import, change and delete calendars and
-- their blackouts, and bind tasks to them. Entries, blackouts and bindings are replaced, never
-- updated.
GRANT SELECT, INSERT, UPDATE (description, zone, weekend, updated_at, updated_by), DELETE
      ON redcron.calendar TO 'redcron_operator'@'%';
GRANT SELECT, INSERT, DELETE ON redcron.calendar_day TO 'redcron_operator'@'%';
GRANT SELECT, INSERT, DELETE ON redcron.calendar_blackout TO 'redcron_operator'@'%';
GRANT SELECT, INSERT, DELETE ON redcron.task_calendar TO 'redcron_operator'@'%';
-- Alert rules and silences (migration 15): operators set and clear tasks' rules (an upsert: UPDATE
-- on every column), add silences and end them early. A silence's scope, time and reason are set
-- once, and its row stays when it ends: nobody deletes one.
GRANT SELECT, INSERT, UPDATE, DELETE ON redcron.task_alert_rule TO 'redcron_operator'@'%';
GRANT SELECT,
      INSERT (namespace, task_name, task_group, kind, until_at, reason, created_by, created_at),
      UPDATE (ended_at, ended_by)
      ON redcron.alert_silence TO 'redcron_operator'@'%';
-- Workflows (migration 16): operators define, pause and delete workflows, trigger runs, cancel
-- them (the run and its pending steps end) and run failed ones again (their failed steps go back
-- to pending for another round). Starting steps and recording their runs is the leader's.
GRANT SELECT,
      INSERT (namespace, name, description, cron, dialect, zone, misfire_policy, catch_up_limit,
              concurrency_policy, enabled, params, steps, version, created_at, updated_at, next_fire_at),
      UPDATE (name, description, cron, dialect, zone, misfire_policy, catch_up_limit, concurrency_policy, enabled,
              params, steps, version, updated_at, next_fire_at),
      DELETE
      ON redcron.workflow TO 'redcron_operator'@'%';
GRANT SELECT,
      INSERT (workflow_id, namespace, workflow_name, trigger_type, scheduled_at, status, params, steps,
              parent_run_id, parent_step, created_at, started_at, finished_at, error),
      UPDATE (status, finished_at, error)
      ON redcron.workflow_run TO 'redcron_operator'@'%';
GRANT SELECT,
      INSERT (workflow_run_id, step, namespace, status, reason, round, finished_at),
      UPDATE (status, output, reason, round, finished_at)
      ON redcron.workflow_step TO 'redcron_operator'@'%';
-- Tasks declared in applications' code (migration 21): the api node, which runs with this
-- account, marks them as an application reconciles its declarations.
GRANT SELECT, INSERT, UPDATE, DELETE ON redcron.managed_task TO 'redcron_operator'@'%';

-- Viewers: everything the desktop shows (tasks, runs and their output, statistics, the leader's
-- epoch, the audit log), and nothing else.
CREATE USER IF NOT EXISTS 'redcron_viewer'@'%' IDENTIFIED BY 'CHANGE-ME-viewer';
REVOKE ALL PRIVILEGES, GRANT OPTION FROM 'redcron_viewer'@'%';
GRANT SELECT ON redcron.task TO 'redcron_viewer'@'%';
GRANT SELECT ON redcron.task_label TO 'redcron_viewer'@'%';
GRANT SELECT ON redcron.task_run TO 'redcron_viewer'@'%';
GRANT SELECT ON redcron.scheduler_epoch TO 'redcron_viewer'@'%';
GRANT SELECT ON redcron.audit_log TO 'redcron_viewer'@'%';
GRANT SELECT ON redcron.run_rollup TO 'redcron_viewer'@'%';
GRANT SELECT ON redcron.run_rollup_failure TO 'redcron_viewer'@'%';
GRANT SELECT ON redcron.run_rollup_mark TO 'redcron_viewer'@'%';
GRANT SELECT ON redcron.run_rollup_pending TO 'redcron_viewer'@'%';
GRANT SELECT ON redcron.run_attempt TO 'redcron_viewer'@'%';
GRANT SELECT ON redcron.retention_policy TO 'redcron_viewer'@'%';
GRANT SELECT ON redcron.run_pin TO 'redcron_viewer'@'%';
GRANT SELECT ON redcron.node_drain TO 'redcron_viewer'@'%';
GRANT SELECT ON redcron.maintenance_window TO 'redcron_viewer'@'%';
GRANT SELECT ON redcron.calendar TO 'redcron_viewer'@'%';
GRANT SELECT ON redcron.calendar_day TO 'redcron_viewer'@'%';
GRANT SELECT ON redcron.calendar_blackout TO 'redcron_viewer'@'%';
GRANT SELECT ON redcron.task_calendar TO 'redcron_viewer'@'%';
GRANT SELECT ON redcron.managed_task TO 'redcron_viewer'@'%';
GRANT SELECT ON redcron.task_alert_rule TO 'redcron_viewer'@'%';
GRANT SELECT ON redcron.alert_silence TO 'redcron_viewer'@'%';
GRANT SELECT ON redcron.workflow TO 'redcron_viewer'@'%';
GRANT SELECT ON redcron.workflow_run TO 'redcron_viewer'@'%';
GRANT SELECT ON redcron.workflow_step TO 'redcron_viewer'@'%';

-- Applications that schedule and cancel runs with redcron-client in JDBC mode, inside their own
-- transactions: give the application's database user these rights (or connect the client's
-- DataSource as this user). It reads of a task only what a run copies from it (never its
-- payload, with the command, URL and environment a run gets), records requested runs (the
-- columns of that INSERT: a run waiting, never a result), takes idempotency keys, adds outbox
-- entries for the leader, and cancels a run that never started (status, finished_at, error).
-- It reads of a run only what finds it and decides a cancel (never its output or parameters).
-- Neither it nor anybody else here deletes a run.
CREATE USER IF NOT EXISTS 'redcron_client'@'%' IDENTIFIED BY 'CHANGE-ME-client';
REVOKE ALL PRIVILEGES, GRANT OPTION FROM 'redcron_client'@'%';
GRANT SELECT (id, namespace, name, task_group, retry_max_attempts, shards) ON redcron.task TO 'redcron_client'@'%';
GRANT SELECT (id, task_id, namespace, scheduled_at, status, attempt),
      INSERT (task_id, namespace, task_name, task_group, trigger_type, scheduled_at, due_at, status, attempt,
              max_attempts, created_at, params),
      UPDATE (status, finished_at, error)
      ON redcron.task_run TO 'redcron_client'@'%';
GRANT SELECT, INSERT (task_id, idempotency_key, run_id, created_at), UPDATE (run_id, created_at)
      ON redcron.run_request_key TO 'redcron_client'@'%';
GRANT INSERT (run_id, namespace, task_group, due_at, created_at) ON redcron.run_outbox TO 'redcron_client'@'%';
-- The namespace's leader and since when, for the application's health check (redcron-spring-boot-starter).
GRANT SELECT (namespace, epoch, leader, updated_at) ON redcron.scheduler_epoch TO 'redcron_client'@'%';
