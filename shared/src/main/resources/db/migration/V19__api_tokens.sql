-- Bearer tokens of the JSON API (node role api). Only the SHA-256 of a token's secret is kept:
-- the secret is shown once, when the token is made. A token is never deleted, only revoked, so
-- the audit rows that name it keep meaning something.
CREATE TABLE api_token (
    id            BIGINT        NOT NULL AUTO_INCREMENT,
    name          VARCHAR(64)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    secret_hash   CHAR(64)      CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    -- read, operate or admin
    scope         VARCHAR(16)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    -- JSON array of the namespaces it may reach
    namespaces    TEXT          NOT NULL,
    -- JSON object of labels a task must carry for the token to see it; null: every task
    label_selector TEXT         NULL,
    created_at    DATETIME(3)   NOT NULL,
    created_by    VARCHAR(200)  NOT NULL,
    expires_at    DATETIME(3)   NULL,
    revoked_at    DATETIME(3)   NULL,
    last_used_at  DATETIME(3)   NULL,
    PRIMARY KEY (id),
    UNIQUE KEY ux_api_token_name (name)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
