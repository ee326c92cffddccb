import FuzzSupport
import Foundation
import Glibc
import MayunCore

/// Image header sniffing and the pixel check on arbitrary bytes: the first bytes of any file or download.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzImageHeader(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    if let size = ImageHeader.dimensions(of: data) {
        precondition(size.width >= 0 && size.height >= 0, "negative image size")
        _ = ImageLimits.check(width: size.width, height: size.height)
    }
    _ = ImageLimits.check(data)
    _ = FileSniffer.looksBinary(data)
    _ = FileSniffer.imageType(of: data)
    _ = FileSniffer.binaryType(of: data)
    return 0
}

exit(FuzzDriver.run(fuzzImageHeader))
