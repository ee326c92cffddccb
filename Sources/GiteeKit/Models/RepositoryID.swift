/// A repository on the forge, as `owner/name`.
public struct RepositoryID: Hashable, Sendable, CustomStringConvertible {
    public let owner: String
    public let name: String
    public init(owner: String, name: String) {
        self.owner = owner
        self.name = name
    }
    public var description: String { "\(owner)/\(name)" }
}
