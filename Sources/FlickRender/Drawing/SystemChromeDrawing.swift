import FlickCore
import Foundation

/// What iOS draws over every app: the status bar (time, signal, Wi-Fi, battery) in the top safe area and
/// the home indicator in the bottom one. Drawn only where the scenario's safe area leaves room for them.
enum SystemChromeDrawing {
    /// The status bar's clock, as in Apple's screenshots.
    static let clockText = "9:41"

    /// Draws the status bar and the home indicator. `backdrop` holds the mean luminance of what was drawn under each
    /// (`measured(_:)` says which the drawing reads; nil: unknown).
    static func draw(in context: DrawContext, backdrop: Backdrop) {
        let safe = context.safeArea
        if let band = statusBarRect(context.scenario, viewport: context.frame.viewport) {
            // Content that scrolls under the status bar (a list or pager filling the screen) gets the bar
            // material behind it, as under a navigation bar; over a map, a picture or behind a sheet it floats.
            let ink: Color
            if !isPresented(context.scenario.scene.root) {
                let material = context.palette.background.withAlpha(0.94)
                context.canvas.fill(band, material)
                ink = statusBarInk(context.scenario.statusBar, over: context.palette.background.luminance)
            } else {
                ink = statusBarInk(context.scenario.statusBar,
                                   over: backdrop.statusBar ?? sceneColor(in: context).luminance)
            }
            drawStatusBar(height: safe.top, ink: ink, in: context)
        }
        if safe.bottom > 0 { drawHomeIndicator(over: backdrop.homeIndicator, in: context) }
    }

    /// The mean luminance (0 black ... 1 white) of the frame's pixels under the status bar and the home indicator,
    /// as drawn before them; nil where the drawing does not read it.
    struct Backdrop {
        var statusBar: Double?
        var homeIndicator: Double?
    }

    /// The rectangles whose pixels the chrome of `scenario` reads, drawn before it: the status bar's band when
    /// `statusBar: auto` floats over the content (a sheet at the root), the home indicator's bar when there is one.
    static func measured(_ scenario: Scenario, viewport: Size) -> (statusBar: Rect?, homeIndicator: Rect?) {
        let band = scenario.statusBar == .auto && isPresented(scenario.scene.root) ? statusBarRect(scenario, viewport: viewport) : nil
        let bar = scenario.viewport.safeArea.bottom > 0 ? homeIndicatorRect(viewport: viewport) : nil
        return (band, bar)
    }

    /// The status bar's band, the top of the safe area across the frame's viewport `viewport`; nil when the safe area's top is under
    /// 20 pt, too little for a status bar.
    static func statusBarRect(_ scenario: Scenario, viewport: Size) -> Rect? {
        let top = scenario.viewport.safeArea.top
        return top >= 20 ? Rect(x: 0, y: 0, width: viewport.width, height: top) : nil
    }

    /// Content at least this light (mean luminance, 0...1) gets dark chrome, darker content light chrome: the rule of
    /// UIStatusBarStyle.default, which the home indicator and `statusBar: auto` follow.
    static let lightBackdrop = 0.5

    /// The status bar's ink for `style` over content of mean luminance `backdrop`.
    static func statusBarInk(_ style: StatusBarStyle, over backdrop: Double) -> Color {
        switch style {
        case .dark: .black
        case .light: .white
        case .auto: backdrop >= lightBackdrop ? .black : .white
        }
    }

    /// Whether the scene's root is presented over its background (a sheet): the status bar floats over what is
    /// behind it.
    static func isPresented(_ root: Component) -> Bool { root.presentedSheet != nil }

    /// The colour of the scene's background where the status bar is.
    static func sceneColor(in context: DrawContext) -> Color {
        switch context.scenario.scene.background {
        case .plain: return context.palette.background
        case .color(let hex): return Color(hex: hex) ?? context.palette.background
        case .map: return context.palette.map.land
        case .image: return context.palette.background
        }
    }

    /// The status bar's row centre: notched iPhones centre it in the band above the sensor housing's bottom edge.
    static func statusBarMidY(height: Double) -> Double { height >= 44 ? height * 0.5 + 1 : height / 2 }

    static func drawStatusBar(height: Double, ink: Color, in context: DrawContext) {
        let canvas = context.canvas
        let width = context.viewport.width
        let midY = statusBarMidY(height: height)
        let size = 16.0
        canvas.drawText(clockText, x: width * 0.14, baseline: canvas.baseline(centeringOn: midY, size: size),
                        font: .bold, size: size, color: ink, alignment: .center)
        // Battery: outline, charge and nub.
        let battery = Rect(x: width - 20 - 25, y: midY - 6, width: 25, height: 12)
        canvas.stroke(roundedRect: battery, radius: 3.5, ink.withAlpha(0.4), width: 1)
        canvas.fill(roundedRect: Rect(x: battery.minX + 2, y: battery.minY + 2, width: 17, height: 8), radius: 1.5, ink)
        canvas.fill(roundedRect: Rect(x: battery.maxX + 1, y: midY - 2, width: 1.5, height: 4), radius: 0.75, ink.withAlpha(0.4))
        // Wi-Fi: three arcs as wedges, widest on top.
        let wifiCenter = Point(x: battery.minX - 16, y: midY + 5)
        for (i, radius) in [11.0, 7.5, 4.0].enumerated() {
            let a0 = -Double.pi * 3 / 4, a1 = -Double.pi / 4
            var points: [Point] = []
            for s in 0...8 {
                let a = a0 + (a1 - a0) * Double(s) / 8
                points.append(Point(x: wifiCenter.x + radius * cos(a), y: wifiCenter.y + radius * sin(a)))
            }
            if i == 2 {
                canvas.fillPolygon([wifiCenter] + points, ink)
            } else {
                canvas.strokeLine(points, ink, width: 2.2)
            }
        }
        // Signal: four bars of rising height.
        let signalRight = wifiCenter.x - 16
        for bar in 0..<4 {
            let h = 4.0 + Double(bar) * 2.3
            canvas.fill(roundedRect: Rect(x: signalRight - Double(3 - bar) * 4.6 - 3, y: midY + 5.5 - h, width: 3, height: h),
                        radius: 0.8, ink)
        }
    }

    /// The home indicator's bar: 134 pt wide (at most 36 % of a narrow viewport), 5 pt tall, 8 pt above the bottom
    /// edge, centred.
    static func homeIndicatorRect(viewport: Size) -> Rect {
        let size = Size(width: min(134, viewport.width * 0.36), height: 5)
        return Rect(x: (viewport.width - size.width) / 2, y: viewport.height - 8 - size.height, width: size.width,
                    height: size.height)
    }

    /// The bar's opacity over the content.
    static let homeIndicatorAlpha = 0.9

    /// The bar's colour over content of mean luminance `backdrop`: black over light content, white over dark, as
    /// iOS adapts its home indicator to what is under it; the theme's label colour when that is unknown.
    static func homeIndicatorColor(over backdrop: Double?, palette: Palette) -> Color {
        let ink = backdrop.map { $0 >= lightBackdrop ? Color.black : Color.white } ?? palette.label
        return ink.withAlpha(homeIndicatorAlpha)
    }

    static func drawHomeIndicator(over backdrop: Double?, in context: DrawContext) {
        let rect = homeIndicatorRect(viewport: context.frame.viewport)
        context.canvas.fill(roundedRect: rect, radius: rect.height / 2, homeIndicatorColor(over: backdrop, palette: context.palette))
    }
}
