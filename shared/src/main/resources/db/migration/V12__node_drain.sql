-- Nodes an operator drains: the node stops taking runs of the namespace and lets those it has
-- end, then says it is drained. Kept until the operator undrains it, so a drained node restarted
-- for maintenance comes back drained. In MySQL, not Redis: the request is an operator's decision,
-- audited with it, and the operators' Redis account may not write keys of this kind.
CREATE TABLE node_drain (
    namespace     VARCHAR(64)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    node_id       VARCHAR(200)  NOT NULL,
    requested_at  DATETIME(3)   NOT NULL,
    requested_by  VARCHAR(200)  NOT NULL,
    -- When the node found nothing left in flight after the request; null while it still runs some.
    drained_at    DATETIME(3)   NULL,
    PRIMARY KEY (namespace, node_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
