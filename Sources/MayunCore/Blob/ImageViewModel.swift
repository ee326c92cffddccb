import Foundation
import GiteeKit
import Observation

/// An image file of a repository (`.image`): its size first (images over 50 MB are not downloaded), then the bytes,
/// which the image view decodes off the main thread. Dimensions are read from the header without decoding.
@MainActor
@Observable
public final class ImageViewModel {
    public let location: BlobLocation
    public private(set) var state: ScreenState = .loading
    /// The file's bytes once downloaded (nil while loading, on failure, or when refused).
    public private(set) var data: Data?
    /// Why the image is not shown (too many bytes or pixels), or nil.
    public private(set) var refusal: String?
    public private(set) var size: Int?
    public private(set) var dimensions: (width: Int, height: Int)?
    public let transfer = FileTransfer()

    @ObservationIgnored private weak var navigator: (any Navigator)?
    @ObservationIgnored private let loads = LatestTask()
    /// The night mode the page's views follow.
    @ObservationIgnored public private(set) weak var nightMode: NightModeViewModel?
    @ObservationIgnored private let client: GiteeClient
    @ObservationIgnored private let server: URL
    @ObservationIgnored private var started = false

    init(repo: RepositoryID, ref: String?, path: String, client: GiteeClient, server: URL,
         nightMode: NightModeViewModel, navigator: any Navigator) {
        location = BlobLocation(repo: repo, ref: ref, path: path)
        self.navigator = navigator
        self.nightMode = nightMode
        self.client = client
        self.server = server
    }

    // MARK: Outputs

    public var title: String { location.fileName }
    /// "24.0 KB  ·  640 × 480  ·  PNG file".
    public var info: String {
        [size.map(ByteSize.format), dimensions.map { "\($0.width) × \($0.height)" },
         BlobPresentation.typeName(path: location.path)].compactMap { $0 }.joined(separator: "  ·  ")
    }
    public var websiteURL: URL? { location.websiteURL(server: server) }

    // MARK: Inputs

    public func start() {
        guard !started else { return }
        started = true
        refresh()
    }

    public func refresh() {
        if data == nil { state = .loading }
        loads.run { [weak self] in await self?.load() }
    }

    /// The page was left: the download stops.
    public func cancel() { loads.cancel() }

    public func openOnWebsite() {
        if let url = websiteURL { navigator?.openExternal(url) }
    }

    public func save(to destination: String) {
        transfer.download(location, with: client, to: destination)
    }

    // MARK: Loading

    private func load() async {
        let source = BlobSource(client: client, repo: location.repo, ref: location.ref)
        do {
            let knownSize = try await source.size(of: location.path)
            if let knownSize, knownSize > ImageLimits.maxBytes {
                size = knownSize
                refuse(ImageLimits.Refusal.tooManyBytes(knownSize).message)
                return
            }
            let raw: RawFile
            do {
                // Unknown size: the download stops at the limit instead of reading the whole file first.
                raw = try await source.bytes(of: location.path, limit: knownSize == nil ? ImageLimits.maxBytes : nil)
            } catch GiteeError.badResponse(.tooLarge) {
                refuse(ImageLimits.Refusal.tooManyBytes(ImageLimits.maxBytes + 1).message)
                return
            }
            guard !Task.isCancelled else { return }
            size = knownSize ?? raw.data.count
            dimensions = ImageHeader.dimensions(of: raw.data)
            if let refused = ImageLimits.check(raw.data) {
                refuse(refused.message)
                return
            }
            data = raw.data
            refusal = nil
            state = .content
        } catch let error as GiteeError where error != .cancelled {
            if data == nil { state = .failed(message: ErrorText.message(for: error)) }
        } catch {}
    }

    private func refuse(_ message: String) {
        data = nil
        refusal = message
        state = .content
    }
}
