import Foundation
import FlickPhysics

public struct Section: Hashable, Sendable {
    public var title: String
    public var rows: Int

    public init(title: String, rows: Int) {
        self.title = title
        self.rows = rows
    }
}

/// Path 2's info panel beside the scroll indicator (docs/physics.md, "Info panel").
public struct InfoPanelSpec: Hashable, Sendable {
    /// Points; nil sizes it once for the longest section title, so it never changes width while scrolling.
    public var width: Double?
    public var height: Double
    public static let defaultHeight = 28.0

    public init(width: Double? = nil, height: Double = InfoPanelSpec.defaultHeight) {
        self.width = width
        self.height = height
    }
}

/// A `list`: rows of equal height, optionally grouped in sections, in a scroll view.
public struct ListSpec: Sendable {
    public var rows: Int
    public var rowHeight: Double
    public var sections: [Section]
    public var axis: Axis
    /// The initial contentOffset; a missing component means the start of the content on that axis.
    public var offset: InitialOffset?
    public var indicator: Bool
    public var infoPanel: InfoPanelSpec?
    public var contentInset: EdgeInsets
    /// The rows' text and thumbnails when they come from a file (`rows: {file: …}`), one per row; empty: made-up rows.
    public var content: [ListRow] = []
    /// What the keys of its behaviours hold (`refresh`, `keyboard`), by key: each behaviour's folder reads and writes
    /// its own (`ListSpec.refresh`; `ListAttachmentKind`).
    var attachmentSpecs: [String: any Sendable] = [:]

    /// A list of `rows` rows; with `sections`, `rows` may be nil and is their total.
    public init(rows: Int? = nil, rowHeight: Double, sections: [Section] = [], axis: Axis = .vertical,
                offset: InitialOffset? = nil, indicator: Bool = true, infoPanel: InfoPanelSpec? = nil,
                contentInset: EdgeInsets = .zero) {
        self.rows = rows ?? sections.reduce(0) { $0 + $1.rows }
        self.rowHeight = rowHeight
        self.sections = sections
        self.axis = axis
        self.offset = offset
        self.indicator = indicator
        self.infoPanel = infoPanel
        self.contentInset = contentInset
    }
}
