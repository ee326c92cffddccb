/// The languages v5 search accepts (the `language` enum of `/search/repositories` in Gitee's published description),
/// in the service's own order. Used when the v3 languages list is gone, so Discover always has something to show.
extension Language {
    /// `name` as search's `language` parameter spells it (case aside: v3 says "Javascript" or "MATLAB"), or `nil`
    /// when search does not know it.
    public static func searchName(for name: String) -> String? {
        let wanted = name.trimmingCharacters(in: .whitespaces)
        guard !wanted.isEmpty else { return nil }
        return names.first { $0.caseInsensitiveCompare(wanted) == .orderedSame }
    }

    public static let searchLanguages: [Language] = names.enumerated().map { Language(id: -($0.offset + 1), name: $0.element) }

    private static let names = [
        "Java", "JavaScript", "HTML", "CSS", "Python", "Shell", "C", "C++", "PHP", "TypeScript", "C#", "Go",
        "Objective-C", "Android", "Ruby", "Assembly", "Swift", "NodeJS", "Perl", "Dart", "Lua", "Matlab", "Rust",
        "PowerShell", "Scala", "Groovy", "XSLT", "Verilog", "R", "QML", "Docker", "Pascal", "CoffeeScript",
        "FORTRAN", "Erlang", "ActionScript", "Emacs Lisp", "Smalltalk", "Delphi", "VHDL", "TeX/LaTeX", "ASP", "M",
        "Visual Basic", "Clojure", "Common Lisp", "Haskell", "Awk", "LiveScript", "Elixir", "Scheme", "Julia",
        "OCaml", "Puppet", "AutoHotkey", "Ada", "Standard ML", "D", "Arduino", "Logos", "Prolog", "VimL", "Haxe",
        "ColdFusion", "Vala", "Coq", "Scilab", "Racket", "Slash", "Eiffel", "eC", "DOT", "Nemerle", "wechat",
        "Crystal", "Kotlin", "SQL", "Lisp", "XML", "C/C++", "HTML/CSS", "易语言", "汇编", "other", "Pawn", "Zephir", "YAML",
    ]
}
