-- The web view (AKON_WEB_ADDR). Each page has a random token of its own,
-- never a database id, so that the address of one game tells nothing of
-- any other: a game's replay, a server's leaderboard, a tournament's
-- standings. A token is made the first time a link to its page is.
CREATE TABLE web_pages (
    token       TEXT    NOT NULL PRIMARY KEY,
    kind        TEXT    NOT NULL CHECK (kind IN ('game', 'server', 'tournament')),
    -- The game's or the tournament's id, or the server's Discord id.
    subject     INTEGER NOT NULL,
    created_at  INTEGER NOT NULL,
    UNIQUE (kind, subject)
);

-- What a server's admins chose to show on the web: the pages of the
-- server's games and tournaments (on unless turned off) and the server's
-- leaderboard (off unless turned on).
CREATE TABLE guild_web_settings (
    guild_id          INTEGER PRIMARY KEY,
    game_pages        INTEGER NOT NULL DEFAULT 1 CHECK (game_pages IN (0, 1)),
    leaderboard_page  INTEGER NOT NULL DEFAULT 0 CHECK (leaderboard_page IN (0, 1)),
    updated_at        INTEGER NOT NULL
);
