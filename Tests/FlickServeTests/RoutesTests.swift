import FlickReview
import FlyingFox
import Foundation
import Testing
@testable import FlickServe

/// The route table (`Handler.table`) without a socket: each request is answered as it would be once
/// `RequestGuard` let it through, and the test reads which route answered and what it said.
@Suite(.serialized) struct RoutesTests {
    let folder: URL
    let served: ServedScenario
    let handler: Handler
    var id: String { served.id }

    init() throws {
        let copy = try ServedScenarioTests.servedCopy()
        folder = copy.folder
        served = copy.served
        served.check()
        handler = Handler(owner: try LiveServer(scenarios: [served], configuration: ServeConfiguration(port: 0, token: "t")))
    }

    func ask(_ method: HTTPMethod, _ target: String, body: String = "") async throws
        -> (pattern: String?, status: Int, type: String?, body: Data) {
        let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
        var query: [HTTPRequest.QueryItem] = []
        for pair in parts.count > 1 ? parts[1].split(separator: "&") : [] {
            let nameValue = pair.split(separator: "=", maxSplits: 1).map(String.init)
            query.append(HTTPRequest.QueryItem(name: nameValue[0], value: nameValue.count > 1 ? nameValue[1] : ""))
        }
        let request = HTTPRequest(method: method, version: .http11, path: parts[0], query: query, headers: [:], body: Data(body.utf8))
        let (pattern, response) = try await handler.answer(request)
        return (pattern?.description, response.statusCode.code, response.headers[HTTPHeader.contentType], try await response.bodyData)
    }

    static func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    /// Every route of the table is reached by a request of its own, which its handler answers as it did when the
    /// server routed by position (the statuses and bodies below are those of the server before the table).
    @Test func eachRouteReachesItsHandler() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try #require(served.current)
        // (route, method, target, body, status, what the body must be or begin with)
        let cases: [(route: String, method: HTTPMethod, target: String, body: String, status: Int, check: (Data) -> Bool)] = [
            ("GET /_flick/approve.js", .GET, "/_flick/approve.js", "", 200, { $0 == Data(ApproveScript.source.utf8) }),
            ("GET /_flick/orphans.json", .GET, "/_flick/orphans.json", "", 200, { Self.text($0) == "{\"orphans\": []}" }),
            ("GET /_flick/tests.json", .GET, "/_flick/tests.json", "", 200, { Self.text($0).hasPrefix("{\"scenarios\": [") }),
            ("POST /_flick/remove", .POST, "/_flick/remove", "x.png", 200,
             { Self.text($0) == "{\"removed\": [], \"errors\": [\"x.png: not a golden that no scenario uses\"], \"orphans\": []}" }),
            ("POST /_flick/accept-all", .POST, "/_flick/accept-all", "", 200, { Self.text($0).hasPrefix("{\"scenarios\": [") }),
            ("GET /s/:id/test.json", .GET, "/s/\(id)/test.json", "", 200, { Self.text($0).hasPrefix("{") }),
            ("POST /s/:id/accept", .POST, "/s/\(id)/accept?frame=x", "", 400,
             { Self.text($0) == "expected ?frame=N, the index of one of the scenario's golden frames\n" }),
            ("GET /s/:id/failed/:folder/:file", .GET, "/s/\(id)/failed/frame_00001/diff.png", "", 404, { Self.text($0) == "not found\n" }),
            ("POST /s/:id/tune", .POST, "/s/\(id)/tune", "nonsense", 400, { Self.text($0) == "expected path=value, not nonsense\n" }),
            ("POST /s/:id/save", .POST, "/s/\(id)/save?dry=1", "physics.sheetSpring.response=0.6", 200,
             { Self.text($0).hasPrefix("{\"diff\": \"") && Self.text($0).hasSuffix("\"errors\": [], \"written\": false}") }),
            ("POST /s/:id/:action", .POST, "/s/\(id)/nope", "x", 404, { Self.text($0) == "not found\n" }),
            ("GET,HEAD /", .GET, "/", "", 200, { Self.text($0).hasPrefix("<!DOCTYPE html>") }),
            ("GET,HEAD /favicon.ico", .GET, "/favicon.ico", "", 204, { $0.isEmpty }),
            ("GET,HEAD /compare", .GET, "/compare", "", 200, { Self.text($0).hasPrefix("<!DOCTYPE html>") }),
            // Not an upgrade request: FlyingFox's WebSocket handler refuses it.
            ("GET,HEAD /compare/live", .GET, "/compare/live", "", 400, { _ in true }),
            ("GET,HEAD /_flick/serve.js", .GET, "/_flick/serve.js", "", 200, { $0 == Data(LiveScript.source.utf8) }),
            ("GET,HEAD /s/:id/status.json", .GET, "/s/\(id)/status.json", "", 200, { $0 == Data(self.served.status.utf8) }),
            ("GET,HEAD /s/:id", .GET, "/s/\(id)", "", 200,
             { $0 == Data(run.page(liveScript: LiveScript.tag(id: self.id, version: 1, token: "t"), token: "t").utf8) }),
            ("GET,HEAD /s/:id/compare", .GET, "/s/\(id)/compare", "", 400, { !$0.isEmpty }),
            ("GET,HEAD /s/:id/live", .GET, "/s/\(id)/live", "", 400, { _ in true }),
            ("GET,HEAD /s/:id/:version/states.js", .GET, "/s/\(id)/v1/states.js", "", 200, { $0 == ReviewPage.statesScript(run.statesJSON) }),
            ("GET,HEAD /s/:id/:version/states.json", .GET, "/s/\(id)/v1/states.json", "", 200, { $0 == run.statesJSON }),
            ("GET,HEAD /s/:id/:version/export.json", .GET, "/s/\(id)/v1/export.json", "", 200, { Self.text($0).hasPrefix("{\"") }),
            ("GET,HEAD /s/:id/:version/motion.svg", .GET, "/s/\(id)/v1/motion.svg", "", 200, { $0 == run.motionSVG }),
            ("GET,HEAD /s/:id/:version/frames/:frame", .GET, "/s/\(id)/v1/frames/frame_00000.png", "", 200,
             { $0.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) }),
            ("GET,HEAD /s/:id/*", .GET, "/s/\(id)/nothing", "", 404, { Self.text($0) == "not found\n" }),
        ]
        #expect(Set(cases.map { HTTPRoute($0.route).description }) == Set(Handler.table.map(\.pattern.description)),
                "every route of the table has its case here, and no other")
        for test in cases {
            let answer = try await ask(test.method, test.target, body: test.body)
            #expect(answer.pattern == HTTPRoute(test.route).description, "\(test.target)")
            #expect(answer.status == test.status, "\(test.target): \(Self.text(answer.body))")
            #expect(test.check(answer.body), "\(test.target): \(Self.text(answer.body).prefix(200))")
        }
        // HEAD takes the GET routes of pages; the approve routes are GET only, so HEAD of them is not found.
        #expect(try await ask(.HEAD, "/").pattern == HTTPRoute("GET,HEAD /").description)
        #expect(try await ask(.HEAD, "/s/\(id)/test.json").pattern == HTTPRoute("GET,HEAD /s/:id/*").description)
    }

    /// Paths no route takes: 404 for a read, 405 for a write, with the bodies the server always gave. Literal
    /// segments are matched exactly (FlyingFox would ignore case), and an id that names no served scenario is
    /// passed on to the end.
    @Test func unknownPathsAreNotFoundAndUnknownWritesNotAllowed() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        for target in ["/nope", "/s", "/s/nobody", "/s/nobody/v1/states.js", "/s/nobody/test.json", "/COMPARE", "/S/\(id)",
                       "/s/\(id)/STATUS.JSON", "/Compare/live", "/_flick/nothing", "/compare/x", "/favicon.ico/x"] {
            let answer = try await ask(.GET, target)
            #expect(answer.status == 404 && Self.text(answer.body) == "not found\n", "\(target)")
            #expect(answer.pattern == nil || answer.pattern == HTTPRoute("GET,HEAD /s/:id/*").description, "\(target)")
        }
        #expect(try await ask(.HEAD, "/_flick/approve.js").status == 404)
        for (method, target) in [(HTTPMethod.POST, "/compare"), (.PUT, "/"), (.POST, "/s/nobody/tune"), (.POST, "/s/\(id)/tune/extra"),
                                 (.POST, "/_flick/nothing"), (.DELETE, "/s/\(id)"), (.POST, "/S/\(id)/tune")] {
            let answer = try await ask(method, target, body: "x")
            #expect(answer.pattern == nil, "\(method) \(target)")
            #expect(answer.status == 405 && Self.text(answer.body) == "method not allowed\n", "\(method) \(target)")
        }
    }

    /// A frame index, version or accept index the run does not have: the answers the server always gave.
    @Test func badIndexesGiveTheSameErrorsAsBefore() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = "GET,HEAD /s/:id/:version/frames/:frame"
        for (target, pattern) in [("/s/\(id)/v1/frames/frame_99999.png", frames), ("/s/\(id)/v1/frames/frame_7.png", frames),
                                  ("/s/\(id)/v1/frames/frame_00007.svg", frames), ("/s/\(id)/v1/frames/frame_-0001.png", frames),
                                  ("/s/\(id)/v2/states.js", "GET,HEAD /s/:id/:version/states.js"),
                                  ("/s/\(id)/x1/states.json", "GET,HEAD /s/:id/:version/states.json"),
                                  ("/s/\(id)/v-1/motion.svg", "GET,HEAD /s/:id/:version/motion.svg"),
                                  ("/s/\(id)/v/export.json", "GET,HEAD /s/:id/:version/export.json"),
                                  ("/s/\(id)/v1/frames", "GET,HEAD /s/:id/*")] {
            let answer = try await ask(.GET, target)
            #expect(answer.pattern == HTTPRoute(pattern).description, "\(target)")
            #expect(answer.status == 404 && Self.text(answer.body) == "not found\n", "\(target)")
        }
        let accept = try await ask(.POST, "/s/\(id)/accept?frame=-1")
        #expect(accept.status == 400 && Self.text(accept.body) == "expected ?frame=N, the index of one of the scenario's golden frames\n")
        let expectation = try await ask(.POST, "/s/\(id)/accept?expect=x&path=a")
        #expect(expectation.status == 400 && Self.text(expectation.body) == "expected ?expect=N&path=P\n")
    }

    /// Each route declares what a request of it must carry (`Handler.Access`), and the guard asks exactly that of a
    /// request its path pattern takes: the page's two scripts and the icon are open, a run's frames and motion plot
    /// and a failing golden's images are pictures (the token may come in the cookie), everything else needs the token.
    /// A route added with the wrong access, or without its line here, fails.
    @Test func eachRouteDeclaresTheTokenItNeeds() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected: [(route: String, access: Handler.Access)] = [
            ("GET /_flick/approve.js", .open), ("GET /_flick/orphans.json", .token), ("GET /_flick/tests.json", .token),
            ("POST /_flick/accept-all", .token), ("POST /_flick/remove", .token), ("GET /s/:id/test.json", .token),
            ("POST /s/:id/accept", .token), ("GET /s/:id/failed/:folder/:file", .picture),
            ("POST /s/:id/tune", .token), ("POST /s/:id/save", .token), ("POST /s/:id/:action", .token),
            ("GET,HEAD /", .token), ("GET,HEAD /favicon.ico", .open), ("GET,HEAD /compare", .token),
            ("GET,HEAD /compare/live", .token), ("GET,HEAD /_flick/serve.js", .open), ("GET,HEAD /s/:id/status.json", .token),
            ("GET,HEAD /s/:id", .token), ("GET,HEAD /s/:id/compare", .token), ("GET,HEAD /s/:id/live", .token),
            ("GET,HEAD /s/:id/:version/states.js", .token), ("GET,HEAD /s/:id/:version/states.json", .token),
            ("GET,HEAD /s/:id/:version/export.json", .token), ("GET,HEAD /s/:id/:version/motion.svg", .picture),
            ("GET,HEAD /s/:id/:version/frames/:frame", .picture), ("GET,HEAD /s/:id/*", .token),
        ]
        #expect(Handler.table.map(\.pattern.description) == expected.map { HTTPRoute($0.route).description },
                "every route of the table, in its order, has its line here")
        for (route, access) in zip(Handler.table, expected) {
            #expect(route.access == access.access, "\(access.route)")
        }

        // The guard's decision for a path is that of the first route that takes it, literals spelled exactly; a path
        // no route takes needs the token.
        let paths: [(path: String, access: Handler.Access)] = [
            ("/_flick/serve.js", .open), ("/_flick/approve.js", .open), ("/favicon.ico", .open),
            ("/s/a/v1/motion.svg", .picture), ("/s/a/v12/frames/frame_00003.png", .picture),
            ("/s/a/failed/frame_00001/diff.png", .picture),
            ("/", .token), ("/FAVICON.ICO", .token), ("/_flick/Serve.js", .token), ("/_flick/serve.js/x", .token),
            ("/favicon.ico/x", .token), ("/nope", .token), ("/s/a", .token), ("/s/a/v1/states.js", .token),
            ("/s/a/v1/frames/frame_00003.png/x", .token), ("/s/a/v1/frames", .token), ("/s/a/v1/Motion.svg", .token),
            ("/s/a/test.json", .token), ("/_flick/tests.json", .token),
        ]
        for (path, access) in paths {
            #expect(Handler.access(path.split(separator: "/").map(String.init)) == access, "\(path)")
        }

        // At the gate: a read of each route without the token is refused unless its route is open; with the token in
        // the cookie only, from this server's page, it passes when its route is open or a picture.
        let allowed: Set<String> = ["127.0.0.1:8765"]
        let values = ["id": "a", "version": "v1", "frame": "frame_00000.png", "folder": "frame_00001", "file": "diff.png",
                      "action": "nope"]
        for (route, access) in zip(Handler.table, expected) {
            let path = "/" + route.pattern.path.map { component -> String in
                switch component {
                case .caseInsensitive(let literal): literal
                case .parameter(let name): values[name] ?? name
                case .wildcard: "nothing"
                }
            }.joined(separator: "/")
            let method = route.pattern.methods.contains(.GET) ? "GET" : "POST"
            func refused(_ headers: [(name: String, value: String)]) -> Bool {
                RequestGuard.refusal(RequestHead(method: method, target: path, headers: [("host", "127.0.0.1:8765")] + headers),
                                     allowed: allowed, expectedToken: "t", cookie: "flick-token-8765") != nil
            }
            #expect(refused([]) == (method == "POST" || access.access != .open), "\(method) \(path)")
            #expect(refused([("cookie", "flick-token-8765=t"), ("sec-fetch-site", "same-origin")])
                        == (method == "POST" || access.access == .token), "\(method) \(path) with the cookie")
            #expect(!refused([("x-flick-token", "t")]), "\(method) \(path) with the token")
        }
    }

    @Test func literalsAreSpelledExactly() {
        #expect(Handler.spellsLiterals(of: "GET /s/:id/:version/states.js", path: "/s/a/v1/states.js"))
        #expect(!Handler.spellsLiterals(of: "GET /s/:id/:version/states.js", path: "/s/a/v1/States.js"))
        #expect(!Handler.spellsLiterals(of: "GET /compare", path: "/"))
        #expect(Handler.spellsLiterals(of: "GET,HEAD /", path: "/"))
    }
}
