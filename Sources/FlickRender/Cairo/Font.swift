import CFlickCairo
import Foundation

/// The typefaces Flick draws with: DejaVu Sans (Debian's fonts-dejavu-core), loaded from fixed files
/// through Cairo's FreeType backend so text never depends on fontconfig's choices.
public enum Font: CaseIterable, Sendable {
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

/// One set of loaded font faces: a FreeType library, its three faces, and the Cairo font faces made from them.
///
/// A book is used by one thread at a time and never shared: Cairo's scaled fonts are looked up by font
/// face, so threads drawing with different books never touch the same scaled font, FT_Face or FT_Library
/// (FreeType asks for one FT_Library per thread; Cairo 1.16 frees a scaled font shared by two threads in a
/// race that ends in `cairo_scaled_font_destroy: Assertion '! scaled_font->cache_frozen'`). A surface
/// borrows a book from a pool the first time text is drawn on it, and Cairo gives it back when it destroys
/// the surface — after an SVG surface has written the glyphs it recorded — so a book moves between threads
/// only whole, through the pool's lock, and the pool holds as many books as surfaces ever drew text at once.
/// Books are never freed: Cairo may keep their faces in its caches for the life of the process.
final class FontBook {
    private let faces: [Font: LoadedFace]

    private static let idle = Locked<[FontBook]>([])

    /// Whether the font files can be loaded, or why not (a missing font file names the package to install).
    private static let available: Result<Void, RenderError> = Result {
        let book = try FontBook()
        idle.withLock { $0.append(book) }
    }.mapError { $0 as! RenderError }

    /// Throws unless the font files could be loaded; call before drawing.
    static func require() throws { try available.get() }

    /// The book of `surface`: borrowed and attached to it the first time, given back when Cairo destroys it.
    static func attached(to surface: OpaquePointer) -> FontBook {
        if let data = cairo_surface_get_user_data(surface, userDataKey) {
            return Unmanaged<FontBook>.fromOpaque(data).takeUnretainedValue()
        }
        let book = borrow()
        cairo_surface_set_user_data(surface, userDataKey, Unmanaged.passRetained(book).toOpaque()) { data in
            guard let data else { return }
            FontBook.giveBack(Unmanaged<FontBook>.fromOpaque(data).takeRetainedValue())
        }
        return book
    }

    /// Runs `body` with a book of its own (borrowed from the pool and given back), for questions asked outside a
    /// drawing, such as which characters no font has.
    static func withBook<R>(_ body: (FontBook) -> R) -> R {
        let book = borrow()
        defer { giveBack(book) }
        return body(book)
    }

    /// The key of a surface's book among its Cairo user data (its address is what matters).
    nonisolated(unsafe) private static let userDataKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

    /// A book for the caller's exclusive use until `giveBack`.
    private static func borrow() -> FontBook {
        if case .failure(let error) = available { fatalError(error.description) }
        if let book = idle.withLock({ $0.popLast() }) { return book }
        do {
            return try FontBook()
        } catch {
            fatalError("\(error)")
        }
    }

    /// Returns `book` to the pool; nothing may use it any more.
    private static func giveBack(_ book: FontBook) {
        idle.withLock { $0.append(book) }
    }

    private init() throws {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw RenderError("cannot start FreeType") }
        var faces: [Font: LoadedFace] = [:]
        for font in Font.allCases {
            let candidates = Font.searchFolders.map { $0 + "/" + font.fileName }
            guard let path = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
                throw RenderError("cannot find the font \(font.fileName) (looked in \(Font.searchFolders.joined(separator: ", "))); "
                    + "install Debian's fonts-dejavu-core or set FLICK_FONT_DIR")
            }
            guard let face = LoadedFace(library: library, path: path, index: 0) else {
                throw RenderError("FreeType cannot read the font \(path)")
            }
            faces[font] = face
        }
        self.faces = faces
        self.library = library
    }

    func face(_ font: Font) -> LoadedFace { faces[font]! }

    /// This book's FreeType library, and the faces it loaded from other font files (a user's, fontconfig's
    /// fallbacks; one per file and face index, kept for the book's life like its own; nil: FreeType cannot read it).
    private var library: FT_Library?
    private var fileFaces: [FontFile: LoadedFace?] = [:]

    /// The face of the font file at `path` (face `index` of a collection), loaded once per book; nil when FreeType
    /// cannot read it.
    func face(file path: String, index: Int = 0) -> LoadedFace? {
        let key = FontFile(path: path, index: index)
        if let face = fileFaces[key] { return face }
        let face = library.flatMap { LoadedFace(library: $0, path: path, index: index) }
        fileFaces[key] = face
        return face
    }

    /// The faces that draw `font`, in the order they are asked for a character: the user's font file (`file`,
    /// for regular and bold text), then DejaVu's face for `font`.
    func chain(_ font: Font, file: String?) -> [LoadedFace] {
        switch font {
        case .regular, .bold: (file.flatMap { face(file: $0) }.map { [$0] } ?? []) + [face(font)]
        case .mono: [face(font)]
        }
    }

    /// The face that draws `scalar` in `font` when no face of its chain has it: fontconfig's choice among the
    /// installed fonts (`FontFallback`), or nil when none has it.
    func fallback(for scalar: Unicode.Scalar, _ font: Font) -> LoadedFace? {
        guard let file = FontFallback.file(for: scalar, font: font), let face = face(file: file.path, index: file.index),
              face.has(scalar) else { return nil }
        return face
    }

    /// The characters of `text` that no face draws in `font` (the chain, then fontconfig's fallback), in order,
    /// each once; characters that draw nothing of their own (spaces, joiners, variation selectors) are never missing.
    func missingCharacters(in text: String, font: Font, file: String?) -> [Unicode.Scalar] {
        let chain = chain(font, file: file)
        var missing: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars where !TextRuns.drawsNothing(scalar) && !missing.contains(scalar) {
            if chain.contains(where: { $0.has(scalar) }) || fallback(for: scalar, font) != nil { continue }
            missing.append(scalar)
        }
        return missing
    }

    /// Throws unless FreeType can read the font file at `path`.
    static func check(file path: String) throws {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw RenderError("cannot start FreeType") }
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        guard FT_New_Face(library, path, 0, &face) == 0, let face else {
            throw RenderError("FreeType cannot read the font \(path)")
        }
        FT_Done_Face(face)
    }
}

/// A face of a font file: Cairo's font face to draw with and FreeType's face to ask which characters it has.
struct LoadedFace {
    let cairo: OpaquePointer
    let freeType: FT_Face

    /// Face `index` of the file at `path`, or nil when FreeType cannot read it.
    init?(library: FT_Library, path: String, index: Int) {
        var face: FT_Face?
        guard FT_New_Face(library, path, index, &face) == 0, let face else { return nil }
        freeType = face
        // No hinting in the outlines either: glyph shapes must not depend on the FreeType build's hinter.
        cairo = cairo_ft_font_face_create_for_ft_face(face, Int32(FT_LOAD_NO_HINTING))!
    }

    /// Whether the face has a glyph for `scalar` (its character map names one other than .notdef).
    func has(_ scalar: Unicode.Scalar) -> Bool { FT_Get_Char_Index(freeType, FT_ULong(scalar.value)) != 0 }
}

/// A face of a font file: its absolute path and its index in a collection (0 for a single font).
struct FontFile: Hashable {
    let path: String
    let index: Int
}
