import Foundation
import GiteeKit
import MayunDocument

/// Markdown written on a repository (an issue, a comment, a pull request), turned into `DocumentParseService`
/// requests that resolve links against the site and follow the night mode.
@MainActor
public struct RepositoryMarkdown {
    let server: URL
    public let nightMode: NightModeViewModel

    public func request(_ text: String, in repo: RepositoryID) -> DocumentRequest {
        let context = DocumentContext(repository: repo, ref: nil, folder: "", server: server)
        return DocumentRequest(text: text, format: .markdown, context: context, prefersDark: nightMode.isNight)
    }

    /// Parses off the main thread (empty when the calling task is cancelled).
    public func parse(_ text: String, in repo: RepositoryID) async -> Document {
        await DocumentParseService.parse(request(text, in: repo)) ?? .empty
    }
}
