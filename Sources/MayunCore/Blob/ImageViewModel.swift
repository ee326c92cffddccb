import Foundation
import GiteeKit
import Observation

/// An image file of a repository (`.image`): its size first (images over 50 MB are not downloaded), then the bytes,
/// which the image view decodes off the main thread. Dimensions are read from the header without decoding. One
/// `RemoteResource` holds the answer (stale answers dropped, cancelled when the page goes, F5 reloads).
@MainActor
@Observable
public final class ImageViewModel {
    public let location: BlobLocation
    public let resource: RemoteResource<ImageFile>
    public let transfer = FileTransfer()

    /// What came back for the image: its bytes, or why they are not shown (too many bytes or pixels).
    public struct ImageFile: Equatable, Sendable {
        public var data: Data?
        public var refusal: String?
        public var size: Int?
        public var width: Int?
        public var height: Int?
    }

    @ObservationIgnored private weak var navigator: (any Navigator)?
    /// The night mode the page's views follow.
    @ObservationIgnored public private(set) weak var nightMode: NightModeViewModel?
    @ObservationIgnored private let client: GiteeClient
    @ObservationIgnored private let server: URL

    init(repo: RepositoryID, ref: String?, path: String, client: GiteeClient, server: URL,
         nightMode: NightModeViewModel, navigator: any Navigator) {
        let location = BlobLocation(repo: repo, ref: ref, path: path)
        self.location = location
        self.navigator = navigator
        self.nightMode = nightMode
        self.client = client
        self.server = server
        let source = BlobSource(client: client, repo: repo, ref: ref)
        resource = RemoteResource { try await Self.fetch(path, from: source) }
    }

    // MARK: Outputs

    public var state: ScreenState { resource.state }
    /// The file's bytes once downloaded (nil while loading, on failure, or when refused).
    public var data: Data? { resource.value?.data }
    /// Why the image is not shown (too many bytes or pixels), or nil.
    public var refusal: String? { resource.value?.refusal }
    public var size: Int? { resource.value?.size }
    public var dimensions: (width: Int, height: Int)? {
        guard let width = resource.value?.width, let height = resource.value?.height else { return nil }
        return (width, height)
    }
    /// Shown over the image when a refresh failed (the image stays).
    public var banner: String? { resource.banner }

    public var title: String { location.fileName }
    /// "24.0 KB  ·  640 × 480  ·  PNG file".
    public var info: String {
        [size.map(ByteSize.format), dimensions.map { "\($0.width) × \($0.height)" },
         BlobPresentation.typeName(path: location.path)].compactMap { $0 }.joined(separator: "  ·  ")
    }
    public var websiteURL: URL? { location.websiteURL(server: server) }

    // MARK: Inputs

    public func start() { resource.start() }
    public func refresh() { resource.refresh() }

    /// The page was left: the download stops.
    public func cancel() { resource.cancel() }

    public func openOnWebsite() {
        if let url = websiteURL { navigator?.openExternal(url) }
    }

    public func save(to destination: String) {
        transfer.download(location, with: client, to: destination)
    }

    // MARK: Loading

    /// The size from the tree first (over `ImageLimits.maxBytes` nothing is downloaded), then the bytes (stopped at
    /// the limit when the size was unknown), then the header's pixel count: every refusal is an answer, not a
    /// failure.
    private static func fetch(_ path: String, from source: BlobSource) async throws -> ImageFile {
        let knownSize = try await source.size(of: path)
        if let knownSize, knownSize > ImageLimits.maxBytes {
            return ImageFile(refusal: ImageLimits.Refusal.tooManyBytes(knownSize).message, size: knownSize)
        }
        let raw: RawFile
        do {
            raw = try await source.bytes(of: path, limit: knownSize == nil ? ImageLimits.maxBytes : nil)
        } catch GiteeError.badResponse(.tooLarge) {
            return ImageFile(refusal: ImageLimits.Refusal.tooManyBytes(ImageLimits.maxBytes + 1).message)
        }
        let dimensions = ImageHeader.dimensions(of: raw.data)
        var file = ImageFile(size: knownSize ?? raw.data.count, width: dimensions?.width, height: dimensions?.height)
        if let refused = ImageLimits.check(raw.data) {
            file.refusal = refused.message
        } else {
            file.data = raw.data
        }
        return file
    }
}
