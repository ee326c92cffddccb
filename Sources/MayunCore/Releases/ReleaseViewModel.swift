import Foundation
import GiteeKit
import MayunDocument
import Observation

/// One release: tag, name, author, date, the pre-release badge, the notes rendered as a document, the attached files
/// and the source archives (zip and tar.gz) of its tag.
@MainActor
@Observable
public final class ReleaseViewModel {
    public let repo: RepositoryID
    public let tag: String
    public let resource: RemoteResource<Release>
    public var state: ScreenState { resource.state }
    public var release: Release? { resource.value }
    /// The notes rendered as a document (nil until parsed, or when there are none).
    public private(set) var notesDocument: Document?
    @ObservationIgnored private let parses = DocumentParses()
    @ObservationIgnored private let markdown: RepositoryMarkdown?
    @ObservationIgnored private weak var navigator: (any Navigator)?
    @ObservationIgnored private let client: GiteeClient
    public let downloads: DownloadCenter

    /// Something this page offers to download: an attached file or a source archive.
    public struct File: Equatable, Sendable {
        public enum Source: Equatable, Sendable {
            case asset(ReleaseAsset)
            case archive(Endpoints.ArchiveFormat)
        }
        public let source: Source
        public let title: String
        public let detail: String
    }

    init(repo: RepositoryID, tag: String, client: GiteeClient, downloads: DownloadCenter, markdown: RepositoryMarkdown?,
         navigator: any Navigator) {
        self.repo = repo
        self.tag = tag
        self.client = client
        self.downloads = downloads
        self.markdown = markdown
        self.navigator = navigator
        resource = RemoteResource {
            try await client.send(Endpoints.release(owner: repo.owner, repo: repo.name, tag: tag))
        }
        resource.onFresh = { [weak self] fresh in self?.parseNotes(of: fresh) }
    }

    // MARK: Outputs

    public var title: String { tag }
    public var heading: String { release.map(ReleasesViewModel.heading(of:)) ?? tag }
    public var byline: String { release.map { ReleasesViewModel.byline(of: $0, withPrerelease: false) } ?? "" }
    public var isPrerelease: Bool { release?.isPrerelease ?? false }
    public var notes: String {
        let text = release?.body?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return text.isEmpty ? tr("No release notes.") : text
    }
    public var nightMode: NightModeViewModel? { markdown?.nightMode }

    /// The attached files, by name, with their size when the server gave it.
    public var assets: [File] {
        (release?.assets ?? []).map { asset in
            File(source: .asset(asset), title: asset.name,
                 detail: asset.size.map { ByteCountFormatter.string(fromByteCount: $0, countStyle: .file) } ?? "")
        }
    }

    /// The tag's source code as zip and tar.gz.
    public var archives: [File] {
        Endpoints.ArchiveFormat.allCases.map { format in
            File(source: .archive(format),
                 title: format == .zip ? tr("Source code (zip)") : tr("Source code (tar.gz)"),
                 detail: Endpoints.archiveFileName(repo: repo.name, ref: tag, format: format))
        }
    }

    /// The latest download of `file`, running or ended (the row shows its progress, or Open and Show in Folder).
    public func download(of file: File) -> Download? { downloads.latest(for: key(of: file)) }

    // MARK: Inputs

    /// Downloads `file` into the Downloads folder (a running one is not started twice).
    public func download(_ file: File) {
        if download(of: file)?.isRunning == true { return }
        let client = client, repo = repo, tag = tag
        switch file.source {
        case .asset(let asset):
            // Through the API's download call with the token (the website's address answers a private project's
            // file with its login page); a page that comes anyway is refused, not saved.
            guard let releaseID = release?.id else { return }
            downloads.start(key: key(of: file), fileName: asset.name) { temporary, progress in
                try await client.downloadReleaseFile(asset, releaseID: releaseID, owner: repo.owner, repo: repo.name,
                                                     to: temporary, progress: progress)
            }
        case .archive(let format):
            let endpoint = Endpoints.archive(owner: repo.owner, repo: repo.name, ref: tag, format: format)
            downloads.start(key: key(of: file), fileName: file.detail) { temporary, progress in
                try await client.download(endpoint, to: temporary, progress: progress)
            }
        }
    }

    private func key(of file: File) -> String {
        switch file.source {
        case .asset(let asset): "\(repo)@\(tag):asset:\(asset.url)"
        case .archive(let format): "\(repo)@\(tag):archive:\(format.rawValue)"
        }
    }

    public func activate(_ target: LinkTarget) { navigator?.follow(target) }
    public func start() { resource.start() }
    public func refresh() { resource.refresh() }
    public func cancel() {
        resource.cancel()
        parses.cancelAll()
    }

    private func parseNotes(of release: Release) {
        guard let text = release.body?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty,
              let markdown else { return }
        parses.parse(markdown.request(text, in: repo), key: "notes") { [weak self] in self?.notesDocument = $0 }
    }
}
