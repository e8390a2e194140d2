-- The languages the bot speaks to each player and in each server, known
-- without an interaction (reminders, timeouts, boards re-posted after a
-- restart). `discord_locale` is the last locale an interaction brought
-- (Discord's code, e.g. `fr`, `es-ES`); `language` is the one chosen with
-- `/akon settings` (`en`, `fr` or `es`), NULL to follow Discord.

CREATE TABLE user_languages (
    user_id        BIGINT PRIMARY KEY,
    discord_locale TEXT,
    language       TEXT
);

CREATE TABLE guild_languages (
    guild_id       BIGINT PRIMARY KEY,
    discord_locale TEXT,
    language       TEXT
);
