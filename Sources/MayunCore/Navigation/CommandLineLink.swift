import Foundation

/// A link given on the command line, as GApplication must receive it. GApplication turns every argument into a
/// GFile: `gitee.com/o/r` without a scheme became `file:///<current folder>/gitee.com/o/r`, which is not a Gitee
/// link (`GiteeLink` accepts the scheme-less form people paste, but never saw it). Arguments without a scheme
/// get `https://`; `GiteeLink.outcome` then decides what they open, as for any other link.
public enum CommandLineLink {
    public static func absolute(_ argument: String) -> String {
        let trimmed = argument.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, !trimmed.contains("://") else { return trimmed }
        return "https://" + trimmed.drop { $0 == "/" }
    }
}
