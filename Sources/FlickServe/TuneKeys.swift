import Foundation
import Yams

/// Which values the page may set (Tune, Save, `/s/ID/compare?set=`): only keys that name no file. A key path
/// through a file key (`reference`, `font`, `image`, `file`, …) or a value that holds one (`scene.background=
/// {image: …}`) is refused, so a request never makes the server read a file the scenario does not name itself.
enum TuneKeys {
    /// Keys that name a file, or hold entries that do: a recording, a rows file, a picture, a font, an icon.
    static let fileKeys: Set<String> = ["reference", "file", "image", "font", "icon", "icons", "rows", "rowsfile", "thumbnail",
                                        "touches", "recording"]

    /// Why `path=values` may not be set from the page, or nil.
    static func refusal(path: String, values: [String]) -> String? {
        let steps = path.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).map { $0.lowercased() }
        if let key = steps.first(where: fileKeys.contains) {
            return "\(path): \(key) names a file; the page sets only keys that name none (edit the file for this one)"
        }
        for value in values {
            let node: Node?
            do {
                node = try Yams.compose(yaml: value)
            } catch {
                return "\(path): \(value.prefix(60)) is not a YAML value"
            }
            if let node, let key = fileKey(in: node) {
                return "\(path): the value sets \(key), which names a file; the page sets only keys that name none"
            }
        }
        return nil
    }

    /// The first key of a mapping anywhere in `node` that names a file.
    private static func fileKey(in node: Node) -> String? {
        switch node {
        case .mapping(let mapping):
            for (key, value) in mapping {
                if let name = key.string?.lowercased(), fileKeys.contains(name) { return name }
                if let found = fileKey(in: key) ?? fileKey(in: value) { return found }
            }
            return nil
        case .sequence(let sequence):
            for item in sequence { if let found = fileKey(in: item) { return found } }
            return nil
        default:
            return nil
        }
    }
}
