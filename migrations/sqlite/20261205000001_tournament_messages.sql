-- Each tournament's one message in its channel: the announcement with its
-- Join and Leave buttons, then the standings. `message_version` grows with
-- every change the message shows (in the transaction of the change);
-- `shown_version` is the version the message last showed. The message is
-- owed while `shown_version < message_version`: the delivery loop posts it
-- once (its id kept here) and edits it after that, under a lease, so that
-- a restart or several processes neither lose an edit nor post it twice.
-- A failed attempt waits until `message_retry_at`.
ALTER TABLE tournaments ADD COLUMN message_version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE tournaments ADD COLUMN shown_version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN message_channel_id INTEGER;
ALTER TABLE tournaments ADD COLUMN message_id INTEGER;
ALTER TABLE tournaments ADD COLUMN message_failures INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN message_retry_at INTEGER NOT NULL DEFAULT 0;
CREATE INDEX tournaments_message_owed ON tournaments(id) WHERE shown_version < message_version;

-- The role a server names for running tournaments (besides Manage Server).
CREATE TABLE guild_tournament_roles (
    guild_id  INTEGER PRIMARY KEY,
    role_id   INTEGER NOT NULL
);
