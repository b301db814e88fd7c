import FlickCore
import FlickRender
@testable import FlickReview
import Foundation
import Testing

/// A page rendered with `--overlay-layer` opens with the layer on (the checkbox checked; page.js reads it).
@Suite struct ReviewPageOverlayTests {
    @Test func anOverlayLayerPageOpensWithTheLayerOn() throws {
        let scenario = try Fixtures.example("sheet-handoff")
        let timeline = MotionTimeline(scenario: scenario, range: nil)
        for overlay in [true, false] {
            let data = RunPageData(scenario: scenario, timeline: timeline,
                                   canvas: RunCanvas(viewports: timeline.viewports, scale: 1), frameExtension: "png",
                                   overlay: overlay, plot: nil)
            let page = ReviewPage.runPage(ReviewPage.Run(data: data, label: "sheet-handoff"))
            #expect(page.contains("<input type=\"checkbox\" id=\"overlay\" checked>") == overlay)
            #expect(page.contains("Overlay: not rendered") == !overlay)
        }
        // The script takes the layer's first state from the checkbox.
        let script = ReviewPage.script
        #expect(script.contains("view.overlay = overlay.checked"))
    }

    @Test func theClockReadsTheShownFramesTime() throws {
        let script = ReviewPage.script
        #expect(script.contains("var text = seconds(i / main.d.fps)"))
    }
}
