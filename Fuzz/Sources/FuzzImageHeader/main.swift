import CPngScale
import CStillScale
import FuzzSupport
import Foundation
import Glibc
import MayunCore

/// Image header sniffing and the guards on arbitrary bytes: the first bytes of any file or download, the format
/// allow-list, and the GIF/WebP frame walk with its first-frame cut; and the C decoders that scale a PNG
/// (Sources/CPngScale), a BMP or a GIF (Sources/CStillScale) while they read it, which must fail cleanly or give
/// pixels within the size asked for.
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
    decodeScaled(data)
    decodeScaledStills(data)
    return 0
}

func decodeScaled(_ data: Data) {
    data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
        guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return }
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0, height: UInt32 = 0
        var stride = 0
        var message = [CChar](repeating: 0, count: 256)
        // At most 64 x 48 out of at most 2^22 pixels in: small enough that every run is fast.
        let failed = mayun_png_decode_scaled(base, raw.count, 64, 48, 1 << 22, &pixels, &width, &height, &stride,
                                             &message, message.count)
        if failed == 0 {
            precondition(pixels != nil && width >= 1 && height >= 1 && width <= 64 && height <= 48 && stride == Int(width) * 4,
                         "a decoded PNG outside the size asked for: \(width)x\(height)")
            // Every byte of the pixels is read (AddressSanitizer checks the allocation covers them).
            var sum = 0
            for i in 0..<(stride * Int(height)) { sum &+= Int(pixels![i]) }
            _ = sum
        }
        mayun_png_free(pixels)
    }
}

/// Every input through the BMP and the GIF decoder (each checks its own magic first): exactly 64 x 48 out, from at
/// most 2^22 pixels in.
func decodeScaledStills(_ data: Data) {
    data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
        guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return }
        for decode in [mayun_bmp_decode_scaled, mayun_gif_decode_scaled] {
            var pixels: UnsafeMutablePointer<UInt8>?
            var stride = 0
            var message = [CChar](repeating: 0, count: 256)
            if decode(base, raw.count, 64, 48, 1 << 22, &pixels, &stride, &message, message.count) == 0 {
                precondition(pixels != nil && stride == 64 * 4, "a decoded still outside the size asked for")
                var sum = 0
                for i in 0..<(stride * 48) { sum &+= Int(pixels![i]) }
                _ = sum
            }
            mayun_still_free(pixels)
        }
    }
}

exit(FuzzDriver.run(fuzzImageHeader))
