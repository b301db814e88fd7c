import FlickCore
import FlickOutput
import FlickReview
import FlickRunner
import FlyingFox
import Foundation

/// The approve script (`Resources/approve.js`, embedded at build time): the Tests panel of a served review page
/// and of the index.
enum ApproveScript {
    static let source = String(decoding: PackageResources.approve_js, as: UTF8.self)

    /// `<script src="/_flick/approve.js" …>`: for one scenario (`id`), or for every served one (nil, the index).
    static func tag(id: String?, token: String) -> String {
        "<script src=\"/_flick/approve.js\"\(id.map { " data-id=\"\(Markup.escape($0))\"" } ?? "") data-token=\"\(Markup.escape(token))\"></script>"
    }
}

/// Test runs and Accept are one at a time: two Accepts of one file must not write it at once.
private let approveTurn = Locked(())

extension Handler {
    /// The routes of approving from the page (after `RequestGuard` let the request through; a POST carries the
    /// token), tried before the others (`table`).
    ///
    /// - `GET /s/ID/test.json`, `POST /s/ID/accept` (goldens; `?all=1` also every expected value Accept can write;
    ///   `?expect=N&path=P` one expected value; `?frame=N` one golden frame, refused with 400 unless the
    ///   scenario's golden list names it): the scenario's report (`ServedScenario.report`).
    /// - `GET /s/ID/failed/frame_NNNNN/expected.png` (`actual.png`, `diff.png`): a failing golden's images,
    ///   from the folder the last test run of that scenario wrote them to, inside the server's artifacts folder.
    /// - `GET /_flick/tests.json`, `POST /_flick/accept-all`: every served scenario's report, and the orphans;
    ///   `GET /_flick/orphans.json`: the orphans alone.
    /// - `POST /_flick/remove` (body: one orphan as listed): removes it; answers what it removed and the orphans left.
    static let approveRoutes: [Route] = [
        Route("GET /_flick/approve.js", .open) { _, _ in
            HTTPResponse(statusCode: .ok, headers: headers("text/javascript; charset=utf-8"), body: Data(ApproveScript.source.utf8))
        },
        Route("GET /_flick/orphans.json", .token) { handler, _ in
            let scenarios = handler.owner.scenarios
            let value = await background { () -> FlickCore.JSONValue in
                .object([("orphans", ServedOrphans.json(ServedOrphans.list(scenarios)))])
            }
            return Self.json(value)
        },
        Route("GET /_flick/tests.json", .token) { handler, _ in await handler.everyReport(accept: .nothing) },
        Route("POST /_flick/accept-all", .token) { handler, _ in await handler.everyReport(accept: .everything) },
        Route("POST /_flick/remove", .token) { try await $0.remove($1) },
        Route("GET /s/:id/test.json", .token) { handler, request in await handler.report(try handler.scenario(request), .nothing) },
        Route("POST /s/:id/accept", .token) { try await $0.accept($0.scenario($1), $1) },
        Route("GET /s/:id/failed/:folder/:file", .picture) { handler, request in
            handler.failureImage(try handler.scenario(request), folder: request.routeParameters["folder"] ?? "",
                                 file: request.routeParameters["file"] ?? "")
        },
    ]

    /// POST /s/ID/accept: what its query asks for accepted, and the scenario's report.
    private func accept(_ scenario: ServedScenario, _ request: HTTPRequest) async throws -> HTTPResponse {
        switch Self.acceptScope({ request.query[$0] }) {
        case .failure(let refusal):
            return Self.text(.badRequest, refusal.message + "\n")
        case .success(.goldenFrame(let frame)):
            let artifacts = owner.artifacts
            switch await background({ scenario.acceptGoldenFrame(frame, artifacts: artifacts) }) {
            case .success(let value): return Self.json(value)
            case .failure(let refusal): return Self.text(.badRequest, refusal.message + "\n")
            }
        case .success(let scope):
            return await report(scenario, scope)
        }
    }

    /// What a `POST /s/ID/accept` asks for, from its query (`query(name)` is a parameter's value): `?frame=N`,
    /// `?expect=N&path=P`, `?all=1`, or nothing (every golden). A malformed index is refused.
    static func acceptScope(_ query: (String) -> String?) -> Result<AcceptScope, AcceptRefusal> {
        if let frame = query("frame") {
            guard let frame = Int(frame), frame >= 0 else {
                return .failure(AcceptRefusal(message: "expected ?frame=N, the index of one of the scenario's golden frames"))
            }
            return .success(.goldenFrame(frame))
        }
        if let index = query("expect") {
            guard let index = Int(index), index >= 0, let path = query("path"), !path.isEmpty else {
                return .failure(AcceptRefusal(message: "expected ?expect=N&path=P"))
            }
            return .success(.expectation(index: index, path: path))
        }
        return .success(query("all") == nil ? .goldens : .everything)
    }

    static func json(_ value: FlickCore.JSONValue) -> HTTPResponse {
        HTTPResponse(statusCode: .ok, headers: Self.headers("application/json"), body: Data(value.text.utf8))
    }

    private func report(_ scenario: ServedScenario, _ scope: AcceptScope) async -> HTTPResponse {
        let artifacts = owner.artifacts
        let value = await background { scenario.report(accept: scope, artifacts: artifacts) }
        return Self.json(value)
    }

    private func everyReport(accept scope: AcceptScope) async -> HTTPResponse {
        let artifacts = owner.artifacts, scenarios = owner.scenarios
        let value = await background { () -> FlickCore.JSONValue in
            let reports = scenarios.map { $0.report(accept: scope, artifacts: artifacts) }
            return .object([("scenarios", .array(reports)), ("orphans", ServedOrphans.json(ServedOrphans.list(scenarios)))])
        }
        return Self.json(value)
    }

    /// The largest body a Remove may send: one path.
    static let maximumRemoveBody = 4 * 1024

    private func remove(_ request: HTTPRequest) async throws -> HTTPResponse {
        let body = try await request.bodyData
        guard body.count <= Self.maximumRemoveBody else { return Self.text(.payloadTooLarge, "at most 4 kB\n") }
        let wanted = String(decoding: body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let scenarios = owner.scenarios
        let value = await background { () -> FlickCore.JSONValue in
            // The orphan is found again by its shown path among those listed now: the request names one, it never
            // gives a path that is opened.
            let listed = ServedOrphans.list(scenarios)
            var removed: [String] = [], problems: [String] = []
            if let found = listed.first(where: { $0.shown == wanted }) {
                (removed, problems) = ServedOrphans.answer(GoldenPrune.remove([found.orphan]), of: found)
            } else {
                problems = ["\(wanted): not a golden that no scenario uses"]
            }
            return .object([("removed", .array(removed.map(FlickCore.JSONValue.string))), ("errors", .array(problems.map(FlickCore.JSONValue.string))),
                            ("orphans", ServedOrphans.json(ServedOrphans.list(scenarios)))])
        }
        return Self.json(value)
    }

    /// The image files a failing golden leaves that the page shows.
    static let failureImageNames: Set<String> = ["expected.png", "actual.png", "diff.png"]

    private func failureImage(_ scenario: ServedScenario, folder: String, file: String) -> HTTPResponse {
        guard Self.failureImageNames.contains(file), folder.hasPrefix("frame_"),
              let frame = Self.frameIndex(folder + ".png", digits: 5), ServedScenario.frameFolder(frame) == folder,
              let recorded = scenario.failureImageFolder(frame: frame) else { return Self.notFound }
        let path = recorded + "/" + file
        // Only a regular file inside the server's own artifacts folder, reached through no link.
        let root = ServedFiles.resolved(owner.artifacts)
        var status = stat()
        guard ServedFiles.inside(ServedFiles.resolved(path), root),
              lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
              let data = FileManager.default.contents(atPath: path) else { return Self.notFound }
        return HTTPResponse(statusCode: .ok, headers: Self.headers("image/png"), body: data)
    }
}

/// `work` on a thread of its own (tests and file writes block), one at a time.
private func background<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
            let value = approveTurn.withLock { _ in work() }
            continuation.resume(returning: value)
        }
    }
}
