internal import CGtk
internal import GtkBasics

/// GtkSourceView's language definitions, found by fence name ("ts", "bash") or guessed from a file name and its
/// first bytes, and the style scheme that follows night mode.
@MainActor
package enum SourceLanguages {
    private static let aliases: [String: String] = [
        "bash": "sh", "shell": "sh", "zsh": "sh", "console": "sh", "shellsession": "sh", "sh": "sh",
        "js": "js", "javascript": "js", "jsx": "js", "ts": "typescript", "tsx": "typescript",
        "py": "python3", "python": "python3", "rb": "ruby", "rs": "rust", "golang": "go", "kt": "kotlin",
        "yml": "yaml", "c++": "cpp", "cs": "c-sharp", "csharp": "c-sharp", "objective-c": "objc", "md": "markdown",
        "docker": "dockerfile", "html": "html", "xml": "xml", "vue": "html", "text": "", "plaintext": "", "txt": "",
    ]

    package static var manager: OpaquePointer? { gtk_source_language_manager_get_default() }

    /// The language for a code fence's info word, or nil for plain text.
    package static func language(forFence name: String?) -> OpaquePointer? {
        guard let raw = name?.lowercased(), !raw.isEmpty, let manager else { return nil }
        let id = aliases[raw] ?? raw
        if id.isEmpty { return nil }
        if let language = gtk_source_language_manager_get_language(manager, id) { return language }
        // Many fence names are file extensions ("kt", "hpp", "toml"): let the manager's globs decide.
        return gtk_source_language_manager_guess_language(manager, "file.\(raw)", nil)
    }

    /// The language of a file from its name and, when the name says nothing, its content type guessed from the
    /// first bytes (`#!/usr/bin/env python`).
    static func guess(fileName: String, head: String?) -> OpaquePointer? {
        guard let manager else { return nil }
        var contentType: String?
        if let head {
            var uncertain: gboolean = 0
            let sample = String(head.prefix(1024))
            if let guessed = g_content_type_guess(fileName, sample, gsize(sample.utf8.count), &uncertain) {
                contentType = String(cString: guessed)
                g_free(guessed)
            }
        }
        return gtk_source_language_manager_guess_language(manager, fileName, contentType)
    }

    static func languageID(_ language: OpaquePointer?) -> String? {
        language.flatMap { gtk_source_language_get_id($0) }.map { String(cString: $0) }
    }

    /// "Adwaita" / "Adwaita-dark" (Debian's gtksourceview5 ships both), with classic/oblivion as a fallback.
    static func styleScheme(isNight: Bool) -> OpaquePointer? {
        guard let manager = gtk_source_style_scheme_manager_get_default() else { return nil }
        for id in isNight ? ["Adwaita-dark", "oblivion"] : ["Adwaita", "classic"] {
            if let scheme = gtk_source_style_scheme_manager_get_scheme(manager, id) { return scheme }
        }
        return nil
    }
}
