import GLibRuntime

/// The gettext domain of every Mayun string (the `.mo` files are `mayun.mo`).
public let gettextDomain = "mayun"

/// Translates a user-visible string. Every visible text goes through here, so `xgettext --keyword=tr` finds them all.
public func tr(_ message: String) -> String {
    Gettext.translate(message, domain: gettextDomain)
}

/// Translates a string that means something else elsewhere (gettext's msgctxt): "Open" as an issue's state is
/// 待办的 on gitee.com, while the Open button and an open pull request say 开启的. `xgettext --keyword=trc:1c,2`.
public func trc(_ context: String, _ message: String) -> String {
    Gettext.translate(message, context: context, domain: gettextDomain)
}

/// Translates a string with a plural form (`count` picks the form, and is usually formatted into the result).
public func trn(_ singular: String, _ plural: String, count: Int) -> String {
    Gettext.translate(singular, plural, count: count, domain: gettextDomain)
}

public enum Localization {
    /// Applies the user's locale and points gettext at the compiled catalogs. Call once, before any `tr`.
    public static func setUp(catalogDirectory: String?) {
        Gettext.setUp(domain: gettextDomain, catalogDirectory: catalogDirectory)
    }
}
