internal import CGtk
internal import GtkBasics
import GLibRuntime

/// Syntax colours for code blocks drawn as text inside the document's one text view.
///
/// Why not a GtkSourceView per block: every embedded widget makes GTK re-lay out all of them, and a 1 MB README
/// with ~1,350 blocks took over a minute (docs/DOCUMENTS.md). Here GtkSourceView's own language definitions and
/// style scheme highlight the block in a scratch GtkSourceBuffer that is never shown, and the resulting tag ranges
/// are copied onto the document buffer as plain text tags ("mirror" tags, shared by every block with the same look).
@MainActor
package final class CodeHighlighter {
    private let scratch: UnsafeMutablePointer<GtkSourceBuffer>
    private let target: UnsafeMutablePointer<GtkTextBuffer>
    private let targetTable: OpaquePointer
    /// Mirror tags in the document buffer, by the look they copy (colour, weight, style...).
    private var mirrors: [String: UnsafeMutablePointer<GtkTextTag>] = [:]
    /// Source tag -> mirror, valid while the scratch buffer keeps its language and scheme.
    private var mirrorOfSourceTag: [UnsafeMutableRawPointer: UnsafeMutablePointer<GtkTextTag>] = [:]
    private var currentLanguage: OpaquePointer?
    private var currentScheme: OpaquePointer?

    /// The properties copied from a highlighting tag, each with the `-set` flag that says the tag sets it.
    private static let copied: [(value: String, isSet: String)] = [
        ("foreground-rgba", "foreground-set"), ("background-rgba", "background-set"), ("weight", "weight-set"),
        ("style", "style-set"), ("underline", "underline-set"), ("strikethrough", "strikethrough-set"),
    ]

    init(target: UnsafeMutablePointer<GtkTextBuffer>) {
        self.target = target
        targetTable = gtk_text_buffer_get_tag_table(target)
        scratch = gtk_source_buffer_new(nil)
        gtk_source_buffer_set_highlight_syntax(scratch, 1)
        gtk_source_buffer_set_highlight_matching_brackets(scratch, 0)
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(scratch))
    }

    /// Colours `text`, already in the document buffer at `offset`, as `language` in the day or night scheme.
    package func highlight(_ text: String, language: OpaquePointer?, isNight: Bool, at offset: Int32) {
        guard let language, !text.isEmpty else { return }
        prepare(language: language, scheme: SourceLanguages.styleScheme(isNight: isNight))
        let scratchText = UnsafeMutableRawPointer(scratch).assumingMemoryBound(to: GtkTextBuffer.self)
        gtk_text_buffer_set_text(scratchText, text, Int32(text.utf8.count))
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(scratchText, &start, &end)
        gtk_source_buffer_ensure_highlight(scratch, &start, &end)

        var iter = start
        while gtk_text_iter_is_end(&iter) == 0 {
            var next = iter
            gtk_text_iter_forward_to_tag_toggle(&next, nil)
            if let tags = gtk_text_iter_get_tags(&iter) {
                var targetStart = GtkTextIter(), targetEnd = GtkTextIter()
                gtk_text_buffer_get_iter_at_offset(target, &targetStart, offset + gtk_text_iter_get_offset(&iter))
                gtk_text_buffer_get_iter_at_offset(target, &targetEnd, offset + gtk_text_iter_get_offset(&next))
                var link: UnsafeMutablePointer<GSList>? = tags
                while let node = link {
                    if let tag = node.pointee.data, let mirror = mirror(of: tag) {
                        gtk_text_buffer_apply_tag(target, mirror, &targetStart, &targetEnd)
                    }
                    link = node.pointee.next
                }
                g_slist_free(tags)
            }
            iter = next
        }
    }

    /// Takes every syntax colour off `[start, end)` of the document buffer (before re-highlighting in another scheme).
    package func clear(from start: Int32, to end: Int32) {
        var startIter = GtkTextIter(), endIter = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(target, &startIter, start)
        gtk_text_buffer_get_iter_at_offset(target, &endIter, end)
        for tag in mirrors.values { gtk_text_buffer_remove_tag(target, tag, &startIter, &endIter) }
    }

    private func prepare(language: OpaquePointer, scheme: OpaquePointer?) {
        if language != currentLanguage {
            CompiledLanguages.set(language, on: scratch)
            currentLanguage = language
            mirrorOfSourceTag = [:]
        }
        if scheme != currentScheme {
            gtk_source_buffer_set_style_scheme(scratch, scheme)
            currentScheme = scheme
            mirrorOfSourceTag = [:]
        }
    }

    private func mirror(of sourceTag: UnsafeMutableRawPointer) -> UnsafeMutablePointer<GtkTextTag>? {
        if let known = mirrorOfSourceTag[sourceTag] { return known }
        let object = sourceTag.assumingMemoryBound(to: GObject.self)
        var values: [(String, GValue)] = []
        var signature = ""
        for property in Self.copied where GObjectProperties.bool(object, property.isSet) {
            guard let spec = g_object_class_find_property(
                UnsafeMutableRawPointer(sourceTag.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class)?
                    .assumingMemoryBound(to: GObjectClass.self), property.value) else { continue }
            var value = GValue()
            g_value_init(&value, spec.pointee.value_type)
            g_object_get_property(object, property.value, &value)
            if let contents = g_strdup_value_contents(&value) {
                signature += property.value + "=" + String(cString: contents) + ";"
                g_free(contents)
            }
            values.append((property.value, value))
        }
        defer { for index in values.indices { g_value_unset(&values[index].1) } }
        guard !values.isEmpty else { return nil }
        let mirror: UnsafeMutablePointer<GtkTextTag>
        if let existing = mirrors[signature] {
            mirror = existing
        } else {
            guard let made = gtk_text_tag_new(nil) else { return nil }
            for index in values.indices {
                g_object_set_property(UnsafeMutableRawPointer(made).assumingMemoryBound(to: GObject.self),
                                      values[index].0, &values[index].1)
            }
            gtk_text_tag_table_add(targetTable, made)
            g_object_unref(UnsafeMutableRawPointer(made))  // the table keeps its own reference
            mirrors[signature] = made
            mirror = made
        }
        mirrorOfSourceTag[sourceTag] = mirror
        return mirror
    }
}
