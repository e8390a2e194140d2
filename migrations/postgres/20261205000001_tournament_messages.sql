-- PostgreSQL: see migrations/sqlite/20261205000001_tournament_messages.sql.
ALTER TABLE tournaments ADD COLUMN message_version BIGINT NOT NULL DEFAULT 1;
ALTER TABLE tournaments ADD COLUMN shown_version BIGINT NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN message_channel_id BIGINT;
ALTER TABLE tournaments ADD COLUMN message_id BIGINT;
ALTER TABLE tournaments ADD COLUMN message_failures BIGINT NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN message_retry_at BIGINT NOT NULL DEFAULT 0;
CREATE INDEX tournaments_message_owed ON tournaments(id) WHERE shown_version < message_version;

CREATE TABLE guild_tournament_roles (
    guild_id  BIGINT PRIMARY KEY,
    role_id   BIGINT NOT NULL
);
