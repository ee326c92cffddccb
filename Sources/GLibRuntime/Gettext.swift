import CSoup

/// GLib's gettext, for the Swift targets that translate but import no C module (MayunCore's `tr`, `trc` and `trn`,
/// MayunDocument's internal `tr`). gettext hands back the msgid pointer itself when there is no translation: that
/// pointer is the temporary C copy of the message, so it is compared (never read) inside the closure that keeps it
/// alive, and the Swift string is returned as it was.
public enum Gettext {
    public static func translate(_ message: String, domain: String) -> String {
        message.withCString { msgid in
            guard let translated = g_dgettext(domain, msgid), translated != msgid else { return message }
            return String(cString: translated)
        }
    }

    /// With a context (gettext's msgctxt).
    public static func translate(_ message: String, context: String, domain: String) -> String {
        context.withCString { contextID in
            message.withCString { msgid in
                guard let translated = g_dpgettext2(domain, contextID, msgid), translated != msgid else { return message }
                return String(cString: translated)
            }
        }
    }

    /// With a plural form, which `count` picks.
    public static func translate(_ singular: String, _ plural: String, count: Int, domain: String) -> String {
        singular.withCString { one in
            plural.withCString { many in
                guard let translated = g_dngettext(domain, one, many, gulong(max(count, 0))) else {
                    return count == 1 ? singular : plural
                }
                if translated == one { return singular }
                if translated == many { return plural }
                return String(cString: translated)
            }
        }
    }

    /// Applies the user's locale and points `domain` at the compiled catalogs. Call once, before any translation.
    public static func setUp(domain: String, catalogDirectory: String?) {
        setlocale(LC_ALL, "")
        if let catalogDirectory { bindtextdomain(domain, catalogDirectory) }
        bind_textdomain_codeset(domain, "UTF-8")
    }
}
