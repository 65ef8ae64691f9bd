-- The example's own table, next to Redcron's in the same database (a real application would use
-- its migrations; Spring Boot runs this file at start: spring.sql.init.mode=always).
CREATE TABLE IF NOT EXISTS shop_order (
    id            BIGINT       NOT NULL PRIMARY KEY,
    customer      VARCHAR(100) NOT NULL,
    amount_cents  BIGINT       NOT NULL,
    status        VARCHAR(16)  NOT NULL,
    cancel_run_id BIGINT       NULL
) ENGINE = InnoDB;
