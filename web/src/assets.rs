//! The page's files, compiled into the binary so `oblique serve` needs nothing at run time
//! and loads nothing from elsewhere. Plain ES modules and SVG: no build step.

const FILES: &[(&str, &str, &str)] = &[
    (
        "index.html",
        "text/html; charset=utf-8",
        include_str!("../assets/index.html"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../assets/style.css"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/app.js"),
    ),
    (
        "plane.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/plane.js"),
    ),
    (
        "space.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/space.js"),
    ),
    (
        "pieces.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/pieces.js"),
    ),
];

/// An embedded file's contents and MIME type.
pub fn get(name: &str) -> Option<(&'static str, &'static str)> {
    FILES
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|&(_, mime, body)| (body, mime))
}
