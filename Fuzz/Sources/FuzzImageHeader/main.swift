import FuzzSupport
import Foundation
import Glibc
import MayunCore

/// Image header sniffing and the guards on arbitrary bytes: the first bytes of any file or download, the format
/// allow-list, and the GIF/WebP frame walk with its first-frame cut.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzImageHeader(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    if let size = ImageHeader.dimensions(of: data) {
        precondition(size.width >= 0 && size.height >= 0, "negative image size")
        _ = ImageLimits.check(width: size.width, height: size.height)
    }
    _ = ImageLimits.check(data)
    for format in ImageFormat.allCases { _ = ImageHeader.frames(of: data, format: format) }
    if case .success(let plan) = ImageLimits.plan(data) {
        precondition(plan.format == ImageFormat.sniff(data), "a plan for another format than the bytes'")
        precondition(plan.bytes.count <= data.count + 1 && plan.frames >= 1, "a plan larger than its input")
        if let width = plan.width, let height = plan.height {
            precondition(ImageLimits.check(width: width, height: height) == nil, "a plan over the pixel cap")
        }
        if plan.format == .gif, plan.bytes.count != data.count {
            precondition(ImageHeader.frames(of: plan.bytes, format: .gif).count == 1, "a cut GIF with more frames")
        }
    }
    _ = FileSniffer.looksBinary(data)
    _ = FileSniffer.imageType(of: data)
    _ = FileSniffer.binaryType(of: data)
    return 0
}

exit(FuzzDriver.run(fuzzImageHeader))
