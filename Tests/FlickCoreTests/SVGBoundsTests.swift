@testable import FlickCore
import Foundation
import Testing

// The one rule on an SVG's references and markers, shared by tab icons and pictures (docs/scenario-format.md, "Limits").
@Suite struct SVGBoundsTests {
    /// A document of `uses` `<use>` elements and `urls` fills by `url(…)`, `urlWord` spelling the function.
    static func svg(uses: Int, urls: Int, urlWord: String = "url") -> [UInt8] {
        let body = String(repeating: "<use href=\"#r\"/>", count: uses)
            + String(repeating: "<rect width=\"1\" height=\"1\" fill=\"\(urlWord)(#g)\"/>", count: urls)
        return Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><rect id=\"r\"/>\(body)</svg>".utf8)
    }

    @Test(arguments: [
        (0, 20, SVGBounds.maximumPictureReferences, nil),
        (10, 10, SVGBounds.maximumPictureReferences, nil),
        (0, 21, SVGBounds.maximumPictureReferences, "p.svg has 21 references to other elements"),
        (11, 10, SVGBounds.maximumPictureReferences, "a picture may have at most 20"),
        (8, 8, SVGBounds.maximumIconReferences, nil),
        (8, 9, SVGBounds.maximumIconReferences, "a picture may have at most 16"),
    ] as [(Int, Int, Int, String?)])
    func referencesAreCountedToTheLimit(uses: Int, urls: Int, limit: Int, message: String?) {
        let problem = SVGBounds.problem(Self.svg(uses: uses, urls: urls), path: "p.svg", maximumReferences: limit, noun: "a picture")
        if let message {
            #expect(problem?.contains(message) == true, "\(problem ?? "nil")")
        } else {
            #expect(problem == nil)
        }
    }

    @Test func caseDoesNotHideAReference() {
        // CSS function names ignore ASCII case, so librsvg reads `URL(#g)` as `url(#g)`.
        let problem = SVGBounds.problem(Self.svg(uses: 0, urls: 21, urlWord: "URL"), path: "p.svg", maximumReferences: 20, noun: "a picture")
        #expect(problem?.contains("has 21 references") == true, "\(problem ?? "nil")")
    }

    @Test(arguments: ["marker-start=\"url(#m)\"", "marker-mid=\"url(#m)\"", "marker-end=\"url(#m)\"", "style=\"marker: url(#m)\"", "MARKER-END=\"url(#m)\""])
    func anyMarkerIsRefused(attribute: String) {
        let text = "<svg xmlns=\"http://www.w3.org/2000/svg\"><path d=\"M0 0 L1 1\" \(attribute)/></svg>"
        let problem = SVGBounds.problem(Array(text.utf8), path: "p.svg", maximumReferences: 20, noun: "a picture")
        #expect(problem?.contains("p.svg puts markers on paths (") == true && problem?.contains("a picture may have none") == true, "\(problem ?? "nil")")
    }

    @Test func occurrencesCountsEachPlaceAndReadsASlice() {
        let bytes = Data("xxurl(url(Url(".utf8)
        #expect(SVGBounds.occurrences(of: Array("url(".utf8), in: bytes) == 3)
        #expect(SVGBounds.occurrences(of: Array("url(".utf8), in: bytes.dropFirst(3)) == 2)
        #expect(SVGBounds.occurrences(of: Array("url(".utf8), in: Data("url".utf8)) == 0)
    }
}
