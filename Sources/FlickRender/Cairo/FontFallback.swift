import CFlickCairo
import Foundation

/// Which installed font draws a character that the scenario's fonts (its `font:` file, then DejaVu) lack, as
/// fontconfig orders the installed fonts (docs/scenario-format.md, "Text in any language").
///
/// fontconfig sorts every installed font once per style for a fixed question — the family `sans-serif`
/// (`monospace` for the review layer's figures), the weight, the language `en` — and a character is drawn with the
/// first font in that order whose character set holds it (`FcFontSort`, fontconfig.h; Pango falls back the same
/// way). The order depends on the machine's fonts and fontconfig's configuration, never on the user's locale, and
/// it and every answer are kept for the life of the process, so every frame of a run draws a character alike.
enum FontFallback {
    private struct Question: Hashable {
        let scalar: UInt32
        let font: Font
    }

    private struct Kept {
        var answers: [Question: FontFile?] = [:]
        /// fontconfig's sorted fonts for each style, kept (with their character sets) for the life of the process.
        var sorted: [Font: UnsafeMutablePointer<FcFontSet>?] = [:]
    }

    private static let kept = Locked(Kept())

    /// Answers kept at most (each is a few bytes; a scenario's text cannot grow them further).
    static let maximumAnswers = 65_536

    /// The font file fontconfig's order gives `scalar` in `font`'s style, or nil when no installed font has it.
    static func file(for scalar: Unicode.Scalar, font: Font) -> FontFile? {
        let question = Question(scalar: scalar.value, font: font)
        return kept.withLock { kept in
            if let answer = kept.answers[question] { return answer }
            let answer = ask(question, sorted: &kept.sorted)
            if kept.answers.count < maximumAnswers { kept.answers[question] = answer }
            return answer
        }
    }

    /// The first font of `font`'s order that has the character (called with the lock held).
    private static func ask(_ question: Question, sorted: inout [Font: UnsafeMutablePointer<FcFontSet>?]) -> FontFile? {
        guard let set = fonts(question.font, sorted: &sorted) else { return nil }
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i] else { continue }
            var characters: OpaquePointer?
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &characters) == FcResultMatch, let characters,
                  FcCharSetHasChar(characters, question.scalar) != 0 else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
            var index: Int32 = 0
            if FcPatternGetInteger(font, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
            return FontFile(path: String(cString: file), index: Int(index))
        }
        return nil
    }

    /// Every installed font in fontconfig's order for `font`'s style (sorted once; called with the lock held).
    private static func fonts(_ font: Font, sorted: inout [Font: UnsafeMutablePointer<FcFontSet>?]) -> UnsafeMutablePointer<FcFontSet>? {
        if let set = sorted[font] { return set }
        var set: UnsafeMutablePointer<FcFontSet>?
        if let pattern = FcPatternCreate() {
            FcPatternAddString(pattern, FC_FAMILY, font == .mono ? "monospace" : "sans-serif")
            FcPatternAddInteger(pattern, FC_WEIGHT, font == .bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR)
            FcPatternAddString(pattern, FC_LANG, "en")
            FcConfigSubstitute(nil, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            set = FcFontSort(nil, pattern, FcFalse, nil, &result)
            FcPatternDestroy(pattern)
        }
        sorted[font] = set
        return set
    }
}

/// A line of text split into runs, each drawn with the first face that has its characters.
enum TextRuns {
    /// Whether `scalar` draws nothing of its own (a space, a joiner, a variation selector, a control character):
    /// it stays in the run of the character before it and no font is ever said to lack it.
    static func drawsNothing(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isDefaultIgnorableCodePoint || properties.isWhitespace { return true }
        switch properties.generalCategory {
        case .control, .format, .nonspacingMark, .enclosingMark: return true
        default: return false
        }
    }
}
