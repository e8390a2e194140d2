-- Friendly games: a challenge made with `rated:False` starts a game that is
-- never rated, in which the player who just moved may ask to take the move
-- back. Every game made before was rated (or unrated for reasons of its
-- own, recorded in `game_ratings`).
ALTER TABLE challenges ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;
ALTER TABLE games ADD COLUMN friendly INTEGER NOT NULL DEFAULT 0;
-- How many moves were taken back: a board shown again at a move number it
-- had before is a new board (its nonce differs from the first one's).
ALTER TABLE games ADD COLUMN takebacks INTEGER NOT NULL DEFAULT 0;

-- A request to take back move `ply` of a game, asked by the player who
-- made it. `status`: pending, accepted, declined, or void (overtaken by
-- another takeback). An offer still pending once the game is no longer at
-- `ply` moves is stale: its buttons are refused. At most one pending offer
-- per move, and a declined move is not asked again.
CREATE TABLE takeback_offers (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games(id),
    ply        INTEGER NOT NULL,
    asker_id   INTEGER NOT NULL,
    status     TEXT    NOT NULL DEFAULT 'pending',
    created_at INTEGER NOT NULL,
    closed_at  INTEGER
);
CREATE UNIQUE INDEX takeback_offers_pending ON takeback_offers(game_id, ply) WHERE status = 'pending';
CREATE INDEX takeback_offers_game ON takeback_offers(game_id, ply);

-- A new reason a finished game is not rated: it was a friendly game. SQLite
-- cannot change a CHECK constraint in place, so game_ratings is rebuilt as
-- in 20261211000731_cancelled_tournament_games.
CREATE TABLE game_ratings_new (
    game_id         INTEGER PRIMARY KEY REFERENCES games(id),
    rated           INTEGER NOT NULL CHECK (rated IN (0, 1)),
    unrated_reason  TEXT    CHECK (unrated_reason IN ('computer', 'aborted', 'pair_limit',
                                                      'unrated_tournament', 'forfeit',
                                                      'tournament_cancelled', 'friendly')),
    player_low      INTEGER NOT NULL,
    player_high     INTEGER NOT NULL,
    finished_at     INTEGER NOT NULL,
    CHECK ((rated = 1) = (unrated_reason IS NULL)),
    CHECK (player_low < player_high)
);
INSERT INTO game_ratings_new (game_id, rated, unrated_reason, player_low, player_high, finished_at)
SELECT game_id, rated, unrated_reason, player_low, player_high, finished_at FROM game_ratings;
DROP TABLE game_ratings;
ALTER TABLE game_ratings_new RENAME TO game_ratings;
CREATE INDEX game_ratings_pair ON game_ratings(player_low, player_high, finished_at) WHERE rated = 1;

-- Moves stay append-only, but for one exception: a friendly game's last
-- move, taken back. The takeback rewinds the game's row first, in the same
-- transaction, so the row being deleted is then one past the game's ply.
DROP TRIGGER moves_are_append_only_delete;
CREATE TRIGGER moves_are_append_only_delete BEFORE DELETE ON moves
WHEN NOT EXISTS (SELECT 1 FROM games WHERE id = OLD.game_id AND friendly = 1 AND status = 'ongoing'
                 AND ply = OLD.ply - 1)
BEGIN
    SELECT RAISE(ABORT, 'moves are append-only');
END;
