-- Work that no gateway event starts (sending a notice, settling what a game
-- owes its channel, posting a challenge never shown, a computer move caught
-- up at start) is taken by one process at a time: a process holds a lease
-- on the item until `expires_at`, renewed while it works, released once
-- done. A process that dies stops renewing, and another takes the item
-- once the lease has expired.
CREATE TABLE leases (
    kind        TEXT    NOT NULL,
    item_id     INTEGER NOT NULL,
    owner       TEXT    NOT NULL,
    expires_at  INTEGER NOT NULL,
    PRIMARY KEY (kind, item_id)
);
