import CSoup

/// The engine's few visible texts (the notes of a limited document, a `<details>` without its summary), translated
/// in the app's gettext domain ("mayun", MayunCore's `gettextDomain`) the same way MayunCore's public `tr` does; this
/// one is internal so that the two never meet in a file that imports both targets. `xgettext --keyword=tr` finds them.
func tr(_ message: String) -> String {
    // gettext hands back the msgid pointer itself when there is no translation (see MayunCore's `tr`).
    message.withCString { msgid in
        guard let translated = g_dgettext("mayun", msgid), translated != msgid else { return message }
        return String(cString: translated)
    }
}
