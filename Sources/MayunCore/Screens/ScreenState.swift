/// What a remote screen shows: the states every list and page moves through.
public enum ScreenState: Equatable, Sendable {
    /// Nothing has been requested yet.
    case notLoaded(message: String)
    case loading
    case content
    case empty(text: String)
    case failed(message: String)
}
