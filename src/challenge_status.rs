//! Where a challenge stands, as the store keeps it (`challenges.status`)
//! and the service reports it.

/// Where a challenge stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ChallengeStatus {
    Pending,
    Accepted,
    /// The challenged player said no.
    Declined,
    /// The challenger took it back.
    Withdrawn,
    /// Nobody answered in time.
    Expired,
}
