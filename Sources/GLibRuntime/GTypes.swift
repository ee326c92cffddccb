import CSoup
import Foundation

/// The fundamental GTypes, named once. Their C macros (`G_TYPE_BOOLEAN` ...) are `G_TYPE_MAKE_FUNDAMENTAL(n)`,
/// i.e. `n << 2`, and do not import into Swift.
public enum GTypes {
    public static let boolean = fundamental(5)
    public static let int = fundamental(6)
    public static let uint = fundamental(7)
    public static let int64 = fundamental(10)
    public static let double = fundamental(15)
    public static let string = fundamental(16)
    public static let object = fundamental(20)

    @inline(__always) static func fundamental(_ number: Int) -> GType { GType(number) << 2 }
}

/// Calls `body` with a NULL-terminated C array of copies of `strings` (GTK's `const char * const *` parameters:
/// string lists, drop-down items, accelerators), freed when `body` returns.
public func withCStringArray<Result>(_ strings: [String],
                                     _ body: (UnsafePointer<UnsafePointer<CChar>?>) throws -> Result) rethrows -> Result {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    let pointers: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } } + [nil]
    return try pointers.withUnsafeBufferPointer { try body($0.baseAddress!) }
}
