-- How boards are shown, beside the language (both tables hold what the bot
-- knows of how to speak to a player or in a server, read together on every
-- interaction). `board_style` is `text`, `picture` or `both`, NULL for the
-- default (text). A player's applies to their private answers, a server's
-- to the boards its channels see. `board_style_set_by` is who last chose
-- the server's, told once (`pictures_refused_told`) if a channel refuses
-- the pictures.

ALTER TABLE user_languages ADD COLUMN board_style TEXT;
ALTER TABLE guild_languages ADD COLUMN board_style TEXT;
ALTER TABLE guild_languages ADD COLUMN board_style_set_by BIGINT;
ALTER TABLE guild_languages ADD COLUMN pictures_refused_told INTEGER NOT NULL DEFAULT 0;
