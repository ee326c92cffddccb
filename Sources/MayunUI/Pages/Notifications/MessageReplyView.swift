import GtkKit
import MayunCore

/// The composer for answering a private message, over the Notifications list while it is open: who it goes to,
/// the text (kept as a draft by the model), why the last send failed, and Cancel / Send.
@MainActor
final class MessageReplyView {
    let root = Box(.vertical, spacing: 8, classes: ["card", "message-reply"])

    init(composer: MessageReplyComposer, bindings: BindingBag) {
        root.setMargins(top: 0, bottom: 8)
        let heading = Label(classes: ["heading"], wrap: true, xalign: 0)
        heading.setMargins(top: 8, start: 12, end: 12)
        let textView = TextView(text: composer.text)
        textView.accessibleLabel = composer.placeholder
        textView.tooltip = composer.placeholder
        let scroller = ScrolledWindow(horizontal: .never, vertical: .automatic)
        scroller.setChild(textView)
        scroller.setSizeRequest(width: -1, height: 96)
        scroller.addClasses(["frame"])
        scroller.setMargins(top: 0, start: 12, end: 12)
        let failure = Label(classes: ["error"], wrap: true, xalign: 0)
        failure.setMargins(start: 12, end: 12)
        let cancel = Button(label: composer.cancelTitle)
        let send = Button(label: composer.sendTitle, classes: ["suggested-action"])
        let buttons = Box(.horizontal, spacing: 8)
        buttons.setMargins(bottom: 8, start: 12, end: 12)
        buttons.append(Box.spacer(), cancel, send)
        root.append(heading, scroller, failure, buttons)

        textView.onChanged { composer.setText($0) }
        textView.onControlEnter { composer.send() }
        send.onClicked { composer.send() }
        cancel.onClicked { composer.close() }
        bindings.bind { [unowned self] in
            root.isVisible = composer.recipient != nil
            heading.text = composer.title
            textView.text = composer.text
            send.isSensitive = composer.canSend
            failure.text = composer.failure ?? ""
            failure.isVisible = composer.failure != nil
        }
    }
}
