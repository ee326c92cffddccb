import CSoup

/// A libxml2 node seen through the few questions the document reader asks. Valid only while its document is alive
/// (the reader frees the document after building the Swift model).
struct HTMLNode {
    let pointer: xmlNodePtr

    var isElement: Bool { pointer.pointee.type == XML_ELEMENT_NODE }
    var isText: Bool { pointer.pointee.type == XML_TEXT_NODE || pointer.pointee.type == XML_CDATA_SECTION_NODE }

    /// The tag name, lowercased by libxml2's HTML parser ("" for non-elements).
    var name: String {
        guard isElement, let name = pointer.pointee.name else { return "" }
        return String(cString: name)
    }

    var text: String {
        guard let content = pointer.pointee.content else { return "" }
        return String(cString: content)
    }

    var firstChild: HTMLNode? { pointer.pointee.children.map(HTMLNode.init) }
    var next: HTMLNode? { pointer.pointee.next.map(HTMLNode.init) }
    var parent: HTMLNode? { pointer.pointee.parent.map(HTMLNode.init) }

    var children: [HTMLNode] {
        var result: [HTMLNode] = []
        var child = firstChild
        while let node = child {
            result.append(node)
            child = node.next
        }
        return result
    }

    var elementChildren: [HTMLNode] {
        var result: [HTMLNode] = []
        var child = pointer.pointee.children
        while let node = child {
            if node.pointee.type == XML_ELEMENT_NODE { result.append(HTMLNode(pointer: node)) }
            child = node.pointee.next
        }
        return result
    }

    /// The first element child, without building the list of children.
    var firstElementChild: HTMLNode? {
        var child = pointer.pointee.children
        while let node = child {
            if node.pointee.type == XML_ELEMENT_NODE { return HTMLNode(pointer: node) }
            child = node.pointee.next
        }
        return nil
    }

    /// An attribute's value (attribute names are lowercased by the parser); read from the attribute's own text node
    /// so nothing needs freeing.
    func attribute(_ wanted: String) -> String? {
        var property = pointer.pointee.properties
        while let current = property {
            if let name = current.pointee.name, String(cString: name) == wanted {
                guard let value = current.pointee.children?.pointee.content else { return "" }
                return String(cString: value)
            }
            property = current.pointee.next
        }
        return nil
    }

    func hasAttribute(_ name: String) -> Bool { attribute(name) != nil }

    /// All text below this node, without recursion (the tree may be thousands of levels deep). Elements the reader
    /// drops (scripts, styles) contribute nothing.
    var textContent: String {
        var result = ""
        var stack: [HTMLNode] = children.reversed()
        while let node = stack.popLast() {
            if node.isText {
                result += node.text
            } else if node.isElement, !HTMLVocabulary.dropped.contains(node.name) {
                if node.name == "br" { result += "\n" }
                stack.append(contentsOf: node.children.reversed())
            }
        }
        return result
    }

    /// Element descendants in document order, without recursion.
    func elementDescendants(limit: Int = 10_000) -> [HTMLNode] {
        var result: [HTMLNode] = []
        var stack: [HTMLNode] = elementChildren.reversed()
        while let node = stack.popLast(), result.count < limit {
            result.append(node)
            stack.append(contentsOf: node.elementChildren.reversed())
        }
        return result
    }
}

/// The element names the reader treats specially.
enum HTMLVocabulary {
    /// Dropped with everything inside them.
    static let dropped: Set<String> = [
        "script", "style", "iframe", "frame", "frameset", "form", "object", "embed", "applet", "noscript", "template",
        "head", "title", "meta", "link", "base", "svg", "math", "canvas", "audio", "video", "select", "textarea",
        "button", "input", "param", "track",
    ]
    static let headings: [String: Int] = ["h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6]
    /// Elements that start a new line when they turn up where only inline content fits (inside a link or cell).
    static let blockish: Set<String> = [
        "p", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "table", "blockquote", "pre",
        "details", "summary", "section", "article", "header", "footer", "center", "dl", "dt", "dd", "figure",
        "figcaption", "hr",
    ]
}
