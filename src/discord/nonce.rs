//! Nonces of owed messages: boards, notices, challenges and tournament
//! messages. Discord refuses, for a few minutes, a second message sent with
//! the same enforced nonce, so a message posted again after a crash or a
//! timeout (its first post never recorded) is not shown twice; past that
//! window `posted_before` looks for a board in the channel.

use crate::service::BoardIdentity;

/// The longest nonce Discord takes.
const MOST_NONCE_CHARS: usize = 25;

/// The nonce of `board`: the same board gives the same nonce in every
/// process and every release, since the post it guards against may come
/// from the process before a restart. Readable while it fits (`akon:GAME:PLY:p`,
/// followed by the number of moves taken back if any,
/// `e` once the game is over); a longer one, from ids or plies too large
/// for 25 characters, becomes a hash of it fixed by its definition.
pub(super) fn board_nonce(board: BoardIdentity) -> String {
    let end = if board.finished { "e" } else { "p" };
    match board.takebacks {
        0 => fitting(format!("akon:{}:{}:{end}", board.game_id, board.ply)),
        takebacks => fitting(format!("akon:{}:{}:{end}{takebacks}", board.game_id, board.ply)),
    }
}

/// The nonce of notice `notice_id` (a reminder, a loss on time, an expired
/// challenge): one per notice, so that a crash between sending it and
/// marking it sent cannot show it twice.
pub(super) fn notice_nonce(notice_id: i64) -> String {
    fitting(format!("akon-notice-{notice_id}"))
}

/// The nonce of challenge `challenge_id`'s message, posted by the delivery
/// loop when its answer never reached Discord.
pub(super) fn challenge_nonce(challenge_id: i64) -> String {
    fitting(format!("akon:c:{challenge_id}"))
}

/// The nonce of the result told in the channel of game `game_id`, played
/// in a thread of its own.
pub(super) fn thread_result_nonce(game_id: i64) -> String {
    fitting(format!("akon:r:{game_id}"))
}

/// The nonce of tournament message `message_id`.
pub(super) fn tournament_nonce(message_id: i64) -> String {
    fitting(format!("akon:t:{message_id}"))
}

/// `readable` if Discord takes it, else a hash of it that Discord takes:
/// the same for the same message in every process and release.
fn fitting(readable: String) -> String {
    if readable.len() <= MOST_NONCE_CHARS {
        return readable;
    }
    format!("akon:#{:016x}", fnv1a(readable.as_bytes()))
}

/// 64-bit FNV-1a: stable across processes and compilers, unlike the
/// standard library's hashers.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(game_id: i64, ply: i64, finished: bool) -> BoardIdentity {
        BoardIdentity {
            game_id,
            ply,
            finished,
            takebacks: 0,
        }
    }

    #[test]
    fn a_board_that_fits_keeps_its_readable_nonce() {
        assert_eq!(board_nonce(board(12, 7, false)), "akon:12:7:p");
        assert_eq!(board_nonce(board(12, 7, true)), "akon:12:7:e");
        let taken_back = BoardIdentity {
            takebacks: 2,
            ..board(12, 7, false)
        };
        assert_eq!(board_nonce(taken_back), "akon:12:7:p2");
        let longest = board_nonce(board(999_999_999_999, 99_999, false));
        assert_eq!(longest, "akon:999999999999:99999:p");
        assert_eq!(longest.len(), MOST_NONCE_CHARS);
    }

    #[test]
    fn a_board_too_large_to_spell_out_still_fits_and_stays_apart() {
        let playing = board_nonce(board(i64::MAX, i64::MAX, false));
        let over = board_nonce(board(i64::MAX, i64::MAX, true));
        let next = board_nonce(board(i64::MAX, i64::MAX - 1, false));
        for nonce in [&playing, &over, &next] {
            assert!(nonce.len() <= MOST_NONCE_CHARS, "{nonce}");
            assert!(nonce.starts_with("akon:#"), "{nonce}");
        }
        assert_ne!(playing, over);
        assert_ne!(playing, next);
        assert_eq!(playing, board_nonce(board(i64::MAX, i64::MAX, false)));
    }

    #[test]
    fn the_hash_is_fnv1a() {
        // The published test vectors of 64-bit FNV-1a.
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn every_owed_message_has_a_nonce_discord_takes() {
        assert_eq!(notice_nonce(42), "akon-notice-42");
        assert_eq!(challenge_nonce(42), "akon:c:42");
        assert_eq!(tournament_nonce(42), "akon:t:42");
        assert_eq!(thread_result_nonce(42), "akon:r:42");
        let huge = [
            notice_nonce(i64::MAX),
            challenge_nonce(i64::MAX),
            tournament_nonce(i64::MAX),
            thread_result_nonce(i64::MAX),
        ];
        for nonce in &huge {
            assert!(nonce.len() <= MOST_NONCE_CHARS, "{nonce}");
        }
        assert_ne!(huge[0], huge[1]);
        assert_ne!(huge[1], huge[2]);
        assert_ne!(notice_nonce(i64::MAX), notice_nonce(i64::MAX - 1));
    }
}
