import GiteeKit

/// An issue's state as gitee.com names it: 待办的 (open), 进行中 (progressing), 已完成 (closed), 已拒绝 (rejected).
/// A state this version does not know is shown as the server wrote it, never as one of the four.
public enum IssueStatus: Equatable, Sendable {
    case open, progressing, closed, rejected
    case other(String)

    public init(site state: String) {
        switch state {
        case "open": self = .open
        case "progressing": self = .progressing
        case "closed": self = .closed
        case "rejected": self = .rejected
        default: self = .other(state)
        }
    }

    /// The name the site shows (English and Chinese as on gitee.com: 待办的, 进行中, 已完成, 已拒绝). In their own
    /// context, because "Open" and "Closed" say 开启的 and 已关闭 elsewhere (a pull request, the Open button).
    public var name: String {
        switch self {
        case .open: trc("issue state", "Open")
        case .progressing: trc("issue state", "In progress")
        case .closed: trc("issue state", "Closed")
        case .rejected: trc("issue state", "Rejected")
        case .other(let state): state
        }
    }

    /// Closed and rejected are finished; open, progressing and anything unknown still want attention.
    public var isFinished: Bool { self == .closed || self == .rejected }

    /// The badge's style class (`style.css`): green for open, blue for in progress, purple when finished.
    public var styleClass: String {
        switch self {
        case .progressing: "issue-progressing"
        case .closed, .rejected: "issue-closed"
        case .open, .other: "issue-open"
        }
    }

    public var iconName: String {
        switch self {
        case .progressing: "media-playback-start-symbolic"
        case .closed: "emblem-ok-symbolic"
        case .rejected: "action-unavailable-symbolic"
        case .open, .other: "dialog-information-symbolic"
        }
    }

    /// What a member may move an issue to (the update call's `state` values).
    var settable: Endpoints.SettableIssueState? {
        switch self {
        case .open: .open
        case .progressing: .progressing
        case .closed: .closed
        case .rejected, .other: nil
        }
    }

    init(_ settable: Endpoints.SettableIssueState) {
        switch settable {
        case .open: self = .open
        case .progressing: self = .progressing
        case .closed: self = .closed
        }
    }
}

/// The issue list's filters: what is not finished yet (the first view), each of the site's states, and all.
public enum IssueFilter: String, CaseIterable, Sendable {
    case unfinished, open, progressing, closed, rejected, all

    public var title: String {
        switch self {
        case .unfinished: tr("Unfinished")
        case .open: IssueStatus.open.name
        case .progressing: IssueStatus.progressing.name
        case .closed: IssueStatus.closed.name
        case .rejected: IssueStatus.rejected.name
        case .all: tr("All")
        }
    }

    /// The one `state` value a single list asks for; nil for `unfinished`, which is two lists.
    var state: Endpoints.IssueState? {
        switch self {
        case .unfinished: nil
        case .open: .open
        case .progressing: .progressing
        case .closed: .closed
        case .rejected: .rejected
        case .all: .all
        }
    }

    var emptyText: String {
        switch self {
        case .unfinished: tr("No unfinished issues.")
        case .all: tr("No issues.")
        default: String(format: tr("No issues in the state “%@”."), title)
        }
    }

    /// Whether an issue in `status` belongs in this list (a created or moved issue).
    func admits(_ status: IssueStatus) -> Bool {
        switch self {
        case .unfinished: !status.isFinished
        case .open: status == .open
        case .progressing: status == .progressing
        case .closed: status == .closed
        case .rejected: status == .rejected
        case .all: true
        }
    }
}

extension Issue {
    public var status: IssueStatus { IssueStatus(site: state) }
}

extension IssueFilter {
    /// Pages of the second list are numbered from here on, so a page number alone says which list it belongs to
    /// (no state kept between loads; a refresh starts again at the first list).
    static let secondListPages = 1_000_000

    /// One list after another (in progress, then open): the first list's last page is completed with the second's
    /// first page (so no page is empty while more follow), and the pages after it are the second list's.
    static func chained(_ first: @escaping PagedListViewModel<Issue>.Fetch,
                        then second: @escaping PagedListViewModel<Issue>.Fetch) -> PagedListViewModel<Issue>.Fetch {
        func renumbered(_ page: Page<Issue>) -> Page<Issue> {
            var page = page
            if var next = page.next {
                let (shifted, overflow) = next.page.addingReportingOverflow(secondListPages)
                next.page = shifted
                page.next = overflow ? nil : next
            }
            return page
        }
        return { pagination in
            if var pagination, pagination.page > secondListPages {
                pagination.page -= secondListPages
                return renumbered(try await second(pagination))
            }
            var page = try await first(pagination)
            guard page.isLast else { return page }
            let rest = renumbered(try await second(nil))
            page.items += rest.items
            page.next = rest.next
            page.totalCount = nil
            page.totalPages = nil
            return page
        }
    }
}
