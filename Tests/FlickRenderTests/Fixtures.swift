@testable import FlickCore
import FlickRender
import Foundation
import Testing

/// Scenes and hand-made frame states for drawing tests. Sheets, pagers and the info panel are drawn from
/// states built here, so their drawing is tested whatever the simulation supports.
enum Fixtures {
    /// The checkout's root (three folders up from this file).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let examples = root.appendingPathComponent("Examples")
    static let icons = examples.appendingPathComponent("icons").path

    static func scenario(_ yaml: String, name: String = "fixture") throws -> Scenario {
        do {
            return try ScenarioDecoder.decode(data: Data(yaml.utf8), file: name + ".yaml", defaultName: name)
        } catch {
            Issue.record("fixture \(name) does not decode: \(error.description)")
            throw error
        }
    }

    static func example(_ name: String) throws -> Scenario {
        try ScenarioDecoder.load(path: examples.appendingPathComponent(name).path)
    }

    /// A fresh empty folder under the system's temporary folder.
    static func temporaryFolder(_ label: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("flick-render-tests-\(getpid())-\(label)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `data` where a person can look at it when FLICK_TEST_ARTIFACTS names a folder.
    static func keep(_ data: Data, as name: String) {
        guard let folder = ProcessInfo.processInfo.environment["FLICK_TEST_ARTIFACTS"], !folder.isEmpty else { return }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? data.write(to: URL(fileURLWithPath: folder).appendingPathComponent(name))
    }

    /// A scroll view's state with the given geometry (built through the real ScrollView so the insets are UIKit's).
    static func scrollState(key: String, axis: Axis = .vertical, frame: Rect, contentSize: Size, offset: Point,
                            safeArea: EdgeInsets = .zero, indicator: IndicatorState? = nil,
                            phase: ScrollPhase = .idle, velocity: Point = .zero) -> ScrollViewState {
        let scrollView = ScrollView(key: key, axis: axis, contentInset: .zero, initialOffset: nil, physics: .uikit)
        scrollView.layout(frame: frame, contentSize: contentSize, safeAreaInsets: safeArea)
        var state = ScrollViewState(scrollView, at: 0, showsIndicator: indicator != nil)
        state.contentOffset = offset
        state.indicator = indicator
        state.phase = phase
        state.velocity = velocity
        return state
    }

    // MARK: ClassPass: a map, a sheet at its half detent, a pager of two lists mid-swipe

    static let classPassYAML = """
        name: classpass
        viewport: {width: 390, height: 844, scale: 2, safeArea: {top: 47, bottom: 34}}
        fps: 60
        duration: 1
        theme: THEME
        scene:
          background: map
          sheet:
            detents: [{name: tip, height: 120}, {name: half, fraction: 0.5}, {name: full, fraction: 0.92}]
            initial: half
            header: {height: 56, title: "Studios nearby"}
            dimming: {from: half, to: full, alpha: 0.4}
            content:
              pager:
                pages:
                  - {title: Classes, icon: calendar, content: {list: {rows: 40, rowHeight: 56}}}
                  - {title: Studios, icon: map, content: {list: {rows: 40, rowHeight: 56}}}
        gestures: []
        """

    static func classPass(theme: Theme = .light) throws -> Scenario {
        try scenario(classPassYAML.replacingOccurrences(of: "THEME", with: theme.rawValue), name: "classpass")
    }

    /// The sheet at `top`, the pager scrolled `pageFraction` of the way to its second page, both lists at offset 0
    /// (the first scrolled by `listOffset`), the first list's indicator showing.
    static func classPassFrame(top: Double = 422, dimming: Double = 0, pageFraction: Double = 0.3,
                               listOffset: Double = 120, touch: Point? = nil) -> FrameState {
        var frame = FrameState(index: 12, time: 0.2, viewport: Size(width: 390, height: 844))
        let headerHeight = 56.0, tabBarHeight = 44.0
        let pagerFrame = Rect(x: 0, y: top + headerHeight, width: 390, height: 844 * 0.92 - headerHeight)
        frame.scrollViews.append(scrollState(key: "pager", axis: .horizontal, frame: pagerFrame,
                                             contentSize: Size(width: 780, height: pagerFrame.height),
                                             offset: Point(x: 390 * pageFraction, y: 0)))
        for (i, key) in ["list", "list2"].enumerated() {
            let listFrame = Rect(x: Double(i) * 390 - 390 * pageFraction, y: pagerFrame.minY + tabBarHeight,
                                 width: 390, height: pagerFrame.height - tabBarHeight)
            let indicator = i == 0 ? IndicatorState(frame: Rect(x: listFrame.maxX - 6, y: listFrame.minY + 40, width: 3, height: 120), alpha: 1) : nil
            frame.scrollViews.append(scrollState(key: key, frame: listFrame, contentSize: Size(width: 390, height: 40 * 56),
                                                 offset: Point(x: 0, y: i == 0 ? listOffset : 0), indicator: indicator,
                                                 phase: i == 0 ? .decelerating : .idle,
                                                 velocity: Point(x: 0, y: i == 0 ? 600 : 0)))
        }
        let detents = [DetentPosition(name: "tip", top: 724), DetentPosition(name: "half", top: 422),
                       DetentPosition(name: "full", top: 844 - 844 * 0.92)]
        frame.sheets = [SheetState(key: "sheet", top: top, detent: "half", phase: .idle, velocity: 0, dimming: dimming,
                                   parallax: (422 - top) * 0.3,
                                   frame: Rect(x: 0, y: top, width: 390, height: max(844 * 0.92, 844 - top)),
                                   detents: detents)]
        frame.pagers = [PagerState(key: "pager", page: 0, fraction: pageFraction / 2,
                                   indicator: TabSpan(x: 195 * pageFraction, width: 195),
                                   tabBar: Rect(x: 0, y: pagerFrame.minY, width: 390, height: tabBarHeight),
                                   tabs: [TabSpan(x: 0, width: 195), TabSpan(x: 195, width: 195)], tabBarOffset: 0)]
        frame.touch = touch.map { TouchState(x: $0.x, y: $0.y, phase: .moved) }
        return frame
    }

    // MARK: Path: a list with sections, its indicator and the info panel beside it

    static let timelineYAML = """
        name: timeline
        viewport: {width: 390, height: 844, scale: 2, safeArea: {top: 47, bottom: 34}}
        fps: 60
        duration: 1
        theme: THEME
        scene:
          background: plain
          list:
            rows: 24
            rowHeight: 64
            infoPanel: {width: 96, height: 28}
            sections: [{title: "9:00 AM", rows: 6}, {title: "10:00 AM", rows: 8}, {title: "11:30 AM", rows: 10}]
        gestures: []
        """

    static func timeline(theme: Theme = .light) throws -> Scenario {
        try scenario(timelineYAML.replacingOccurrences(of: "THEME", with: theme.rawValue), name: "timeline")
    }

    static let timelineIndicator = Rect(x: 384, y: 300, width: 3, height: 220)

    static func timelineFrame(panelAlpha: Double = 1, indicatorAlpha: Double = 1) -> FrameState {
        var frame = FrameState(index: 30, time: 0.5, viewport: Size(width: 390, height: 844))
        frame.scrollViews.append(scrollState(key: "list", frame: Rect(x: 0, y: 0, width: 390, height: 844),
                                             contentSize: Size(width: 390, height: 24 * 64), offset: Point(x: 0, y: 330),
                                             safeArea: EdgeInsets(top: 47, bottom: 34),
                                             indicator: IndicatorState(frame: timelineIndicator, alpha: indicatorAlpha),
                                             phase: .decelerating, velocity: Point(x: 0, y: 900)))
        let panelHeight = 28.0
        frame.panels = [PanelState(key: "list", frame: Rect(x: timelineIndicator.minX - 4 - 96,
                                             y: centerY(timelineIndicator) - panelHeight / 2, width: 96, height: panelHeight),
                                   alpha: panelAlpha, text: "10:00 AM")]
        return frame
    }

    // MARK: Vimeo: a pager with coloured placeholder pages and a pill indicator

    static let pagesYAML = """
        name: pages
        viewport: {width: 390, height: 844, scale: 2, safeArea: {top: 47, bottom: 34}}
        fps: 60
        duration: 1
        scene:
          background: plain
          pager:
            tabBar: {height: 44, indicator: pill}
            pages:
              - {title: Featured, icon: star, color: "#FF9500"}
              - {title: Following, icon: heart, color: "#5856D6"}
              - {title: Recent, icon: clock, color: "#34C759"}
        gestures: []
        """

    static func pagesFrame(fraction: Double) -> FrameState {
        var frame = FrameState(index: 0, time: 0, viewport: Size(width: 390, height: 844))
        frame.scrollViews.append(scrollState(key: "pager", axis: .horizontal, frame: Rect(x: 0, y: 0, width: 390, height: 844),
                                             contentSize: Size(width: 1170, height: 844 - 47 - 34),
                                             offset: Point(x: 1170 * fraction, y: -47), safeArea: EdgeInsets(top: 47, bottom: 34)))
        frame.pagers = [PagerState(key: "pager", page: Int((fraction * 3).rounded()), fraction: fraction,
                                   indicator: TabSpan(x: 390 * fraction, width: 130),
                                   tabBar: Rect(x: 0, y: 47, width: 390, height: 44),
                                   tabs: TabSpans((0..<3).map { TabSpan(x: Double($0) * 130, width: 130) }), tabBarOffset: 0)]
        return frame
    }
}

/// The centre of `rect` (helpers of the tests', so they cannot collide with FlickCore's own API).
func centerX(_ rect: Rect) -> Double { rect.minX + rect.width / 2 }
func centerY(_ rect: Rect) -> Double { rect.minY + rect.height / 2 }
