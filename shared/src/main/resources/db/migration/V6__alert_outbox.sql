-- Alerts are written here when they are raised and delivered from here, by any node with alert
-- targets configured: an alert outlives the node that raised it (at least once, never lost with
-- a crashed node), and the same occurrence raised twice (by two leaders, by a retried result)
-- is one row.
--
-- dedupe_key:      one occurrence of an alert, unique per namespace (kind and run attempt, kind
--                  and node and last heartbeat, kind and epoch, …); a second add is a no-op.
-- payload:         the alert as JSON (TEXT: see V1 on JSON columns).
-- attempts:        delivery passes started; a claim counts one, also when its node dies in it.
-- next_attempt_at: when the row may be claimed (its creation, then the end of each backoff).
-- claimed_by:      the node delivering it, or that last tried or delivered it.
-- claimed_until:   the claim's lease: after it a row still undelivered may be claimed again.
-- settled_targets: targets (as hashes, never their URLs) that need nothing more of this alert:
--                  delivered, refused or given up. A retry goes only to the others.
-- delivered_at:    every target was served; given_up_at: the last attempt failed too.
CREATE TABLE alert_outbox (
    id               BIGINT        NOT NULL AUTO_INCREMENT,
    namespace        VARCHAR(64)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    dedupe_key       VARCHAR(191)  NOT NULL,
    kind             VARCHAR(32)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    task_id          BIGINT        NULL,
    run_id           BIGINT        NULL,
    payload          MEDIUMTEXT    NOT NULL,
    created_at       DATETIME(3)   NOT NULL,
    attempts         INT           NOT NULL DEFAULT 0,
    next_attempt_at  DATETIME(3)   NOT NULL,
    claimed_by       VARCHAR(200)  NULL,
    claimed_until    DATETIME(3)   NULL,
    settled_targets  TEXT          NULL,
    delivered_at     DATETIME(3)   NULL,
    given_up_at      DATETIME(3)   NULL,
    last_error       VARCHAR(2000) NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uq_alert_outbox_key (namespace, dedupe_key),
    -- Rows still to deliver are (namespace, NULL, NULL) ranges ordered by next attempt, so the
    -- claim reads due rows oldest first and never a delivered one. Purging reads the same index:
    -- (namespace, delivered_at < ?) and (namespace, NULL, given_up_at < ?).
    KEY ix_alert_outbox_due (namespace, delivered_at, given_up_at, next_attempt_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
