import ArgumentParser
import FlickCore
import FlickOutput
import FlickServe
import Foundation

struct Serve: AsyncParsableCommand, WritesOutput {
    static let configuration = CommandConfiguration(
        abstract: "Serve scenarios' review pages live: edit a file and its open page follows.",
        discussion: """
        Serves the review page of each scenario (the page `flick render --html` writes) from a local web server, and keeps it live: when a served file changes on disk, flick decodes and simulates it again and every open page of it updates in place, at the same playhead time, with no reload. A file that stops decoding shows its problems (file:line:column, key path) at the top of the page; the last good run stays visible until the file decodes again.

        FILES or FOLDER: scenario files (.yaml, .yml, .json), or folders whose scenario files (below them, hidden entries and __Goldens__ skipped) are served; default: the current folder. The folders are looked at again once a second: a new scenario file is served, a removed one dropped. Every file a scenario names (rows, pictures, fonts, icons, recordings) is watched too: a change to one runs the scenario again.

        Frames are drawn when the page asks for them, at --preview-scale pixels per point (default 1; the simulation runs at the scenario's own scale), and then ahead of time on two threads; a frame whose state is unchanged by an edit is not drawn again.

        Safety: the server listens on 127.0.0.1 only unless --host says otherwise (with a warning). It answers only requests whose Host (and Origin, when sent) is its own address, so a web page elsewhere cannot reach it by rebinding its name. The printed address carries a token made for this run: the live channel and every write need it. Requests name scenarios by id from the list of served files (made by looking at the arguments), never by path, and files reached through symbolic links are served only when they lie inside the folder given. The only writes: Save in the page's Tune panel, and Accept of a failing expectation, replace a served scenario file (a new file beside it, renamed over it, changing only the values' text); Accept writes golden frames or states into __Goldens__/<name>/ beside it; Remove deletes a golden folder that no served scenario uses, as listed (never through a link). Nothing else is written or deleted. Ctrl-C stops it (exit status 130).

        Tune: the page's Tune panel runs the scenario again with values put in at key paths, as --set does, without changing the file; Save writes those values into the file, changing only their text (docs/review-page.md).
        """
    )

    @Argument(help: "Scenario files or folders of them (default: the current folder).")
    var paths: [String] = []

    @Option(help: "The port to listen on (0: any free port).")
    var port: Int = 8765

    @Option(help: "The address to listen on. Anything but 127.0.0.1 or ::1 lets other machines reach the server.")
    var host: String = "127.0.0.1"

    @Option(name: .customLong("preview-scale"), help: ArgumentHelp("Pixels per point of the page's frames.", valueName: "S"))
    var previewScale: Double = 1

    /// The one bridge left from `Flick.main`, which runs every command synchronously: the command's thread waits
    /// for `run() async` (nothing else in serve blocks; an async `main` would call it directly).
    func run() throws {
        let command = self
        let ended = Locked<Result<Void, any Error>?>(nil)
        Task {
            do {
                try await command.run() as Void
                ended.withLock { $0 = .success(()) }
            } catch {
                ended.withLock { $0 = .failure(error) }
            }
        }
        try ended.withLock(when: { $0 != nil }) { $0 }?.get()
    }

    func run() async throws {
        guard (0...65535).contains(port) else { throw BadInput("--port must be in 0...65535, not \(port)") }
        guard previewScale.isFinite, previewScale > 0, previewScale <= 4 else {
            throw BadInput("--preview-scale must be a number in (0, 4], not \(previewScale)")
        }
        let arguments = paths.isEmpty ? ["."] : paths
        var warnings: [String] = []
        let entries: [ServedFiles.Entry]
        do {
            entries = try ServedFiles.find(arguments, warnings: &warnings)
        } catch {
            throw BadInput(lines: [error.description])
        }
        say(warnings)
        // Two threads draw frames for all the scenarios (one per core on the machines Flick is tuned for).
        let slots = DrawingSlots(count: 2)
        let previewScale = self.previewScale
        let makeScenario = { @Sendable (entry: ServedFiles.Entry) in
            ServedScenario(entry: entry, previewScale: previewScale,
                           iconFolders: ExampleCatalog.iconFolders(forScenarioAt: entry.path), slots: slots)
        }
        let scenarios = entries.map(makeScenario)
        await offThePool {
            for scenario in scenarios {
                scenario.check()
                say(scenario.currentProblems)
            }
        }
        let configuration = ServeConfiguration(host: host, port: UInt16(port), previewScale: previewScale)
        let server: LiveServer
        do {
            server = try LiveServer(scenarios: scenarios, configuration: configuration)
        } catch {
            throw BadInput("--host \(host) is not an IPv4 or IPv6 address this machine can listen on")
        }
        let listening: UInt16
        do {
            listening = try await server.start()
        } catch {
            throw BadInput("cannot listen on \(host):\(port): \(error)")
        }
        if !(host == "127.0.0.1" || host == "::1") {
            say(["warning: --host \(host): other machines that can reach this address can connect (all but the two scripts need the token)"])
        }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        print("flick serve: \(scenarios.count) scenario\(scenarios.count == 1 ? "" : "s") at http://\(shownHost):\(listening)/?token=\(configuration.token)")
        print("Ctrl-C stops it.")
        fflush(nil)
        // The files are looked at ten times a second. A change is read once the file is 50 ms old or unchanged at the
        // next look, 20 ms later (a save in progress is not read half written). A signal (held since the start, see
        // Interruption) ends the loop.
        // The arguments are looked at again once a second: a scenario file that appears in a served folder is served
        // (and said), one that went is dropped once two looks miss it.
        var looks = 0
        var lastWarnings = warnings
        while Interruption.pending == nil {
            looks += 1
            let rescan = looks % 10 == 0, shown = lastWarnings
            let (waiting, found) = await offThePool {
                Self.look(server, arguments: arguments, rescan: rescan, shownWarnings: shown, make: makeScenario)
            }
            lastWarnings = found ?? lastWarnings
            try? await Task.sleep(nanoseconds: waiting ? 20_000_000 : 100_000_000)
        }
        await server.stop()
        print("flick serve: stopped")
        throw Interruption.exit
    }

    /// One look: every served file, and with `rescan` the arguments again (new files served, gone ones dropped,
    /// each said on standard error, as are warnings that differ from `shownWarnings`). Returns whether a change was
    /// left for the next look (it should come soon), and the warnings of the rescan.
    private static func look(_ server: LiveServer, arguments: [String], rescan: Bool, shownWarnings: [String],
                             make: (ServedFiles.Entry) -> ServedScenario) -> (waiting: Bool, warnings: [String]?) {
        let served = server.scenarios
        for scenario in served { scenario.check(quiet: 0.05) }
        var warnings: [String] = []
        if rescan, let entries = try? ServedFiles.scan(arguments, warnings: &warnings) {
            if warnings != shownWarnings { say(warnings) }
            let (added, removed) = server.update(found: entries) { entry in
                let scenario = make(entry)
                scenario.check()
                return scenario
            }
            for scenario in added {
                say(["flick serve: now serving \(scenario.shownPath)"] + scenario.currentProblems)
            }
            say(removed.map { "flick serve: \($0.shownPath) is gone; no longer served" })
            return (served.contains(where: \.hasChangeWaiting), warnings)
        }
        return (served.contains(where: \.hasChangeWaiting), nil)
    }
}

/// What a running server says on standard error, a line each: warnings, problems of served files (which it keeps
/// serving), and files it starts or stops serving. Its errors are thrown (`BadInput`), not said.
private func say(_ lines: [String]) {
    for line in lines { printError(line) }
}

/// `work` on a thread of Dispatch's, off Swift concurrency's few threads, which the server needs to answer
/// requests: a look decodes and simulates the files that changed.
private func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: work()) }
    }
}
