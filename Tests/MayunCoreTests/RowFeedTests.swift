@testable import MayunCore
import XCTest

/// A long list going into its list model a screenful first and a batch per frame after (`RowFeed`, issue 29): the
/// model always holds the first rows of the page's, in order, and ends up holding them all.
final class RowFeedTests: XCTestCase {
    /// A stand-in for the GListStore: the page's row values at each position, spliced as `RowFeed` says.
    private struct Model {
        var items: [Int] = []

        mutating func apply(_ splice: RowFeed.Splice?, from rows: [Int]) {
            guard let splice else { return }
            XCTAssertLessThanOrEqual(splice.at + splice.removed, items.count, "the splice is inside the model")
            XCTAssertLessThanOrEqual(splice.at + splice.added, rows.count, "it adds rows the page has")
            items.replaceSubrange(splice.at..<(splice.at + splice.removed),
                                  with: rows[splice.at..<(splice.at + splice.added)])
        }
    }

    private func assertPrefix(_ model: Model, of rows: [Int], _ feed: RowFeed, line: UInt = #line) {
        XCTAssertEqual(feed.rows, rows.count, line: line)
        XCTAssertEqual(feed.fed, model.items.count, line: line)
        XCTAssertEqual(model.items, Array(rows.prefix(model.items.count)), "the model holds the first rows", line: line)
    }

    /// Feeds until every row is in, counting the frames.
    private func feedAll(_ feed: inout RowFeed, _ model: inout Model, _ rows: [Int]) -> Int {
        var frames = 0
        while let splice = feed.next() {
            XCTAssertEqual(splice.removed, 0)
            XCTAssertLessThanOrEqual(splice.added, feed.perFrame)
            model.apply(splice, from: rows)
            frames += 1
            XCTAssertLessThan(frames, 10_000, "feeding ends")
            if frames >= 10_000 { break }
        }
        return frames
    }

    func testAFirstFillIsAScreenfulThenABatchAFrame() {
        var feed = RowFeed(perFrame: 12), model = Model()
        let rows = Array(0..<110)
        let first = feed.apply(RowListChange(from: [Int](), to: rows), batch: 21)
        XCTAssertEqual(first, RowFeed.Splice(at: 0, removed: 0, added: 21))
        model.apply(first, from: rows)
        XCTAssertEqual(feed.pending, 89)
        assertPrefix(model, of: rows, feed)
        XCTAssertEqual(feedAll(&feed, &model, rows), 8, "89 rows at 12 a frame")
        XCTAssertEqual(model.items, rows)
        XCTAssertNil(feed.next())
    }

    func testASmallChangeInsideTheFedRowsIsSplicedAsItComes() {
        var feed = RowFeed(perFrame: 12), model = Model()
        var rows = Array(0..<30)
        model.apply(feed.apply(RowListChange(from: [Int](), to: rows), batch: 40), from: rows)
        XCTAssertEqual(feed.pending, 0)
        // One row marked read (it changes in place), one new on top, one gone.
        let changes: [([Int]) -> [Int]] = [{ $0.enumerated().map { $0.offset == 5 ? 100 : $0.element } }, { [-1] + $0 },
                                            { Array($0.dropLast()) }]
        for change in changes {
            let new = change(rows)
            let splice = feed.apply(RowListChange(from: rows, to: new), batch: 12)
            XCTAssertLessThanOrEqual((splice?.removed ?? 0) + (splice?.added ?? 0), 2, "only the stretch that differs")
            model.apply(splice, from: new)
            rows = new
            assertPrefix(model, of: rows, feed)
            XCTAssertEqual(feed.pending, 0)
        }
    }

    /// Mark All as Read changes every row but the header in place: spliced whole, as before feeding, so the rows
    /// keep their places (and the scroll position its row).
    func testRowsReplacedInPlaceAreSplicedWhole() {
        var feed = RowFeed(perFrame: 10), model = Model()
        let rows = Array(0..<100)
        model.apply(feed.apply(RowListChange(from: [Int](), to: rows), batch: 200), from: rows)
        let read = [0] + (1..<100).map { $0 + 1_000 }
        XCTAssertEqual(feed.apply(RowListChange(from: rows, to: read), batch: 20),
                       RowFeed.Splice(at: 1, removed: 99, added: 99))
        // Fewer rows than before (a filter), and a few more (a filter off): both at once.
        let fewer = Array(read.prefix(40))
        XCTAssertEqual(feed.apply(RowListChange(from: read, to: fewer), batch: 20),
                       RowFeed.Splice(at: 40, removed: 60, added: 0))
        let more = fewer.map { $0 + 5_000 } + Array(200..<215)
        XCTAssertEqual(feed.apply(RowListChange(from: fewer, to: more), batch: 20),
                       RowFeed.Splice(at: 0, removed: 40, added: 55))
        XCTAssertEqual(feed.pending, 0)
    }

    func testAChangeAmongRowsNotFedYetWaitsForTheFeed() {
        var feed = RowFeed(perFrame: 10), model = Model()
        let rows = Array(0..<100)
        model.apply(feed.apply(RowListChange(from: [Int](), to: rows), batch: 20), from: rows)
        var changed = rows
        changed[80] = 1_000
        XCTAssertNil(feed.apply(RowListChange(from: rows, to: changed), batch: 20), "row 80 is not in the model yet")
        assertPrefix(model, of: changed, feed)
        _ = feedAll(&feed, &model, changed)
        XCTAssertEqual(model.items, changed)
    }

    func testALargeChangePutsInABatchAndFeedsTheRowsAfterIt() {
        var feed = RowFeed(perFrame: 10), model = Model()
        let rows = Array(0..<60)
        model.apply(feed.apply(RowListChange(from: [Int](), to: rows), batch: 100), from: rows)
        // "Show Older": the last row (the button) replaced by 50 older threads and the button again.
        let older = Array(0..<59) + Array(200..<250) + [59]
        let splice = feed.apply(RowListChange(from: rows, to: older), batch: 20)
        XCTAssertEqual(splice, RowFeed.Splice(at: 59, removed: 1, added: 20))
        model.apply(splice, from: older)
        assertPrefix(model, of: older, feed)
        XCTAssertEqual(feed.pending, 31)
        _ = feedAll(&feed, &model, older)
        XCTAssertEqual(model.items, older)
    }

    /// Random changes (seeded), each against the rows before it, some while rows are still being fed.
    func testRandomChangesKeepTheModelAPrefixOfTheRows() {
        var random = SplitMix(seed: 29)
        var feed = RowFeed(perFrame: 7), model = Model()
        var rows: [Int] = [], next = 0
        for _ in 0..<2_000 {
            if random.below(3) == 0 {
                model.apply(feed.next(), from: rows)
            } else {
                var new = rows
                let start = random.below(new.count + 1)
                let removed = random.below(min(new.count - start, 40) + 1)
                let added = random.below(random.below(4) == 0 ? 120 : 6)
                new.replaceSubrange(start..<(start + removed), with: (0..<added).map { _ in next += 1; return next })
                let splice = feed.apply(RowListChange(from: rows, to: new), batch: 15)
                XCTAssertLessThanOrEqual((splice?.added ?? 0) - (splice?.removed ?? 0), 15,
                                         "the model grows by a batch at most")
                model.apply(splice, from: new)
                rows = new
            }
            assertPrefix(model, of: rows, feed)
        }
        _ = feedAll(&feed, &model, rows)
        XCTAssertEqual(model.items, rows)
    }

    /// A diff: its first screen of up to `allAfter` rows at once, then a batch a frame up to `allAfter` rows in the
    /// model, then all the rest in one go (GTK makes widgets only for the rows around its anchor).
    func testPastAllAfterTheRestGoesInAtOnce() {
        var feed = RowFeed(perFrame: 40, allAfter: 240), model = Model()
        let small = Array(0..<200)
        XCTAssertEqual(feed.apply(RowListChange(from: [Int](), to: small), batch: 40),
                       RowFeed.Splice(at: 0, removed: 0, added: 200), "a diff that fits goes in whole")
        var big = RowFeed(perFrame: 40, allAfter: 240)
        let rows = Array(0..<10_000)
        let first = big.apply(RowListChange(from: [Int](), to: rows), batch: 40)
        XCTAssertEqual(first, RowFeed.Splice(at: 0, removed: 0, added: 40))
        model.apply(first, from: rows)
        var sizes: [Int] = []
        while let splice = big.next() {
            sizes.append(splice.added)
            model.apply(splice, from: rows)
        }
        XCTAssertEqual(sizes, [40, 40, 40, 40, 40, 9_760])
        XCTAssertEqual(model.items, rows)
        // Side by side from a wider window: every row replaced, the rows shown replaced in place (the scroll
        // position keeps its row) and the rest fed again.
        let wide = rows.map { $0 + 20_000 }
        let replaced = big.apply(RowListChange.replacingAll(10_000, with: 10_000), batch: 40)
        XCTAssertEqual(replaced, RowFeed.Splice(at: 0, removed: 10_000, added: 10_000))
        model.apply(replaced, from: wide)
        XCTAssertEqual(model.items, wide)
    }

    /// A jump to a file far down puts every row before it in at once; the feed then goes on from there.
    func testFeedingUpToARowPutsInEveryRowBeforeIt() {
        var feed = RowFeed(perFrame: 40, allAfter: 240), model = Model()
        let rows = Array(0..<1_000)
        model.apply(feed.apply(RowListChange(from: [Int](), to: rows), batch: 40), from: rows)
        let jump = feed.feed(upTo: 600)
        XCTAssertEqual(jump, RowFeed.Splice(at: 40, removed: 0, added: 560))
        model.apply(jump, from: rows)
        assertPrefix(model, of: rows, feed)
        XCTAssertNil(feed.feed(upTo: 300), "those rows are in already")
        XCTAssertEqual(feed.next(), RowFeed.Splice(at: 600, removed: 0, added: 400))
        XCTAssertNil(feed.feed(upTo: 5_000))
        XCTAssertEqual(feed.fed, 1_000)
    }

    func testOutOfRangeChangesAreClamped() {
        var feed = RowFeed(perFrame: 0)
        XCTAssertEqual(feed.perFrame, 1)
        let rows = Array(0..<5)
        XCTAssertEqual(feed.apply(RowListChange(from: [Int](), to: rows), batch: 0),
                       RowFeed.Splice(at: 0, removed: 0, added: 1))
        XCTAssertEqual(feed.rows, 5)
        XCTAssertEqual(feed.next(), RowFeed.Splice(at: 1, removed: 0, added: 1))
        XCTAssertEqual(feed.pending, 3)
    }
}

/// A small seeded generator, so a failure repeats.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func below(_ bound: Int) -> Int {
        guard bound > 1 else { return 0 }
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
