-- The dashboard's figures per minute of fire time, so that a day's summary reads 1,440 rows
-- instead of every run of the day. A scheduler (whichever namespace's leader gets there first)
-- adds each run once, after it ended, in the order of its id (see MysqlHistoryRollup).

-- Ended runs of each minute: counts per status (STATUS:count,…), and the log-linear millisecond
-- histograms of their last attempt's duration and of their first attempt's lateness.
CREATE TABLE run_rollup (
    namespace   VARCHAR(64)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    minute      DATETIME      NOT NULL,
    ended       VARCHAR(1000) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    durations   TEXT          CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    lateness    TEXT          CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    PRIMARY KEY (namespace, minute)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- Failed and timed-out runs of each minute per task, and the latest fire among them (the run whose
-- error the dashboard shows is found again by task and fire).
CREATE TABLE run_rollup_failure (
    namespace   VARCHAR(64)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    minute      DATETIME      NOT NULL,
    task_id     BIGINT        NOT NULL,
    failures    BIGINT        NOT NULL,
    last_fire   DATETIME(3)   NOT NULL,
    PRIMARY KEY (namespace, minute, task_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- Every run with an id up to through_id is in the rollup, or in run_rollup_pending. Its one row,
-- 'runs', is added by the first pass (no mark: nothing rolled up yet).
CREATE TABLE run_rollup_mark (
    name        VARCHAR(16)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    through_id  BIGINT        NOT NULL,
    updated_at  DATETIME(3)   NOT NULL,
    PRIMARY KEY (name)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- Ids at or below the mark not in the rollup yet: runs that had not ended when the mark passed
-- them, and ids missing then that a transaction still open might yet commit (dropped once old).
CREATE TABLE run_rollup_pending (
    run_id      BIGINT        NOT NULL,
    since       DATETIME(3)   NOT NULL,
    PRIMARY KEY (run_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
