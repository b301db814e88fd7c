import FlickImage
import Foundation

/// What `flick diff` says of the frames it compared (`flick diff --help`; README, "The CLI"): the table of the frames
/// with differing pixels, the counts, and the summary line.
public struct DiffTally: Sendable {
    /// The table's header: one row before `rows`.
    public static let header = ["frame", "differing", "ratio", "anti-aliased", "result"]

    /// Every frame compared, in the order added.
    public private(set) var frames: [(name: String, comparison: ImageComparison)] = []
    /// The frames with differing pixels: name, differing pixels, their share, anti-aliased pixels, and "within
    /// tolerance" or "beyond tolerance".
    public private(set) var rows: [[String]] = []
    /// Frames bit-for-bit the same.
    public private(set) var identical = 0
    /// Frames not the same, but with no pixel beyond the threshold (or only anti-aliased ones).
    public private(set) var similar = 0
    /// Frames beyond the tolerance (exit status 1).
    public private(set) var beyond = 0

    public init() {}

    public var compared: Int { frames.count }

    /// Counts the frame `name` compared as `comparison`.
    public mutating func add(_ name: String, _ comparison: ImageComparison) {
        frames.append((name, comparison))
        if comparison.isExactMatch { identical += 1 }
        if !comparison.isWithinTolerance { beyond += 1 }
        if comparison.differingPixels == 0 {
            if !comparison.isExactMatch { similar += 1 }
        } else {
            rows.append([name, "\(comparison.differingPixels)", formatPercent(comparison.diffRatio), "\(comparison.antialiasedPixels)",
                         comparison.isWithinTolerance ? "within tolerance" : "beyond tolerance"])
        }
    }

    /// "3 frames compared: 1 identical, 1 with changes below the threshold or anti-aliasing only, 1 with differing
    /// pixels (1 beyond tolerance); threshold 0.1, tolerated 0 pixels per frame".
    public func summaryLine(options: DiffOptions) -> String {
        var summary = "\(compared) frame\(compared == 1 ? "" : "s") compared: \(identical) identical"
        if similar > 0 { summary += ", \(similar) with changes below the threshold or anti-aliasing only" }
        if !rows.isEmpty { summary += ", \(rows.count) with differing pixels (\(beyond) beyond tolerance)" }
        summary += "; threshold \(options.threshold), tolerated \(options.toleranceDescription) per frame"
        if !options.includeAntialiasing { summary += ", anti-aliasing ignored" }
        return summary
    }

    /// `rows` as columns padded to their widest cell, two spaces apart, numbers right-aligned (every column of a row
    /// but the first and the last), no trailing spaces. Cells are measured as they are: escape them first.
    public static func table(_ rows: [[String]]) -> String {
        guard let first = rows.first else { return "" }
        let widths = first.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.enumerated().map { index, row in
            row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                let numeric = index > 0 && (1...3).contains(column)
                return numeric ? padding + cell : cell + padding
            }.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }.joined(separator: "\n")
    }
}

extension DiffOptions {
    /// A share given as a fraction (`0.001`) or a percentage (`0.1%`), in 0...1; nil for anything else.
    public static func share(_ argument: String) -> Double? {
        let percent = argument.hasSuffix("%")
        guard let number = Double(percent ? String(argument.dropLast()) : argument), number.isFinite else { return nil }
        let value = percent ? number / 100 : number
        return (0...1).contains(value) ? value : nil
    }

    /// A colour given as `#rrggbb` (the `#` optional) or `r,g,b` with each in 0...255; nil for anything else.
    public static func color(_ argument: String) -> RGBA? {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
        if parts.count == 3 {
            let channels = parts.compactMap { UInt8($0.trimmingCharacters(in: .whitespaces)) }
            return channels.count == 3 ? RGBA(channels[0], channels[1], channels[2]) : nil
        }
        let hex = argument.hasPrefix("#") ? String(argument.dropFirst()) : argument
        return hex.count == 6 ? RGBA(hex: hex) : nil
    }
}
