import FlickCore
import Foundation

/// The keyboard over a list (docs/states.md, "Keyboards"), drawn from `KeyboardState` alone: its tray fills
/// `keyboard.frame` and its keys sit in it as a QWERTY layout's four rows (ten letters, nine, seven between two wide
/// keys, then the space bar between two keys), below the predictive bar's strip. The keys carry no letters: the
/// picture shows where the keyboard is, not what it types.
enum KeyboardDrawing {
    /// The predictive bar's strip at the top of the tray, in points.
    static let barHeight = 45.0
    /// A key's height, the gap between two rows and between two keys, the tray's side margin, in points.
    static let keyHeight = 42.0
    static let rowGap = 12.0
    static let keyGap = 6.0
    static let sideMargin = 3.0
    static let keyRadius = 5.0

    /// The tray's, a letter key's and a wide key's colours in light and dark.
    static func colors(_ theme: Theme) -> (tray: Color, key: Color, wide: Color) {
        switch theme {
        case .light: (Color(rgb: 0xD1D3D9), Color(rgb: 0xFFFFFF), Color(rgb: 0xABB0BA))
        case .dark: (Color(rgb: 0x2C2C2E), Color(rgb: 0x6B6B6E), Color(rgb: 0x464648))
        }
    }

    static func draw(_ keyboard: KeyboardState, in context: DrawContext) {
        let frame = keyboard.frame
        guard frame.minY < context.viewport.maxY, frame.width > 0, frame.height > 0 else { return }
        let canvas = context.canvas
        let (tray, key, wide) = colors(context.scenario.theme)
        canvas.saved {
            canvas.clip(frame)
            canvas.fill(frame, tray)
            let width = (frame.width - 2 * sideMargin - 9 * keyGap) / 10
            guard width > 0 else { return }
            func row(_ index: Int) -> Double { frame.minY + barHeight + 8 + Double(index) * (keyHeight + rowGap) }
            func keys(_ count: Int, row y: Double) {
                let span = Double(count) * width + Double(count - 1) * keyGap
                var x = frame.midX - span / 2
                for _ in 0..<count {
                    canvas.fill(roundedRect: Rect(x: x, y: y, width: width, height: keyHeight), radius: keyRadius, key)
                    x += width + keyGap
                }
            }
            keys(10, row: row(0))
            keys(9, row: row(1))
            keys(7, row: row(2))
            // Shift and delete beside the third row, as wide as what is left of it.
            let third = 7 * width + 6 * keyGap
            let side = (frame.width - 2 * sideMargin - third) / 2 - 2 * keyGap
            if side > 0 {
                canvas.fill(roundedRect: Rect(x: frame.minX + sideMargin, y: row(2), width: side, height: keyHeight), radius: keyRadius, wide)
                canvas.fill(roundedRect: Rect(x: frame.maxX - sideMargin - side, y: row(2), width: side, height: keyHeight), radius: keyRadius, wide)
            }
            // The bottom row: a wide key, the space bar, the return key.
            let small = 2.5 * width
            let y = row(3)
            canvas.fill(roundedRect: Rect(x: frame.minX + sideMargin, y: y, width: small, height: keyHeight), radius: keyRadius, wide)
            canvas.fill(roundedRect: Rect(x: frame.minX + sideMargin + small + keyGap, y: y,
                                          width: frame.width - 2 * sideMargin - 2 * small - 2 * keyGap, height: keyHeight),
                        radius: keyRadius, key)
            canvas.fill(roundedRect: Rect(x: frame.maxX - sideMargin - small, y: y, width: small, height: keyHeight), radius: keyRadius, wide)
        }
    }
}

extension KeyboardDrawing: ListAttachmentDrawing {
    static let layer = ListAttachmentLayer.overList
    static func draw(list key: String, in context: DrawContext) {
        if let keyboard = context.frame.keyboard(key) { draw(keyboard, in: context) }
    }
}
