import Foundation
import MayunCore

/// The desktop's side of the Coordinator (the browser, the clipboard) for tests: what was opened and copied.
@MainActor
public final class RecordingPlatform: PlatformActions {
    public private(set) var opened: [URL] = []
    public private(set) var copied: [String] = []
    public init() {}
    public func open(_ url: URL) { opened.append(url) }
    public func copy(_ text: String) { copied.append(text) }
}
