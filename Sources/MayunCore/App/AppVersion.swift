public enum AppVersion {
    public static let current = "0.1.0"
}
