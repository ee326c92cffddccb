import Foundation

/// The inline half of `HTMLDocumentReader`: links, images, emphasis and the rest.
extension HTMLDocumentReader {
    mutating func inlines(inChildrenOf node: HTMLNode, depth: Int) -> [Inline] {
        var result: [Inline] = []
        var child = node.firstChild
        while let current = child {
            if isAbandoned || pollBudget() { break }
            appendInlines(of: current, to: &result, depth: depth + 1)
            child = current.next
        }
        return result
    }

    private mutating func appendInlines(of node: HTMLNode, to result: inout [Inline], depth: Int) {
        if node.isText {
            result.append(.text(node.text))
            return
        }
        guard node.isElement, !HTMLVocabulary.dropped.contains(node.name) else { return }
        if depth > DocumentLimits.maxDepth {
            result.append(.text(node.textContent))
        } else if let runs = inlineElement(node, depth: depth) {
            result += runs
        } else if node.name == "pre" {
            result.append(.code(node.textContent))
        } else if HTMLVocabulary.blockish.contains(node.name) {
            // A block where only inline content fits (a heading inside a link, a list in a table cell): its content
            // on a line of its own.
            result.append(.lineBreak)
            result += inlines(inChildrenOf: node, depth: depth)
            result.append(.lineBreak)
        } else {
            result += inlines(inChildrenOf: node, depth: depth)
        }
    }

    /// The runs for an inline element, or nil when `node` is not one. Wrappers that mean nothing to the pane
    /// (`<span>`, `<sub>`, a link without an address) give their content unwrapped.
    mutating func inlineElement(_ node: HTMLNode, depth: Int) -> [Inline]? {
        switch node.name {
        case "br":
            return [.lineBreak]
        case "img":
            return image(node).map { [.image($0)] } ?? []
        case "picture":
            return picture(node).map { [.image($0)] } ?? []
        case "a":
            let content = inlines(inChildrenOf: node, depth: depth)
            guard let href = node.attribute("href"), href.utf8.count <= DocumentLimits.maxLinkLength,
                  let link = context.link(for: href, title: node.attribute("title"))
            else { return content }
            return [.link(link, content)]
        case "b", "strong":
            return [.strong(inlines(inChildrenOf: node, depth: depth))]
        case "i", "em", "cite", "dfn", "var":
            return [.emphasis(inlines(inChildrenOf: node, depth: depth))]
        case "s", "del", "strike":
            return [.strike(inlines(inChildrenOf: node, depth: depth))]
        case "code", "tt", "samp":
            return [.code(node.textContent.replacingOccurrences(of: "\n", with: " "))]
        case "kbd":
            return [.keyboard(node.textContent.trimmingCharacters(in: .whitespacesAndNewlines))]
        case "span", "sub", "sup", "small", "big", "u", "ins", "mark", "abbr", "font", "label", "q", "time":
            return inlines(inChildrenOf: node, depth: depth)
        default:
            return nil
        }
    }

    // MARK: - Images

    func image(_ node: HTMLNode, source override: String? = nil) -> DocumentImage? {
        let src = override ?? node.attribute("src") ?? node.attribute("data-src") ?? ""
        return DocumentImage(
            source: src.utf8.count <= DocumentLimits.maxLinkLength ? context.imageSource(for: src) : nil, alt: node.attribute("alt") ?? "",
            title: node.attribute("title").flatMap { $0.isEmpty ? nil : $0 },
            width: Self.pixels(node.attribute("width")), height: Self.pixels(node.attribute("height")))
    }

    /// `<picture>`: the `<source>` whose `prefers-color-scheme` matches night mode, else the `<img>`.
    func picture(_ node: HTMLNode) -> DocumentImage? {
        let elements = node.elementDescendants(limit: 64)
        let fallback = elements.first { $0.name == "img" }
        let wanted = prefersDark ? "dark" : "light"
        let chosen = elements.first { element in
            guard element.name == "source", let media = element.attribute("media")?.lowercased() else { return false }
            let compact = media.replacingOccurrences(of: " ", with: "")
            return compact.contains("prefers-color-scheme:" + wanted)
        }
        let source = chosen.flatMap { $0.attribute("srcset") }.map(Self.firstCandidate)
        if let fallback { return image(fallback, source: source) }
        guard let source, source.utf8.count <= DocumentLimits.maxLinkLength else { return nil }
        return DocumentImage(source: context.imageSource(for: source), alt: "", title: nil, width: nil, height: nil)
    }

    /// The first URL of a `srcset` ("logo.png 1x, logo@2x.png 2x").
    static func firstCandidate(_ srcset: String) -> String {
        let first = srcset.split(separator: ",").first.map(String.init) ?? srcset
        return first.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) ?? ""
    }

    /// "120", "120px" -> 120; percentages and nonsense -> nil.
    static func pixels(_ value: String?) -> Int? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.hasSuffix("%") else { return nil }
        let digits = value.prefix { $0.isASCII && $0.isNumber }
        guard let number = Int(digits), number > 0 else { return nil }
        return min(number, 100_000)
    }
}
