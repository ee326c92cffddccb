import GtkKit
import MayunCore

/// A form's markdown body in one card (New Issue, New Pull Request): the text, monospace, or the body rendered, as
/// the view model's `BodyPreview` says; `toggle` is the Preview / Write button, for the form to place beside its
/// others. The form keeps it: the text view's handlers refer to it unowned.
@MainActor
final class BodyEditor {
    let card = Stack()
    let text: TextView
    let toggle: Button
    private let rendered: DocumentView

    /// `onToggle` asks the view model to switch (it hands the body as it is then to `preview`).
    init(text: String, accessibleLabel: String, preview: BodyPreview, images: ImageLoader, bindings: BindingBag,
         onToggle: @escaping @MainActor () -> Void) {
        self.text = TextView(text: text, monospace: true)
        self.text.accessibleLabel = accessibleLabel
        rendered = DocumentView(imageLoader: SharedImageLoaderAdapter(images),
                                palette: preview.nightMode?.palette ?? .light, isNight: preview.nightMode?.isNight ?? false)
        toggle = Button(label: preview.toggleTitle)
        let scroller = ScrolledWindow()
        scroller.setChild(self.text)
        card.add(scroller, name: "write")
        card.add(rendered, name: "preview")
        card.addClasses(["card", "issue-editor"])
        if let nightMode = preview.nightMode { rendered.follow(nightMode, in: bindings) }
        toggle.onClicked(onToggle)
        let card = card, toggle = toggle, rendered = rendered
        bindings.bind { [unowned preview] in
            toggle.label = preview.toggleTitle
            card.visibleChildName = preview.isPreviewing ? "preview" : "write"
            if preview.isPreviewing, let document = preview.document { rendered.show(document) }
        }
    }
}
