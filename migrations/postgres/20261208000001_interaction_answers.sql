-- PostgreSQL: see migrations/sqlite/20261208000001_interaction_answers.sql.
CREATE TABLE interaction_answers (
    interaction_id  BIGINT  NOT NULL PRIMARY KEY,
    claimed_by      TEXT    NOT NULL,
    claimed_at      BIGINT  NOT NULL,
    content_type    TEXT,
    answer          BYTEA
);
CREATE INDEX interaction_answers_by_age ON interaction_answers (claimed_at);
