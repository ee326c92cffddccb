/// libFuzzer's entry for programs with their own `main`. SwiftPM gives every executable a Swift `main` (and links it
/// under that name), so libFuzzer's `main` is never used; each target's main.swift hands its test function here.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

public enum FuzzDriver {
    /// Runs libFuzzer with this process's arguments (`-max_total_time=…`, corpus folders, inputs to replay).
    public static func run(_ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        return LLVMFuzzerRunDriver(&argc, &argv, testOneInput)
    }
}
