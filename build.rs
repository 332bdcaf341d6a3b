//! Build script of the `oblique` binary: records the commit the build was made from, so that
//! `oblique --version`, UCI `id name` and XBoard `myname` (and with them GUIs and PGN
//! files) say which build played. The commit comes from `OBLIQUE_COMMIT` when set (a build
//! from an unpacked source archive), else from `git rev-parse --short HEAD`; without git or
//! a `.git`, it is "unknown". Never fails the build.

use std::path::{Path, PathBuf};
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (!text.is_empty()).then_some(text)
}

/// Files whose change means another commit: HEAD, the branch it names and the packed refs.
/// Only files that exist are named (Cargo reruns a script on every build for a missing one).
fn watched() -> Vec<PathBuf> {
    let mut files = Vec::new();
    if let Some(dir) = git(&["rev-parse", "--git-dir"]) {
        files.push(Path::new(&dir).join("HEAD"));
    }
    if let Some(common) = git(&["rev-parse", "--git-common-dir"]) {
        if let Some(branch) = git(&["rev-parse", "--symbolic-full-name", "HEAD"]) {
            files.push(Path::new(&common).join(branch));
        }
        files.push(Path::new(&common).join("packed-refs"));
    }
    files.into_iter().filter(|f| f.is_file()).collect()
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=OBLIQUE_COMMIT");
    let commit = match std::env::var("OBLIQUE_COMMIT") {
        Ok(c) if !c.trim().is_empty() => c.trim().to_string(),
        _ => {
            for f in watched() {
                println!("cargo:rerun-if-changed={}", f.display());
            }
            git(&["rev-parse", "--short", "HEAD"]).unwrap_or_else(|| "unknown".to_string())
        }
    };
    println!("cargo:rustc-env=OBLIQUE_COMMIT={commit}");
}
