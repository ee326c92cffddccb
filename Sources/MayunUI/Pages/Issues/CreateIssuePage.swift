import CGtk
import GLibRuntime
import MayunCore

/// The new-issue form: title, markdown body with preview, Submit; errors at their field; the draft survives.
@MainActor
final class CreateIssuePage: Page {
    private let viewModel: CreateIssueViewModel
    private let titleEntry: Widget
    private let titleError: Widget
    private let bodyView: Widget
    private let bodyError: Widget
    private let preview: DocumentView
    private let editorStack: Widget
    private let generalError: Widget
    private let submit: Widget
    private let previewToggle: Widget

    init(viewModel: CreateIssueViewModel, images: ImageLoader) {
        self.viewModel = viewModel
        titleEntry = widget(gtk_entry_new())
        setStringProperty(raw(titleEntry), "placeholder-text", viewModel.titlePlaceholder)
        Accessibility.setLabel(titleEntry, viewModel.titlePlaceholder)
        gtk_editable_set_text(OpaquePointer(titleEntry), viewModel.draft.title)
        titleError = Build.label("", classes: ["error"], wrap: true, xalign: 0)
        bodyView = widget(gtk_text_view_new())
        gtk_text_view_set_wrap_mode(typed(bodyView), GTK_WRAP_WORD_CHAR)
        gtk_text_view_set_monospace(typed(bodyView), 1)
        Accessibility.setLabel(bodyView, viewModel.bodyPlaceholder)
        gtk_text_buffer_set_text(gtk_text_view_get_buffer(typed(bodyView)), viewModel.draft.body, -1)
        bodyError = Build.label("", classes: ["error"], wrap: true, xalign: 0)
        preview = DocumentView(imageLoader: SharedImageLoaderAdapter(images),
                               palette: viewModel.nightMode?.palette ?? .light, isNight: viewModel.nightMode?.isNight ?? false)
        editorStack = widget(gtk_stack_new())
        generalError = Build.label("", classes: ["error"], wrap: true, xalign: 0)
        submit = widget(gtk_button_new_with_label(viewModel.submitTitle))
        Build.addClasses(submit, ["suggested-action"])
        previewToggle = widget(gtk_button_new_with_label(viewModel.previewToggleTitle))
        let column = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 10, classes: ["create-issue"])
        Build.margins(column, 24)
        super.init(root: column)

        let editorScroller = widget(gtk_scrolled_window_new())
        gtk_scrolled_window_set_child(opaque(editorScroller), bodyView)
        gtk_stack_add_named(opaque(editorStack), editorScroller, "write")
        gtk_stack_add_named(opaque(editorStack), preview.root, "preview")
        if let nightMode = viewModel.nightMode { preview.follow(nightMode, in: bindings) }
        gtk_widget_set_vexpand(editorStack, 1)
        Build.addClasses(editorStack, ["card", "issue-editor"])
        let buttons = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        let spacer = Build.box(GTK_ORIENTATION_HORIZONTAL)
        gtk_widget_set_hexpand(spacer, 1)
        Build.append(buttons, previewToggle, spacer, submit)
        Build.append(column, Build.label(viewModel.titlePlaceholder, classes: ["heading"], xalign: 0), titleEntry,
                     titleError, Build.label(viewModel.bodyPlaceholder, classes: ["heading"], xalign: 0), editorStack,
                     bodyError, generalError, buttons)

        connect(raw(titleEntry), "changed", main: { [unowned self] in
            viewModel.setTitle(gtk_editable_get_text(OpaquePointer(titleEntry)).map { String(cString: $0) } ?? "")
        })
        connect(UnsafeMutableRawPointer(gtk_text_view_get_buffer(typed(bodyView))), "changed", main: { [unowned self] in
            viewModel.setBody(bodyText())
        })
        connect(raw(titleEntry), "activate", main: { viewModel.submit() })
        connect(raw(submit), "clicked", main: { viewModel.submit() })
        connect(raw(previewToggle), "clicked", main: { viewModel.togglePreview() })
        bindings.bind { [unowned self] in
            gtk_widget_set_sensitive(submit, viewModel.canSubmit ? 1 : 0)
            gtk_button_set_label(typed(submit), viewModel.submitTitle)
            show(titleError, viewModel.titleError)
            show(bodyError, viewModel.bodyError)
            // A draft that cannot be written is said here too (the form stays usable).
            let messages = [viewModel.errorMessage, viewModel.draftError].compactMap { $0 }
            show(generalError, messages.isEmpty ? nil : messages.joined(separator: "\n"))
        }
        bindings.bind { [unowned self] in
            gtk_button_set_label(typed(previewToggle), viewModel.previewToggleTitle)
            gtk_stack_set_visible_child_name(opaque(editorStack), viewModel.isPreviewing ? "preview" : "write")
            if viewModel.isPreviewing, let document = viewModel.previewDocument { preview.show(document) }
        }
    }

    override var title: String { viewModel.title }

    private func show(_ label: Widget, _ message: String?) {
        gtk_label_set_text(opaque(label), message ?? "")
        gtk_widget_set_visible(label, message == nil ? 0 : 1)
    }

    private func bodyText() -> String {
        let buffer = gtk_text_view_get_buffer(typed(bodyView))
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        guard let text = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }
}
