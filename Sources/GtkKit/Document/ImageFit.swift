/// The size a document image is drawn at: the `width`/`height` the author asked for (one of them alone keeps the
/// aspect ratio), never wider than the pane.
package enum ImageFit {
    package static func size(natural: (width: Int, height: Int), requestedWidth: Int?, requestedHeight: Int?,
                     available: Int) -> (width: Int, height: Int)
    {
        let aspect = Double(max(natural.height, 1)) / Double(max(natural.width, 1))
        var width = Double(max(natural.width, 1))
        var height = Double(max(natural.height, 1))
        if let requestedWidth, let requestedHeight {
            width = Double(requestedWidth)
            height = Double(requestedHeight)
        } else if let requestedWidth {
            width = Double(requestedWidth)
            height = width * aspect
        } else if let requestedHeight {
            height = Double(requestedHeight)
            width = height / aspect
        }
        let limit = Double(max(available, 16))
        if width > limit {
            height *= limit / width
            width = limit
        }
        return (max(Int(width.rounded()), 1), max(Int(height.rounded()), 1))
    }
}

extension ImageFit {
    /// Reserved for an image whose document gives no size: block images a 16:9 box, inline ones (badges) a
    /// badge-sized one. The picture is scaled into it (aspect kept), so nothing moves when it arrives.
    static let blockBox = (width: 480, height: 270)
    static let inlineBox = (width: 100, height: 20)

    /// The box an image occupies from the start, known before its bytes arrive: the document's `width` and
    /// `height` (already clamped by the reader) when both are given; one alone gives a square (block) or a box
    /// five times as wide (inline, the shape of a badge); none, the fixed boxes above. Never wider than the pane.
    package static func box(requestedWidth: Int?, requestedHeight: Int?, isBlock: Bool, available: Int)
        -> (width: Int, height: Int)
    {
        let fallback = isBlock ? blockBox : inlineBox
        let natural: (width: Int, height: Int)
        switch (requestedWidth, requestedHeight) {
        case let (width?, height?): natural = (width, height)
        case let (width?, nil): natural = isBlock ? (width, width) : (width, max(width / 5, 1))
        case let (nil, height?): natural = isBlock ? (height, height) : (height * 5, height)
        case (nil, nil): natural = fallback
        }
        return size(natural: natural, requestedWidth: nil, requestedHeight: nil, available: available)
    }
}
