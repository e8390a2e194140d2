-- PostgreSQL: see migrations/sqlite/20261201000001_leases.sql.
CREATE TABLE leases (
    kind        TEXT    NOT NULL,
    item_id     BIGINT  NOT NULL,
    owner       TEXT    NOT NULL,
    expires_at  BIGINT  NOT NULL,
    PRIMARY KEY (kind, item_id)
);
