import FlickCore
import FlickOutput
import FlickReview
import FlickRunner
import Foundation

/// One scenario file `flick serve` serves: its last good run, the problems of its current text, and the pages
/// that watch it. `check()` is called a few times a second; when the file's bytes change, it decodes and
/// simulates again. A text that does not decode leaves the last good run in place and shows its problems.
public final class ServedScenario: Sendable {
    /// The id in the page's address: the path below the served folder, without extension, `/` as `~`.
    public let id: String
    /// `id` as one segment of a URL path, percent-encoded (all but letters, digits and `-._~`): a folder named
    /// `h#x`, `p%41q` or `q?z` gives an id a link must encode (the server decodes the path once).
    public var urlID: String { Self.urlSegment(id) }

    static func urlSegment(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")) ?? text
    }

    /// The file, with symbolic links resolved (it lies inside the served folder).
    public let path: String
    /// The path as shown to people: as given on the command line, or below the folder given (`ServedFiles.Entry`),
    /// so that its problems read as `flick validate` would print them.
    public let shownPath: String
    let previewScale: Double
    let iconFolders: [String]
    public let frames: FrameCache

    // The state, in small values each behind its own `Locked` (the looks and the decodes run on the thread that
    // calls `check`, a tune on a thread of the server's, the pages' requests on FlyingFox's tasks): no invariant
    // spans two of them, so no code needs two at once.

    /// The file's text as last read, and the values tuned in the page over it.
    ///
    /// Invariant: `tuned` applies to `bytes`: a change of the bytes read clears it (`check`).
    private struct Source {
        var bytes: Data?
        var tuned: [SweepAssignment] = []
    }
    private let source = Locked(Source())

    /// What the looks at the file, and at the files it names, found (`check(quiet:)`); only `check` and `reload`
    /// change it.
    private struct Looks {
        /// The file as it was when last read (`FileStamp`: links followed, so a file renamed over it or a link put in its
        /// place is a change even with the same size and time).
        var stamp: FileStamp?
        /// The file as the last look found it, read or not.
        var lastLook: FileStamp?
        /// The files the scenario names, stamped as they were read by the last decode (set by `reload`).
        var watched = WatchedFiles()
        /// Their stamps as the last look found them.
        var lastFilesLook: [FileStamp]?
        /// Whether the last look left a change too fresh to read for the next one.
        var changeWaiting = false
    }
    private let looks = Locked(Looks())

    /// What the pages are shown: the good runs kept and the problems of the current text.
    ///
    /// Invariants: `runs` in ascending versions, at most `keptRuns` of them, the last the newest; every version
    /// given out is below `nextVersion`; `updates` counts every reload (a good run or a change of problems).
    private struct Outcome {
        var runs: [LiveRun] = []
        var problems: [String] = []
        var nextVersion = 1
        var updates = 0
    }
    private let outcome = Locked(Outcome())

    /// How many recent runs stay served: a page still loading frames of a run that a quick series of edits or
    /// tunes has replaced keeps getting them (with only two kept, such a page met 404s) until it swaps to the newest.
    static let keptRuns = 8

    /// Whether a page of it was opened: only then are its frames drawn ahead of time. Once true, stays true.
    private let viewed = Locked(false)
    /// The folders of the failing golden frames' images, by frame (`setFailureImages`).
    private let failureImages = Locked<[Int: String]>([:])
    /// `compareRun(of:)`'s line of the newest version asked for (never replaced by an older one).
    private let compared = Locked<(version: Int, run: CompareRun)?>(nil)
    /// The open pages' live channels (`watch()`).
    private let pages = StatusChannels()
    /// Called after every update (the server tells `/compare/live`); set once by the server that serves it.
    private let onUpdate = Locked<(@Sendable () -> Void)?>(nil)

    /// Whether the last `check(quiet:)` found a change too fresh to read: the next look should come soon.
    public var hasChangeWaiting: Bool { looks.withLock { $0.changeWaiting } }

    /// - Parameter slots: the drawing threads, shared by all served scenarios.
    public init(entry: ServedFiles.Entry, previewScale: Double, iconFolders: [String], slots: DrawingSlots) {
        id = entry.id
        path = entry.path
        shownPath = entry.shownPath
        self.previewScale = previewScale
        self.iconFolders = iconFolders
        frames = FrameCache(slots: slots, iconFolders: iconFolders)
    }

    /// The newest good run, if the file ever decoded.
    public var current: LiveRun? { outcome.withLock { $0.runs.last } }

    /// The good run of `version`, while it is one of the last `keptRuns` (a page may still ask for an older one's frames).
    public func run(version: Int) -> LiveRun? { outcome.withLock { $0.runs.first { $0.version == version } } }

    /// Notes that a page of this scenario asked for something: from now on its frames are drawn ahead of time.
    public func markViewed() {
        let first = viewed.withLock { viewed in
            defer { viewed = true }
            return !viewed
        }
        if first, let run = current { frames.warm(run, threads: 2) }
    }

    /// `run`'s line on `/compare`: made once per version (making it simulates the run again with its explanations),
    /// so that a save of one file does not simulate every served file again for each open compare page.
    func compareRun(of run: LiveRun) -> CompareRun {
        if let kept = compared.current, kept.version == run.version { return kept.run }
        let made = CompareRun(scenario: run.scenario, label: run.scenario.name, detail: shownPath)
        compared.withLock { compared in
            if run.version >= (compared?.version ?? 0) { compared = (run.version, made) }
        }
        return made
    }

    /// The problems of the file's current text (`file:line:col: error: …` lines), empty when it decodes.
    public var currentProblems: [String] { outcome.withLock { $0.problems } }

    /// What the page is told: the version to show and the current problems, as JSON.
    public var status: String {
        let (run, problems, updates) = outcome.withLock { ($0.runs.last, $0.problems, $0.updates) }
        let version = run?.version ?? 0
        let tuned = tuning
        let cached = run.map { frames.cachedCount(of: $0) } ?? 0
        let value: JSONValue = .object([
            ("version", .number(Double(version))), ("updates", .number(Double(updates))),
            ("errors", .array(problems.map(JSONValue.string))),
            ("frames", .number(Double(run?.frames.count ?? 0))), ("drawn", .number(Double(cached))),
            ("tuning", .array(tuned.map { .string($0.text) })),
        ])
        return value.text
    }

    /// Reads the file if it changed since the last look, and simulates it again. Returns whether anything changed.
    ///
    /// With `quiet`, a change is read only once the file has been left alone that long (its modification time is
    /// that old) or two looks in a row find it the same: an editor that saves in place truncates the file and then
    /// writes it, and a look between the two must not read the empty file as the new text (a page would flash an
    /// error). A change left for the next look sets `changeWaiting`. `flick serve` looks ten times a second with
    /// 50 ms, and 20 ms after a look that left a change.
    @discardableResult
    public func check(quiet: TimeInterval = 0) -> Bool {
        let now = FileStamp(of: path)
        // The files the scenario names, looked at (never opened) on every look too, by the same stamp and rule.
        let watched = looks.withLock { $0.watched }
        let files = watched.now()
        let clock = Date().timeIntervalSince1970
        let (same, wait, filesChanged, filesWait) = looks.withLock { looks in
            let same = looks.stamp == now
            let wait = Self.leavesForNextLook([now], changed: !same, seenBefore: looks.lastLook == now, quiet: quiet, clock: clock)
            looks.lastLook = now
            let filesChanged = files != watched.stamps
            let filesWait = Self.leavesForNextLook(files, changed: filesChanged, seenBefore: looks.lastFilesLook == files,
                                                   quiet: quiet, clock: clock)
            looks.lastFilesLook = files
            looks.changeWaiting = wait || (same && filesWait)
            return (same, wait, filesChanged, filesWait)
        }
        if wait { return false }
        if !same {
            // One byte more than the decoder takes, so that it can say the file is too long. Only a regular file is
            // opened, and without waiting: a named pipe put in its place must not stop the loop that watches the files.
            let read = Self.read(path, limit: ScenarioDecoder.maximumFileSize + 1)
            let text = try? read.get()
            looks.withLock { $0.stamp = now }
            let unchanged = source.withLock { source in
                let unchanged = text != nil && text == source.bytes
                if !unchanged { source = Source(bytes: text) }
                return unchanged
            }
            if !unchanged {
                if case .failure(let error) = read {
                    reload(nil, unreadable: error.reason ?? "no such file")
                } else {
                    reload(text)
                }
                return true
            }
        }
        // The scenario's text is as it was; a file it names changed (a rows CSV edited, a picture replaced, a missing
        // one made): the same text is decoded again, the tuned values kept.
        guard filesChanged else { return false }
        if filesWait {
            looks.withLock { $0.changeWaiting = true }
            return false
        }
        guard let text = source.withLock({ $0.bytes }) else { return false }
        reload(text)
        return true
    }

    /// The one quiet rule, for the scenario file and the files it names alike: a change (`changed`) is left for the
    /// next look while one of the files `found` is younger than `quiet` (by its modification time, on `clock`) and
    /// the look before did not find them the same (`seenBefore`). A missing file is never waited for.
    static func leavesForNextLook(_ found: [FileStamp], changed: Bool, seenBefore: Bool, quiet: TimeInterval, clock: Double) -> Bool {
        changed && quiet > 0 && !seenBefore && found.contains { $0.exists && clock - $0.modified < quiet }
    }

    /// The files this scenario named when last decoded, and their stamps then (`WatchedFiles`).
    var watchedFiles: [String] { looks.withLock { $0.watched.paths } }

    /// At most `limit` bytes of the regular file at `path`; anything else (a named pipe, a device, a folder) is
    /// refused without waiting for it.
    ///
    /// `path` is the file's real path, its links resolved when it was found; a symbolic link there now was put in
    /// its place (perhaps to a file outside the served folder, such as /etc/passwd) and is not read through: it is
    /// refused before and after the read, so that nothing of its target reaches the page's problems.
    static func read(_ path: String, limit: Int) -> Result<Data, RegularFileError> {
        let link = RegularFileError(path: path, problem: .notRegular(kind: "a symbolic link put in place of the file served (flick serve never reads through one)"))
        guard !isLink(path) else { return .failure(link) }
        do {
            let data = try RegularFile.prefix(path: path, limit: limit)
            return isLink(path) ? .failure(link) : .success(data)
        } catch {
            return .failure(error)
        }
    }

    /// Whether `path` itself is a symbolic link (`lstat`).
    static func isLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    /// Decodes `text` with `tuning`'s values put in, by the key-path assignment sweeps use (`ScenarioSweep`).
    private func decode(_ text: Data, tuning: [SweepAssignment]) throws(ScenarioError) -> Scenario {
        if tuning.isEmpty { return try ScenarioDecoder.decode(data: text, file: shownPath, defaultName: Self.defaultName(path)) }
        var axes: [SweepAxis] = []
        for assignment in tuning {
            do {
                axes.append(try SweepAxis(path: assignment.path, values: [assignment.value], origin: "tune"))
            } catch {
                throw ScenarioError([ScenarioDiagnostic(file: shownPath, path: "tune \(assignment.text)", message: error.message)])
            }
        }
        let sweep = try ScenarioSweep.decode(data: text, file: shownPath, defaultName: Self.defaultName(path), axes: axes)
        guard let first = sweep.variants.first else {
            throw ScenarioError([ScenarioDiagnostic(file: shownPath, path: "", message: "no variant")])
        }
        return first.scenario
    }

    /// The values tuned in the page, applied over the file's until the file changes.
    public var tuning: [SweepAssignment] { source.withLock { $0.tuned } }

    /// Runs the file again with `assignments` (key path and YAML value each) put in; the problems, if they do
    /// not decode (the last good run then stays). An empty list runs the file as it is.
    public func tune(_ assignments: [SweepAssignment]) -> [String] {
        let text = source.withLock { source in
            source.tuned = assignments
            return source.bytes
        }
        reload(text)
        return currentProblems
    }

    /// The tuned `assignments` written into the file's text (`ScenarioTextEdit`: only their values' text changes):
    /// the diff of the file, and with `write` the file replaced by it (a new file beside it, renamed over it, so
    /// a stop leaves the old file or the new one). The only file ever written is this served scenario.
    public func save(_ assignments: [SweepAssignment], write: Bool) -> (diff: String, problems: [String]) {
        let known = source.withLock { $0.bytes }
        let onDisk = FileManager.default.contents(atPath: path)
        guard let known, onDisk == known, let text = String(data: known, encoding: .utf8) else {
            return ("", ["\(shownPath): error: the file changed on disk since it was last read; try again"])
        }
        do {
            let edited = try ScenarioTextEdit.apply(assignments, to: text, file: shownPath)
            _ = try ScenarioDecoder.decode(data: Data(edited.utf8), file: shownPath, defaultName: Self.defaultName(path))
            let diff = ScenarioTextEdit.diff(text, edited)
            if write { try replaceFile(with: Data(edited.utf8)) }
            return (diff, [])
        } catch let error as ScenarioError {
            return ("", error.description.split(separator: "\n").map(String.init))
        } catch {
            return ("", ["\(shownPath): error: cannot write the file: \(error)"])
        }
    }

    /// The folders of the images (expected, actual, diff) of the golden frames the last test run found failing,
    /// by frame: the only folders the page's image requests are answered from.
    func setFailureImages(_ folders: [Int: String]) { failureImages.withLock { $0 = folders } }

    func failureImageFolder(frame: Int) -> String? { failureImages.withLock { $0[frame] } }

    /// Replaces the file with `data` through `AtomicFile`: a new file beside it (`.NAME.flick-PID-N.partial`) renamed
    /// over it, so a stop leaves the old file or the new one, and a crash's staging file is removed by the next save. A
    /// link at the path is followed (the file it points to is replaced, as an editor's save does; serve only serves a
    /// linked file whose target lies inside the folder given) and the replaced file keeps its permissions.
    func replaceFile(with data: Data) throws {
        do {
            try AtomicFile.write(data, to: path, links: .follow)
        } catch let error as FileWriteError {
            throw ServeProblem(error.reason)
        }
    }

    private func reload(_ text: Data?, unreadable: String? = nil) {
        let tuning = self.tuning
        var newProblems: [String] = []
        var newRun: LiveRun?
        if let text {
            // The stamps of the files named last time, taken before they are read again: a file changed while this
            // decode reads it is found changed at the next look, not taken as read.
            let before = Dictionary(watchedFiles.map { ($0, FileStamp(of: $0)) }, uniquingKeysWith: { a, _ in a })
            let (decoded, named) = ScenarioFolder.recording { () -> Result<Scenario, ScenarioError> in
                do throws(ScenarioError) {
                    let scenario = try decode(text, tuning: tuning)
                    // The icons its tabs name, in every folder they are looked up in (`IconLibrary`).
                    _ = Self.iconFiles(scenario, folders: iconFolders)
                    return .success(scenario)
                } catch {
                    return .failure(error)
                }
            }
            // A decode that failed may have stopped before naming every file (a refused tune): the files named
            // before stay watched with those it named.
            var paths = named
            if case .failure = decoded {
                for path in watchedFiles where !paths.contains(path) && paths.count < 1_000 { paths.append(path) }
            }
            let files = WatchedFiles(paths: paths, stamps: paths.map { before[$0] ?? FileStamp(of: $0) })
            looks.withLock { looks in
                looks.watched = files
                looks.lastFilesLook = files.stamps
            }
            do {
                let scenario = try decoded.get()
                let version = outcome.withLock { outcome in
                    defer { outcome.nextVersion += 1 }
                    return outcome.nextVersion
                }
                newRun = try LiveRun(scenario: scenario, version: version, previewScale: previewScale, iconFolders: iconFolders,
                                     files: files.text)
            } catch let error as ScenarioError {
                newProblems = error.description.split(separator: "\n").map(String.init)
            } catch {
                newProblems = ["\(shownPath): error: \(error)"]
            }
        } else {
            newProblems = ["\(shownPath): error: cannot read the file" + (unreadable.map { ": \($0)" } ?? "")]
        }
        outcome.withLock { outcome in
            if let newRun, newRun.version > (outcome.runs.last?.version ?? 0) {
                outcome.runs.append(newRun)
                if outcome.runs.count > Self.keptRuns { outcome.runs.removeFirst(outcome.runs.count - Self.keptRuns) }
            }
            outcome.problems = newProblems
            outcome.updates += 1
        }
        if let newRun, viewed.current { frames.warm(newRun, threads: 2) }
        broadcast()
    }

    /// The paths an icon of `scenario` is looked up at, each folder's candidate resolved as `IconLibrary` does
    /// (inside that folder only); called while `ScenarioFolder.recording` runs, which keeps them.
    static func iconFiles(_ scenario: Scenario, folders: [String]) -> [String] {
        scenario.scene.root.icons(at: "scene").flatMap { icon in
            folders.compactMap { folder -> String? in
                let file = icon.name.lowercased().hasSuffix(".svg") ? icon.name : icon.name + ".svg"
                let base = URL(fileURLWithPath: folder).appendingPathComponent("-").path
                return try? ScenarioFolder.resolve(file, from: base, within: ScenarioFolder.root(ofScenario: base)).get()
            }
        }
    }

    /// The scenario's name when the file gives none: the file's name without its extension (the decoder's rule).
    static func defaultName(_ path: String) -> String {
        URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    }

    // MARK: watchers

    /// A stream of status texts: the current one at once, then one per update, until the page goes.
    public func watch() -> AsyncStream<String> { pages.open(first: status) }

    private func broadcast() {
        pages.send(status)
        onUpdate.current?()
    }

    func setOnUpdate(_ action: @escaping @Sendable () -> Void) { onUpdate.withLock { $0 = action } }

    /// Ends every page's stream (the server is stopping).
    public func finishWatchers() { pages.finishAll() }
}

/// Live channels of status texts, each a page's (or `/compare`'s): a text sent goes to every channel open, and a
/// channel that ends (its page went) is forgotten. Each keeps only the newest 4 texts its page has not read yet.
final class StatusChannels: Sendable {
    private let channels = Locked<[UUID: AsyncStream<String>.Continuation]>([:])

    /// A new channel, given `first` at once.
    func open(first: @autoclosure () -> String) -> AsyncStream<String> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(4))
        continuation.onTermination = { [weak self] _ in self?.channels.withLock { _ = $0.removeValue(forKey: id) } }
        channels.withLock { $0[id] = continuation }
        continuation.yield(first())
        return stream
    }

    /// Whether any channel is open.
    var isEmpty: Bool { channels.withLock { $0.isEmpty } }

    func send(_ text: String) {
        for channel in channels.withLock({ Array($0.values) }) { channel.yield(text) }
    }

    /// Ends and forgets every channel.
    func finishAll() {
        let all = channels.withLock { channels in
            defer { channels = [:] }
            return Array(channels.values)
        }
        for channel in all { channel.finish() }
    }
}
