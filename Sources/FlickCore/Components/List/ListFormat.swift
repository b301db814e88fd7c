import Foundation
import FlickPhysics

// The keys of the component (docs/scenario-format.md): they drive the decoder, the JSON Schema and the docs.
extension ScenarioFormat {
    func list(_ m: Mapping) -> ListSpec? {
        let d = Defaults.list
        let count = NumberRule.closed(0, Double(ScenarioDecoder.maximumRows))
        let rowsValue = m.optional("rows", Self.rowsValue(count), "Number of rows, or `{file: rows.csv}` for rows read from a CSV or JSON file (their count); with sections it may be left out (their total).")
        let rows = rowsValue?.count
        let rowHeight = m.required("rowHeight", .number(.rowHeight), "Points.")
        let sections = m.value("sections", .list(of: section(count), minCount: 1), default: d.sections,
                               "Groups of rows under a title (the info panel shows it).")
        let axis = m.value("axis", .choice, default: d.axis, "The scrolling direction.")
        let offset = m.optional("offset", initialOffset, "The initial contentOffset. Default: the start of the content.")
        let indicator = m.value("indicator", .bool, default: d.indicator, "Shows the scroll indicator.")
        let infoPanel = m.optional("infoPanel", infoPanel, "Path 2's info panel riding beside the scroll indicator.")
        let contentInset = m.value("contentInset", Self.insets, default: d.contentInset, "UIScrollView's contentInset.")
        var attached: [String: any Sendable] = [:]
        for kind in ListAttachmentKind.allCases { kind.type.read(m, into: &attached) }
        if !m.has("rows") && !m.has("sections") { m.failMissing(["rows", "sections"], "missing required key \"rows\" (or \"sections\")") }
        guard !m.failed, let rowHeight, let sections, let axis, let indicator, let contentInset else { return nil }
        let sectionRows = sections.reduce(0) { $0 + $1.rows }
        let total = rows ?? sectionRows
        let insets = axis == .vertical ? contentInset.top + contentInset.bottom : contentInset.left + contentInset.right
        let length = Double(total) * rowHeight + insets
        if let rows, !sections.isEmpty, rows != sectionRows {
            m.fail("rows", "rows is \(rows) but the sections hold \(sectionRows)")
        } else if total > ScenarioDecoder.maximumRows {
            m.fail("the sections hold \(total) rows; the limit is \(ScenarioDecoder.maximumRows)")
        } else if infoPanel != nil, axis != .vertical {
            m.fail("infoPanel", "an info panel rides on a vertical scroll indicator; this list is horizontal")
        } else if let (key, problem) = ListAttachmentKind.allCases.lazy.compactMap({ $0.type.problem(in: attached, axis: axis) }).first {
            m.fail(key, problem)
        } else if length > ScenarioDecoder.maximumContentLength {
            m.fail("\(total) rows of \(say(rowHeight)) pt\(insets > 0 ? " and the insets" : "") make \(say(length)) pt of content; the limit is \(say(ScenarioDecoder.maximumContentLength)) pt")
        }
        var spec = ListSpec(rows: total, rowHeight: rowHeight, sections: sections, axis: axis, offset: offset, indicator: indicator,
                            infoPanel: infoPanel, contentInset: contentInset)
        spec.content = rowsValue?.rows ?? []
        spec.attachmentSpecs = attached
        return spec
    }

    func section(_ count: NumberRule) -> Value<Section> {
        .object("section", "A titled group of rows.") { m in
            let title = m.required("title", .text(), "Shown in the info panel while its rows pass.")
            let rows = m.required("rows", .integer(count), "Number of rows.")
            guard let title, let rows else { return nil }
            return Section(title: title, rows: rows)
        }
    }

    var initialOffset: Value<InitialOffset> {
        .object("offset", "An initial contentOffset; a coordinate left out is the start of the content.") { m in
            InitialOffset(x: m.optional("x", .number(.offset), "Points."), y: m.optional("y", .number(.offset), "Points."))
        }
    }

    var infoPanel: Value<InfoPanelSpec> {
        .object("infoPanel", "The panel beside the scroll indicator, showing the current section.") { m in
            let width = m.optional("width", .number(.length), "Points. Default: sized once for the longest section title.")
            let height = m.value("height", .number(.length), default: InfoPanelSpec().height, "Points.")
            return height.map { InfoPanelSpec(width: width, height: $0) }
        }
    }
}

extension Defaults {
    static let list = ListSpec(rowHeight: 1)
}
