import CGtk
import Foundation
import GLibRuntime
@testable import MayunCore
@testable import GtkKit
import XCTest

/// Label chips as drawn: each on its own colour, its text in the contrasting colour, the same by day and by night (a
/// chip's background is its own, not the window's), and an outside colour that is not a hex colour drawn grey.
final class LabelChipTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testChipsAreDrawnInTheirOwnColourWithReadableTextByDayAndByNight() throws {
        try onMain {
            let chips = [LabelChip(name: "bug", color: "d73a4a"), LabelChip(name: "enhancement", color: "a2eeef"),
                         LabelChip(name: "wontfix", color: "ffffff"), LabelChip(name: "dark", color: "000000"),
                         LabelChip(name: "junk", color: "fff;color:red")]
            let nightMode = NightModeViewModel(preferences: InMemoryPreferences())
            let theme = ThemeController(nightMode: nightMode, themesDirectory: themesDirectory)
            let view = LabelChips(wraps: true)
            view.show(chips)
            view.show(chips)  // the same list again changes nothing
            let window = widget(gtk_window_new())
            gtk_window_set_default_size(typed(window), 600, 80)
            gtk_window_set_child(typed(window), view.widget)
            gtk_window_present(typed(window))
            defer { gtk_window_destroy(typed(window)) }
            let drawn = descendants(of: view.widget).filter { gtk_widget_has_css_class($0, "label-chip") != 0 }
            XCTAssertEqual(drawn.count, chips.count)
            XCTAssertEqual(drawn.compactMap { gtk_label_get_text(opaque($0)).map { String(cString: $0) } },
                           chips.map(\.name))

            var seen: [NightMode: [[UInt8]]] = [:]
            for mode in [NightMode.light, .night] {
                nightMode.select(mode)
                waitForFrames(of: window, count: 3)
                for (chip, label) in zip(chips, drawn) {
                    var bounds = graphene_rect_t()
                    XCTAssertNotEqual(gtk_widget_compute_bounds(label, window, &bounds), 0)
                    // Inside the padding, past the rounded corner and the outline: the chip's own colour.
                    let inside = try XCTUnwrap(pixel(of: window, x: Int32(bounds.origin.x + 4),
                                                     y: Int32(bounds.origin.y + bounds.size.height / 2)))
                    let expected = Self.rgb(chip.background)
                    XCTAssertEqual([inside.red, inside.green, inside.blue], expected, "\(chip.name) in \(mode)")
                    seen[mode, default: []].append([inside.red, inside.green, inside.blue])
                    // The text: the pixel of the chip farthest from its background is the text colour, and it
                    // contrasts with the background by at least WCAG's 3:1 for bold small text.
                    let text = try XCTUnwrap(Self.farthestPixel(in: window, bounds: bounds, from: expected))
                    let textHex = String(format: "#%02x%02x%02x", text[0], text[1], text[2])
                    XCTAssertGreaterThanOrEqual(LabelChip.contrast(chip.background, textHex), 3,
                                                "\(chip.name) text \(textHex) on \(chip.background) in \(mode)")
                }
            }
            XCTAssertEqual(seen[.light], seen[.night], "a chip looks the same by day and by night")
            XCTAssertEqual(Self.rgb(chips[4].background), Self.rgb(LabelChip.fallbackBackground), "junk is drawn grey")
            _ = theme
        }
    }

    private static func rgb(_ hex: String) -> [UInt8] {
        let digits = Array(hex.dropFirst())
        return stride(from: 0, to: 6, by: 2).map { UInt8(String(digits[$0..<$0 + 2]), radix: 16) ?? 0 }
    }

    /// The pixel of `bounds` (in window coordinates) that differs most from `background`.
    @MainActor private static func farthestPixel(in window: Widget, bounds: graphene_rect_t, from background: [UInt8]) -> [UInt8]? {
        withRenderedSurface(of: window) { surface -> [UInt8]? in
            guard let data = cairo_image_surface_get_data(surface) else { return nil }
            let stride = Int(cairo_image_surface_get_stride(surface))
            var best: [UInt8]?, bestDistance = -1
            for y in Int(bounds.origin.y) + 2..<Int(bounds.origin.y + bounds.size.height) - 2 {
                for x in Int(bounds.origin.x) + 6..<Int(bounds.origin.x + bounds.size.width) - 6 {
                    let offset = y * stride + x * 4
                    let pixel = [data[offset + 2], data[offset + 1], data[offset]]
                    let distance = zip(pixel, background).map { abs(Int($0) - Int($1)) }.reduce(0, +)
                    if distance > bestDistance { best = pixel; bestDistance = distance }
                }
            }
            return best
        } ?? nil
    }
}
