import FlickCore
import Foundation

/// A `navigationBar`: its content, then the bar from its state alone — its translucent background and hairline at `backgroundAlpha`, the
/// inline title centred in the 44 pt bar, and the large title clipped to the part of the bar below it. Like a list,
/// it draws no background of its own: at the scroll edge the bar shows what it sits on.
///
/// Colours are Flutter's Cupertino defaults (docs/physics.md, "Large-title navigation bar"): the bar
/// `_kDefaultBarLightBackgroundColor` 0xCCF8F8F8 and `_kDefaultBarDarkBackgroundColor` 0xB7212121 (without the blur
/// behind it: Cairo draws none), the hairline `_kDefaultNavBarBorderColor` 0x4D000000, one device pixel thick. Both
/// titles are set bold (DejaVu Sans has no semibold for the inline title's 17 pt w600).
enum NavigationBarDrawing {
    static let lightBar = Color(argb: 0xCCF8_F8F8)
    static let darkBar = Color(argb: 0xB721_2121)
    static let hairline = Color(argb: 0x4D00_0000)
    /// The inline title keeps this far from the bar's sides (the large title's edge padding).
    static let titleMargin = NavigationBarGeometry.edgePadding

    static func draw(_ spec: NavigationBarSpec, key: String, in context: DrawContext) {
        guard let bar = context.frame.navigationBar(key) else {
            ComponentDrawing.draw(spec.content, in: context)
            return
        }
        let canvas = context.canvas
        let palette = context.palette
        ComponentDrawing.draw(spec.content, in: context)
        canvas.saved {
            canvas.clip(bar.frame)
            if bar.backgroundAlpha > 0 {
                let fill = context.scenario.theme == .dark ? darkBar : lightBar
                canvas.fill(bar.frame, fill.withAlpha(bar.backgroundAlpha))
                let line = Rect(x: bar.frame.minX, y: context.pixelAligned(bar.frame.maxY) - context.hairline,
                                width: bar.frame.width, height: context.hairline)
                canvas.fill(line, hairline.withAlpha(bar.backgroundAlpha))
            }
            if bar.titleAlpha > 0 {
                canvas.drawText(spec.title, x: bar.titleCenter.x,
                                baseline: canvas.baseline(centeringOn: bar.titleCenter.y, size: bar.titleFontSize),
                                font: .bold, size: bar.titleFontSize, color: palette.label.withAlpha(bar.titleAlpha),
                                alignment: .center, maxWidth: max(0, bar.frame.width - 2 * titleMargin))
            }
            if bar.largeTitleAlpha > 0, bar.largeTitleClip.height > 0 {
                let box = bar.largeTitleFrame
                canvas.saved {
                    canvas.clip(bar.largeTitleClip)
                    canvas.drawText(spec.title, x: box.minX,
                                    baseline: canvas.baseline(centeringOn: box.midY, size: bar.largeTitleFontSize),
                                    font: .bold, size: bar.largeTitleFontSize,
                                    color: palette.label.withAlpha(bar.largeTitleAlpha), maxWidth: box.width)
                }
            }
        }
    }
}
