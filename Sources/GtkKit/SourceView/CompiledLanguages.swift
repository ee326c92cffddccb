internal import CGtk
internal import GtkBasics

/// Keeps each language in use compiled for the whole process.
///
/// GtkSourceView 5.6 frees a language's compiled definitions with the last buffer that highlights in it, and parses
/// its .lang file again (RelaxNG validation included) for the next buffer: here "typescript" took 62 ms for every new
/// buffer, and 0.3-0.6 ms once one buffer was kept. Every document pane, diff and code view makes buffers of its own,
/// so a README paid for each of its fence languages on every open: `perf` over ten README opens found 90-210 ms of
/// each open's main-thread time in `gtk_source_buffer_set_language`, the longest stall 85-110 ms (issue 29).
///
/// One empty buffer per language holds the definitions. They are not small (50 READMEs in about 17 languages: RSS
/// 1.04x -> 1.14x of the first README's), so at most `limit` languages are held (a stranger's README may name any of
/// the ~150 installed); past that, the least recently set one is let go.
@MainActor
enum CompiledLanguages {
    static let limit = 16
    private static var keepers: [String: UnsafeMutablePointer<GtkSourceBuffer>] = [:]
    /// Language ids, least recently set first.
    private static var order: [String] = []

    /// Sets `language` (nil: none) on `buffer`, compiling it at most once while it is held.
    static func set(_ language: OpaquePointer?, on buffer: UnsafeMutablePointer<GtkSourceBuffer>) {
        if let language { keep(language) }
        gtk_source_buffer_set_language(buffer, language)
    }

    /// Compiles `language` now unless it is held, and holds it.
    static func keep(_ language: OpaquePointer) {
        guard let id = SourceLanguages.languageID(language) else { return }
        if keepers[id] != nil {
            order.removeAll { $0 == id }
            order.append(id)
            return
        }
        // A buffer made with its language highlights (`highlight-syntax` is on): its engine holds the definitions.
        guard let keeper = gtk_source_buffer_new_with_language(language) else { return }
        keepers[id] = keeper
        order.append(id)
        while order.count > limit {
            let dropped = order.removeFirst()
            if let buffer = keepers.removeValue(forKey: dropped) { g_object_unref(UnsafeMutableRawPointer(buffer)) }
        }
    }

    /// Whether `id`'s definitions are held (by `SourceLanguageWarmUp.compile` or any buffer set to it).
    static func isHeld(_ id: String) -> Bool { keepers[id] != nil }
}
