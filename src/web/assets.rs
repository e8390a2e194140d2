//! What the pages load besides themselves, all served by the bot (the
//! Content-Security-Policy allows no other origin): the style sheet, the
//! script that adds the arrow keys, the icon, the font the board is drawn
//! in, and the Discord Activity's client. Each is addressed by a hash of its
//! contents, so that it can be cached for good and a new version gets a new
//! address.

use std::sync::OnceLock;

const CSS: &str = include_str!("../../assets/web/akon.css");
const SCRIPT: &str = include_str!("../../assets/web/akon.js");
/// The live game page's module (signing in, moves, updates); the embedded
/// app imports the same file.
const LIVE_SCRIPT: &str = include_str!("../../assets/web/live.js");
/// The Discord Activity's client, bundled from client/ by `npm run build`
/// with the live module in it (committed, so that building the bot needs
/// no Node).
const ACTIVITY_SCRIPT: &str = include_str!("../../assets/web/activity.js");
const ICON: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#7a4b24"/><circle cx="5" cy="8" r="3" fill="#f4e6c8"/><circle cx="11" cy="8" r="3" fill="#f4e6c8"/></svg>"##;

/// One file: its address under the site's root, its type and its bytes.
#[derive(Debug)]
pub struct Asset {
    pub path: String,
    pub content_type: &'static str,
    pub bytes: Vec<u8>,
}

/// Every file, built once.
#[derive(Debug)]
pub struct Assets {
    pub css_path: String,
    pub script_path: String,
    pub live_script_path: String,
    pub icon_path: String,
    pub activity_script_path: String,
    files: Vec<Asset>,
}

/// FNV-1a, 64 bits: a content hash for addresses (not a defence against
/// anyone: the files are the bot's own).
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

fn asset(stem: &str, extension: &str, content_type: &'static str, bytes: Vec<u8>) -> Asset {
    Asset {
        path: format!("static/{stem}.{:016x}.{extension}", fnv1a(&bytes)),
        content_type,
        bytes,
    }
}

impl Assets {
    pub fn get() -> &'static Assets {
        static ASSETS: OnceLock<Assets> = OnceLock::new();
        ASSETS.get_or_init(|| {
            let font = asset("dejavu-sans", "ttf", "font/ttf", crate::picture::FONT.to_vec());
            // The style sheet names the font by its address, relative to
            // the sheet itself (both are under static/).
            let font_name = font.path.trim_start_matches("static/");
            let css = asset(
                "akon",
                "css",
                "text/css; charset=utf-8",
                CSS.replace("FONT_URL", font_name).into_bytes(),
            );
            let script = asset(
                "akon",
                "js",
                "text/javascript; charset=utf-8",
                SCRIPT.as_bytes().to_vec(),
            );
            let live_script = asset(
                "live",
                "js",
                "text/javascript; charset=utf-8",
                LIVE_SCRIPT.as_bytes().to_vec(),
            );
            let icon = asset("icon", "svg", "image/svg+xml", ICON.as_bytes().to_vec());
            let activity_script = asset(
                "activity",
                "js",
                "text/javascript; charset=utf-8",
                ACTIVITY_SCRIPT.as_bytes().to_vec(),
            );
            Assets {
                css_path: css.path.clone(),
                script_path: script.path.clone(),
                live_script_path: live_script.path.clone(),
                icon_path: icon.path.clone(),
                activity_script_path: activity_script.path.clone(),
                files: vec![css, script, live_script, icon, font, activity_script],
            }
        })
    }

    /// The file at `path` (`static/…`), if there is one.
    pub fn file(&self, path: &str) -> Option<&Asset> {
        self.files.iter().find(|file| file.path == path)
    }
}
