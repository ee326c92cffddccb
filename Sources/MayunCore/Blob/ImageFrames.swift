import Foundation

extension ImageHeader {
    /// What an animated file declares before any decoding: its frames, the largest frame's own size (a GIF frame
    /// may claim more than the logical screen) and, for GIF, where the first frame's data ends.
    public struct Frames: Equatable, Sendable {
        public var count = 1
        public var largestFrame: (width: Int, height: Int)?
        public var firstFrameEnd: Int?

        public static func == (lhs: Frames, rhs: Frames) -> Bool {
            lhs.count == rhs.count && lhs.firstFrameEnd == rhs.firstFrameEnd
                && lhs.largestFrame?.width == rhs.largestFrame?.width
                && lhs.largestFrame?.height == rhs.largestFrame?.height
        }
    }

    /// Frames of a GIF (image descriptors) or WebP (ANMF chunks); one for every other format. Walks block and chunk
    /// lengths only (a few thousand steps for a 50 MB file), and stops at the first malformed block: the decoder
    /// refuses what follows it anyway.
    public static func frames(of data: Data, format: ImageFormat) -> Frames {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            switch format {
            case .gif: return gifFrames(bytes)
            case .webp: return webpFrames(bytes)
            default: return Frames()
            }
        }
    }

    private static func gifFrames(_ b: UnsafeBufferPointer<UInt8>) -> Frames {
        var frames = Frames(count: 0)
        guard b.count >= 13 else { return Frames() }
        var index = 13
        if b[10] & 0x80 != 0 { index += 3 << (Int(b[10] & 0x07) + 1) }
        /// Skips data sub-blocks (a length byte, that many bytes) up to and including the empty one.
        func skipSubBlocks(_ start: Int) -> Int? {
            var at = start
            while at < b.count {
                let length = Int(b[at])
                at += 1
                if length == 0 { return at }
                at += length
            }
            return nil
        }
        loop: while index < b.count {
            switch b[index] {
            case 0x21:  // extension: label, sub-blocks
                guard let next = skipSubBlocks(index + 2) else { break loop }
                index = next
            case 0x2C:  // image descriptor: 9 bytes, an optional local colour table, the LZW code size, sub-blocks
                guard index + 10 < b.count else { break loop }
                let width = Int(b[index + 5]) | Int(b[index + 6]) << 8
                let height = Int(b[index + 7]) | Int(b[index + 8]) << 8
                if width * height > (frames.largestFrame.map { $0.width * $0.height } ?? -1) {
                    frames.largestFrame = (width, height)
                }
                let packed = b[index + 9]
                var next = index + 10
                if packed & 0x80 != 0 { next += 3 << (Int(packed & 0x07) + 1) }
                frames.count += 1
                guard let end = skipSubBlocks(next + 1) else { break loop }
                if frames.count == 1 { frames.firstFrameEnd = end }
                index = end
            default:  // 0x3B, the trailer, or damage
                break loop
            }
        }
        frames.count = max(frames.count, 1)
        return frames
    }

    private static func webpFrames(_ b: UnsafeBufferPointer<UInt8>) -> Frames {
        var frames = Frames(count: 0)
        var index = 12
        while index + 8 <= b.count {
            let fourCC = String(decoding: UnsafeBufferPointer(rebasing: b[index..<index + 4]), as: UTF8.self)
            let size = Int(b[index + 4]) | Int(b[index + 5]) << 8 | Int(b[index + 6]) << 16 | Int(b[index + 7]) << 24
            if fourCC == "ANMF", index + 8 + 12 <= b.count {
                let payload = index + 8
                let width = (Int(b[payload + 6]) | Int(b[payload + 7]) << 8 | Int(b[payload + 8]) << 16) + 1
                let height = (Int(b[payload + 9]) | Int(b[payload + 10]) << 8 | Int(b[payload + 11]) << 16) + 1
                if width * height > (frames.largestFrame.map { $0.width * $0.height } ?? -1) {
                    frames.largestFrame = (width, height)
                }
                frames.count += 1
            }
            // Chunks are padded to an even length.
            let (next, overflow) = (index + 8).addingReportingOverflow(size + (size & 1))
            guard !overflow, next > index else { break }
            index = next
        }
        frames.count = max(frames.count, 1)
        return frames
    }
}
