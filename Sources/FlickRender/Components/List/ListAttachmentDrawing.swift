import FlickCore
import Foundation

/// Where a list's behaviour is drawn among the list's layers.
enum ListAttachmentLayer {
    /// Inside the list's clip, before its rows (a refresh control's spinner, in the space opened above the content).
    case behindRows
    /// Over the list and its scroll indicator, unclipped (the keyboard).
    case overList
}

/// The drawing of a behaviour a list can have attached (FlickCore's `ListAttachmentKind`), drawn from the frame's
/// state alone, in its behaviour's folder (`Components/Refresh/RefreshDrawing.swift`).
protocol ListAttachmentDrawing {
    static var layer: ListAttachmentLayer { get }
    /// Draws the behaviour of the list `key` in `context.frame`, if the list has it.
    static func draw(list key: String, in context: DrawContext)
}

extension ListAttachmentKind {
    /// Its drawing: FlickRender's one switch over the behaviours.
    var drawing: any ListAttachmentDrawing.Type {
        switch self {
        case .refresh: RefreshDrawing.self
        case .keyboard: KeyboardDrawing.self
        }
    }

    /// Draws every behaviour of the list `key` in `layer`, in `ListAttachmentKind`'s order.
    static func draw(_ layer: ListAttachmentLayer, list key: String, in context: DrawContext) {
        for kind in allCases where kind.drawing.layer == layer { kind.drawing.draw(list: key, in: context) }
    }
}
