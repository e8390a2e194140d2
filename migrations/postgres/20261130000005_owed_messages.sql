-- PostgreSQL: see migrations/sqlite/20261130000005_owed_messages.sql.

ALTER TABLE games ADD COLUMN result_shown BIGINT NOT NULL DEFAULT 0 CHECK (result_shown IN (0, 1));

UPDATE games SET result_shown = 1 WHERE status = 'finished';

CREATE INDEX games_owed ON games(updated_at, id)
    WHERE (status = 'ongoing' AND board_ply IS DISTINCT FROM ply) OR (status = 'finished' AND result_shown = 0);

CREATE TABLE stale_boards (
    message_id  BIGINT  PRIMARY KEY,
    game_id     BIGINT  NOT NULL REFERENCES games(id),
    channel_id  BIGINT  NOT NULL
);
CREATE INDEX stale_boards_game ON stale_boards(game_id);

CREATE INDEX challenges_unshown ON challenges(id) WHERE status = 'pending' AND message_id IS NULL;
