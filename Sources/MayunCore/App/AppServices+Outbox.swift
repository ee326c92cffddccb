import GiteeKit

/// When the outbox is sent (docs/WRITES.md, "The outbox"): as soon as it is attached (the app starts with the
/// account), and whenever the server answers any request while rows wait (it can be reached again).
extension AppServices {
    func attachOutbox() {
        guard let outbox else {
            client.onServerAnswered = nil
            return
        }
        onOutboxAttached?(outbox)
        client.onServerAnswered = { [weak self] in
            guard let outbox = self?.outbox, outbox.stalled, !outbox.isDraining else { return }
            self?.drainOutbox()
        }
        drainOutbox()
    }

    /// Sends what waits, as the logged-in person (once the session knows who that is). Returns the drain's task.
    @discardableResult
    public func drainOutbox() -> Task<Void, Never>? {
        guard let outbox else { return nil }
        let session = session, client = client
        return Task { [weak outbox] in
            await session.start()
            guard session.isLoggedIn, let login = session.user?.login, let outbox else { return }
            await outbox.drain(client: client, login: login)
        }
    }
}

extension AppServices {
    /// Sends a row that needed a decision after all (the Mine page's Try Again): it waits again and a drain starts.
    public func tryOutboxRowAgain(_ id: Int64) {
        guard outbox?.tryAgain(id) == true else { return }
        drainOutbox()
    }

    /// Cancels a row from outside its page (the Mine page): a comment's text goes back to its draft, before anything
    /// typed since, so opening the issue shows it in the composer; a comment's or an issue's edit to its edit drafts;
    /// a new issue or pull request goes back to its form's draft the same way; a file commit to the editor's draft.
    public func cancelOutboxRow(_ id: Int64) {
        guard let entry = outbox?.cancel(id), let login = session.user?.login else { return }
        var place: String
        var text = entry.payload
        switch entry.kind {
        case .issueComment: place = entry.number
        case .pullRequestComment: place = "!" + entry.number
        case .pullRequestLineComment:
            // Into its line's draft, where the composer under that line finds it.
            guard let line = entry.lineComment, let number = Int(entry.number) else { return }
            place = LineDraftPlace.key(number: number, DiffAnchor(path: line.path, position: line.position))
            text = line.body
        case .issueCommentEdit, .pullRequestCommentEdit:
            // Into the comment's edit draft (EditDrafts), where its Edit finds it.
            guard let change = entry.commentChange else { return }
            place = (entry.kind == .issueCommentEdit ? "" : "!") + entry.number + "#" + EditDrafts.comment(change.id)
            text = change.body
        case .issueEdit: return restoreIssueEdit(entry, login: login)
        case .newIssue: return restoreNewIssue(entry)
        case .newPullRequest: return restoreNewPullRequest(entry, login: login)
        case .fileCommit: return restoreFileCommit(entry, login: login)
        case .issueState, .issueLabels, .issueAssignee, .issueMilestone, .star, .watch, .issueCommentDeletion,
             .pullRequestCommentDeletion, .pullRequestMerge, .pullRequestState, .pullRequestAccept, .pullRequestPeople,
             .fileDeletion:
            return
        }
        let stored = drafts.comment(account: login, repo: entry.repo, issue: place)
        let kept = stored.isEmpty ? text : text + "\n\n" + stored
        drafts.saveComment(kept, account: login, repo: entry.repo, issue: place)
    }

    /// An issue's edit taken back: into the issue's edit drafts (EditDrafts), where its Edit finds them.
    private func restoreIssueEdit(_ entry: OutboxEntry, login: String) {
        guard let text = OutboxEntry.IssueText.read(entry.payload) else { return }
        for (name, value) in [(EditDrafts.issueTitle, text.title), (EditDrafts.issueBody, text.body)] {
            drafts.saveComment(value, account: login, repo: entry.repo, issue: entry.number + "#" + name)
        }
    }

    /// A new pull request taken back: into the New Pull Request form's draft for its head,
    /// its text before anything typed since, its title where the draft has none.
    private func restoreNewPullRequest(_ entry: OutboxEntry, login: String) {
        guard let sent = entry.newPullRequest else { return }
        let key = NewPullRequestViewModel.draftKey(headRepo: sent.headRepo, headBranch: sent.headBranch)
        let body = drafts.comment(account: login, repo: entry.repo, issue: key)
        drafts.saveComment(body.isEmpty ? sent.body : sent.body + "\n\n" + body, account: login, repo: entry.repo, issue: key)
        if drafts.comment(account: login, repo: entry.repo, issue: key + ":title").isEmpty {
            drafts.saveComment(sent.title, account: login, repo: entry.repo, issue: key + ":title")
        }
    }

    /// A file commit taken back: into the editor's draft for its file, over the sha it was edited from (so a file
    /// changed meanwhile meets it as a conflict in the editor); a new file into its folder's New File draft, name
    /// and text; a commit to a new branch into the editor of the branch it was edited on. A draft typed since stays
    /// as it is. An upload gives nothing back: its file is still on the person's computer.
    private func restoreFileCommit(_ entry: OutboxEntry, login: String) {
        guard let commit = entry.fileCommit, commit.isUpload != true else { return }
        let branch = commit.editedOn
        var place = commit.path
        var draft = FileDraft(text: "", baseSHA: commit.baseSHA)
        if let folder = commit.folder {
            place = NewFileViewModel.draftKey(folder: folder)
            draft.name = folder.isEmpty ? commit.path : String(commit.path.dropFirst(folder.count + 1))
            draft.text = String(decoding: commit.content, as: UTF8.self)
        } else {
            guard case .success(let file) = EditableText.decode(commit.content) else { return }
            draft.text = file.text
        }
        guard drafts.fileDraft(account: login, repo: entry.repo, branch: branch, path: place) == nil else { return }
        drafts.saveFileDraft(draft, account: login, repo: entry.repo, branch: branch, path: place)
    }

    /// A new issue taken back: into the project's New Issue draft, its title where the draft has none, its text
    /// before anything typed since, its triage choices where the draft has none.
    private func restoreNewIssue(_ entry: OutboxEntry) {
        guard let sent = entry.newIssue else { return }
        var draft = drafts.draft(for: entry.repo)
        if draft.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { draft.title = sent.title }
        draft.body = draft.body.isEmpty ? sent.body : sent.body + "\n\n" + draft.body
        if draft.labels.isEmpty { draft.labels = sent.labels }
        draft.assignee = draft.assignee ?? sent.assignee
        draft.milestone = draft.milestone ?? sent.milestone
        drafts.save(draft, for: entry.repo)
    }
}
