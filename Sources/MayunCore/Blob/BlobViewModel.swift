import Foundation
import GiteeKit
import Observation

/// A file of a repository (`.blob`) or its README (`.readme`): the size first, then only as much as the size policy
/// allows (highlighted text, plain text, a rendered document with a Source toggle, or a size message with "Save as…"
/// and "Open on the website"). Opened files and READMEs are kept in the offline store and shown at once next time.
@MainActor
@Observable
public final class BlobViewModel {
    public private(set) var location: BlobLocation
    public let isReadme: Bool
    public private(set) var state: ScreenState = .loading
    public private(set) var content: BlobContent?
    /// Shown over the content when a refresh failed (the last content stays).
    public private(set) var banner: String?
    public private(set) var size: Int?
    public private(set) var showsSource = false
    public let transfer = FileTransfer()

    @ObservationIgnored private weak var navigator: (any Navigator)?
    /// The night mode the page's views follow.
    @ObservationIgnored public private(set) weak var nightMode: NightModeViewModel?
    @ObservationIgnored private let client: GiteeClient
    @ObservationIgnored private let store: OfflineStore?
    @ObservationIgnored private let server: URL
    @ObservationIgnored private var started = false
    @ObservationIgnored private var loading: Task<Void, Never>?

    /// What a file page needs: the API, the offline store, the site (for links) and the night mode.
    struct Dependencies {
        let client: GiteeClient
        let store: OfflineStore?
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
        client = dependencies.client
        store = dependencies.store
        server = dependencies.server
    }

    // MARK: Outputs

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

    // MARK: Inputs

    public func start() {
        guard !started else { return }
        started = true
        showSavedCopy()
        refresh()
    }

    public func refresh() {
        if content == nil { state = .loading }
        loading?.cancel()
        loading = Task { [weak self] in await self?.load() }
    }

    /// The page was left: the download and the parse stop (a Save As in progress goes on).
    public func cancel() {
        loading?.cancel()
        loading = nil
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
        transfer.download(location, with: client, to: destination)
    }

    /// A link clicked in the document: files of the repository open here, web addresses in the browser.
    public func activate(_ target: LinkTarget) { navigator?.follow(target) }

    // MARK: Loading

    private func load() async {
        do {
            if isReadme { try await loadReadme() } else { try await loadFile() }
            banner = nil
        } catch let error as GiteeError where error != .cancelled {
            fail(error)
        } catch {}
    }

    /// Nothing on screen: the failure is the page; otherwise what shows stays, under the one offline banner.
    private func fail(_ error: GiteeError) {
        if content == nil {
            state = .failed(message: ErrorText.message(for: error))
        } else {
            banner = ErrorText.banner(for: error, overSavedCopy: true)
        }
    }

    private func loadFile() async throws {
        let source = BlobSource(client: client, repo: location.repo, ref: location.ref)
        let knownSize = try await source.size(of: location.path)
        if let knownSize {
            switch BlobPresentation.decide(path: location.path, size: knownSize) {
            case .tooLarge(let size):
                return present(.tooLarge(size: size), size: size)
            case .image:
                return openAsImage()
            default:
                break
            }
        }
        // Size unknown (no ref, or the tree did not say): the download itself stops at the largest size the policy
        // could show, so the policy still runs before a huge file is read.
        let limit = BlobPresentation.downloadLimit(path: location.path)
        let raw: RawFile
        do {
            raw = try await source.bytes(of: location.path, limit: knownSize == nil ? limit : nil)
        } catch GiteeError.badResponse(.tooLarge) {
            return present(.tooLarge(size: limit + 1), size: limit + 1)
        }
        let size = knownSize ?? raw.data.count
        let presentation = BlobPresentation.decide(path: location.path, size: size, contentType: raw.contentType,
                                                   head: raw.data.prefix(BlobPresentation.sniffLength))
        switch presentation {
        case .image: return openAsImage()
        case .tooLarge(let size): return present(.tooLarge(size: size), size: size)
        case .binary(let size, let type): return present(.binary(size: size, type: type), size: size)
        case .highlighted, .plain, .document: break
        }
        let path = location.path
        let context = location.documentContext(server: server)
        let prefersDark = nightMode?.isNight ?? false
        guard let shown = await Self.content(for: String(decoding: raw.data, as: UTF8.self), path: path,
                                             presentation: presentation, context: context, prefersDark: prefersDark)
        else { return }
        present(shown, size: size)
        if size < BlobPresentation.highlightLimit, let text = shown.text {
            store?.save(SavedBlob(text: text, size: size), key: location.storeKey)
        }
    }

    private func loadReadme() async throws {
        let endpoint = Endpoints.readme(owner: location.repo.owner, repo: location.repo.name, ref: location.ref)
        guard let readme = try await client.send(endpoint), let text = readme.text else {
            content = nil
            state = .empty(text: tr("This project has no README."))
            return
        }
        if !readme.path.isEmpty { location = BlobLocation(repo: location.repo, ref: location.ref, path: readme.path) }
        await presentDocument(text)
        store?.save(text, key: readmeStoreKey)
    }

    private var readmeStoreKey: String { OfflineKey.readme(location.repo) }

    private func presentDocument(_ text: String) async {
        let path = location.path
        let context = location.documentContext(server: server)
        let prefersDark = nightMode?.isNight ?? false
        let size = text.utf8.count
        let presentation = BlobPresentation.decide(path: path, size: size)
        guard let shown = await Self.content(for: text, path: path, presentation: presentation, context: context,
                                             prefersDark: prefersDark)
        else { return }
        present(shown, size: size)
    }

    private func showSavedCopy() {
        if isReadme {
            guard let saved = store?.load(String.self, key: readmeStoreKey)?.value else { return }
            content = .code(text: saved, highlighted: false)  // replaced by the document below
            state = .content
            Task { await presentDocument(saved) }
        } else if let saved = store?.load(SavedBlob.self, key: location.storeKey)?.value {
            let presentation = BlobPresentation.decide(path: location.path, size: saved.size)
            guard case .document = presentation else {
                return present(Self.textContent(saved.text, presentation: presentation), size: saved.size)
            }
            let path = location.path, context = location.documentContext(server: server)
            Task { [weak self] in
                guard let shown = await Self.content(for: saved.text, path: path, presentation: presentation,
                                                     context: context, prefersDark: false) else { return }
                self?.present(shown, size: saved.size)
            }
        }
    }

    private func present(_ shown: BlobContent, size: Int) {
        if content != shown { content = shown }
        self.size = size
        state = .content
    }

    private func openAsImage() {
        navigator?.replace(with: .image(location.repo, ref: location.ref, path: location.path))
    }

    /// Text to what the page shows. Documents go through `DocumentParseService` (off the main thread, with its
    /// time budget); nil when the calling task was cancelled.
    nonisolated static func content(for text: String, path: String, presentation: BlobPresentation,
                                    context: DocumentContext, prefersDark: Bool) async -> BlobContent? {
        switch presentation {
        case .document(let format):
            let request = DocumentRequest(text: text, format: format == .html ? .html : .markdown, context: context,
                                          prefersDark: prefersDark)
            guard let document = await DocumentParseService.parse(request) else { return nil }
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
