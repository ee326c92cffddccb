import Foundation

/// A rendered-to-be README, markdown file, HTML file or issue body: a small tree of blocks and inline runs that the
/// renderer in MayunUI draws natively. Links and images are already resolved against the repository (see
/// `DocumentContext`), so the view never decides where anything points.
///
/// The model is bounded rather than flat: `init` flattens anything nested deeper than `DocumentNesting.limit` to its
/// text, so the synthesized `==`, the renderer and the release of a `Document` recurse at most that many levels
/// whoever built it.
public struct Document: Equatable, Sendable {
    public internal(set) var blocks: [Block]
    /// The anchor slugs of every heading, in document order (what `#anchor` links may scroll to).
    public var anchors: [String]

    public init(blocks: [Block], anchors: [String] = []) {
        self.blocks = DocumentNesting.bounded(blocks)
        self.anchors = anchors
    }

    /// For blocks already bounded (the reader bounds each chunk it hands out): skips measuring them again.
    init(boundedBlocks: [Block], anchors: [String]) {
        blocks = boundedBlocks
        self.anchors = anchors
    }

    public static let empty = Document(blocks: [])
}

public enum BlockAlignment: String, Equatable, Sendable {
    case left, center, right
}

/// Column alignment of a table (`:--`, `:-:`, `--:` in markdown, `align=` in HTML).
public enum ColumnAlignment: Equatable, Sendable {
    case none, left, center, right
}

public enum TaskState: Equatable, Sendable {
    case open, done
}

public indirect enum Block: Equatable, Sendable {
    case heading(Heading)
    case paragraph([Inline])
    case list(ListBlock)
    case quote([Block])
    case code(CodeBlock)
    case table(Table)
    case rule
    /// An image standing alone (a paragraph holding only an image, or a `<picture>`): drawn scaled to the pane.
    case image(DocumentImage)
    /// `<p align="center">`, `<div align=center>` and friends.
    case aligned(BlockAlignment, [Block])
    /// `<details><summary>...</summary>...</details>`.
    case details(Details)
}

public struct Heading: Equatable, Sendable {
    public var level: Int
    /// GitHub-style slug, unique within the document ("quick-start", "快速开始", "faq-1").
    public var anchor: String
    public var content: [Inline]
}

public struct ListBlock: Equatable, Sendable {
    public var ordered: Bool
    public var start: Int
    public var items: [ListItem]
}

public struct ListItem: Equatable, Sendable {
    /// nil for an ordinary item; set for `- [ ]` / `- [x]` and `<li><input type=checkbox>`.
    public var task: TaskState?
    public var blocks: [Block]
}

public struct CodeBlock: Equatable, Sendable {
    /// The fence's info word (`swift`, `bash`), lowercased; nil when none was given.
    public var language: String?
    public var text: String
}

public struct Table: Equatable, Sendable {
    public var alignments: [ColumnAlignment]
    /// The header row (empty when the table has none); every row has `alignments.count` cells.
    public var header: [[Inline]]
    public var rows: [[[Inline]]]
    /// Rows dropped because the table is larger than anything a person reads (see `DocumentLimits`).
    public var omittedRows: Int = 0

    public var columnCount: Int { alignments.count }
}

public struct Details: Equatable, Sendable {
    public var summary: [Inline]
    public var blocks: [Block]
    public var isOpen: Bool
}

public indirect enum Inline: Equatable, Sendable {
    case text(String)
    case emphasis([Inline])
    case strong([Inline])
    case strike([Inline])
    case code(String)
    case keyboard(String)
    case link(Link, [Inline])
    case image(DocumentImage)
    case lineBreak
}

public struct Link: Equatable, Sendable {
    public var target: LinkTarget
    /// What the pane shows on hover: the full address, or why the link is blocked.
    public var hint: String
    public var title: String?
}

public struct DocumentImage: Equatable, Sendable {
    /// nil when the source is blocked or empty: the pane shows the alt text instead.
    public var source: URL?
    public var alt: String
    public var title: String?
    public var width: Int?
    public var height: Int?
}
