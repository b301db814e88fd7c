import FlickCore

/// The colours of one theme: iOS's semantic colours (UIColor.systemBackground, .label, .separator, ...)
/// and an Apple-Maps-like map style.
struct Palette {
    var background: Color
    /// A sheet's surface (UIColor.secondarySystemBackground in dark mode: elevated surfaces are lighter).
    var sheet: Color
    /// Section title chips (UIColor.secondarySystemBackground, a step lighter in dark mode).
    var chip: Color
    var label: Color
    var secondaryLabel: Color
    var tertiaryLabel: Color
    var separator: Color
    var tint: Color
    var grabber: Color
    /// iOS's scroll indicator: 0x59000000 in light mode, 0x80FFFFFF in dark.
    var scrollIndicator: Color
    var shadow: Color
    var panel: Color
    var panelText: Color
    /// Row avatars and placeholder pages.
    var accents: [Color]
    var map: MapStyle

    static func of(_ theme: Theme) -> Palette {
        switch theme {
        case .light: return .light
        case .dark: return .dark
        }
    }

    static let light = Palette(
        background: Color(rgb: 0xFFFFFF), sheet: Color(rgb: 0xFFFFFF),
        chip: Color(rgb: 0xF2F2F7, alpha: 0.97),
        label: Color(rgb: 0x000000), secondaryLabel: Color(rgb: 0x3C3C43, alpha: 0.6),
        tertiaryLabel: Color(rgb: 0x3C3C43, alpha: 0.3), separator: Color(rgb: 0xC6C6C8),
        tint: Color(rgb: 0x007AFF), grabber: Color(rgb: 0x3C3C43, alpha: 0.3),
        scrollIndicator: Color(argb: 0x5900_0000), shadow: Color(rgb: 0x000000, alpha: 1),
        panel: Color(rgb: 0x1C1C1E, alpha: 0.88), panelText: Color(rgb: 0xFFFFFF),
        accents: [0xFF9500, 0x34C759, 0x007AFF, 0xAF52DE, 0xFF2D55, 0x5AC8FA, 0xFFCC00, 0x5856D6].map { Color(rgb: $0) },
        map: .light)

    static let dark = Palette(
        background: Color(rgb: 0x000000), sheet: Color(rgb: 0x1C1C1E),
        chip: Color(rgb: 0x2C2C2E, alpha: 0.97),
        label: Color(rgb: 0xFFFFFF), secondaryLabel: Color(rgb: 0xEBEBF5, alpha: 0.6),
        tertiaryLabel: Color(rgb: 0xEBEBF5, alpha: 0.3), separator: Color(rgb: 0x38383A),
        tint: Color(rgb: 0x0A84FF), grabber: Color(rgb: 0xEBEBF5, alpha: 0.3),
        scrollIndicator: Color(argb: 0x80FF_FFFF), shadow: Color(rgb: 0x000000, alpha: 1),
        panel: Color(rgb: 0x3A3A3C, alpha: 0.92), panelText: Color(rgb: 0xFFFFFF),
        accents: [0xFF9F0A, 0x30D158, 0x0A84FF, 0xBF5AF2, 0xFF375F, 0x64D2FF, 0xFFD60A, 0x5E5CE6].map { Color(rgb: $0) },
        map: .dark)

    /// The accent for item `index`, cycling.
    func accent(_ index: Int) -> Color { accents[((index % accents.count) + accents.count) % accents.count] }
}

/// Colours of the procedural map.
struct MapStyle {
    var land: Color
    var building: Color
    var park: Color
    var water: Color
    var street: Color
    var streetCasing: Color
    var majorRoad: Color
    var majorCasing: Color
    var label: Color
    var labelHalo: Color
    var pin: Color
    var location: Color

    static let light = MapStyle(
        land: Color(rgb: 0xF3F1EC), building: Color(rgb: 0xE7E4DD), park: Color(rgb: 0xC9E7BE),
        water: Color(rgb: 0xA8D4F5), street: Color(rgb: 0xFFFFFF), streetCasing: Color(rgb: 0xDEDAD2),
        majorRoad: Color(rgb: 0xFDE293), majorCasing: Color(rgb: 0xE9C462), label: Color(rgb: 0x5B5A57),
        labelHalo: Color(rgb: 0xFFFFFF, alpha: 0.9), pin: Color(rgb: 0xFF3B30), location: Color(rgb: 0x007AFF))

    static let dark = MapStyle(
        land: Color(rgb: 0x232427), building: Color(rgb: 0x2B2C30), park: Color(rgb: 0x1F3526),
        water: Color(rgb: 0x14263D), street: Color(rgb: 0x3B3C41), streetCasing: Color(rgb: 0x2E2F33),
        majorRoad: Color(rgb: 0x6B5A33), majorCasing: Color(rgb: 0x4D4128), label: Color(rgb: 0xB8B8BD),
        labelHalo: Color(rgb: 0x000000, alpha: 0.7), pin: Color(rgb: 0xFF453A), location: Color(rgb: 0x0A84FF))
}
