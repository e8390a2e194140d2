-- PostgreSQL: see migrations/sqlite/20261203000020_delivery_failures.sql.
CREATE TABLE delivery_failures (
    kind             TEXT    NOT NULL CHECK (kind IN ('board', 'challenge')),
    item_id          BIGINT  NOT NULL,
    ply              BIGINT  NOT NULL,
    finished         BIGINT  NOT NULL CHECK (finished IN (0, 1)),
    attempts         BIGINT  NOT NULL,
    failed_at        BIGINT  NOT NULL,
    next_attempt_at  BIGINT  NOT NULL,
    given_up         BIGINT  NOT NULL CHECK (given_up IN (0, 1)),
    PRIMARY KEY (kind, item_id)
);
