import Foundation
import GiteeKit

/// Where the editor's Commit goes.
public enum CommitDestination: Sendable, Equatable { case currentBranch, newBranch }

/// "Commit to a new branch" (issue 27): a branch name (default `<login>-patch-N`, the first one free), checked as git
/// checks ref names; Commit creates it from the current branch (`POST .../branches` with `refs` and `branch_name`),
/// then sends the file there (`PUT .../contents/{path}` on the new branch), then offers "Open a pull request": the new
/// pull request form with this branch as the head.
extension FileEditorViewModel {
    public var destinationChoices: [(destination: CommitDestination, title: String)] {
        [(.currentBranch, branch.map { String(format: tr("Commit to %@"), $0) } ?? tr("Commit to the default branch")),
         (.newBranch, tr("Commit to a new branch"))]
    }

    public func choose(_ chosen: CommitDestination) {
        guard chosen != destination, !writes.isWriting else { return }
        destination = chosen
    }

    public func setNewBranchName(_ name: String) {
        guard name != newBranchName else { return }
        newBranchName = name
    }

    /// Why the branch name cannot be used (nil: it can, or the current branch is chosen).
    public var newBranchError: String? {
        guard destination == .newBranch else { return nil }
        let name = newBranchName.trimmingCharacters(in: .whitespaces)
        if name.isEmpty { return tr("Name the new branch.") }
        if !Self.isValidBranchName(name) {
            return tr("A branch name cannot contain spaces, “..”, a backslash or any of ~ ^ : ? * [, nor start with “-” or end with “/” or “.lock”.")
        }
        if existingBranches.contains(name) { return String(format: tr("The branch %@ already exists."), name) }
        return nil
    }

    public var canCommitToNewBranch: Bool { canCommit && newBranchError == nil }

    /// Shown after a commit to a new branch.
    public var committedText: String? {
        committedBranch.map { String(format: tr("Committed to the new branch %@."), $0) }
    }
    public var openPullRequestTitle: String { tr("Open a Pull Request") }

    /// The new pull request form, with the new branch as the head, in place of the editor.
    public func openPullRequest() {
        guard let committedBranch else { return }
        navigator?.replace(with: .newPullRequest(location.repo, head: location.repo, branch: committedBranch))
    }

    /// The project's branches, for the default name and its check.
    func loadBranches() {
        let repo = location.repo, client = client, login = account
        Task { [weak self] in
            guard let found = try? await client.send(Endpoints.branches(owner: repo.owner, repo: repo.name)) else { return }
            guard let self else { return }
            existingBranches = Set(found.map(\.name))
            if newBranchName.isEmpty { newBranchName = Self.freeBranchName(login: login, taken: existingBranches) }
        }
    }

    static func freeBranchName(login: String, taken: Set<String>) -> String {
        let stem = (login.isEmpty ? "patch" : "\(login)-patch")
        var number = 1
        while taken.contains("\(stem)-\(number)"), number < 10_000 { number += 1 }
        return "\(stem)-\(number)"
    }

    /// Never reaching the server (the branch, the file, or the default branch's name asked first), the commit waits
    /// in the outbox as one row, which makes the branch before it sends the file (Outbox+Files.swift).
    func commitToNewBranch() {
        guard canCommitToNewBranch, let file, let baseSHA else { return }
        let name = newBranchName.trimmingCharacters(in: .whitespaces)
        let repo = location.repo, path = location.path, message = message, client = client, outbox = outbox
        let from = branch
        let bytes = file.encode(text)
        let waiting = OutboxEntry.FileCommit(path: path, branch: name, message: message, content: bytes,
                                             baseSHA: baseSHA, branchFrom: from ?? "")
        writes.send(key: "commit", failure: tr("The file was not committed: %@. Your text is kept."),
                    request: {
                        try await Outbox.sendOrKeep(in: outbox, .fileCommit, repo: repo, number: "",
                                                    payload: waiting.payload, seen: baseSHA) {
                            try await Self.makeBranchAndCommit(bytes, to: name, from: from, repo: repo, path: path,
                                                               over: baseSHA, message: message, client: client)
                        }
                    },
                    settle: { [weak self] outcome in
                        guard let self else { return }
                        guard case .sent(let created) = outcome else { return committed(waiting: true) }
                        existingBranches.insert(created)
                        committedBranch = created
                        phase = .committed
                    },
                    rollBack: { [weak self] error in
                        // The branch may exist now even though the file did not land: the next try needs a new name.
                        self?.loadBranches()
                        self?.refused(error)
                    },
                    always: clearingTheDraft(ifStill: text))
    }

    private static func makeBranchAndCommit(_ bytes: Data, to name: String, from: String?, repo: RepositoryID,
                                            path: String, over baseSHA: String, message: String,
                                            client: GiteeClient) async throws -> String {
        let source = try await startingBranch(from, of: repo, client: client)
        // Each step's lost answer is settled by asking: the branch is listed, the file holds the text.
        _ = try await SettledWrite.perform({
            try await client.send(Endpoints.createBranch(owner: repo.owner, repo: repo.name, name: name, from: source))
        }, check: {
            try await client.send(Endpoints.branches(owner: repo.owner, repo: repo.name)).first { $0.name == name }
        })
        _ = try await SettledWrite.perform({
            try await client.send(Endpoints.updateFile(owner: repo.owner, repo: repo.name, path: path, content: bytes,
                                                       sha: baseSHA, message: message, branch: name))
        }, check: {
            try await FileWriteCheck.holds(bytes, repo: repo, path: path, branch: name, over: baseSHA, client: client)
        })
        return name
    }

    /// The branch a new one is made from: `from`, or (nil or "") the project's default branch, asked now.
    static func startingBranch(_ from: String?, of repo: RepositoryID, client: GiteeClient) async throws -> String {
        if let from, !from.isEmpty { return from }
        guard let found = try await client.send(Endpoints.project(owner: repo.owner, repo: repo.name)).defaultBranch
        else { throw GiteeError.validation(tr("This project has no branch to start from.")) }
        return found
    }

    /// git's rules for a branch name (GiteeKit's `BranchName` says which).
    nonisolated static func isValidBranchName(_ name: String) -> Bool { BranchName.isValid(name) }
}
