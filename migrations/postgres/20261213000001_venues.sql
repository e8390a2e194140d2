-- Where each game and challenge is played: 0 a server that added the bot,
-- 1 the player's DM with the bot, 2 a DM or group DM between people,
-- 3 a server that did not add the bot. In 2 and 3 the bot cannot post in
-- the channel: boards are answers to the players' interactions.
ALTER TABLE games ADD COLUMN venue INTEGER NOT NULL DEFAULT 0;
ALTER TABLE challenges ADD COLUMN venue INTEGER NOT NULL DEFAULT 0;
