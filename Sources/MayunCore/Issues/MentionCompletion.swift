import GiteeKit
import Observation

/// The "@" being typed before the cursor: where it starts and what follows it so far. Offsets count Unicode scalars,
/// as GtkTextBuffer's character offsets do, so a view can hand its cursor over unchanged.
public struct MentionToken: Equatable, Sendable {
    /// The offset of the "@".
    public var start: Int
    /// The offset just past the typed part (the cursor).
    public var end: Int
    /// What follows the "@" (may be empty right after typing it).
    public var query: String

    /// The token that ends at `cursor` in `text`, or nil when the cursor is not right after "@login-so-far". An "@"
    /// inside a word (an e-mail address, `a@b`) starts no mention, as on the site.
    public static func find(in text: String, cursor: Int) -> MentionToken? {
        let scalars = Array(text.unicodeScalars)
        guard cursor >= 1, cursor <= scalars.count else { return nil }
        var index = cursor
        // A login is at most 100 characters here; a longer run is not a mention being typed.
        while index > 0, cursor - index <= 100, isLoginScalar(scalars[index - 1]) { index -= 1 }
        guard index > 0, scalars[index - 1] == "@", cursor - index <= 100 else { return nil }
        let at = index - 1
        if at > 0 {
            let before = scalars[at - 1]
            guard !isLoginScalar(before), before != "@" else { return nil }
        }
        var query = String.UnicodeScalarView()
        query.append(contentsOf: scalars[index..<cursor])
        return MentionToken(start: at, end: cursor, query: String(query))
    }

    /// Gitee logins: letters, digits, "_", "-" and ".".
    static func isLoginScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
                           || scalar == "-" || scalar == ".")
    }
}

/// One person the completion offers.
public struct MentionCandidate: Equatable, Sendable {
    public var login: String
    public var name: String
    /// "Name (login)", or the login alone when the name says nothing more.
    public var title: String { name.isEmpty || name == login ? "@" + login : "\(name) (@\(login))" }
}

/// @mention completion for any composer: as a person types "@" and the start of a login, the project's
/// collaborators whose login or name begins with (then contains) what was typed are offered; Up / Down move the
/// choice, Enter or Tab inserts "@login ", Escape closes the list until another "@" is typed. The people come from
/// `load` (the project's collaborators, cached per project by `CollaboratorDirectory`), asked for the first time an
/// "@" is typed.
@MainActor
@Observable
public final class MentionCompletion {
    /// The people offered now (empty: no list shown).
    public private(set) var candidates: [MentionCandidate] = []
    public private(set) var selectedIndex = 0
    /// The mention being typed, when one is.
    public private(set) var token: MentionToken?
    public var isShowing: Bool { !candidates.isEmpty }
    public var accessibleTitle: String { tr("People to mention") }

    /// At most this many people are listed at once (the list stays small beside the cursor).
    public nonisolated static let limit = 8

    @ObservationIgnored private let load: @MainActor () async -> [User]
    @ObservationIgnored private var people: [MentionCandidate]?
    @ObservationIgnored private var loading: Task<Void, Never>?
    /// The "@" Escape closed the list for (it stays closed while that mention is typed).
    @ObservationIgnored private var dismissedAt: Int?
    /// The "@" the people were last asked for.
    @ObservationIgnored private var askedAt: Int?

    public init(load: @escaping @MainActor () async -> [User]) {
        self.load = load
    }

    // MARK: Inputs

    /// The text or the cursor changed (cursor: a Unicode scalar offset).
    public func update(text: String, cursor: Int) {
        token = MentionToken.find(in: text, cursor: cursor)
        if let dismissedAt, token?.start != dismissedAt { self.dismissedAt = nil }
        refilter()
        // Asked once per "@" while nobody is known (a failed or empty answer is asked again at the next "@").
        if let token, people == nil, token.start != askedAt {
            askedAt = token.start
            startLoading()
        }
    }

    /// Up (-1) and Down (+1), wrapping around. Answers whether the list took the key.
    @discardableResult
    public func moveSelection(by step: Int) -> Bool {
        guard isShowing else { return false }
        let count = candidates.count
        selectedIndex = ((selectedIndex + step) % count + count) % count
        return true
    }

    public func select(_ index: Int) {
        guard candidates.indices.contains(index) else { return }
        selectedIndex = index
    }

    /// Escape: the list closes for this mention.
    @discardableResult
    public func dismiss() -> Bool {
        guard isShowing, let token else { return false }
        dismissedAt = token.start
        candidates = []
        return true
    }

    /// Enter, Tab or a click: what to put where (scalar offsets), "@login " in place of the typed mention. The view
    /// applies it to its buffer, whose change comes back through `update`.
    public func accept(_ index: Int? = nil) -> (start: Int, end: Int, insertion: String)? {
        let chosen = index ?? selectedIndex
        guard let token, candidates.indices.contains(chosen) else { return nil }
        let login = candidates[chosen].login
        candidates = []
        self.token = nil
        return (token.start, token.end, "@" + login + " ")
    }

    /// The same replacement applied to a string (for a composer without a buffer, and for tests): the new text and
    /// the cursor after the inserted mention.
    public nonisolated static func apply(_ replacement: (start: Int, end: Int, insertion: String),
                             to text: String) -> (text: String, cursor: Int) {
        var scalars = Array(text.unicodeScalars)
        let start = min(max(replacement.start, 0), scalars.count)
        let end = min(max(replacement.end, start), scalars.count)
        let inserted = Array(replacement.insertion.unicodeScalars)
        scalars.replaceSubrange(start..<end, with: inserted)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return (String(view), start + inserted.count)
    }

    /// The page went: a load still running is dropped.
    public func cancel() { loading?.cancel() }

    // MARK: Filtering

    private func startLoading() {
        guard loading == nil else { return }
        loading = Task { [weak self, load] in
            let found = await load()
            guard let self, !Task.isCancelled else { return }
            // The first of each login, in the order the server gave.
            var seen = Set<String>()
            people = found.filter { !$0.login.isEmpty && seen.insert($0.login.lowercased()).inserted }
                .map { MentionCandidate(login: $0.login, name: $0.name) }
            // An empty answer (a failure, or logged out) is asked again at the next "@".
            if found.isEmpty { people = nil }
            loading = nil
            refilter()
        }
    }

    private func refilter() {
        guard let token, token.start != dismissedAt, let people else {
            if !candidates.isEmpty { candidates = [] }
            return
        }
        let next = Self.matches(token.query, in: people)
        if next != candidates {
            let previous = candidates.indices.contains(selectedIndex) ? candidates[selectedIndex].login : nil
            candidates = next
            selectedIndex = previous.flatMap { login in next.firstIndex { $0.login == login } } ?? 0
        }
    }

    /// Logins (then names) that begin with `query`, then those that contain it; case-insensitive; at most `limit`.
    nonisolated static func matches(_ query: String, in people: [MentionCandidate]) -> [MentionCandidate] {
        let wanted = query.lowercased()
        guard !wanted.isEmpty else { return Array(people.prefix(limit)) }
        var starts: [MentionCandidate] = [], contains: [MentionCandidate] = []
        for person in people {
            let login = person.login.lowercased(), name = person.name.lowercased()
            if login.hasPrefix(wanted) || name.hasPrefix(wanted) {
                starts.append(person)
            } else if login.contains(wanted) || name.contains(wanted) {
                contains.append(person)
            }
        }
        return Array((starts + contains).prefix(limit))
    }
}
