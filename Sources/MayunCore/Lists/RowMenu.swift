import Foundation

/// One entry of a list row's context menu (right-click, long-press, the Menu key or Shift+F10): a title and what it
/// does. The list's ViewModel decides the entries; the view only shows them.
@MainActor
public struct RowMenuItem {
    public let title: String
    public let perform: @MainActor () -> Void

    public init(_ title: String, perform: @escaping @MainActor () -> Void) {
        self.title = title
        self.perform = perform
    }

    /// Open (`openTitle` says what: "Open Project"), then Open in Browser and Copy Link when the item has a web
    /// address (`html_url`, which the server may leave out).
    static func standard(openTitle: String, open: @escaping @MainActor () -> Void, webAddress: String?,
                         inBrowser: Bool, navigator: (any Navigator)?) -> [RowMenuItem] {
        var items = [RowMenuItem(openTitle, perform: open)]
        guard let text = webAddress, let url = URL(string: text), url.scheme == "https" || url.scheme == "http" else {
            return items
        }
        if inBrowser {
            items.append(RowMenuItem(tr("Open in Browser")) { [weak navigator] in navigator?.openExternal(url) })
        }
        items.append(RowMenuItem(tr("Copy Link")) { [weak navigator] in
            navigator?.copy(url.absoluteString, announcing: tr("Link copied"))
        })
        return items
    }
}
