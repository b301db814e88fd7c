import Foundation

/// A short pager scenario at 1x: a drag to the second page (the scenario the `flick test` command tests share).
let pagerScenario = """
viewport: {width: 200, height: 300, scale: 1, safeArea: {top: 0, bottom: 0}}
duration: 1
scene:
  background: plain
  pager:
    pages: [{title: A, color: "#ffd6d6"}, {title: B, color: "#d9f7d6"}, {title: C, color: "#d6ecff"}]
gestures:
  - {at: 0.1, drag: {from: [150, 150], to: [40, 150], duration: 0.2}}

"""

/// Writes `text` as `name` (which may name subfolders) in `folder`.
func writeFile(_ text: String, _ name: String, in folder: URL) throws {
    let url = folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
}
