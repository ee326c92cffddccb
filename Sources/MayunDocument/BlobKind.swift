/// What a file is, guessed from its name (and, in `BlobPresentation`, from its first bytes).
public enum BlobKind {
    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "svg", "bmp", "ico", "webp", "tif", "tiff"]
    static let markdownExtensions: Set<String> = ["md", "markdown", "mdown", "mkd", "mkdn"]
    static let htmlExtensions: Set<String> = ["html", "htm", "xhtml"]
    /// Files that commonly have no extension; any other extensionless name in a link is taken to be a folder.
    static let extensionlessFiles: Set<String> = [
        "license", "licence", "copying", "notice", "authors", "contributors", "changelog", "readme", "makefile",
        "dockerfile", "gemfile", "rakefile", "podfile", "procfile", "vagrantfile", "jenkinsfile", "cmakelists",
        "version", "todo", "install", "news", "thanks", "patents", "owners", "codeowners",
    ]

    public static func isImage(path: String) -> Bool {
        RepositoryPath.fileExtension(of: path).map(imageExtensions.contains) ?? false
    }

    public static func isMarkdown(path: String) -> Bool {
        if let ext = RepositoryPath.fileExtension(of: path) { return markdownExtensions.contains(ext) }
        return false
    }

    public static func isHTML(path: String) -> Bool {
        RepositoryPath.fileExtension(of: path).map(htmlExtensions.contains) ?? false
    }

    /// A link path with no extension that is not a well-known extensionless file ("examples", "docs/api").
    static func looksLikeFolder(_ path: String) -> Bool {
        guard let name = path.split(separator: "/").last else { return true }
        if name.hasPrefix(".") { return false }  // .gitignore, .editorconfig
        if RepositoryPath.fileExtension(of: path) != nil { return false }
        return !extensionlessFiles.contains(name.lowercased())
    }
}
