import Foundation

/// A screen to simulate on, by name: `viewport: {device: iPhone 15 Pro}` (as Playwright's `devices`).
///
/// Sizes and scales are Apple's published point sizes (Human Interface Guidelines, "Layout", device screen sizes);
/// safe areas are the insets UIKit reports for a full-screen window with the status bar shown (portrait) or hidden
/// (landscape, iPhone): the Dynamic Island's 59 pt (62 on the iPhone 16 Pro models) or the notch's 47 pt (50 on
/// the mini) at the top, the home indicator's 34 pt at the bottom (21 in landscape, with the sensor housing's inset
/// on both sides), 20 pt of status bar on the iPhone SE, and 24 pt of status bar with 20 of home indicator on
/// iPads in either orientation.
///
/// The 2025 iPhones (17, 17 Pro, 17 Pro Max, Air) follow the same rule: their sizes are Apple's technical
/// specifications (pixels at 3x), their portrait insets are those two public sources agree on (62 pt at the top, 68
/// on the Air; docs/scenario-format.md, "Viewport and devices"), and their landscape insets are the rule's.
public struct DevicePreset: Hashable, Sendable {
    public var name: String
    public var viewport: Viewport

    /// Every preset: each device in portrait, then in landscape (`<name> landscape`).
    public static let all: [DevicePreset] = {
        // (name, width, height, scale, top inset in portrait, sensor inset in landscape, home indicator)
        let phones: [(String, Double, Double, Double, Double, Double, Bool)] = [
            ("iPhone SE", 375, 667, 2, 20, 0, false),
            ("iPhone 13 mini", 375, 812, 3, 50, 50, true),
            ("iPhone 14", 390, 844, 3, 47, 47, true),
            ("iPhone 14 Plus", 428, 926, 3, 47, 47, true),
            ("iPhone 15", 393, 852, 3, 59, 59, true),
            ("iPhone 15 Plus", 430, 932, 3, 59, 59, true),
            ("iPhone 15 Pro", 393, 852, 3, 59, 59, true),
            ("iPhone 15 Pro Max", 430, 932, 3, 59, 59, true),
            ("iPhone 16", 393, 852, 3, 59, 59, true),
            ("iPhone 16 Plus", 430, 932, 3, 59, 59, true),
            ("iPhone 16 Pro", 402, 874, 3, 62, 62, true),
            ("iPhone 16 Pro Max", 440, 956, 3, 62, 62, true),
            ("iPhone 16e", 390, 844, 3, 47, 47, true),
            ("iPhone 17", 402, 874, 3, 62, 62, true),
            ("iPhone 17 Pro", 402, 874, 3, 62, 62, true),
            ("iPhone 17 Pro Max", 440, 956, 3, 62, 62, true),
            ("iPhone Air", 420, 912, 3, 68, 68, true),
        ]
        let pads: [(String, Double, Double)] = [
            ("iPad mini", 744, 1133), ("iPad", 820, 1180), ("iPad Air 11-inch", 820, 1180),
            ("iPad Air 13-inch", 1024, 1366), ("iPad Pro 11-inch", 834, 1210), ("iPad Pro 13-inch", 1032, 1376),
        ]
        var portrait: [DevicePreset] = [], landscape: [DevicePreset] = []
        for (name, width, height, scale, top, side, homeIndicator) in phones {
            portrait.append(DevicePreset(name: name, viewport: Viewport(width: width, height: height, scale: scale,
                safeArea: EdgeInsets(top: top, bottom: homeIndicator ? 34 : 0))))
            landscape.append(DevicePreset(name: name + " landscape", viewport: Viewport(width: height, height: width, scale: scale,
                safeArea: EdgeInsets(left: side, bottom: homeIndicator ? 21 : 0, right: side))))
        }
        for (name, width, height) in pads {
            let safeArea = EdgeInsets(top: 24, bottom: 20)
            portrait.append(DevicePreset(name: name, viewport: Viewport(width: width, height: height, scale: 2, safeArea: safeArea)))
            landscape.append(DevicePreset(name: name + " landscape",
                                          viewport: Viewport(width: height, height: width, scale: 2, safeArea: safeArea)))
        }
        return portrait + landscape
    }()

    /// The preset of that name, ignoring case.
    public static func named(_ name: String) -> DevicePreset? {
        all.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// One line for `flick devices`: `iPhone 15 Pro  393×852 pt @3x  safe area top 59, bottom 34`.
    public var summary: String {
        let v = viewport, s = v.safeArea
        let insets = [("top", s.top), ("left", s.left), ("bottom", s.bottom), ("right", s.right)].filter { $0.1 > 0 }
            .map { "\($0.0) \(say($0.1))" }
        return "\(say(v.width))×\(say(v.height)) pt @\(say(v.scale))x  safe area \(insets.isEmpty ? "none" : insets.joined(separator: ", "))"
    }
}
