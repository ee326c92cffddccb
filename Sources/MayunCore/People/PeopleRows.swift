import Foundation
import GiteeKit

/// A list of people, as the follower lists and the people search show it: a row is the person's name over their
/// login, a click opens their profile, and the context menu offers Open Profile and Copy Link.
extension PagedListViewModel where Item == User {
    func personRow(at index: Int) -> SimpleRow? {
        guard let user = item(at: index) else { return nil }
        return SimpleRow(iconName: "avatar-default-symbolic", title: user.name.nonEmpty ?? user.login,
                         subtitle: user.name == user.login ? "" : user.login,
                         avatarURL: user.avatarURL.flatMap(URL.init(string:)))
    }

    func openPerson(at index: Int, navigator: (any Navigator)?) {
        guard let user = item(at: index) else { return }
        navigator?.push(.user(login: user.login))
    }

    func personMenu(at index: Int, navigator: (any Navigator)?) -> [RowMenuItem] {
        guard let user = item(at: index) else { return [] }
        return RowMenuItem.standard(openTitle: tr("Open Profile"), open: { [weak navigator] in
            navigator?.push(.user(login: user.login))
        }, webAddress: user.htmlURL, inBrowser: false, navigator: navigator)
    }
}
