//! The shape of the crate, checked from its sources: the files of `src/`
//! and of the core's `crates/akon-core/src/` use each other without a
//! circle, and the layers depend downwards only (docs/ARCHITECTURE.md; the
//! compiler also keeps the core from using this crate). A file depends on
//! another when it names a path into it: in a `use` or inline, through
//! `crate::`, `super::`, `self::` or one of its own submodules. A module's
//! own file (`mod.rs`, `lib.rs`) may use its submodules, which are its
//! parts; every other use is a dependency.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module's path from the crate root (`["discord", "posting"]`).
type ModulePath = Vec<String>;

/// What a layer must not use: other modules of the crate, and crates.
struct LayerRule {
    layer: &'static str,
    /// `None`: anything of the crate but what `forbidden` names.
    only: Option<&'static [&'static str]>,
    forbidden: &'static [&'static str],
    forbidden_crates: &'static [&'static str],
}

const ABOVE_STORE: &[&str] = &["service", "discord", "web", "cli"];

const LAYER_RULES: &[LayerRule] = &[
    LayerRule {
        layer: "engine",
        only: Some(&["engine", "random"]),
        forbidden: &[],
        forbidden_crates: &["serenity", "sqlx", "rusqlite"],
    },
    LayerRule {
        layer: "ai",
        only: Some(&["ai", "engine", "random"]),
        forbidden: &[],
        forbidden_crates: &["serenity", "sqlx", "rusqlite"],
    },
    LayerRule {
        layer: "store",
        only: None,
        forbidden: ABOVE_STORE,
        forbidden_crates: &["serenity"],
    },
    LayerRule {
        layer: "service",
        only: None,
        forbidden: &["discord", "web", "cli"],
        // Positions, solutions and reviews are JSON in their columns only:
        // the store writes and reads them back at its edge.
        forbidden_crates: &["serenity", "serde_json", "sqlx", "rusqlite"],
    },
];

/// What the service must not call: the JSON forms of a position are the
/// store's to write and read back (`store/positions.rs`).
const NOT_IN_SERVICE: &[&str] = &["from_json", "to_json"];

/// One source file: its module and what it names.
struct SourceFile {
    path: PathBuf,
    module: ModulePath,
    /// Every path it names, resolved to absolute module paths (with the
    /// item's segments still on; they are cut at the deepest module).
    uses: Vec<ModulePath>,
    /// The crates other than this one it names (`serenity`, `sqlx`…).
    crates: BTreeSet<String>,
}

fn module_of(relative: &Path) -> ModulePath {
    let mut segments: Vec<String> = relative
        .iter()
        .map(|part| part.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if matches!(segments.last().map(String::as_str), Some("mod" | "lib")) {
        segments.pop();
    }
    segments
}

fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|error| panic!("cannot list {}: {error}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            found.push(path);
        }
    }
}

/// The source with comments, strings and character literals blanked out,
/// so that only code is left to read paths from.
fn code_only(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut code = String::with_capacity(source.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            code.push(' ');
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && !ident_char_before(&chars, i) {
            // A raw string: r"…", r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                code.push(c);
                i += 1;
                continue;
            }
            j += 1;
            while j < chars.len() {
                if chars[j] == '"' && (0..hashes).all(|h| chars.get(j + 1 + h) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            code.push_str("\"\"");
            i = j;
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            code.push_str("\"\"");
        } else if c == '\'' && (next == Some('\\') || chars.get(i + 2) == Some(&'\'')) {
            // A character literal, not a lifetime.
            i += 1;
            while i < chars.len() && chars[i] != '\'' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            code.push_str("' '");
        } else {
            code.push(c);
            i += 1;
        }
    }
    code
}

fn ident_char_before(chars: &[char], i: usize) -> bool {
    i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Ident(String),
    PathSeparator,
    Open,
    Close,
    Comma,
    Semicolon,
    Star,
    Other,
}

fn tokens(code: &str) -> Vec<Token> {
    let chars: Vec<char> = code.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            tokens.push(Token::Ident(chars[start..i].iter().collect()));
            continue;
        }
        if c == ':' && chars.get(i + 1) == Some(&':') {
            tokens.push(Token::PathSeparator);
            i += 2;
            continue;
        }
        match c {
            '{' => tokens.push(Token::Open),
            '}' => tokens.push(Token::Close),
            ',' => tokens.push(Token::Comma),
            ';' => tokens.push(Token::Semicolon),
            '*' => tokens.push(Token::Star),
            c if c.is_whitespace() => {}
            // A raw identifier's `r#` or a lifetime's quote is not a path.
            _ => tokens.push(Token::Other),
        }
        i += 1;
    }
    tokens
}

/// Reads a `use` tree from `tokens[*at..]`, each full path appended to
/// `paths` with `prefix` before it; stops after the tree.
fn use_tree(tokens: &[Token], at: &mut usize, prefix: &[String], paths: &mut Vec<Vec<String>>) {
    let mut path = prefix.to_vec();
    if tokens.get(*at) == Some(&Token::PathSeparator) {
        *at += 1;
    }
    loop {
        match tokens.get(*at) {
            Some(Token::Ident(segment)) => {
                path.push(segment.clone());
                *at += 1;
            }
            Some(Token::Open) => {
                *at += 1;
                while !matches!(tokens.get(*at), Some(Token::Close) | None) {
                    use_tree(tokens, at, &path, paths);
                    if tokens.get(*at) == Some(&Token::Comma) {
                        *at += 1;
                    }
                }
                *at += 1;
                return;
            }
            Some(Token::Star) => {
                *at += 1;
                paths.push(path);
                return;
            }
            _ => {
                paths.push(path);
                return;
            }
        }
        match tokens.get(*at) {
            Some(Token::PathSeparator) => *at += 1,
            Some(Token::Ident(word)) if word == "as" => {
                *at += 2;
                paths.push(path);
                return;
            }
            _ => {
                paths.push(path);
                return;
            }
        }
    }
}

/// The paths a file names (relative, as written) with the module each is
/// named in (the file's, or an inline `mod` inside it).
fn named_paths(tokens: &[Token], file_module: &ModulePath) -> Vec<(ModulePath, Vec<String>)> {
    let mut named = Vec::new();
    let mut module = file_module.clone();
    // The brace depth at which each inline module opened.
    let mut inline: Vec<usize> = Vec::new();
    let mut depth = 0;
    let mut at = 0;
    while at < tokens.len() {
        match &tokens[at] {
            Token::Open => depth += 1,
            Token::Close => {
                depth -= 1;
                if inline.last() == Some(&depth) {
                    inline.pop();
                    module.pop();
                }
            }
            Token::Ident(word) if word == "mod" => {
                if let (Some(Token::Ident(name)), Some(Token::Open)) = (tokens.get(at + 1), tokens.get(at + 2)) {
                    module.push(name.clone());
                    inline.push(depth);
                    depth += 1;
                    at += 3;
                    continue;
                }
            }
            Token::Ident(word) if word == "use" => {
                at += 1;
                let mut paths = Vec::new();
                use_tree(tokens, &mut at, &[], &mut paths);
                named.extend(paths.into_iter().map(|path| (module.clone(), path)));
                continue;
            }
            Token::Ident(first) if tokens.get(at + 1) == Some(&Token::PathSeparator) => {
                let after_separator = at > 0 && tokens[at - 1] == Token::PathSeparator;
                if !after_separator {
                    let mut path = vec![first.clone()];
                    let mut next = at + 1;
                    while tokens.get(next) == Some(&Token::PathSeparator) {
                        match tokens.get(next + 1) {
                            Some(Token::Ident(segment)) => path.push(segment.clone()),
                            _ => break,
                        }
                        next += 2;
                    }
                    named.push((module.clone(), path));
                    at = next;
                    continue;
                }
            }
            _ => {}
        }
        at += 1;
    }
    named
}

/// Where `path`, named in `module`, points: an absolute path of this
/// crate, or the name of another crate. `None` for what is neither a
/// module of the crate nor a crate (`Self::`, a type's associated item…).
enum Target {
    Crate(ModulePath),
    Extern(String),
}

fn resolve(module: &ModulePath, path: &[String], modules: &BTreeSet<ModulePath>) -> Option<Target> {
    let first = path.first()?;
    let (mut absolute, rest) = match first.as_str() {
        "crate" | "$crate" => (Vec::new(), &path[1..]),
        "self" => (module.clone(), &path[1..]),
        "super" => {
            let mut base = module.clone();
            let mut rest = path;
            while rest.first().map(String::as_str) == Some("super") {
                base.pop();
                rest = &rest[1..];
            }
            (base, rest)
        }
        "Self" | "std" | "core" | "alloc" => return None,
        name => {
            let mut child = module.clone();
            child.push(name.to_string());
            if modules.contains(&child) {
                (module.clone(), path)
            } else if name.chars().next().is_some_and(char::is_lowercase) {
                return Some(Target::Extern(name.to_string()));
            } else {
                return None;
            }
        }
    };
    absolute.extend(rest.iter().cloned());
    Some(Target::Crate(absolute))
}

/// The deepest module of the crate that `path` goes through.
fn deepest_module(path: &ModulePath, modules: &BTreeSet<ModulePath>) -> ModulePath {
    (0..=path.len())
        .rev()
        .map(|length| path[..length].to_vec())
        .find(|prefix| modules.contains(prefix))
        .unwrap_or_default()
}

/// The sources of this crate, then those of the core crate, whose modules
/// this one re-exports at the same paths (`crate::engine`): read together,
/// they are one tree of modules.
fn both_crates_sources() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    vec![root.join("src"), root.join("crates/akon-core/src")]
}

/// The source files under each of `sources` and the modules they are; the
/// crate root is the first one's `lib.rs`.
fn read_crate(sources: &[PathBuf]) -> (Vec<SourceFile>, BTreeSet<ModulePath>) {
    let mut paths = Vec::new();
    for (n, src) in sources.iter().enumerate() {
        let mut found = Vec::new();
        rust_files(src, &mut found);
        // `main.rs` is the binary's crate, which uses this one from outside;
        // another crate's `lib.rs` only declares the modules re-exported.
        found.retain(|path| path != &src.join("main.rs") && (n == 0 || path != &src.join("lib.rs")));
        paths.extend(found.into_iter().map(|path| (src, path)));
    }
    let modules: BTreeSet<ModulePath> = paths
        .iter()
        .map(|(src, path)| module_of(path.strip_prefix(src).expect("under src")))
        .collect();
    let files = paths
        .into_iter()
        .map(|(src, path)| {
            let module = module_of(path.strip_prefix(src).expect("under src"));
            let source = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
            let mut uses = Vec::new();
            let mut crates = BTreeSet::new();
            for (named_in, named) in named_paths(&tokens(&code_only(&source)), &module) {
                match resolve(&named_in, &named, &modules) {
                    Some(Target::Crate(absolute)) => uses.push(absolute),
                    Some(Target::Extern(name)) => {
                        crates.insert(name);
                    }
                    None => {}
                }
            }
            SourceFile {
                path: path.strip_prefix(src).expect("under src").to_path_buf(),
                module,
                uses,
                crates,
            }
        })
        .collect();
    (files, modules)
}

/// Each file's module and the modules it depends on.
fn dependencies(files: &[SourceFile], modules: &BTreeSet<ModulePath>) -> BTreeMap<ModulePath, BTreeSet<ModulePath>> {
    files
        .iter()
        .map(|file| {
            let depends_on = file
                .uses
                .iter()
                .map(|path| deepest_module(path, modules))
                // Its own parts, or itself.
                .filter(|target| !target.starts_with(&file.module))
                .collect();
            (file.module.clone(), depends_on)
        })
        .collect()
}

/// Every circle found by a depth-first walk: for each edge back to a
/// module still on the walk, the modules from there round to it.
fn circles(graph: &BTreeMap<ModulePath, BTreeSet<ModulePath>>) -> Vec<Vec<ModulePath>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        OnTheWalk,
        Done,
    }
    fn walk(
        module: &ModulePath,
        graph: &BTreeMap<ModulePath, BTreeSet<ModulePath>>,
        marks: &mut BTreeMap<ModulePath, Mark>,
        walk_so_far: &mut Vec<ModulePath>,
        found: &mut Vec<Vec<ModulePath>>,
    ) {
        marks.insert(module.clone(), Mark::OnTheWalk);
        walk_so_far.push(module.clone());
        for next in graph.get(module).into_iter().flatten() {
            match marks.get(next) {
                Some(Mark::OnTheWalk) => {
                    let start = walk_so_far.iter().position(|m| m == next).expect("on the walk");
                    let mut circle = walk_so_far[start..].to_vec();
                    circle.push(next.clone());
                    found.push(circle);
                }
                Some(Mark::Done) => {}
                None => walk(next, graph, marks, walk_so_far, found),
            }
        }
        walk_so_far.pop();
        marks.insert(module.clone(), Mark::Done);
    }
    let mut marks = BTreeMap::new();
    let mut found = Vec::new();
    for module in graph.keys() {
        if !marks.contains_key(module) {
            walk(module, graph, &mut marks, &mut Vec::new(), &mut found);
        }
    }
    found
}

fn shown(module: &ModulePath) -> String {
    if module.is_empty() {
        "crate".to_string()
    } else {
        module.join("::")
    }
}

/// The circles among the files under `sources`, each as `a → b → a`.
fn circles_in(sources: &[PathBuf]) -> Vec<String> {
    let (files, modules) = read_crate(sources);
    circles(&dependencies(&files, &modules))
        .iter()
        .map(|circle| circle.iter().map(shown).collect::<Vec<_>>().join(" → "))
        .collect()
}

/// The uses against [`LAYER_RULES`] in the files under `sources`.
fn layers_broken_in(sources: &[PathBuf]) -> Vec<String> {
    let (files, modules) = read_crate(sources);
    let mut broken = Vec::new();
    for file in &files {
        let Some(rule) = LAYER_RULES
            .iter()
            .find(|rule| file.module.first().map(String::as_str) == Some(rule.layer))
        else {
            continue;
        };
        for path in &file.uses {
            let target = deepest_module(path, &modules);
            let Some(layer) = target.first() else { continue };
            let allowed = match rule.only {
                Some(only) => only.contains(&layer.as_str()),
                None => !rule.forbidden.contains(&layer.as_str()),
            };
            if !allowed {
                broken.push(format!("{} uses crate::{}", file.path.display(), path.join("::")));
            }
        }
        for name in &file.crates {
            if rule.forbidden_crates.contains(&name.as_str()) {
                broken.push(format!("{} uses the crate {name}", file.path.display()));
            }
        }
    }
    broken
}

/// Each name of [`NOT_IN_SERVICE`] in the code (not the comments or
/// strings) of the files of `src/service` under `src`.
fn json_forms_in_service(src: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(&src.join("service"), &mut files);
    let mut found = Vec::new();
    for path in files {
        let source = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
        for token in tokens(&code_only(&source)) {
            if let Token::Ident(name) = token {
                if NOT_IN_SERVICE.contains(&name.as_str()) {
                    let relative = path.strip_prefix(src).expect("under src");
                    found.push(format!("{} calls {name}", relative.display()));
                }
            }
        }
    }
    found
}

#[test]
fn the_files_of_src_use_each_other_without_a_circle() {
    let (files, modules) = read_crate(&both_crates_sources());
    let graph = dependencies(&files, &modules);
    assert!(
        graph
            .get(&vec!["discord".to_string(), "delivery".to_string()])
            .is_some_and(|uses| !uses.is_empty()),
        "the sources were not read: {graph:?}"
    );
    assert!(
        graph
            .get(&vec!["ai".to_string(), "search".to_string()])
            .is_some_and(|uses| uses.contains(&vec!["engine".to_string()])),
        "the core's sources were not read: {graph:?}"
    );
    let found = circles_in(&both_crates_sources());
    assert!(
        found.is_empty(),
        "modules that use each other in a circle:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_layers_depend_downwards_only() {
    let broken = layers_broken_in(&both_crates_sources());
    assert!(broken.is_empty(), "uses against the layers:\n{}", broken.join("\n"));
}

#[test]
fn the_service_handles_no_json_form_of_a_position() {
    let found = json_forms_in_service(&both_crates_sources()[0]);
    assert!(
        found.is_empty(),
        "JSON forms handled in the service:\n{}",
        found.join("\n")
    );
}

#[test]
fn json_forms_in_the_service_are_caught_and_words_in_comments_are_not() {
    let src = tempfile::tempdir().expect("a temporary directory");
    std::fs::create_dir_all(src.path().join("service")).expect("a directory");
    std::fs::write(
        src.path().join("service/play.rs"),
        "// Position::from_json is the store's.\nfn f(p: &Position) -> String { let s = \"to_json\"; p.to_json() }\n",
    )
    .expect("written");
    std::fs::write(src.path().join("service/mod.rs"), "mod play;\n").expect("written");
    assert_eq!(json_forms_in_service(src.path()), vec!["service/play.rs calls to_json"]);
}

#[test]
fn a_crate_with_a_circle_and_layers_used_upwards_is_caught() {
    let src = tempfile::tempdir().expect("a temporary directory");
    let write = |path: &str, text: &str| {
        let path = src.path().join(path);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("a directory");
        std::fs::write(path, text).expect("written");
    };
    write("lib.rs", "pub mod engine;\npub mod service;\npub mod discord;\n");
    write("engine/mod.rs", "pub mod seat;\nuse crate::service::Player;\n");
    write("engine/seat.rs", "pub struct Seat;\n");
    write(
        "service/mod.rs",
        "use serenity::all::Message;\nuse crate::engine::seat::Seat;\nfn f() { serde_json::to_string(&1); }\n",
    );
    write("discord/mod.rs", "mod a;\nmod b;\nmod c;\nuse a::A;\n");
    write("discord/a.rs", "use super::b::B;\npub struct A;\n");
    write("discord/b.rs", "pub struct B(super::c::C);\n");
    write(
        "discord/c.rs",
        "// use super::a::A;\npub struct C(crate::discord::a::A);\n",
    );
    let sources = [src.path().to_path_buf()];
    assert_eq!(
        circles_in(&sources),
        vec!["discord::a → discord::b → discord::c → discord::a"]
    );
    assert_eq!(
        layers_broken_in(&sources),
        vec![
            "engine/mod.rs uses crate::service::Player",
            "service/mod.rs uses the crate serde_json",
            "service/mod.rs uses the crate serenity"
        ]
    );
}

#[test]
fn a_circle_is_found_and_a_module_using_its_own_parts_is_none() {
    let module = |path: &str| path.split("::").map(str::to_string).collect::<ModulePath>();
    let graph: BTreeMap<ModulePath, BTreeSet<ModulePath>> = [
        ("a", vec!["a::b"]),
        ("a::b", vec!["a::c"]),
        ("a::c", vec!["a::d"]),
        ("a::d", vec!["a::b"]),
    ]
    .into_iter()
    .map(|(from, to)| (module(from), to.into_iter().map(module).collect()))
    .collect();
    assert_eq!(
        circles(&graph),
        vec![vec![module("a::b"), module("a::c"), module("a::d"), module("a::b")]]
    );

    let source = "mod tests { use super::*; }\nuse super::{x::{self, Y}, z as w};\nfn f() { crate::q::r(); let c = '{'; \"}\"; }";
    let named = named_paths(&tokens(&code_only(source)), &module("a::b"));
    let as_text: Vec<(String, String)> = named
        .iter()
        .map(|(in_module, path)| (shown(in_module), path.join("::")))
        .collect();
    let expected = [
        ("a::b::tests", "super"),
        ("a::b", "super::x::self"),
        ("a::b", "super::x::Y"),
        ("a::b", "super::z"),
        ("a::b", "crate::q::r"),
    ];
    let expected: Vec<(String, String)> = expected.iter().map(|(m, p)| (m.to_string(), p.to_string())).collect();
    assert_eq!(as_text, expected);
}
