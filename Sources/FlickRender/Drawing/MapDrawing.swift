import FlickCore
import Foundation

/// The scene's background: a procedural map, the theme's background colour, or a given colour.
enum BackgroundDrawing {
    static func draw(_ background: Background, in context: DrawContext) {
        switch background {
        case .plain:
            context.canvas.paint(context.palette.background)
        case .color(let hex):
            context.canvas.paint(Color(hex: hex) ?? context.palette.background)
        case .map:
            MapDrawing.draw(in: context, parallax: context.frame.sheet?.parallax ?? 0, cache: context.mapCache)
        case .image(let path):
            context.canvas.paint(context.palette.background)
            context.pictures?.draw(path, filling: context.viewport, on: context.canvas)
        }
    }
}

/// A deterministic city map in the style of Apple Maps: blocks of buildings, parks, a river, streets,
/// major roads with names, pins and the user's location. It is an endless plane generated from integer
/// hashes of grid cells, so any part of it is the same on every run; `parallax` slides it up.
enum MapDrawing {
    /// Distance between neighbouring north–south streets, in points (jittered per street).
    static let streetSpacingX = 92.0
    /// Distance between neighbouring east–west streets, in points (jittered per street).
    static let streetSpacingY = 84.0
    /// Every this many streets is a major road.
    static let majorEvery = 4
    static let minorWidth = 7.0
    static let majorWidth = 12.0
    static let riverWidth = 56.0
    static let streetNames = ["Market St", "Mission St", "Valencia St", "Harrison St", "Folsom St", "Howard St",
                              "Bryant St", "Dolores St", "Guerrero St", "Church St", "Castro St", "Fillmore St"]

    /// Draws the map shifted up by `parallax`. With a `cache` (image frames), the map comes from pixels drawn
    /// once and placed at the nearest whole device pixel, which is what drawing it there would give; without
    /// one (SVG), it is drawn as vectors at the exact offset.
    static func draw(in context: DrawContext, parallax: Double, cache: MapCache?) {
        let canvas = context.canvas
        let style = context.palette.map
        let view = context.viewport
        if let cache, let image = cache.image(for: context, parallax: parallax) {
            canvas.saved {
                canvas.clip(view)
                canvas.paint(image, atDevicePixelX: 0, y: -Int((parallax * context.scale).rounded()))
            }
        } else {
            // World coordinates: the map moves up by `parallax`.
            let world = Rect(x: view.minX - 40, y: view.minY + parallax - 40, width: view.width + 80,
                             height: view.height + 80)
            canvas.saved {
                canvas.clip(view)
                canvas.translate(0, -parallax)
                drawWorld(world, style: style, canvas: canvas)
            }
        }
        // A soft fade under the status bar keeps it legible over busy streets, as in Maps.
        let fade = context.safeArea.top + 16
        if context.safeArea.top > 0 {
            canvas.setVerticalGradient(y0: 0, style.land.withAlpha(0.85), y1: fade, style.land.withAlpha(0))
            canvas.fillCurrentSource(roundedRect: Rect(x: 0, y: 0, width: view.width, height: fade), radius: 0)
        }
    }

    /// Everything on the map inside `world` (world coordinates, points).
    static func drawWorld(_ world: Rect, style: MapStyle, canvas: Canvas) {
        canvas.fill(world, style.land)
        let columns = streetRange(world.minX, world.maxX, spacing: streetSpacingX)
        let rows = streetRange(world.minY, world.maxY, spacing: streetSpacingY)
        drawBlocks(columns: columns, rows: rows, style: style, canvas: canvas)
        drawStreets(columns: columns, rows: rows, world: world, major: false, style: style, canvas: canvas)
        drawRiver(world: world, style: style, canvas: canvas)
        drawStreets(columns: columns, rows: rows, world: world, major: true, style: style, canvas: canvas)
        drawAvenue(world: world, style: style, canvas: canvas)
        drawRoadLabels(columns: columns, rows: rows, world: world, style: style, canvas: canvas)
        drawPins(columns: columns, rows: rows, style: style, canvas: canvas)
        drawLocation(style: style, canvas: canvas)
    }

    // MARK: Grid

    /// A deterministic hash of grid coordinates (SplitMix64's finaliser): the map's only source of variety.
    static func hash(_ a: Int, _ b: Int, _ salt: Int = 0) -> UInt64 {
        var z = UInt64(bitPattern: Int64(a)) &* 0x9E37_79B9_7F4A_7C15
        z ^= UInt64(bitPattern: Int64(b)) &* 0xC2B2_AE3D_27D4_EB4F
        z ^= UInt64(bitPattern: Int64(salt)) &* 0x1656_67B1_9E37_79F9
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<1 from `hash(a, b, salt)`.
    static func unit(_ a: Int, _ b: Int, _ salt: Int) -> Double {
        Double(hash(a, b, salt) >> 11) / Double(1 << 53)
    }

    /// Indices of the streets whose centre lines fall in or next to `low...high`.
    static func streetRange(_ low: Double, _ high: Double, spacing: Double) -> ClosedRange<Int> {
        Int((low / spacing).rounded(.down)) - 1 ... Int((high / spacing).rounded(.up)) + 1
    }

    static func streetX(_ k: Int) -> Double { Double(k) * streetSpacingX + (unit(k, 0, 1) - 0.5) * 28 }
    static func streetY(_ l: Int) -> Double { Double(l) * streetSpacingY + (unit(0, l, 2) - 0.5) * 24 }
    static func isMajorColumn(_ k: Int) -> Bool { ((k % majorEvery) + majorEvery) % majorEvery == 1 }
    static func isMajorRow(_ l: Int) -> Bool { ((l % majorEvery) + majorEvery) % majorEvery == 2 }
    static func halfWidth(major: Bool) -> Double { (major ? majorWidth : minorWidth) / 2 }

    /// Block (k, l) is a park.
    static func isPark(_ k: Int, _ l: Int) -> Bool { unit(k, l, 3) < 0.09 }
    /// Block (k, l) holds a pin.
    static func hasPin(_ k: Int, _ l: Int) -> Bool { !isPark(k, l) && unit(k, l, 4) < 0.075 }

    /// The block between streets k, k+1 and l, l+1, inside the street edges.
    static func block(_ k: Int, _ l: Int) -> Rect {
        let x0 = streetX(k) + halfWidth(major: isMajorColumn(k)) + 1
        let x1 = streetX(k + 1) - halfWidth(major: isMajorColumn(k + 1)) - 1
        let y0 = streetY(l) + halfWidth(major: isMajorRow(l)) + 1
        let y1 = streetY(l + 1) - halfWidth(major: isMajorRow(l + 1)) - 1
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    // MARK: Layers

    static func drawBlocks(columns: ClosedRange<Int>, rows: ClosedRange<Int>, style: MapStyle, canvas: Canvas) {
        for k in columns {
            for l in rows {
                let rect = block(k, l)
                if isPark(k, l) {
                    canvas.fill(roundedRect: rect, radius: 4, style.park)
                    continue
                }
                // Two to three building footprints across, two down, some left open.
                let across = 2 + Int(hash(k, l, 5) % 2)
                let gap = 3.0
                let w = (rect.width - gap * Double(across + 1)) / Double(across)
                let h = (rect.height - gap * 3) / 2
                guard w > 2, h > 2 else { continue }
                for i in 0..<across {
                    for j in 0..<2 where unit(k * 7 + i, l * 5 + j, 6) > 0.18 {
                        let shrink = unit(k * 7 + i, l * 5 + j, 7) * 6
                        let footprint = Rect(x: rect.minX + gap + Double(i) * (w + gap) + shrink / 2,
                                             y: rect.minY + gap + Double(j) * (h + gap) + shrink / 2,
                                             width: w - shrink, height: h - shrink)
                        canvas.fill(roundedRect: footprint, radius: 1.5, style.building)
                    }
                }
            }
        }
    }

    static func drawStreets(columns: ClosedRange<Int>, rows: ClosedRange<Int>, world: Rect, major: Bool,
                            style: MapStyle, canvas: Canvas) {
        let width = major ? majorWidth : minorWidth
        let casing = major ? style.majorCasing : style.streetCasing
        let fill = major ? style.majorRoad : style.street
        for pass in 0..<2 {
            let color = pass == 0 ? casing : fill
            let w = pass == 0 ? width + 1.5 : width
            for k in columns where isMajorColumn(k) == major {
                let x = streetX(k)
                canvas.fill(Rect(x: x - w / 2, y: world.minY, width: w, height: world.height), color)
            }
            for l in rows where isMajorRow(l) == major {
                let y = streetY(l)
                canvas.fill(Rect(x: world.minX, y: y - w / 2, width: world.width, height: w), color)
            }
        }
    }

    /// The river's centre line at world height `y`: it meanders around x = 300.
    static func riverCenter(_ y: Double) -> Double {
        300 + 70 * sin(y / 210) + 26 * sin(y / 77 + 1.3)
    }

    static func drawRiver(world: Rect, style: MapStyle, canvas: Canvas) {
        let step = 6.0
        var left: [Point] = [], right: [Point] = []
        var y = (world.minY / step).rounded(.down) * step
        while y <= world.maxY + step {
            let x = riverCenter(y)
            let w = riverWidth / 2 + 6 * sin(y / 130)
            left.append(Point(x: x - w, y: y))
            right.append(Point(x: x + w, y: y))
            y += step
        }
        canvas.fillPolygon(left + right.reversed(), style.water)
    }

    /// A diagonal avenue crossing the grid (every city has one).
    static func drawAvenue(world: Rect, style: MapStyle, canvas: Canvas) {
        // The line x = 40 + 0.55·y in world coordinates.
        let a = Point(x: -60 + 0.55 * world.minY, y: world.minY)
        let b = Point(x: -60 + 0.55 * world.maxY, y: world.maxY)
        canvas.strokeLine([a, b], style.majorCasing, width: majorWidth + 1.5)
        canvas.strokeLine([a, b], style.majorRoad, width: majorWidth)
    }

    static func drawRoadLabels(columns: ClosedRange<Int>, rows: ClosedRange<Int>, world: Rect, style: MapStyle,
                               canvas: Canvas) {
        let size = 9.5
        let repeatEvery = 360.0
        for l in rows where isMajorRow(l) {
            let name = streetNames[Int(hash(0, l, 8) % UInt64(streetNames.count))]
            let y = streetY(l)
            var x = ((world.minX / repeatEvery).rounded(.down)) * repeatEvery + 60 + unit(0, l, 9) * 120
            while x < world.maxX {
                canvas.drawHaloText(name, x: x, baseline: canvas.baseline(centeringOn: y, size: size), font: .bold,
                                    size: size, color: style.label, halo: style.labelHalo, haloWidth: 2.5,
                                    alignment: .center)
                x += repeatEvery
            }
        }
        for k in columns where isMajorColumn(k) {
            let name = streetNames[Int(hash(k, 0, 10) % UInt64(streetNames.count))]
            let x = streetX(k)
            var y = ((world.minY / repeatEvery).rounded(.down)) * repeatEvery + 90 + unit(k, 0, 11) * 140
            while y < world.maxY {
                canvas.saved {
                    canvas.translate(x, y)
                    canvas.rotate(-.pi / 2)
                    canvas.drawHaloText(name, x: 0, baseline: canvas.baseline(centeringOn: 0, size: size), font: .bold,
                                        size: size, color: style.label, halo: style.labelHalo, haloWidth: 2.5,
                                        alignment: .center)
                }
                y += repeatEvery
            }
        }
    }

    static func drawPins(columns: ClosedRange<Int>, rows: ClosedRange<Int>, style: MapStyle, canvas: Canvas) {
        for k in columns {
            for l in rows where hasPin(k, l) {
                let rect = block(k, l)
                let tip = Point(x: rect.minX + rect.width * 0.5, y: rect.minY + rect.height * 0.72)
                drawPin(at: tip, color: style.pin, canvas: canvas)
                let title = RowContent(index: Int(hash(k, l, 12) % 60)).title
                canvas.drawHaloText(title, x: tip.x + 12, baseline: tip.y - 10, font: .bold, size: 10,
                                    color: style.label, halo: style.labelHalo, haloWidth: 3)
            }
        }
    }

    /// A map pin whose point is at `tip`: a round head over a short point, with a soft shadow.
    static func drawPin(at tip: Point, color: Color, canvas: Canvas) {
        canvas.fillEllipse(in: Rect(x: tip.x - 6, y: tip.y - 2, width: 12, height: 4), Color.black.withAlpha(0.18))
        let head = Point(x: tip.x, y: tip.y - 17)
        canvas.fillPolygon([Point(x: tip.x - 5.5, y: head.y + 5), Point(x: tip.x + 5.5, y: head.y + 5), tip], color)
        canvas.fillCircle(center: head, radius: 10, Color.white)
        canvas.fillCircle(center: head, radius: 8.5, color)
        canvas.fillCircle(center: head, radius: 3.2, Color.white)
    }

    /// The user's location: a blue dot in a white ring with a translucent halo.
    static func drawLocation(style: MapStyle, canvas: Canvas) {
        let center = Point(x: 150, y: 300)
        canvas.fillCircle(center: center, radius: 26, style.location.withAlpha(0.16))
        canvas.fillCircle(center: center, radius: 9.5, Color.black.withAlpha(0.12))
        canvas.fillCircle(center: center, radius: 9, Color.white)
        canvas.fillCircle(center: center, radius: 6.5, style.location)
    }
}

/// The map drawn once into pixels for a renderer: the map is the same plane every frame, only slid up by the
/// parallax, so image frames copy the visible band instead of drawing hundreds of shapes again (at 3x that
/// halves the draw time of a map scene). Everything on the map is placed in world coordinates, so the band
/// equals what drawing the map at that whole-pixel offset gives.
final class MapCache {
    /// The most a sheet's parallax can move the map, as a fraction of the viewport height: the parallax factor
    /// times the most a sheet can travel (the whole viewport).
    static let reach = MapParallax.factor

    private var image: ImageSurface?
    private var key: (width: Double, height: Double, scale: Double)?

    /// The map from world y = 0 down past the viewport and the parallax's reach, or nil if it would not fit
    /// in an image (then the caller draws vectors).
    func image(for context: DrawContext, parallax: Double) -> ImageSurface? {
        let view = context.viewport
        let reach = (view.height * Self.reach).rounded(.up) + 2
        guard parallax >= 0, parallax <= reach - 1 else { return nil }
        if let image, let key, key == (view.width, view.height, context.scale) { return image }
        let width = Int((view.width * context.scale).rounded(.up))
        let height = Int(((view.height + reach) * context.scale).rounded(.up))
        guard let surface = try? ImageSurface(pixelWidth: width, pixelHeight: height) else { return nil }
        let canvas = Canvas(surface)
        canvas.setScale(context.scale)
        MapDrawing.drawWorld(Rect(x: -40, y: -40, width: view.width + 80, height: view.height + reach + 80),
                             style: context.palette.map, canvas: canvas)
        surface.flush()
        image = surface
        key = (view.width, view.height, context.scale)
        return surface
    }
}
