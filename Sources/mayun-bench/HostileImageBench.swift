import FakeGitee
import Foundation
import GiteeKit
import MayunCore
import GtkKit
import MayunUI

/// The image bombs of issue 22, taken the way the app takes a README's images (the shared `ImageLoader`): an
/// 11000 x 10000 TIFF of a few hundred bytes (refused by format before any loader), and ten 10000 x 10000 PNGs of
/// ~100 KB each, at full size (each decoded for whoever asked, none kept: 400 MB each is over the 128 MiB memory
/// budget) and as a README shows them (issue 36: decoded within their 480 x 270 box, row by row). Prints the time
/// to the answer, the peak RSS while doing it, and what the memory cache holds afterwards.
@MainActor
enum HostileImageBench {
    static func run() {
        print("Hostile images (memory cache budget \(ImageLoader.defaultMemoryBudget >> 20) MiB)")
        print("  kind                      size     answer              time   peak RSS  cache after")
        let tiff = HostileImages.tiff(width: 11000, height: 10000)
        measure("TIFF 11000 x 10000", bytes: [tiff])
        if let png = HostileImages.blankPNG(width: 10000, height: 10000) {
            measure("10 PNGs 10000 x 10000", bytes: Array(repeating: png, count: 10))
            measure("the same in README boxes", bytes: Array(repeating: png, count: 10),
                    size: .within(width: 480, height: 270))
        }
    }

    private static func measure(_ name: String, bytes: [Data], size: DecodeSize = .full) {
        let loader = ImageLoader(fetch: { url, _ in
            let index = Int(url.lastPathComponent) ?? 0
            return FetchedImage(data: bytes[min(index, bytes.count - 1)], wasAuthenticated: false)
        }, diskDirectory: nil)
        PeakMemory.reset()
        var answers: [String] = []
        let time = Bench.time {
            for index in bytes.indices {
                var answer: String?
                loader.image(URL(string: "http://127.0.0.1:9/\(index)")!, size: size) { result in
                    switch result {
                    case .success(let image): answer = "\(image.width) x \(image.height)"
                    case .failure(.refused): answer = "refused"
                    case .failure: answer = "unreadable"
                    }
                }
                Bench.spin { answer != nil }
                answers.append(answer ?? "timeout")
            }
        }
        let answer = Set(answers).count == 1 ? answers[0] : answers.joined(separator: ",")
        let size = ByteCountFormatter.string(fromByteCount: Int64(bytes.first?.count ?? 0), countStyle: .file)
        func pad(_ text: String, _ width: Int) -> String {
            text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
        }
        let ms = String(format: "%7.1f ms", time * 1000)
        print("  " + [pad(name, 24), pad(size, 8), pad(answer, 15), ms, PeakMemory.megabytes(),
                      "  \(loader.cachedImageCount) kept, \(loader.memoryBytes >> 20) MiB"].joined(separator: " "))
    }
}
