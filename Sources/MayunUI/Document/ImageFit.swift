/// The size a document image is drawn at: the `width`/`height` the author asked for (one of them alone keeps the
/// aspect ratio), never wider than the pane.
enum ImageFit {
    static func size(natural: (width: Int, height: Int), requestedWidth: Int?, requestedHeight: Int?,
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
