import Foundation
import GiteeKit

/// Labels on an issue: members add and remove the project's labels, through the update call
/// (`PATCH /repos/{owner}/issues/{number}` with `repo` and `labels`), optimistic like every write on the page.
extension IssueViewModel {
    /// At most this many project labels are offered (the site's pages hold far fewer; an outside list may not).
    static let labelLimit = 200

    /// Members may change labels (the same people who change the state); nobody else sees the control.
    public var canEditLabels: Bool { canChangeState && !projectLabels.isEmpty }

    public var editLabelsTitle: String { tr("Labels") }

    /// The project's labels, each with whether the issue carries it (for the members' label menu).
    public var labelChoices: [(chip: LabelChip, isOn: Bool)] {
        guard canEditLabels else { return [] }
        // While a change waits in the outbox, the chooser shows what it will set.
        let current = Set(waitingLabelNames ?? issue?.labels.map(\.name) ?? [])
        return projectLabels.map { (LabelChip($0), current.contains($0.name)) }
    }

    /// Reads the project's labels, collaborators and milestones for `login`, at once with the issue, its comments and
    /// the project (issue 41: far from Gitee's servers each wave of requests costs a round trip, so the lists do not
    /// wait for the project to say the person is a member; only members are shown them, `canChangeState`). Each list
    /// is shown as its answer comes. Asked once per account; a list that failed is asked again by the next call (a
    /// refresh). Collaborators come through the directory the mention completion shares: one request for both.
    func loadTriageLists(for login: String) {
        guard triageFor != login else { return }
        triageFor = login
        let client = client, repo = repo, directory = collaboratorDirectory
        let labels = Endpoints.labels(owner: repo.owner, repo: repo.name)
        let collaborators = Endpoints.collaborators(owner: repo.owner, repo: repo.name)
        let milestones = Endpoints.milestones(owner: repo.owner, repo: repo.name)
        Task { [weak self] in
            guard let found = try? await client.send(labels) else { return self?.triageFailed(for: login) }
            self?.projectLabels = Array(found.prefix(Self.labelLimit))
        }
        Task { [weak self] in
            let people = if let directory { await directory.collaborators(of: repo) }
                         else { (try? await client.send(collaborators)) ?? [] }
            guard !people.isEmpty else { return self?.triageFailed(for: login) }
            self?.projectCollaborators = Array(people.prefix(Self.labelLimit))
        }
        Task { [weak self] in
            guard let found = try? await client.send(milestones) else { return self?.triageFailed(for: login) }
            self?.projectMilestones = Array(found.prefix(Self.labelLimit))
        }
    }

    private func triageFailed(for login: String) {
        if triageFor == login { triageFor = nil }
    }

    /// Adds or removes one of the project's labels: shown at once, put back with the reason if refused. Made while
    /// the server cannot be reached, the change waits in the outbox (and a further change updates what waits).
    public func setLabel(_ name: String, on: Bool) {
        guard canEditLabels, let current = issue, let label = projectLabels.first(where: { $0.name == name }) else { return }
        if let row = waitingLabelRow { return changeWaitingLabels(row, name, on: on) }
        let before = current.labels, previousWritten = writtenLabels
        guard before.contains(where: { $0.name == name }) != on else { return }
        let after = on ? before + [label] : before.filter { $0.name != name }
        let endpoint = Endpoints.setIssueLabels(owner: repo.owner, repo: repo.name, number: number,
                                                labels: after.map(\.name))
        // The last label goes with the description's own call for it, then the issue is read back: the answer
        // (204) says nothing, and only the issue says whether the labels went.
        let clear = Endpoints.clearIssueLabels(owner: repo.owner, repo: repo.name, number: number)
        let client = client, reread = reread, wanted = Set(after.map(\.name))
        // Never reached the server: it waits in the outbox with the labels the person saw, and the page shows the
        // server's until it is sent.
        let sent = sendChange(key: "labels", failure: tr("Could not change the labels: %@"), waiting: .issueLabels,
                              payload: OutboxEntry.labelList(Array(wanted)),
                              seen: OutboxEntry.labelList(before.map(\.name)),
                              apply: { showLabels(after) },
                              request: {
                                  try await Self.sendLabels(after.isEmpty, endpoint: endpoint, clear: clear,
                                                            reread: reread, wanted: wanted, client: client)
                              },
                              settled: { [weak self] answer in
                                  self?.writtenLabels = answer.labels
                                  self?.resource.show(answer)
                                  self?.onChanged(answer)
                              },
                              undo: { [weak self] in
                                  self?.showLabels(before)
                                  self?.writtenLabels = previousWritten
                              })
        if sent == nil { navigator?.showToast(tr("A change to the labels is still being sent.")) }
    }

    /// The change sent: the labels set (a lost answer settled by the issue as the server has it, docs/WRITES.md), or
    /// the last one taken off with the description's own call for it, then the issue read back (its 204 says nothing).
    private static func sendLabels(_ clearing: Bool, endpoint: Endpoint<Issue>, clear: Endpoint<NoContent>,
                                   reread: Endpoint<Issue>, wanted: Set<String>, client: GiteeClient) async throws -> Issue {
        guard clearing else {
            return try await SettledWrite.perform({ try await client.send(endpoint) }, check: {
                taken(try await client.send(reread)) { Set($0.labels.map(\.name)) == wanted }
            })
        }
        do {
            _ = try await client.send(clear)
        } catch let failure as GiteeError where failure.leavesOutcomeUnknown {
            // The issue read next says whether they went.
        }
        let read = try await client.send(reread)
        guard read.labels.isEmpty else { throw GiteeError.validation(tr("Gitee kept the labels on the issue.")) }
        return read
    }

    /// A further change while one waits in the outbox: the waiting row is replaced by one with this label added or
    /// taken off, keeping what the person first saw (the conflict check is against that).
    private func changeWaitingLabels(_ row: OutboxEntry, _ name: String, on: Bool) {
        var names = Set(OutboxEntry.labelNames(row.payload) ?? [])
        guard names.contains(name) != on else { return }
        if on { names.insert(name) } else { names.remove(name) }
        guard let outbox, outbox.cancel(row.id) != nil else {
            navigator?.showToast(tr("A change to the labels is still being sent."))
            return
        }
        outbox.enqueue(.issueLabels, repo: repo, number: number, payload: OutboxEntry.labelList(Array(names)),
                       seen: row.seen)
    }

    private func showLabels(_ labels: [Issue.Label]) {
        guard var shown = issue else { return }
        shown.labels = labels
        writtenLabels = labels
        resource.show(shown)
    }
}
