-- Business calendars (docs/CALENDARS.md): per namespace, each with its weekend days, its dated
-- entries (holidays and make-up working days) and its blackouts; and the calendar each task
-- follows. The nodes only read these; operators change them, audited with the change.
CREATE TABLE calendar (
    id           BIGINT        NOT NULL AUTO_INCREMENT,
    namespace    VARCHAR(64)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    name         VARCHAR(64)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    description  VARCHAR(500)  NOT NULL,
    -- Where blackouts are read unless they name their own zone.
    zone         VARCHAR(64)   NOT NULL,
    -- ISO days of the week (1 Monday … 7 Sunday), comma-separated; empty: no weekend.
    weekend      VARCHAR(20)   CHARACTER SET ascii NOT NULL,
    updated_at   DATETIME(3)   NOT NULL,
    updated_by   VARCHAR(200)  NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uq_calendar_name (namespace, name)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- One row per date that is not what its day of the week says: HOLIDAY, or WORKDAY (a weekend day
-- worked to make up for a bridge holiday, 调休).
CREATE TABLE calendar_day (
    calendar_id  BIGINT        NOT NULL,
    day          DATE          NOT NULL,
    kind         VARCHAR(8)    CHARACTER SET ascii NOT NULL,
    name         VARCHAR(200)  NOT NULL,
    PRIMARY KEY (calendar_id, day)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- A one-off blackout has starts_at and ends_at, local times in zone; a repeating one a Unix cron
-- expression for its starts (in zone) and how long each lasts.
CREATE TABLE calendar_blackout (
    id           BIGINT        NOT NULL AUTO_INCREMENT,
    calendar_id  BIGINT        NOT NULL,
    name         VARCHAR(200)  NOT NULL,
    zone         VARCHAR(64)   NOT NULL,
    starts_at    DATETIME      NULL,
    ends_at      DATETIME      NULL,
    cron         VARCHAR(200)  NULL,
    duration_s   BIGINT        NULL,
    created_at   DATETIME(3)   NOT NULL,
    created_by   VARCHAR(200)  NOT NULL,
    PRIMARY KEY (id),
    KEY ix_calendar_blackout_calendar (calendar_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- The calendar a task follows, and how: BUSINESS_DAYS or SKIP_HOLIDAYS. A table of its own, as
-- retention is: most tasks have none.
CREATE TABLE task_calendar (
    task_id      BIGINT        NOT NULL,
    namespace    VARCHAR(64)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    calendar_id  BIGINT        NOT NULL,
    mode         VARCHAR(16)   CHARACTER SET ascii NOT NULL,
    updated_at   DATETIME(3)   NOT NULL,
    updated_by   VARCHAR(200)  NOT NULL,
    PRIMARY KEY (task_id),
    KEY ix_task_calendar_calendar (calendar_id),
    KEY ix_task_calendar_namespace (namespace)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
