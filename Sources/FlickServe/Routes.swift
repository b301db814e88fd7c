import FlickCore
import FlickReview
import FlyingFox
import Foundation

/// The table of what `flick serve` answers, in FlyingFox's own route patterns (`HTTPRoute`, `:name` a parameter
/// read back by `HTTPRequest.routeParameters`), each with what a request of it must carry (`Access`, asked by
/// `RequestGuard` before anything is routed) and one small handler. The first route that matches answers;
/// a handler that finds no served scenario of its `:id` passes the request on (`HTTPUnhandledError`), and a request
/// no route answers gets 404 (GET, HEAD) or 405 (any other method).
///
/// FlyingFox matches a route's literal segments case-insensitively; flick's are matched exactly (`/COMPARE` is
/// not `/compare`), so every handler first checks that the path spells its route's literals as written.
extension Handler {
    /// One route of the table: its pattern, what a request of it must carry (`Access`, which `RequestGuard`
    /// checks before the route is tried) and its handler.
    struct Route: Sendable {
        let pattern: HTTPRoute
        let access: Access
        let handle: @Sendable (Handler, HTTPRequest) async throws -> HTTPResponse

        init(_ pattern: HTTPRoute, _ access: Access, _ handle: @escaping @Sendable (Handler, HTTPRequest) async throws -> HTTPResponse) {
            self.pattern = pattern
            self.access = access
            self.handle = handle
        }
    }

    /// What a route asks of a request before anything is read or written, declared by each route of the table.
    /// A write (any method but GET and HEAD) needs the token whatever its route says.
    enum Access: Sendable, Equatable {
        /// The per-run token, in the `X-Flick-Token` header or (a read) the `token` query parameter.
        case token
        /// The token as for `.token`, or in the cookie a page opened with the token was given
        /// (`RequestGuard.cookieName`): what the page asks for by `<img>` and its canvas, which send no header of
        /// the page's (a run's frames and motion plot, a failing golden's images).
        case picture
        /// Nothing: files that hold nothing of the served files (the page's two scripts) and the icon browsers ask
        /// for without the token (answered 204, empty).
        case open
    }

    /// Every route, in the order they are tried (docs/review-page.md lists what each answers).
    static let table: [Route] = approveRoutes + writeRoutes + readRoutes

    /// What a request of the path `parts` (its segments) must carry: the `access` of the first route of `table` whose
    /// path pattern takes it (its literals spelled exactly, whatever the method), `.token` when none does.
    static func access(_ parts: [String]) -> Access {
        table.first { takes($0.pattern, parts) }?.access ?? .token
    }

    /// Whether the path pattern of `pattern` takes the path `parts`, as FlyingFox matches a path (a `:name` takes
    /// one segment, a last `*` any number of them) but with literals matched exactly.
    static func takes(_ pattern: HTTPRoute, _ parts: [String]) -> Bool {
        let components = pattern.path
        guard parts.count >= components.count else { return parts.isEmpty && components.first == .wildcard }
        for (index, part) in parts.enumerated() {
            let component = index < components.count ? components[index] : (components.last == .wildcard ? .wildcard : nil)
            switch component {
            case .caseInsensitive(let literal)?: if part != literal { return false }
            case .parameter?, .wildcard?: continue
            case nil: return false
            }
        }
        return true
    }

    /// A scenario's writes (POST, with the token): tune and save; any other action of a served scenario is 404.
    static let writeRoutes: [Route] = [
        Route("POST /s/:id/tune", .token) { try await $0.tune($0.scenario($1), $1) },
        Route("POST /s/:id/save", .token) { try await $0.save($0.scenario($1), $1, write: $1.query["dry"] == nil) },
        Route("POST /s/:id/:action", .token) { handler, request in
            _ = try handler.scenario(request)
            return notFound
        },
    ]

    /// What pages read (GET and HEAD).
    static let readRoutes: [Route] = [
        Route("GET,HEAD /", .token) { handler, _ in html(IndexPage.html(handler.owner.scenarios, token: handler.token)) },
        // The icon a browser asks for beside every page, without the token: nothing, rather than a 403 in its console.
        Route("GET,HEAD /favicon.ico", .open) { _, _ in HTTPResponse(statusCode: .noContent, headers: HTTPHeaders([.cacheControl: "max-age=86400"])) },
        Route("GET,HEAD /compare", .token) { handler, _ in html(ComparePage.served(handler.owner.scenarios, token: handler.token)) },
        Route("GET,HEAD /compare/live", .token) { handler, request in try await live(handler.owner.watchAll(), request) },
        Route("GET,HEAD /_flick/serve.js", .open) { _, _ in
            HTTPResponse(statusCode: .ok, headers: headers("text/javascript; charset=utf-8"), body: Data(LiveScript.source.utf8))
        },
        // The page's poll of the status does not count as a look at the page (`markViewed`); everything below does.
        Route("GET,HEAD /s/:id/status.json", .token) { handler, request in
            HTTPResponse(statusCode: .ok, headers: headers("application/json"), body: Data(try handler.scenario(request).status.utf8))
        },
        Route("GET,HEAD /s/:id", .token) { try $0.page($0.viewed($1)) },
        Route("GET,HEAD /s/:id/compare", .token) { try $0.compare($0.viewed($1), $1) },
        Route("GET,HEAD /s/:id/live", .token) { handler, request in try await live(handler.viewed(request).watch(), request) },
        Route("GET,HEAD /s/:id/:version/states.js", .token) { handler, request in
            HTTPResponse(statusCode: .ok, headers: headers("text/javascript; charset=utf-8"),
                         body: ReviewPage.statesScript(try handler.run(request).run.statesJSON))
        },
        Route("GET,HEAD /s/:id/:version/states.json", .token) { handler, request in
            HTTPResponse(statusCode: .ok, headers: headers("application/json"), body: try handler.run(request).run.statesJSON)
        },
        Route("GET,HEAD /s/:id/:version/export.json", .token) { handler, request in
            let snippets = CodeExport.snippets(for: try handler.run(request).run.scenario)
            let value: FlickCore.JSONValue = .object(snippets.map { ($0.framework, .string($0.code)) })
            return HTTPResponse(statusCode: .ok, headers: headers("application/json"), body: Data(value.text.utf8))
        },
        Route("GET,HEAD /s/:id/:version/motion.svg", .picture) { handler, request in
            HTTPResponse(statusCode: .ok, headers: headers("image/svg+xml"), body: try handler.run(request).run.motionSVG)
        },
        Route("GET,HEAD /s/:id/:version/frames/:frame", .picture) { try await $0.frame($1) },
        // Anything else below a served scenario counts as a look at it, and is not found.
        Route("GET,HEAD /s/:id/*", .token) { handler, request in
            _ = try handler.viewed(request)
            return notFound
        },
    ]

    /// Whether `path` spells every literal segment of `pattern` exactly as written (FlyingFox compares them
    /// ignoring case).
    static func spellsLiterals(of pattern: HTTPRoute, path: String) -> Bool {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        for (index, component) in pattern.path.enumerated() {
            guard case .caseInsensitive(let literal) = component else { continue }
            guard index < segments.count, segments[index] == literal else { return false }
        }
        return true
    }

    /// The answer to a request that passed `RequestGuard`: that of the first route of `table` that matches it
    /// (FlyingFox's matching, which also gives the handler its `routeParameters`) and takes it, else 404 (a read)
    /// or 405 (a write).
    func route(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await answer(request).response
    }

    /// `route(_:)`'s answer, and the pattern of the route that gave it (nil: none took the request).
    func answer(_ request: HTTPRequest) async throws -> (pattern: HTTPRoute?, response: HTTPResponse) {
        for route in Self.table where Self.spellsLiterals(of: route.pattern, path: request.path) {
            do {
                let answer = try await RoutedHTTPHandler.handleMatchedRequest(request, to: route.pattern) { request in
                    try await route.handle(self, request)
                }
                if let answer { return (route.pattern, answer) }
            } catch is HTTPUnhandledError {
                continue
            } catch let answer as Answer {
                return (route.pattern, answer.response)
            }
        }
        let response = request.method == .GET || request.method == .HEAD ? Self.notFound : Self.text(.methodNotAllowed, "method not allowed\n")
        return (nil, response)
    }

    // MARK: parameters

    var token: String { owner.configuration.token }

    /// The served scenario the route's `:id` names; a request naming none is passed on to the next route.
    func scenario(_ request: HTTPRequest) throws -> ServedScenario {
        guard let id = request.routeParameters["id"], let scenario = owner.scenario(id: id) else { throw HTTPUnhandledError() }
        return scenario
    }

    /// `scenario(_:)`, noted as looked at (`ServedScenario.markViewed`: its frames are drawn ahead from now on).
    func viewed(_ request: HTTPRequest) throws -> ServedScenario {
        let scenario = try scenario(request)
        scenario.markViewed()
        return scenario
    }

    /// The scenario and its run of the route's `:version` (`v<N>`, one of the runs kept); 404 when that run is
    /// not kept (`ServedScenario.keptRuns`) or `:version` is no `v<N>`.
    func run(_ request: HTTPRequest) throws -> (scenario: ServedScenario, run: LiveRun) {
        let scenario = try viewed(request)
        guard let version = request.routeParameters["version"], version.hasPrefix("v"), let number = Int(version.dropFirst()),
              let run = scenario.run(version: number) else { throw Answer(Self.notFound) }
        return (scenario, run)
    }

    /// A response thrown by a helper of a handler: the request is answered with it (`router` passes it through).
    struct Answer: Error {
        let response: HTTPResponse
        init(_ response: HTTPResponse) { self.response = response }
    }

    // MARK: handlers

    /// GET /s/ID: the scenario's review page with the live script, or its problems while it never decoded.
    func page(_ scenario: ServedScenario) -> HTTPResponse {
        guard let run = scenario.current else { return Self.html(IndexPage.problemsPage(scenario, token: token)) }
        return Self.html(run.page(liveScript: LiveScript.tag(id: scenario.id, version: run.version, token: token), token: token))
    }

    /// GET /s/ID/compare?set=PATH=A,B: the sweep graph of the scenario's variants.
    func compare(_ scenario: ServedScenario, _ request: HTTPRequest) -> HTTPResponse {
        let sets = request.query.filter { $0.name == "set" }.map(\.value)
        switch ComparePage.sweep(scenario, sets: sets, token: token) {
        case .success(let page): return Self.html(page)
        case .failure(let problems) where problems.ofFile && Self.wantsPage(accept: request.headers[HTTPHeader("Accept")]):
            // A browser opening the page while the file is broken gets a page that follows the file; the page's
            // own fetches (Accept */*) get the lines, and keep their last graph.
            return Self.html(ComparePage.waiting(scenario, sets: sets, problems: problems, token: token))
        case .failure(let problems): return Self.text(.badRequest, problems.lines.joined(separator: "\n") + "\n")
        }
    }

    /// GET /s/ID/vN/frames/frame_NNNNN.png: one frame, drawn now or taken from the cache.
    func frame(_ request: HTTPRequest) async throws -> HTTPResponse {
        let (scenario, run) = try run(request)
        guard let name = request.routeParameters["frame"], let index = Self.frameIndex(name, digits: run.data.digits) else {
            return Self.notFound
        }
        do {
            let png = try await scenario.frames.png(of: run, index: index)
            return HTTPResponse(statusCode: .ok, headers: Self.headers("image/png", cache: true), body: png)
        } catch ServeError.notFound {
            return Self.notFound
        } catch {
            return Self.text(.internalServerError, "cannot draw frame \(index): \(error)\n")
        }
    }

    /// A live channel (WebSocket) that sends `updates`' status texts.
    static func live(_ updates: AsyncStream<String>, _ request: HTTPRequest) async throws -> HTTPResponse {
        try await WebSocketHTTPHandler(handler: MessageFrameWSHandler(handler: LiveChannel(updates: updates))).handleRequest(request)
    }
}
