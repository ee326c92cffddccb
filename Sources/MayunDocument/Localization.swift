import GLibRuntime

/// The engine's few visible texts (the notes of a limited document, a `<details>` without its summary), translated
/// in the app's gettext domain ("mayun", MayunCore's `gettextDomain`) as MayunCore's public `tr` does; this one is
/// internal so that the two never meet in a file that imports both targets. `xgettext --keyword=tr` finds them.
func tr(_ message: String) -> String {
    Gettext.translate(message, domain: "mayun")
}
