import CAppVersion

/// The version `mayun --version`, the About window and the User-Agent show. Written once, in the VERSION file at the
/// top of the repository, which the C target CAppVersion embeds at compile time (and meson, the Debian package and the
/// metainfo check read).
public enum AppVersion {
    public static let current: String = {
        let text = String(cString: mayun_app_version())
        return String(text.prefix { !$0.isWhitespace })
    }()
}
