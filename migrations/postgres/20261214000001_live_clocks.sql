-- Live time controls: a clock per player with an increment, for games
-- played at once ("5+3": five minutes each, three seconds added per move).
-- All in milliseconds. NULL everywhere in a game without a live clock.
--
-- `live_base_ms` and `live_increment_ms`: the time control.
-- `live_remaining_a_ms`, `live_remaining_b_ms`: each seat's time left as
-- at the start of the current turn. `live_turn_started_ms`: when that turn
-- started. `live_deadline_ms`: when the player to move runs out of time
-- (NULL once the game is over, or while the computer, whose clock does not
-- run, is to move); each process watches the earliest one.
ALTER TABLE games ADD COLUMN live_base_ms BIGINT CHECK (live_base_ms > 0);
ALTER TABLE games ADD COLUMN live_increment_ms BIGINT CHECK (live_increment_ms >= 0);
ALTER TABLE games ADD COLUMN live_remaining_a_ms BIGINT CHECK (live_remaining_a_ms >= 0);
ALTER TABLE games ADD COLUMN live_remaining_b_ms BIGINT CHECK (live_remaining_b_ms >= 0);
ALTER TABLE games ADD COLUMN live_turn_started_ms BIGINT;
ALTER TABLE games ADD COLUMN live_deadline_ms BIGINT;
CREATE INDEX games_live_deadline ON games(live_deadline_ms)
    WHERE status = 'ongoing' AND live_deadline_ms IS NOT NULL;

-- The time control a challenge offers (both NULL: none; the game then has
-- the challenge's time per move).
ALTER TABLE challenges ADD COLUMN live_base_ms BIGINT CHECK (live_base_ms > 0);
ALTER TABLE challenges ADD COLUMN live_increment_ms BIGINT CHECK (live_increment_ms >= 0);
