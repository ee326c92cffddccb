import MayunCore
import XCTest

/// The benchmark probes are installed only when `make bench` asks (a `MAYUN_BENCH_` variable): a normal run links
/// them but never hooks them into its windows.
final class LaunchOptionsBenchmarkTests: XCTestCase {
    func testAnyBenchVariableAsksForTheProbesAndNoneLeavesThemOut() {
        let plain = LaunchOptions.read(server: nil, token: nil, process: ["HOME": "/tmp/h", "MAYUN_SERVER": "https://gitee.com"])
        XCTAssertFalse(plain.runsBenchmarkProbes)
        for variable in ["MAYUN_BENCH_FIRST_FRAME", "MAYUN_BENCH_STARTUP_STEPS", "MAYUN_BENCH_SCROLL"] {
            let bench = LaunchOptions.read(server: nil, token: nil, process: ["HOME": "/tmp/h", variable: "1"])
            XCTAssertTrue(bench.runsBenchmarkProbes, variable)
        }
        // A look-alike is not the benchmark's.
        let other = LaunchOptions.read(server: nil, token: nil, process: ["HOME": "/tmp/h", "MAYUN_BENCHMARK": "1"])
        XCTAssertFalse(other.runsBenchmarkProbes)
    }
}
