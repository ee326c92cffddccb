import MayunCore
import XCTest

/// What `LaunchOptions.read` takes from the process environment: the benchmark probes are installed only when
/// `make bench` asks (a `MAYUN_BENCH_` variable), and the data folder and list measurement switches are options too.
final class LaunchOptionsTests: XCTestCase {
    /// A normal run links the probes but never hooks them into its windows.
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

    /// The data folder and the two list measurement switches are read with the other options (nothing below the
    /// composition root reads the process environment for them).
    func testDataFolderAndRowMeasurementSwitchesAreReadWithTheOtherOptions() {
        let plain = LaunchOptions.read(server: nil, token: nil, process: ["HOME": "/tmp/h", "MAYUN_DATA_DIR": ""])
        XCTAssertNil(plain.dataDirectory, "an empty MAYUN_DATA_DIR is no folder")
        XCTAssertFalse(plain.countsRows)
        XCTAssertFalse(plain.rowsAsListView)
        let measured = LaunchOptions.read(server: nil, token: nil, process: [
            "HOME": "/tmp/h", "MAYUN_DATA_DIR": "/opt/mayun-data", "MAYUN_ROW_STATS": "1", "MAYUN_ROWS_WIDGET": "list",
        ])
        XCTAssertEqual(measured.dataDirectory, "/opt/mayun-data")
        XCTAssertTrue(measured.countsRows)
        XCTAssertTrue(measured.rowsAsListView)
        let grid = LaunchOptions.read(server: nil, token: nil, process: ["HOME": "/tmp/h", "MAYUN_ROWS_WIDGET": "grid"])
        XCTAssertFalse(grid.rowsAsListView)
    }
}
