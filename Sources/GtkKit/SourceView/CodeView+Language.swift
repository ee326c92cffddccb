internal import CGtk
internal import GtkBasics
import MayunCore

/// The highlighting of a file whose name is still being typed (New File, issue 27): the language follows the name
/// (gtk_source_language_manager_guess_language, with the content type the name and the text so far suggest), without
/// touching the text or the cursor.
extension CodeView {
    /// Highlights as `fileName` says ("notes.md": Markdown; "build.rs": Rust); a name that says nothing (empty,
    /// "README") leaves plain text, unless the text itself does ("#!/bin/sh").
    package func highlight(asFileNamed fileName: String) {
        // The name's last segment: "src/main.rs" is typed to create a file in a new sub-folder.
        let name = fileName.split(separator: "/").last.map(String.init) ?? ""
        let language = SourceLanguages.guess(fileName: name, head: String(text.prefix(1024)))
        guard SourceLanguages.languageID(language) != languageID else { return }
        CompiledLanguages.set(language, on: buffer)
        gtk_source_buffer_set_highlight_syntax(buffer, language == nil ? 0 : 1)
    }
}
