internal import CGtk
internal import GtkBasics
import GLibRuntime

/// Loads GtkSourceView's language definitions and style schemes before the first code block needs them.
///
/// The first code block highlighted in the process paid 40-60 ms on the main thread (the language manager reading
/// every .lang file, the scheme, compiling the language): in the middle of a README's first screen. A document pane
/// asks for this when it is created, which is before its document arrives (the network, then cmark-gfm and libxml2
/// on the whole text): once the pane's first frame is painted, an idle source at `G_PRIORITY_LOW` does one step a
/// turn (the style schemes, the language manager, then the shell language), below redraw, input and the document writer. Start-up
/// does not pay: nothing runs until a document pane is on screen, and only once per process.
@MainActor
package enum SourceLanguageWarmUp {
    /// The fence language most READMEs use (install commands). Only it: compiling a language costs per language
    /// (measured in the release build on the loaded machine: sh 37 ms, json 50 ms, js 190 ms, python3 17 ms), and
    /// each step holds the main loop for that long even at low priority; a README in another language pays for its
    /// own, as before.
    static let commonLanguages = ["sh"]
    /// Whether every step has run (tests, the benchmark).
    package private(set) static var isDone = false
    /// How long each step held the main loop, in seconds (the benchmark prints them).
    package private(set) static var stepDurations: [Double] = []
    private static var isScheduled = false
    private static var steps: MainLoopSource?

    /// Warms up after the next frame `widget` is painted in (nothing when done or already under way).
    static func afterNextFrame(of widget: Widget) {
        guard !isDone, !isScheduled else { return }
        isScheduled = true
        let tick: GtkTickCallback = { _, _, _ in
            MainActor.assumeIsolated { SourceLanguageWarmUp.start() }
            return 0  // G_SOURCE_REMOVE: once
        }
        gtk_widget_add_tick_callback(widget, tick, nil, nil)
        // A pane never shown must not hold the warm-up for every later one.
        let unmapped: @MainActor () -> Void = { if steps == nil, !isDone { isScheduled = false } }
        connect(raw(widget), "unmap", main: unmapped)
    }

    /// The tick comes before the frame's layout and paint; the idle below runs after them.
    private static func start() {
        guard steps == nil, !isDone else { return }
        var remaining = [warmSchemes, warmLanguageManager] + commonLanguages.map { id in { warm(languageID: id) } }
        steps = MainLoopSource(milliseconds: 0, priority: G_PRIORITY_LOW) {
            guard !remaining.isEmpty else { return false }
            let started = g_get_monotonic_time()
            remaining.removeFirst()()
            stepDurations.append(Double(g_get_monotonic_time() - started) / 1e6)
            guard remaining.isEmpty else { return true }
            isDone = true
            steps = nil
            return false
        }
    }

    private static func warmSchemes() {
        _ = SourceLanguages.styleScheme(isNight: false)
        _ = SourceLanguages.styleScheme(isNight: true)
    }

    /// The first lookup reads every language file's header.
    private static func warmLanguageManager() {
        _ = SourceLanguages.language(forFence: "sh")
    }

    /// Compiling a language keeps its definitions for the process (`CompiledLanguages`).
    private static func warm(languageID id: String) {
        guard let language = SourceLanguages.language(forFence: id) else { return }
        compile(language)
    }

    /// Compiles `language`'s definitions (held for the process by `CompiledLanguages`) and highlights one sample
    /// line in a throwaway buffer: 17-190 ms the first time per language, nothing after. Callers run it at idle, one
    /// language per main-loop turn.
    package static func compile(_ language: OpaquePointer) {
        guard let id = SourceLanguages.languageID(language), !CompiledLanguages.isHeld(id),
              let buffer = gtk_source_buffer_new(nil) else { return }
        CompiledLanguages.set(language, on: buffer)
        gtk_source_buffer_set_style_scheme(buffer, SourceLanguages.styleScheme(isNight: false))
        let text = UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: GtkTextBuffer.self)
        let sample = "x = 1 # \"a\"\n"
        gtk_text_buffer_set_text(text, sample, Int32(sample.utf8.count))
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(text, &start, &end)
        gtk_source_buffer_ensure_highlight(buffer, &start, &end)
        g_object_unref(UnsafeMutableRawPointer(buffer))
    }
}
