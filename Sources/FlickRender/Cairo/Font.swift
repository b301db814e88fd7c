import CFlickCairo
import Foundation

/// The typefaces Flick draws with: DejaVu Sans (Debian's fonts-dejavu-core), loaded from fixed files
/// through Cairo's FreeType backend so text never depends on fontconfig's choices (SPEC §5).
enum Font: CaseIterable {
    case regular, bold, mono

    /// The font file's name.
    var fileName: String {
        switch self {
        case .regular: "DejaVuSans.ttf"
        case .bold: "DejaVuSans-Bold.ttf"
        case .mono: "DejaVuSansMono.ttf"
        }
    }

    /// Folders searched in order for the font files: $FLICK_FONT_DIR, then where Debian, Homebrew and macOS put them.
    static var searchFolders: [String] {
        var folders: [String] = []
        if let env = ProcessInfo.processInfo.environment["FLICK_FONT_DIR"], !env.isEmpty { folders.append(env) }
        folders += ["/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/local/share/fonts",
                    "/opt/homebrew/share/fonts", NSHomeDirectory() + "/Library/Fonts", "/Library/Fonts"]
        return folders
    }
}

/// The loaded font faces, shared by every thread for the life of the process.
///
/// Cairo locks an FT_Face around every use (cairo-ft's unscaled-font mutex), so one face serves all
/// rendering threads; the faces and the FreeType library are never freed.
final class FontBook: @unchecked Sendable {
    private let faces: [Font: OpaquePointer]

    /// The faces, or the reason they cannot be loaded (a missing font file names the package to install).
    static let loaded: Result<FontBook, RenderError> = Result { try FontBook() }.mapError { $0 as! RenderError }

    static var shared: FontBook {
        switch loaded {
        case .success(let book): return book
        case .failure(let error): fatalError(error.description)
        }
    }

    /// Throws unless the font files could be loaded; call before drawing.
    static func require() throws { _ = try loaded.get() }

    private init() throws {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw RenderError("cannot start FreeType") }
        var faces: [Font: OpaquePointer] = [:]
        for font in Font.allCases {
            let candidates = Font.searchFolders.map { $0 + "/" + font.fileName }
            guard let path = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
                throw RenderError("cannot find the font \(font.fileName) (looked in \(Font.searchFolders.joined(separator: ", "))); "
                    + "install Debian's fonts-dejavu-core or set FLICK_FONT_DIR")
            }
            var face: FT_Face?
            guard FT_New_Face(library, path, 0, &face) == 0, let face else {
                throw RenderError("FreeType cannot read the font \(path)")
            }
            // No hinting in the outlines either: glyph shapes must not depend on the FreeType build's hinter.
            let fontFace = cairo_ft_font_face_create_for_ft_face(face, Int32(FT_LOAD_NO_HINTING))!
            faces[font] = fontFace
        }
        self.faces = faces
    }

    func face(_ font: Font) -> OpaquePointer { faces[font]! }
}
