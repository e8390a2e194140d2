//! Claims on interactions received over HTTP: what claiming one found (see
//! the store's `interaction_answers` and the service's `interactions`).

/// What claiming an interaction found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InteractionClaim {
    /// This process handles it: nobody had.
    Claimed,
    /// This process handles it again: the claim it took over was left by a
    /// process that died, which may have done part of it (a move stored
    /// but not answered).
    TakenOver,
    /// Answered already; this is the answer.
    Answered { content_type: String, body: Vec<u8> },
    /// Another process is handling it, since `claimed_at` (ms).
    Held { claimed_at: i64 },
    /// Another process was handling it, its claim not yet committed, for
    /// longer than a claim waits (the lock wait of a press's transaction).
    Waited,
}
