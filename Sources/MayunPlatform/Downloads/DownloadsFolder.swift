import CSoup

/// Where downloads are saved: the XDG download folder (`xdg-user-dirs`' `XDG_DOWNLOAD_DIR`, as GLib reads it), else
/// `home`/Downloads. Asked at each download (`DownloadCenter`'s `folder`), so a changed setting counts at once.
public enum DownloadsFolder {
    public static func path(home: String) -> String {
        if let path = g_get_user_special_dir(G_USER_DIRECTORY_DOWNLOAD).map({ String(cString: $0) }), !path.isEmpty {
            return path
        }
        return home + "/Downloads"
    }
}
