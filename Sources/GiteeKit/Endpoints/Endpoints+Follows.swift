extension Endpoints {
    /// `GET /users/{login}/followers` (page-based).
    public static func followers(_ login: String, perPage: Int = defaultPageSize) -> Endpoint<[User]> {
        Endpoint(.get, .v5, path: path("users", login, "followers"), isPublic: true, paging: .numbered(perPage: perPage))
    }

    /// `GET /users/{login}/following` (page-based).
    public static func following(_ login: String, perPage: Int = defaultPageSize) -> Endpoint<[User]> {
        Endpoint(.get, .v5, path: path("users", login, "following"), isPublic: true, paging: .numbered(perPage: perPage))
    }
}
