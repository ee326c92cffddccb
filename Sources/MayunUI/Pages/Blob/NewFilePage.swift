import GtkKit
import MayunCore

/// Creating a file in a folder (issue 27): where it goes and its name (checked as typed), the same code editor as
/// Edit, and the commit panel with the message ("Create <name>" until the person writes their own) and Commit.
@MainActor
final class NewFilePage: Page {
    private let viewModel: NewFileViewModel
    private let code = CodeView()
    private let nameEntry: Entry
    private let messageEntry: Entry
    private let commitButton: Button
    private let nameProblem = Label(classes: ["error"], wrap: true, xalign: 0)
    private let draftError = Label(classes: ["error"], wrap: true, xalign: 0)

    init(viewModel: NewFileViewModel) {
        self.viewModel = viewModel
        viewModel.start()
        nameEntry = Entry(text: viewModel.name, placeholder: tr("Name of the new file"))
        nameEntry.accessibleLabel = tr("File name")
        messageEntry = Entry(text: viewModel.message, placeholder: tr("Commit message"))
        messageEntry.accessibleLabel = tr("Commit message")
        commitButton = Button(label: viewModel.commitTitle, classes: ["suggested-action"])
        let root = Box(.vertical)
        super.init(root: root)

        let top = Box(.vertical, spacing: 6, classes: ["toolbar", "new-file"])
        top.setMargins(8)
        top.append(Label(viewModel.whereText, classes: ["dim-label"], xalign: 0, ellipsize: .end), nameEntry, nameProblem)
        code.setEditable(true)
        if let nightMode = viewModel.nightMode { code.follow(nightMode, in: bindings) }
        code.vexpand = true
        code.show(text: viewModel.text, fileName: viewModel.name.isEmpty ? "new.txt" : viewModel.name)
        let panel = Box(.vertical, spacing: 6, classes: ["toolbar", "commit-panel"])
        panel.setMargins(8)
        let row = Box(.horizontal, spacing: 8)
        row.append(Box.spacer(), commitButton)
        panel.append(messageEntry, row, draftError)
        root.append(top, Separator())
        root.append(code)
        root.append(Separator(), panel)

        nameEntry.onChanged { viewModel.setName($0) }
        nameEntry.onActivate { [unowned self] in code.focusText() }
        code.onTextChanged { viewModel.setText($0) }
        messageEntry.onChanged { viewModel.setMessage($0) }
        messageEntry.onActivate { viewModel.commit() }
        commitButton.onClicked { viewModel.commit() }

        bindings.bind { [unowned self] in
            commitButton.isSensitive = viewModel.canCommit
            commitButton.label = viewModel.commitTitle
            nameProblem.show(viewModel.nameProblem)
            draftError.show(viewModel.draftError)
        }
        // The highlighting follows the name as it is typed ("notes.md" is Markdown, "main.rs" Rust).
        bindings.bind { [unowned self] in code.highlight(asFileNamed: viewModel.name) }
        bindings.bind { [unowned self] in
            // The message follows the name until the person edits it; never rewrite what they are typing.
            if messageEntry.text != viewModel.message { messageEntry.text = viewModel.message }
        }
        onMap { [unowned self] in _ = nameEntry.grabFocus() }
    }

    override var title: String { viewModel.title }
}
