//! Finished games' pages kept rendered: such a game never changes, so
//! its page at a move, in a language, is the same for every reader. A
//! page kept is served again after one check only, that its server still
//! shows its game pages; the game, its moves and its review are not read
//! again, nor the page rendered.
//!
//! Bounded twice: at most [`KEPT_PAGES`] pages (the least recently served
//! go first), each for at most [`KEPT_FOR`], so that a player's new name
//! or a review made since shows as soon as a browser's copy would be
//! refreshed (`Cache-Control: max-age`).

use crate::venue::Venue;
use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use lru::LruCache;

use super::assets::fnv1a;
use crate::i18n::Language;

/// Pages kept: about 30 KB each, so some 16 MB at most.
pub const KEPT_PAGES: usize = 512;
/// How long a page is kept: as long as a browser may keep it.
pub const KEPT_FOR: Duration = Duration::from_secs(300);

/// Which page: the address's token and move, and the reader's language.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PageKey {
    pub token: String,
    /// As asked (`None`: the last move); the page clamps it.
    pub ply: Option<usize>,
    pub language: Language,
    /// Whether links carry the language (`?lang=`).
    pub lang_in_query: bool,
}

/// A page as served, with what its check needs.
#[derive(Debug)]
pub struct KeptPage {
    /// The server whose settings say whether the page is still shown.
    pub guild_id: u64,
    /// Where its game was played: outside servers that added the bot no
    /// setting hides it.
    pub venue: Venue,
    pub etag: String,
    pub body: Bytes,
    kept_at: Instant,
}

impl KeptPage {
    pub fn new(guild_id: u64, html: String) -> KeptPage {
        KeptPage {
            guild_id,
            venue: Venue::Server,
            etag: etag_of(html.as_bytes()),
            body: Bytes::from(html),
            kept_at: Instant::now(),
        }
    }

    /// The page of a game played in `venue`.
    pub fn played_in(mut self, venue: Venue) -> KeptPage {
        self.venue = venue;
        self
    }
}

/// The validator of a page: its hash, quoted.
pub fn etag_of(body: &[u8]) -> String {
    format!("\"{:016x}\"", fnv1a(body))
}

/// The pages kept, shared by every request.
#[derive(Debug, Clone)]
pub struct PageCache {
    pages: Arc<Mutex<LruCache<PageKey, Arc<KeptPage>>>>,
    lifetime: Duration,
}

impl PageCache {
    pub fn new(capacity: usize, lifetime: Duration) -> PageCache {
        PageCache {
            pages: Arc::new(Mutex::new(LruCache::new(
                NonZeroUsize::new(capacity).unwrap_or(NonZeroUsize::MIN),
            ))),
            lifetime,
        }
    }

    /// The page kept under `key`, unless it was kept too long.
    pub fn get(&self, key: &PageKey) -> Option<Arc<KeptPage>> {
        let mut pages = self.pages.lock().unwrap_or_else(PoisonError::into_inner);
        match pages.get(key) {
            Some(page) if page.kept_at.elapsed() < self.lifetime => Some(Arc::clone(page)),
            Some(_) => {
                pages.pop(key);
                None
            }
            None => None,
        }
    }

    pub fn put(&self, key: PageKey, page: Arc<KeptPage>) {
        self.pages.lock().unwrap_or_else(PoisonError::into_inner).put(key, page);
    }

    pub fn forget(&self, key: &PageKey) {
        self.pages.lock().unwrap_or_else(PoisonError::into_inner).pop(key);
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.pages.lock().unwrap_or_else(PoisonError::into_inner).len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(ply: usize) -> PageKey {
        PageKey {
            token: "AAAAAAAAAAAAAAAAAAAAAA".into(),
            ply: Some(ply),
            language: Language::English,
            lang_in_query: false,
        }
    }

    #[test]
    fn pages_are_kept_up_to_the_capacity_least_recently_served_first_out() {
        let cache = PageCache::new(2, KEPT_FOR);
        for ply in 0..2 {
            cache.put(key(ply), Arc::new(KeptPage::new(1, format!("page {ply}"))));
        }
        assert!(cache.get(&key(0)).is_some());
        cache.put(key(2), Arc::new(KeptPage::new(1, "page 2".into())));
        assert_eq!(cache.len(), 2);
        assert!(cache.get(&key(1)).is_none(), "the least recently served went");
        assert_eq!(&cache.get(&key(0)).unwrap().body[..], b"page 0");
        let other_language = PageKey {
            language: Language::French,
            ..key(0)
        };
        assert!(cache.get(&other_language).is_none());
    }

    #[test]
    fn a_page_kept_too_long_is_not_served() {
        let cache = PageCache::new(4, Duration::ZERO);
        cache.put(key(0), Arc::new(KeptPage::new(1, "page".into())));
        assert!(cache.get(&key(0)).is_none());
        assert_eq!(cache.len(), 0);
    }

    #[test]
    fn the_etag_is_the_quoted_hash_of_the_body() {
        let page = KeptPage::new(7, "<p>x</p>".into());
        assert_eq!(page.etag, format!("\"{:016x}\"", fnv1a(b"<p>x</p>")));
        assert_eq!(page.guild_id, 7);
    }
}
