internal import CGtk
internal import GtkBasics
import GLibRuntime
import MayunCore

/// Syntax colours for a diff's lines, as the website shows them: the language is GtkSourceView's guess from the file
/// name, the colours its Adwaita / Adwaita-dark scheme's (day or night). Built lazily per file, when a row of the file
/// is first drawn: the file's lines go into one hidden GtkSourceBuffer (line N = the patch line at position N,
/// `DiffViewModel.linesByPosition`), which is highlighted `chunkLines` lines further each time a row past the
/// highlighted part is drawn, so no frame highlights more than a chunk (a 3,000-line file is not done at once).
/// The spans read from the tags are kept per file and line; nothing is kept for files never drawn.
@MainActor
package final class DiffHighlighter {
    /// A coloured run of a line's text: UTF-8 byte offsets in `DiffLine.text`.
    package struct Span: Equatable {
        var start: Int
        var end: Int
        var red: UInt16, green: UInt16, blue: UInt16
        var bold: Bool
        var italic: Bool
    }

    static let chunkLines = 200

    @MainActor
    private final class FileColours {
        let path: String
        let lineCount: Int
        /// Released once every line is highlighted (the spans are all that is needed then).
        var buffer: UnsafeMutablePointer<GtkSourceBuffer>?
        var highlightedLines = 0
        var spans: [Int: [Span]] = [:]
        /// What this buffer's tags look like (a freed buffer's tag addresses may be reused by another's).
        var looks: [UnsafeMutableRawPointer: Span?] = [:]

        init(path: String, lineCount: Int, buffer: UnsafeMutablePointer<GtkSourceBuffer>?) {
            self.path = path
            self.lineCount = lineCount
            self.buffer = buffer
        }

        isolated deinit { if let buffer { g_object_unref(UnsafeMutableRawPointer(buffer)) } }
    }

    private(set) var isNight: Bool
    /// Told when colours put off until GtkSourceView was ready can be drawn (the view draws its rows again).
    var onReady: (@MainActor () -> Void)?
    private var files: [Int: FileColours] = [:]
    /// Languages waiting to be compiled (`SourceLanguageWarmUp.compile`: the first highlight of a language compiles
    /// its definitions, 17-190 ms measured for sh, python3, json, js, too long for a frame), one per main-loop turn.
    private var waiting: [String: OpaquePointer] = [:]
    private var readiness: MainLoopSource?
    /// One buffer for every file short enough to be read at once (most of a pull request's): its tags stay, so
    /// their looks are read once, and no buffer is made per file. Its tags' looks, cleared with the scheme.
    private var scratch: UnsafeMutablePointer<GtkSourceBuffer>?
    private var scratchLanguage: OpaquePointer?
    private var scratchScheme: OpaquePointer?
    private var looks: [UnsafeMutableRawPointer: Span?] = [:]
    private var languages: [String: OpaquePointer?] = [:]

    package init(isNight: Bool) { self.isNight = isNight }

    /// Day or night: every file's colours are read again, from the other scheme, as rows are drawn.
    func setNight(_ night: Bool) {
        guard night != isNight else { return }
        isNight = night
        files = [:]
        looks = [:]
    }

    /// Forgets every file (a new set of files).
    package func reset() {
        files = [:]
        looks = [:]
    }

    /// The spans of the line at `position` of file `file`, highlighting more of the file first when needed.
    func spans(file: Int, position: Int, in model: DiffViewModel) -> [Span] {
        // Until GtkSourceView has read its language files and this file's language is compiled (both in idle turns,
        // after the first screen), lines are drawn plain; `onReady` draws them again.
        guard SourceLanguageWarmUp.isDone else {
            waitUntilReady()
            return []
        }
        guard position > 0, let colours = colours(of: file, in: model) else { return [] }
        if position >= colours.highlightedLines, position < colours.lineCount, let buffer = colours.buffer {
            let started = g_get_monotonic_time()
            let end = min(colours.lineCount, position + Self.chunkLines)
            read(buffer, from: colours.highlightedLines, through: end, into: colours, looks: &colours.looks)
            colours.highlightedLines = end
            if end >= colours.lineCount {
                g_object_unref(UnsafeMutableRawPointer(buffer))
                colours.buffer = nil
            }
            DiffHighlightTimes.add(g_get_monotonic_time() - started)
        }
        return colours.spans[position] ?? []
    }

    private func colours(of file: Int, in model: DiffViewModel) -> FileColours? {
        guard let path = model.path(ofFile: file) else { return nil }
        if let known = files[file], known.path == path { return known }
        let language = language(for: path)
        if let language, let id = SourceLanguages.languageID(language),
           !CompiledLanguages.isHeld(id) {
            waiting[id] = language
            waitUntilReady()
            return nil
        }
        guard let lines = model.linesByPosition(ofFile: file) else { return nil }
        let started = g_get_monotonic_time()
        defer { DiffHighlightTimes.add(g_get_monotonic_time() - started) }
        let made: FileColours
        if let language, lines.count <= Self.chunkLines {
            made = FileColours(path: path, lineCount: lines.count, buffer: nil)
            if let scratch = prepareScratch(language: language) {
                fill(scratch, with: lines)
                read(scratch, from: 0, through: lines.count, into: made, looks: &looks)
            }
            made.highlightedLines = lines.count
        } else {
            made = FileColours(path: path, lineCount: lines.count, buffer: makeBuffer(language: language, lines: lines))
        }
        files[file] = made
        return made
    }

    private func language(for path: String) -> OpaquePointer? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        // One guess per extension (the manager's globs are matched on every call).
        let key = name.lastIndex(of: ".").map { String(name[$0...]) } ?? name
        if let known = languages[key] { return known }
        let guessed = SourceLanguages.guess(fileName: name, head: nil)
        languages[key] = guessed
        return guessed
    }

    /// Warms GtkSourceView up (once per process) and compiles the waiting languages, one step per turn at low
    /// priority, then tells `onReady`.
    private func waitUntilReady() {
        guard readiness == nil else { return }
        readiness = MainLoopSource(milliseconds: 16, priority: G_PRIORITY_LOW) { [weak self] in
            guard let self else { return false }
            guard SourceLanguageWarmUp.isDone else { return true }
            if let (id, language) = waiting.first {
                waiting[id] = nil
                SourceLanguageWarmUp.compile(language)
                return true
            }
            readiness = nil
            onReady?()
            return false
        }
    }

    private func makeBuffer(language: OpaquePointer?, lines: [String]) -> UnsafeMutablePointer<GtkSourceBuffer>? {
        guard let language, let buffer = gtk_source_buffer_new(nil) else { return nil }
        gtk_source_buffer_set_highlight_matching_brackets(buffer, 0)
        CompiledLanguages.set(language, on: buffer)
        gtk_source_buffer_set_style_scheme(buffer, SourceLanguages.styleScheme(isNight: isNight))
        gtk_source_buffer_set_highlight_syntax(buffer, 1)
        fill(buffer, with: lines)
        return buffer
    }

    private func fill(_ buffer: UnsafeMutablePointer<GtkSourceBuffer>, with lines: [String]) {
        let text = lines.joined(separator: "\n")
        let textBuffer = UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: GtkTextBuffer.self)
        gtk_text_buffer_set_text(textBuffer, text, Int32(clamping: text.utf8.count))
    }

    /// The shared buffer, in `language` and the current scheme.
    private func prepareScratch(language: OpaquePointer) -> UnsafeMutablePointer<GtkSourceBuffer>? {
        if scratch == nil {
            scratch = gtk_source_buffer_new(nil)
            if let scratch {
                gtk_source_buffer_set_highlight_matching_brackets(scratch, 0)
                gtk_source_buffer_set_highlight_syntax(scratch, 1)
            }
        }
        guard let scratch else { return nil }
        if language != scratchLanguage {
            CompiledLanguages.set(language, on: scratch)
            scratchLanguage = language
        }
        let scheme = SourceLanguages.styleScheme(isNight: isNight)
        if scheme != scratchScheme {
            gtk_source_buffer_set_style_scheme(scratch, scheme)
            scratchScheme = scheme
            looks = [:]
        }
        return scratch
    }

    isolated deinit {
        if let scratch { g_object_unref(UnsafeMutableRawPointer(scratch)) }
    }

    /// Highlights lines `from..<end` of `buffer` and records their spans in `colours`.
    private func read(_ buffer: UnsafeMutablePointer<GtkSourceBuffer>, from first: Int, through end: Int,
                      into colours: FileColours, looks: inout [UnsafeMutableRawPointer: Span?]) {
        let textBuffer = UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: GtkTextBuffer.self)
        var start = GtkTextIter(), stop = GtkTextIter()
        gtk_text_buffer_get_iter_at_line(textBuffer, &start, Int32(clamping: first))
        if end >= colours.lineCount {
            gtk_text_buffer_get_end_iter(textBuffer, &stop)
        } else {
            gtk_text_buffer_get_iter_at_line(textBuffer, &stop, Int32(clamping: end))
        }
        gtk_source_buffer_ensure_highlight(buffer, &start, &stop)
        var iter = start
        while gtk_text_iter_compare(&iter, &stop) < 0 {
            var next = iter
            gtk_text_iter_forward_to_tag_toggle(&next, nil)
            if gtk_text_iter_compare(&next, &stop) > 0 { next = stop }
            if let look = look(at: &iter, looks: &looks) {
                record(look, from: iter, to: next, in: colours, textBuffer: textBuffer)
            }
            if gtk_text_iter_equal(&next, &iter) != 0 { break }
            iter = next
        }
    }

    /// Adds `look` over [from, to) to each line it covers (a comment or string may span lines).
    private func record(_ look: Span, from: GtkTextIter, to: GtkTextIter, in colours: FileColours,
                        textBuffer: UnsafeMutablePointer<GtkTextBuffer>) {
        var from = from, to = to
        var line = Int(gtk_text_iter_get_line(&from))
        let lastLine = Int(gtk_text_iter_get_line(&to))
        while line <= lastLine {
            let start = line == Int(gtk_text_iter_get_line(&from)) ? Int(gtk_text_iter_get_line_index(&from)) : 0
            let end: Int
            if line == lastLine {
                end = Int(gtk_text_iter_get_line_index(&to))
            } else {
                var lineEnd = GtkTextIter()
                gtk_text_buffer_get_iter_at_line(textBuffer, &lineEnd, Int32(clamping: line))
                if gtk_text_iter_ends_line(&lineEnd) == 0 { gtk_text_iter_forward_to_line_end(&lineEnd) }
                end = Int(gtk_text_iter_get_line_index(&lineEnd))
            }
            if end > start {
                var span = look
                span.start = start
                span.end = end
                colours.spans[line, default: []].append(span)
            }
            line += 1
        }
    }

    /// The look of the highlighting tags at `iter` (the last tag that sets a colour wins), nil when none colours.
    private func look(at iter: inout GtkTextIter, looks: inout [UnsafeMutableRawPointer: Span?]) -> Span? {
        guard let tags = gtk_text_iter_get_tags(&iter) else { return nil }
        defer { g_slist_free(tags) }
        var found: Span?
        var link: UnsafeMutablePointer<GSList>? = tags
        while let node = link {
            if let tag = node.pointee.data, let look = look(of: tag, looks: &looks) { found = look }
            link = node.pointee.next
        }
        return found
    }

    private func look(of tag: UnsafeMutableRawPointer, looks: inout [UnsafeMutableRawPointer: Span?]) -> Span? {
        if let known = looks[tag] { return known }
        let object = tag.assumingMemoryBound(to: GObject.self)
        var look: Span?
        if GObjectProperties.bool(object, "foreground-set"), let rgba = GObjectProperties.rgba(object, "foreground-rgba") {
            func channel(_ value: Float) -> UInt16 { UInt16(clamping: Int((min(1, max(0, value)) * 65_535).rounded())) }
            look = Span(start: 0, end: 0, red: channel(rgba.red), green: channel(rgba.green), blue: channel(rgba.blue),
                        bold: GObjectProperties.bool(object, "weight-set")
                            && GObjectProperties.test(object, "weight", as: GTypes.int) { g_value_get_int($0) >= 600 },
                        italic: GObjectProperties.bool(object, "style-set")
                            && GObjectProperties.test(object, "style", as: pango_style_get_type()) {
                            g_value_get_enum($0) != 0 })
        }
        looks[tag] = .some(look)
        return look
    }
}

/// Time spent building and reading syntax colours on the main thread (the benchmark prints it).
@MainActor
package enum DiffHighlightTimes {
    package private(set) static var total = 0.0
    package private(set) static var longest = 0.0

    package static func add(_ microseconds: Int) {
        let seconds = Double(microseconds) / 1e6
        total += seconds
        longest = max(longest, seconds)
    }

    package static func reset() {
        total = 0
        longest = 0
    }
}

/// Puts a line's syntax colours on its label as Pango attributes (the label's text is the sign, a space, the line).
@MainActor
package enum DiffColouring {
    /// Bytes before the line's text in `DiffLine.signedText`: the sign ("−" is three) or a space, then a space.
    static func prefixBytes(_ line: DiffLine) -> Int { (line.marker.isEmpty ? 1 : line.marker.utf8.count) + 1 }

    static func apply(_ spans: [DiffHighlighter.Span], to label: Widget, after prefix: Int) {
        guard !spans.isEmpty, let list = pango_attr_list_new() else {
            gtk_label_set_attributes(opaque(label), nil)
            return
        }
        defer { pango_attr_list_unref(list) }
        for span in spans {
            let start = guint(clamping: prefix + span.start), end = guint(clamping: prefix + span.end)
            var attributes = [pango_attr_foreground_new(span.red, span.green, span.blue)]
            if span.bold { attributes.append(pango_attr_weight_new(PANGO_WEIGHT_BOLD)) }
            if span.italic { attributes.append(pango_attr_style_new(PANGO_STYLE_ITALIC)) }
            for case let attribute? in attributes {
                attribute.pointee.start_index = start
                attribute.pointee.end_index = end
                pango_attr_list_insert(list, attribute)
            }
        }
        gtk_label_set_attributes(opaque(label), list)
    }
}
