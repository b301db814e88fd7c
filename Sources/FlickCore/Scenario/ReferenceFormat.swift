import Foundation

/// A reference as read, with where its path is written, for the check of the path once the scene exists.
struct ReferenceEntry {
    var reference: Reference
    var pathField: Field
    /// Where its `video` is written, for the check that only one reference has one.
    var videoField: Field?
}

extension ScenarioFormat {
    /// A time on a recording's clock (`timeOffset`, `release`): within the recorded times' limits.
    static let recordedTime = NumberRule.finite.within(-RecordingFile.maximumTime, RecordingFile.maximumTime)
    /// A value in a state path's unit (`baseline`): within the recorded values' limits.
    static let recordedValue = NumberRule.finite.within(-RecordingFile.maximumValue, RecordingFile.maximumValue)

    /// `reference:`: motion recorded on a device for state paths (docs/scenario-format.md, "References").
    var references: Value<[ReferenceEntry]> {
        let item = Value<ReferenceEntry>.object("reference", "Samples recorded on a device for one state path, drawn and measured beside the simulation.") { m in
            let path = m.required("path", .text(), "The state path the recording measures (docs/states.md), such as `feed.contentOffset.y` or `sheet.top`.")
            let file = m.required("file", .text(), "The recording, relative to the scenario's folder: CSV `t,value` (a header line and `#` comments allowed) or JSON `[[t, value], …]` or `[{t, value}, …]`; t in seconds, increasing.")
            let timeOffset = m.optional("timeOffset", .number(Self.recordedTime), "Seconds added to the recording's times to put them on the scenario's clock. Default: aligned at the release (see `release`).")
            let baseline = m.value("baseline", .number(Self.recordedValue), default: 0.0, "Subtracted from every recorded value (the value a recording was logged against).")
            let release = m.optional("release", .number(Self.recordedTime), "When the finger lifted, on the recording's clock; it is put where the scenario's finger last lifts. Default: the recording's first sample.")
            let video = m.optional("video", .text(), "A screen recording of the motion (what `flick track` read to write `file`), relative to the scenario's folder: the review page (`flick render --html`) shows its frames beside Flick's, on the same clock as `file` (seconds from its first frame), through ffmpeg. At most one reference has one.")
            if m.has("timeOffset"), m.has("release") { m.fail("release", "give timeOffset or release, not both") }
            guard !m.failed, let path, let file, let baseline, let fileField = m.field("file"), let pathField = m.field("path") else { return nil }
            let root = ScenarioFolder.root(ofScenario: fileField.reader.file)
            let resolved: String
            switch ScenarioFolder.resolve(file, from: fileField.reader.file, within: root) {
            case .success(let path): resolved = path
            case .failure(let outside):
                fileField.fail(outside.description)
                return nil
            }
            var videoPath: String?
            if let video, let videoField = m.field("video") {
                switch ScenarioFolder.resolve(video, from: videoField.reader.file, within: root) {
                case .success(let path):
                    if let problem = ReferenceVideo.problem(path: path) {
                        videoField.fail("\(video): \(problem)")
                        return nil
                    }
                    videoPath = path
                case .failure(let outside):
                    videoField.fail(outside.description)
                    return nil
                }
            }
            switch Result(catching: { () throws(RecordingFile.Problem) in try RecordingFile.load(path: resolved) }) {
            case .success(let samples):
                var reference = Reference(path: path, file: file, samples: samples, timeOffset: timeOffset,
                                          baseline: baseline, release: release)
                reference.video = video
                reference.videoPath = videoPath
                reference.videoFolder = videoPath == nil ? nil : root
                reference.source = Expectation.Source(file: pathField.reader.file, path: pathField.path,
                                                      line: pathField.mark?.line, column: pathField.mark?.column)
                return ReferenceEntry(reference: reference, pathField: pathField, videoField: m.field("video"))
            case .failure(let problem):
                fileField.fail("\(file)\(problem.line.map { ":\($0)" } ?? ""): \(problem.message)")
                return nil
            }
        }
        let list = Value<[ReferenceEntry]>.list(of: item)
        return Value(shape: list.shape, read: { field in
            list.read(field).flatMap { entries in
                // The page shows one recording beside the frames.
                let videos = entries.compactMap(\.videoField)
                if videos.count > 1 {
                    for extra in videos.dropFirst() {
                        extra.fail("only one reference may have a video (the review page shows one recording beside the frames); \(videos[0].path) has one")
                    }
                    return nil
                }
                return entries.enumerated().map { index, entry in var entry = entry; entry.reference.index = index; return entry }
            }
        }, encode: { $0.isEmpty ? .array([]) : nil })
    }
}
