import Foundation

/// The catalogue of every call Mayun makes. Each returns an `Endpoint` value; nothing here touches the network.
public enum Endpoints {
    public static let defaultPageSize = 20

    /// Joins path parts, percent-encoding each (a file path's own slashes are kept by passing it through `filePath`).
    static func path(_ parts: String...) -> String {
        "/" + parts.map(escape).joined(separator: "/")
    }

    /// A repository file path (`docs/a b.md`) with each segment encoded and the slashes kept.
    static func filePath(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).map { escape(String($0)) }.joined(separator: "/")
    }

    static func escape(_ segment: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        allowed.insert(charactersIn: "-._~")
        return segment.addingPercentEncoding(withAllowedCharacters: allowed) ?? segment
    }

    // MARK: Explore (v3, with v5 search fallbacks)
    //
    // Every call in this file is public (`isPublic`): the answer is the same for everyone, so no token goes with it
    // and a 401 is only this call's failure. v3 in particular must never see the token: it is undocumented, may be
    // retired, firewalled or redirected to the login page at any time, and must not spend the refresh token.

    /// 推荐 Featured. v3 only. v5 has no "recommended" filter on search, so the substitute is search sorted by stars
    /// (what the staff picks mostly are: the most starred projects), the same as Popular.
    public static func featured(perPage: Int = defaultPageSize) -> Endpoint<[Project]> {
        var endpoint = Endpoint<[Project]>(.get, .v3, path: "/projects/featured", isPublic: true,
                                           paging: .numbered(perPage: perPage), isShareable: true)
        endpoint.fallbacks = [searchFallback(sort: "stars_count", perPage: perPage)]
        return endpoint
    }

    /// 热门 Popular.
    public static func popular(perPage: Int = defaultPageSize) -> Endpoint<[Project]> {
        var endpoint = Endpoint<[Project]>(.get, .v3, path: "/projects/popular", isPublic: true,
                                           paging: .numbered(perPage: perPage), isShareable: true)
        endpoint.fallbacks = [searchFallback(sort: "stars_count", perPage: perPage)]
        return endpoint
    }

    /// 最近更新 Latest.
    public static func latest(perPage: Int = defaultPageSize) -> Endpoint<[Project]> {
        var endpoint = Endpoint<[Project]>(.get, .v3, path: "/projects/latest", isPublic: true,
                                           paging: .numbered(perPage: perPage), isShareable: true)
        endpoint.fallbacks = [searchFallback(sort: "last_push_at", perPage: perPage)]
        return endpoint
    }

    private static func searchFallback(sort: String, perPage: Int) -> Endpoint<[Project]> {
        // `q` is required by v5 search; a single common letter matches broadly.
        Endpoint(.get, .v5, path: "/search/repositories",
                 query: [QueryItem("q", "a"), QueryItem("sort", sort), QueryItem("order", "desc")],
                 isPublic: true, paging: .numbered(perPage: perPage), isShareable: true)
    }

    /// The Discover tab's languages.
    public static func languages() -> Endpoint<[Language]> {
        // Without the v3 list (any failure), the language enum of v5 search stands in (negative ids:
        // `languageProjects` then goes straight to search, whose `language` filter takes the name).
        var endpoint = Endpoint<[Language]>(.get, .v3, path: "/projects/languages", isPublic: true, isShareable: true)
        endpoint.valueWhenUnavailable = Language.searchLanguages
        return endpoint
    }

    /// One language's projects (by the id from `languages()`). Search stands in only for a name on search's own
    /// `language` list (`Language.searchName`, which the site checks): v3's other names (Vue, Nim, Zig...) browse
    /// through v3 only, since search would refuse them.
    public static func languageProjects(id: Int, name: String, perPage: Int = defaultPageSize) -> Endpoint<[Project]> {
        let searchName = Language.searchName(for: name)
        var fallback: Endpoint<[Project]>?
        if let searchName {
            var endpoint = search(searchName, language: searchName, sort: .stars, perPage: perPage)
            // Search needs a term; with the language filter set, a single common word matches broadly.
            endpoint.query[0] = QueryItem("q", "a")
            fallback = endpoint
        }
        guard id > 0 else {
            return fallback ?? Endpoint(.get, .v3, path: "/projects/languages/\(escape(name))", isPublic: true,
                                        paging: .numbered(perPage: perPage), isShareable: true)
        }
        var endpoint = Endpoint<[Project]>(.get, .v3, path: "/projects/languages/\(id)", isPublic: true,
                                           paging: .numbered(perPage: perPage), isShareable: true)
        endpoint.fallbacks = fallback.map { [$0] } ?? []
        return endpoint
    }

    public enum SearchSort: String, Sendable, CaseIterable {
        /// Best match (the server's own order).
        case bestMatch = ""
        case stars = "stars_count"
        case lastPush = "last_push_at"
        case forks = "forks_count"
        case watches = "watches_count"
    }

    /// `GET /search/repositories`. A `language` off search's own list (`Language.searchName`) is left out rather
    /// than sent: the site refuses the whole search for it.
    public static func search(_ text: String, language: String? = nil, sort: SearchSort = .bestMatch, descending: Bool = true,
                              perPage: Int = defaultPageSize) -> Endpoint<[Project]> {
        var query = [QueryItem("q", text)]
        if sort != .bestMatch {
            query += [QueryItem("sort", sort.rawValue), QueryItem("order", descending ? "desc" : "asc")]
        }
        if let language, let known = Language.searchName(for: language) { query.append(QueryItem("language", known)) }
        return Endpoint(.get, .v5, path: "/search/repositories", query: query, isPublic: true,
                        paging: .numbered(perPage: perPage), isShareable: true)
    }
}
