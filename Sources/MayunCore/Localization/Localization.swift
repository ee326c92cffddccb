import CSoup
import Foundation

/// The gettext domain of every Mayun string (the `.mo` files are `mayun.mo`).
public let gettextDomain = "mayun"

/// Translates a user-visible string. Every visible text goes through here, so `xgettext --keyword=tr` finds them all.
public func tr(_ message: String) -> String {
    // gettext hands back the msgid pointer itself when there is no translation: that pointer is the temporary C
    // copy of `message`, so it is compared (not read) inside the closure that keeps it alive.
    message.withCString { msgid in
        guard let translated = g_dgettext(gettextDomain, msgid), translated != msgid else { return message }
        return String(cString: translated)
    }
}

/// Translates a string that means something else elsewhere (gettext's msgctxt): "Open" as an issue's state is
/// 待办的 on gitee.com, while the Open button and an open pull request say 开启的. `xgettext --keyword=trc:1c,2`.
public func trc(_ context: String, _ message: String) -> String {
    context.withCString { contextID in
        message.withCString { msgid in
            // As in `tr`: gettext hands back the msgid pointer itself when nothing is translated.
            guard let translated = g_dpgettext2(gettextDomain, contextID, msgid), translated != msgid else { return message }
            return String(cString: translated)
        }
    }
}

/// Translates a string with a plural form (`count` picks the form, and is usually formatted into the result).
public func trn(_ singular: String, _ plural: String, count: Int) -> String {
    singular.withCString { one in
        plural.withCString { many in
            guard let translated = g_dngettext(gettextDomain, one, many, gulong(max(count, 0))) else {
                return count == 1 ? singular : plural
            }
            if translated == one { return singular }
            if translated == many { return plural }
            return String(cString: translated)
        }
    }
}

public enum Localization {
    /// Applies the user's locale and points gettext at the compiled catalogs. Call once, before any `tr`.
    public static func setUp(catalogDirectory: String?) {
        setlocale(LC_ALL, "")
        if let catalogDirectory {
            bindtextdomain(gettextDomain, catalogDirectory)
        }
        bind_textdomain_codeset(gettextDomain, "UTF-8")
    }
}
