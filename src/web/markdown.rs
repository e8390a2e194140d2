//! The little Markdown the Fluent messages use on Discord (`### heading`,
//! `• bullet`, `1. step`, code fences, `**bold**`, `*italic*`, `` `code` ``)
//! as HTML. Every piece of text goes through maud's escaping: a message, or
//! a name inside one, can only ever become text.

use maud::{html, Markup};

/// Block Markdown: headings, lists, code fences and paragraphs. Headings
/// are written one level below `top` (`### ` as `h2` when `top` is 1).
pub fn blocks(text: &str) -> Markup {
    let mut out = Vec::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let trimmed = line.trim();
        if trimmed.is_empty() {
            continue;
        }
        if trimmed.starts_with("```") {
            let mut code = String::new();
            for inner in lines.by_ref() {
                if inner.trim_start().starts_with("```") {
                    break;
                }
                code.push_str(inner);
                code.push('\n');
            }
            out.push(html! { pre { code { (code) } } });
        } else if let Some(heading) = trimmed.strip_prefix("### ") {
            out.push(html! { h2 { (inline(heading)) } });
        } else if trimmed.starts_with("• ") {
            let mut items = vec![trimmed.trim_start_matches("• ").to_string()];
            while let Some(next) = lines.peek().map(|l| l.trim()).filter(|l| l.starts_with("• ")) {
                items.push(next.trim_start_matches("• ").to_string());
                lines.next();
            }
            out.push(html! { ul { @for item in &items { li { (inline(item)) } } } });
        } else if numbered(trimmed).is_some() {
            let mut items = vec![numbered(trimmed).unwrap_or_default().to_string()];
            while let Some(next) = lines.peek().and_then(|l| numbered(l.trim())) {
                items.push(next.to_string());
                lines.next();
            }
            out.push(html! { ol { @for item in &items { li { (inline(item)) } } } });
        } else {
            out.push(html! { p { (inline(trimmed)) } });
        }
    }
    html! { @for block in &out { (block) } }
}

/// `1. text` → `text`.
fn numbered(line: &str) -> Option<&str> {
    let (number, rest) = line.split_once(". ")?;
    (!number.is_empty() && number.len() <= 2 && number.bytes().all(|b| b.is_ascii_digit())).then_some(rest)
}

/// Inline Markdown: `**bold**`, `*italic*` and `` `code` ``; a marker
/// without its closing twin is text.
pub fn inline(text: &str) -> Markup {
    let mut parts = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let next = ["**", "*", "`"]
            .iter()
            .filter_map(|marker| {
                let at = rest.find(marker)?;
                let after = &rest[at + marker.len()..];
                let close = after.find(marker)?;
                (close > 0).then_some((at, *marker, close))
            })
            .min_by_key(|&(at, marker, _)| (at, std::cmp::Reverse(marker.len())));
        let Some((at, marker, close)) = next else {
            parts.push(html! { (rest) });
            break;
        };
        let inner = &rest[at + marker.len()..at + marker.len() + close];
        parts.push(html! { (&rest[..at]) });
        parts.push(match marker {
            "**" => html! { strong { (inner) } },
            "*" => html! { em { (inner) } },
            _ => html! { code { (inner) } },
        });
        rest = &rest[at + 2 * marker.len() + close..];
    }
    html! { @for part in &parts { (part) } }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_marks_become_elements_and_text_is_escaped() {
        assert_eq!(
            inline("**A wins, 40 to 30** — <b>x</b> *(ruling)* `A3`").into_string(),
            "<strong>A wins, 40 to 30</strong> — &lt;b&gt;x&lt;/b&gt; <em>(ruling)</em> <code>A3</code>"
        );
        assert_eq!(inline("a * b").into_string(), "a * b");
        assert_eq!(inline("**").into_string(), "**");
    }

    #[test]
    fn blocks_become_headings_lists_and_paragraphs() {
        let html = blocks("### Title\n• one\n• two\n1. **first**\n2. second\n```\n A1 <\n```\nText.").into_string();
        assert_eq!(
            html,
            "<h2>Title</h2><ul><li>one</li><li>two</li></ul><ol><li><strong>first</strong></li>\
             <li>second</li></ol><pre><code> A1 &lt;\n</code></pre><p>Text.</p>"
        );
    }
}
