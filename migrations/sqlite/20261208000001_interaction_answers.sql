-- Interactions received over HTTP, keyed by Discord's interaction id: the
-- process that claimed one and, once given, its first answer (the HTTP
-- response body), so that the same interaction posted again, to this
-- process or another, gets the same answer and is applied once.
-- `claimed_at` is in milliseconds of the system clock: a claim with no
-- answer that old belongs to a process that died, and is taken over.
CREATE TABLE interaction_answers (
    interaction_id  INTEGER NOT NULL PRIMARY KEY,
    claimed_by      TEXT    NOT NULL,
    claimed_at      INTEGER NOT NULL,
    content_type    TEXT,
    answer          BLOB
);
CREATE INDEX interaction_answers_by_age ON interaction_answers (claimed_at);
