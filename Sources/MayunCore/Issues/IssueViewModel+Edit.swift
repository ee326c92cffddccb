import Foundation
import GiteeKit

/// Editing an issue's title and body: members, and the issue's author (on gitee.com the author edits their own
/// issue, issue 39; the published description gives no rule). Through the update call with only `title` and `body`,
/// optimistic like every write; a refusal puts the old text back on the issue and the edited text back in the editor,
/// with the reason. Saved while the server cannot be reached, the edit waits in the outbox (IssueViewModel+Outbox.swift):
/// the page shows the server's text and a waiting line, whose Cancel puts the edit back into the editor.
extension IssueViewModel {
    public var canEditIssue: Bool { issue != nil && (canChangeState || isIssueAuthor) }

    /// The logged-in person opened this issue.
    public var isIssueAuthor: Bool {
        guard isLoggedIn, let me = session?.user?.login, let author = issue?.author?.login else { return false }
        return me == author
    }
    public var editIssueTitle: String { tr("Edit issue") }
    public var saveEditTitle: String { tr("Save") }
    public var cancelEditTitle: String { tr("Cancel") }
    public var titleFieldName: String { tr("Title") }
    public var bodyFieldName: String { tr("Description") }

    /// Opens the editor with the issue's current text, or with an edit left unsaved before (the page left, a failed
    /// save, a quit): it is kept as a draft as it is typed.
    public func beginEditingIssue() {
        guard canEditIssue, let issue else { return }
        let drafts = composer.editDrafts
        let kept = (title: drafts.text(EditDrafts.issueTitle), body: drafts.text(EditDrafts.issueBody))
        let waiting = waitingRow(.issueEdit).flatMap { OutboxEntry.IssueText.read($0.payload) }
        if !kept.title.isEmpty || !kept.body.isEmpty {
            issueEdit = IssueEdit(title: kept.title, body: kept.body, error: nil)
        } else if let waiting {
            issueEdit = IssueEdit(title: waiting.title, body: waiting.body, error: nil)
        } else {
            issueEdit = IssueEdit(title: issue.title, body: issue.body ?? "", error: nil)
        }
    }

    /// The person drops the edit: its draft goes too.
    public func cancelEditingIssue() {
        issueEdit = nil
        composer.editDrafts.save("", EditDrafts.issueTitle)
        composer.editDrafts.save("", EditDrafts.issueBody)
    }

    public func editIssueText(title: String, body: String) {
        guard issueEdit != nil else { return }
        issueEdit?.title = title
        issueEdit?.body = body
        composer.editDrafts.save(title, EditDrafts.issueTitle)
        composer.editDrafts.save(body, EditDrafts.issueBody)
    }

    /// Sends the editor's text. An empty title is not sent (the site requires one): the editor says so.
    public func saveIssueEdit() {
        guard canEditIssue, let edit = issueEdit, let current = issue else { return }
        let title = edit.title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else {
            issueEdit?.error = tr("A title is required.")
            return
        }
        let text = OutboxEntry.IssueText(title: title, body: edit.body)
        if let row = waitingRow(.issueEdit) { return replaceWaitingEdit(row, with: text) }
        let before = (title: current.title, body: current.body)
        let endpoint = Endpoints.editIssue(owner: repo.owner, repo: repo.name, number: number, title: title, body: edit.body)
        let client = client, reread = reread
        let seen = OutboxEntry.IssueText(title: current.title, body: current.body ?? "")
        let sent = sendChange(key: "text", failure: tr("Could not save the issue: %@"), waiting: .issueEdit,
                              payload: text.payload, seen: seen.payload,
                              apply: {
                                  issueEdit = nil
                                  showChange { $0.title = title; $0.body = edit.body }
                                  if let shown = issue { parseBody(of: shown) }
                              },
                              request: {
                                  // A lost answer is settled by the issue as the server has it (docs/WRITES.md).
                                  try await SettledWrite.perform({ try await client.send(endpoint) }, check: {
                                      taken(try await client.send(reread)) { $0.title == title && ($0.body ?? "") == edit.body }
                                  })
                              },
                              settled: { [weak self] answer in
                                  self?.resource.show(answer)
                                  self?.parseBody(of: answer)
                                  self?.onChanged(answer)
                              },
                              // Refused, or waiting: the page shows the server's text (the line says what waits).
                              undo: { [weak self] in self?.showText(before) },
                              refused: { [weak self] error in
                                  self?.issueEdit = IssueEdit(title: edit.title, body: edit.body,
                                                              error: ErrorText.message(for: error))
                              },
                              always: composer.editDrafts.clearedWhenSaved([(EditDrafts.issueTitle, edit.title),
                                                                            (EditDrafts.issueBody, edit.body)]))
        if sent == nil { issueEdit?.error = tr("A change to this issue is still being sent.") }
    }

    private func showText(_ text: (title: String, body: String?)) {
        showChange { $0.title = text.title; $0.body = text.body }
        if let shown = issue { parseBody(of: shown) }
    }

    /// A further save while an edit waits: the waiting row is replaced by one with this text, keeping what the
    /// person first edited from (the conflict check is against that); saving that text itself leaves nothing to send.
    private func replaceWaitingEdit(_ row: OutboxEntry, with text: OutboxEntry.IssueText) {
        guard let outbox, outbox.cancel(row.id) != nil else {
            issueEdit?.error = tr("A change to this issue is still being sent.")
            return
        }
        issueEdit = nil
        composer.editDrafts.save("", EditDrafts.issueTitle)
        composer.editDrafts.save("", EditDrafts.issueBody)
        guard OutboxEntry.IssueText.read(row.seen) != text else { return }
        outbox.enqueue(.issueEdit, repo: repo, number: number, payload: text.payload, seen: row.seen)
    }

    /// The Cancel of a waiting edit: the edit goes back into the editor (and its drafts), nothing is lost.
    func restoreWaitingEdit(_ row: OutboxEntry) {
        guard let text = OutboxEntry.IssueText.read(row.payload) else { return }
        issueEdit = IssueEdit(title: text.title, body: text.body, error: nil)
        composer.editDrafts.save(text.title, EditDrafts.issueTitle)
        composer.editDrafts.save(text.body, EditDrafts.issueBody)
    }
}

/// The title and body being edited, and why the last save failed.
public struct IssueEdit: Equatable, Sendable {
    public var title: String
    public var body: String
    public var error: String?
}
