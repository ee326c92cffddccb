import FuzzSupport
import Foundation
import Glibc
@testable import MayunCore

/// Link and image resolution in a document (`href`/`src` as a stranger wrote them), repository path helpers, and
/// the link policy every external open goes through, including profile links typed by strangers, and the link
/// router (`GiteeLink.outcome`) for links from the command line, D-Bus, the clipboard and drops.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzLinks(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    let server = URL(string: "https://gitee.com")!
    for context in [
        DocumentContext(repository: RepositoryID(owner: "o", name: "r"), ref: "dev", filePath: "docs/a/README.md", server: server),
        DocumentContext(repository: nil, ref: nil, folder: "", server: server),
    ] {
        if let link = context.link(for: text, title: text) {
            if case .external(let url) = link.target {
                precondition(LinkPolicy.decide(url).isAllowed, "a document link the policy refuses became followable")
            }
        }
        _ = context.imageSource(for: text)
        _ = context.apiRawURL(repository: RepositoryID(owner: text, name: text), path: text, ref: text)
        _ = context.websiteURL(repository: RepositoryID(owner: text, name: text), kind: "blob", ref: text, path: text)
        if let url = URL(string: text) { _ = context.websiteFile(in: url) }
    }
    _ = DocumentContext.scheme(of: text)
    _ = DocumentContext.stripQueryAndFragment(text)
    _ = RepositoryPath.normalize(text)
    _ = RepositoryPath.folder(of: text)
    _ = RepositoryPath.join(folder: text, text)
    _ = RepositoryPath.decode(RepositoryPath.encodePath(text))
    _ = RepositoryPath.fileExtension(of: text)

    // The link router: what a link given on the command line, over D-Bus, pasted or dropped opens.
    for site in [server, URL(string: "http://127.0.0.1:8080")!] {
        let outcome = GiteeLink.outcome(for: text, server: site)
        precondition(GiteeLink.outcome(for: text, server: site) == outcome, "the router answers the same twice")
        if case .page = outcome {
            // Surrounding whitespace is what people paste; it never changes the page.
            precondition(GiteeLink.outcome(for: " \n" + text + "\t ", server: site) == outcome, "whitespace changed the page")
        }
    }

    if let url = URL(string: text) { _ = LinkPolicy.decide(url) }
    let profile = LinkPolicy.decide(profileText: text)
    if case .open(let url) = profile {
        precondition(["http", "https"].contains(url.scheme?.lowercased() ?? ""), "policy allowed a non-web scheme")
    }
    return 0
}

exit(FuzzDriver.run(fuzzLinks))
