import Foundation
import GiteeKit
import MayunDocument
import Observation

/// A file of a repository (`.blob`) or its README (`.readme`): the size first, then only as much as the size policy
/// allows (highlighted text, plain text, a rendered document with a Source toggle, or a size message with "Save as…"
/// and "Open on the website"). One `RemoteResource` holds what shows: the saved copy at once (`CachedClient` keeps
/// opened files and READMEs), then the server's; a stale answer or parse is dropped and leaving the page stops both.
@MainActor
@Observable
public final class BlobViewModel {
    public private(set) var location: BlobLocation
    public let isReadme: Bool
    /// What the page shows, parsed: saved copy first, then the server's.
    public let resource: RemoteResource<ShownFile>
    public private(set) var showsSource = false
    /// The logged-in person may push to the project and the page shows a branch (not a commit): Edit is shown.
    public internal(set) var canEdit = false
    /// Opens the editor (set by the Coordinator with `canEdit`).
    @ObservationIgnored var openEditor: (@MainActor () -> Void)?
    /// Deleting the file (shown with Edit, for people with push rights).
    @ObservationIgnored public internal(set) var deletion: FileDeletion?
    public let transfer = FileTransfer()

    /// A file ready to show: its content (a document already parsed), or a redirect to the image page, or a
    /// project without a README.
    public enum ShownFile: Equatable, Sendable {
        case shown(BlobContent, size: Int, path: String)
        case image
        case noReadme
    }

    @ObservationIgnored private weak var navigator: (any Navigator)?
    /// The night mode the page's views follow.
    @ObservationIgnored public private(set) weak var nightMode: NightModeViewModel?
    @ObservationIgnored private let cached: CachedClient
    @ObservationIgnored private let server: URL
    @ObservationIgnored private var started = false
    @ObservationIgnored private var savedCopyRead: Task<Void, Never>?
    /// The document on screen, and the saved copy's while it is parsed (it shows only if the server's answer has
    /// not come first); a newer one (a refresh, the server's after the saved copy) stops the older one's parse.
    @ObservationIgnored private let documents = DocumentSlot()

    /// What a file page needs: the cached API, the site (for links) and the night mode.
    struct Dependencies {
        let cached: CachedClient
        let server: URL
        let nightMode: NightModeViewModel
        weak var navigator: (any Navigator)?
    }

    convenience init(repo: RepositoryID, ref: String?, path: String, _ dependencies: Dependencies) {
        self.init(location: BlobLocation(repo: repo, ref: ref, path: path), isReadme: false, dependencies)
    }

    /// The README of `repo` (its path is learnt from the answer).
    convenience init(readmeOf repo: RepositoryID, ref: String?, _ dependencies: Dependencies) {
        self.init(location: BlobLocation(repo: repo, ref: ref, path: "README.md"), isReadme: true, dependencies)
    }

    private init(location: BlobLocation, isReadme: Bool, _ dependencies: Dependencies) {
        self.location = location
        self.isReadme = isReadme
        navigator = dependencies.navigator
        nightMode = dependencies.nightMode
        cached = dependencies.cached
        server = dependencies.server
        let fetch: RemoteResource<ShownFile>.Fetch
        let night = dependencies.nightMode, server = dependencies.server
        if isReadme {
            let readme = dependencies.cached.readme(location.repo, ref: location.ref)
            fetch = { [weak night] in
                try await Self.shown(readme.fetch(), repo: location.repo, ref: location.ref, server: server,
                                     prefersDark: night?.isNight ?? false)
            }
        } else {
            let file = dependencies.cached.file(location)
            fetch = { [weak night] in
                try await Self.shown(file.fetch(), location: location, server: server,
                                     prefersDark: night?.isNight ?? false)
            }
        }
        resource = RemoteResource(fetch: fetch)
        resource.onFresh = { [weak self] fresh in self?.settle(fresh) }
    }

    // MARK: Outputs

    public var state: ScreenState {
        switch resource.value {
        case .noReadme?: .empty(text: tr("This project has no README."))
        case .image?: .loading  // the image page replaces this one
        default: resource.state
        }
    }
    public var content: BlobContent? {
        if case .shown(let content, _, _)? = resource.value { content } else { nil }
    }
    /// Shown over the content when a refresh failed (the last content stays).
    public var banner: String? { resource.banner }
    public var size: Int? {
        if case .shown(_, let size, _)? = resource.value { size } else { nil }
    }
    public var title: String { isReadme ? tr("Readme") : location.fileName }
    public var canToggleSource: Bool { if case .document = content { return true } else { return false } }
    public var canCopy: Bool { content?.text != nil }
    /// Code is on screen (a source file, or a document's source): the Wrap toggle applies.
    public var showsCode: Bool {
        switch content {
        case .code?: true
        case .document?: showsSource
        default: false
        }
    }
    /// "12.3 KB · SWIFT file", "20.0 MB · too large to show", "4.0 KB · application/zip".
    public var info: String {
        let sizeText = size.map(ByteSize.format) ?? ""
        let kind: String = switch content {
        case .binary(_, let type)?: type
        case .tooLarge?: tr("too large to show here")
        case .code(_, false)?: tr("shown without highlighting")
        default: BlobPresentation.typeName(path: location.path)
        }
        return [sizeText, kind].filter { !$0.isEmpty }.joined(separator: "  ·  ")
    }
    /// The explanation shown instead of a file that is not loaded, or nil.
    public var notice: (title: String, detail: String)? {
        switch content {
        case .tooLarge(let size)?:
            return (tr("This file is too large to show"),
                    String(format: tr("%@: files over 10 MB are not loaded. Save it or open it on the website."),
                           ByteSize.format(size)))
        case .binary(let size, let type)?:
            return (tr("This is a binary file"), String(format: tr("%@ of %@. Save it to open it with another program."),
                                                        ByteSize.format(size), type))
        default:
            return nil
        }
    }
    public var websiteURL: URL? { location.websiteURL(server: server) }
    /// Whether the saved document is still being parsed (tests wait for it).
    var isParsingSavedCopy: Bool { documents.isParsing }

    // MARK: Inputs

    public func start() {
        guard !started else { return }
        started = true
        // The saved copy is read off the main thread and shown before the request goes (a failed request then
        // finds it showing); leaving the page meanwhile stops both.
        savedCopyRead = Task { [weak self] in
            await self?.showSavedCopy()
            guard !Task.isCancelled else { return }
            self?.resource.start()
        }
    }

    public func refresh() { resource.refresh() }

    /// The page was left: the download and the parses stop (a Save As in progress goes on).
    public func cancel() {
        savedCopyRead?.cancel()
        resource.cancel()
        documents.cancel()
    }

    public func edit() {
        guard canEdit, content?.text != nil else { return }
        openEditor?()
    }

    public func toggleSource() {
        guard canToggleSource else { return }
        showsSource.toggle()
    }

    public func copyText() {
        guard let text = content?.text else { return }
        navigator?.copy(text, announcing: tr("Copied"))
    }

    public func openOnWebsite() {
        if let url = websiteURL { navigator?.openExternal(url) }
    }

    /// Streams the file to `destination` (chosen by the person in the page's file chooser).
    public func save(to destination: String) {
        transfer.download(location, with: cached.client, to: destination)
    }

    /// A link clicked in the document: files of the repository open here, web addresses in the browser.
    public func activate(_ target: LinkTarget) { navigator?.follow(target) }

    // MARK: Loading

    /// The server's file; a document is returned once its first screen is parsed (the rest follows in the
    /// `ProgressiveDocument`); a parse cancelled first ends the load as cancelled.
    private static func shown(_ body: FileBody, location: BlobLocation, server: URL, prefersDark: Bool) async throws
        -> ShownFile
    {
        switch body {
        case .image: return .image
        case .tooLarge(let size): return .shown(.tooLarge(size: size), size: size, path: location.path)
        case .binary(let size, let type): return .shown(.binary(size: size, type: type), size: size, path: location.path)
        case .text(let text, let size, let presentation):
            guard let shown = await content(for: text, path: location.path, presentation: presentation,
                                            context: location.documentContext(server: server), prefersDark: prefersDark)
            else { throw CancellationError() }
            return .shown(shown, size: size, path: location.path)
        }
    }

    /// The README, at the path the answer gave.
    private static func shown(_ readme: Readme, repo: RepositoryID, ref: String?, server: URL, prefersDark: Bool)
        async throws -> ShownFile
    {
        guard case .file(let path, let text) = readme else { return .noReadme }
        let location = BlobLocation(repo: repo, ref: ref, path: path)
        let size = text.utf8.count
        return try await shown(.text(text, size: size, presentation: BlobPresentation.decide(path: path, size: size)),
                               location: location, server: server, prefersDark: prefersDark)
    }

    /// A fresh answer: the README's real path, or the image page for an image; a fresh document replaces the
    /// saved one (its parse stops).
    private func settle(_ fresh: ShownFile) {
        if case .shown(.document(let document, _), _, _) = fresh {
            documents.show(document)
        } else {
            documents.dropPending()
        }
        switch fresh {
        case .shown(_, _, let path) where path != location.path:
            location = BlobLocation(repo: location.repo, ref: location.ref, path: path)
        case .image:
            navigator?.replace(with: .image(location.repo, ref: location.ref, path: location.path))
        default:
            break
        }
    }

    /// The saved copy's text at once; a saved document is parsed in the background and replaces it, unless the
    /// server's answer came first (`RemoteResource.showSavedCopy(_:)` refuses then).
    private func showSavedCopy() async {
        let saved: FileBody? = if isReadme {
            await cached.readme(location.repo, ref: location.ref).saved().flatMap { readme in
                guard case .file(_, let text) = readme else { return nil }
                let size = text.utf8.count
                return .text(text, size: size, presentation: BlobPresentation.decide(path: location.path, size: size))
            }
        } else {
            await cached.file(location).saved()
        }
        guard case .text(let text, let size, let presentation)? = saved else { return }
        let path = location.path
        guard case .document(let format) = presentation else {
            return resource.showSavedCopy(.shown(Self.textContent(text, presentation: presentation), size: size, path: path))
        }
        resource.showSavedCopy(.shown(.code(text: text, highlighted: false), size: size, path: path))
        let request = DocumentRequest(text: text, format: format == .html ? .html : .markdown,
                                      context: location.documentContext(server: server),
                                      prefersDark: nightMode?.isNight ?? false)
        // The server's answer may come first: then the late saved copy is dropped.
        documents.parse(request, stillWanted: { [weak self] in self?.resource.phase != .loaded }) { [weak self] document in
            self?.resource.showSavedCopy(.shown(.document(document, source: text), size: size, path: path))
        }
    }

    /// Text to what the page shows. A document is parsed through `DocumentParseService` (off the main thread,
    /// with its time budget) and returned once its first chunk is read; nil when the calling task was cancelled
    /// first (which stops the parse).
    static func content(for text: String, path: String, presentation: BlobPresentation,
                        context: DocumentContext, prefersDark: Bool) async -> BlobContent? {
        switch presentation {
        case .document(let format):
            let request = DocumentRequest(text: text, format: format == .html ? .html : .markdown, context: context,
                                          prefersDark: prefersDark)
            let document = ProgressiveDocument(parsing: request)
            guard await document.firstDelivery(), !Task.isCancelled else {
                document.cancel()
                return nil
            }
            return .document(document, source: text)
        default:
            return textContent(text, presentation: presentation)
        }
    }

    /// Text shown as code (highlighted or not): nothing to parse, so no need to leave the main thread.
    nonisolated static func textContent(_ text: String, presentation: BlobPresentation) -> BlobContent {
        presentation == .plain ? .code(text: text, highlighted: false) : .code(text: text, highlighted: true)
    }
}
