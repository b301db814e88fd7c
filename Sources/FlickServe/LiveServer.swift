import FlickCore
import FlickOutput
import FlickReview
import FlyingFox
import FlyingSocks
import Foundation

/// What `flick serve` serves and how.
public struct ServeConfiguration: Sendable {
    /// The address to bind: 127.0.0.1 unless `--host` says otherwise.
    public var host: String
    /// 0 picks a free port.
    public var port: UInt16
    /// Pixels per point of the page's frames.
    public var previewScale: Double
    /// The per-run secret every write and the live channel need; the printed address carries it.
    public var token: String

    public init(host: String = "127.0.0.1", port: UInt16, previewScale: Double = 1, token: String = ServeConfiguration.newToken()) {
        self.host = host
        self.port = port
        self.previewScale = previewScale
        self.token = token
    }

    /// 128 random bits in hex.
    public static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(format: "%08x", UInt32.random(in: .min ... .max, using: &generator)) }.joined()
    }
}

/// The HTTP side of `flick serve`, on FlyingFox: the index, each scenario's review page and its files, and a
/// WebSocket per open page that says when the file changed. Every request is checked before it is routed
/// (`RequestGuard`); scenarios are found by id in the served list, never by a path taken from the request.
public final class LiveServer: Sendable {
    public let configuration: ServeConfiguration
    /// The scenarios served now, in the order found: `update(found:make:)` adds the files that appear in a served
    /// folder and drops those that went.
    public var scenarios: [ServedScenario] { list.withLock { $0.scenarios } }

    /// The served list; only `update(found:make:)` changes it.
    ///
    /// Invariant: ids are unique, and `missingOnce` names only paths of `scenarios`.
    private struct ServedList {
        var scenarios: [ServedScenario]
        /// Paths of served files a look did not find: dropped when the next look does not find them either (an editor
        /// that saves by moving the old file away and writing a new one leaves it missing for a moment).
        var missingOnce: Set<String> = []
    }
    private let list: Locked<ServedList>
    /// `/compare/live` channels, told after every update of any served file and every change of the list.
    private let listWatchers = StatusChannels()
    private let server: HTTPServer

    /// Where it listens, set once by `start()`: the `Host` values a request may name and the port (before `start`
    /// returns, none and 0), and the gate in front of the server (nil until it listens).
    private struct Listening {
        var hosts: Set<String> = []
        var port: UInt16 = 0
        var gate: Gate?
    }
    private let listening = Locked(Listening())

    /// Where failing golden frames leave their expected, actual and diff images: a folder of this server's under
    /// the temporary directory, removed by `stop()`.
    public let artifacts: String

    /// The private folder (mode 0700) of the Unix socket FlyingFox listens on; only `Gate` connects to it.
    private let socketFolder: String

    public init(scenarios: [ServedScenario], configuration: ServeConfiguration) throws {
        list = Locked(ServedList(scenarios: scenarios))
        artifacts = FileManager.default.temporaryDirectory.appendingPathComponent("flick-serve-\(UUID().uuidString)").path
        self.configuration = configuration
        var probe = in6_addr()
        guard inet_pton(configuration.host.contains(":") ? AF_INET6 : AF_INET, configuration.host, &probe) == 1 else {
            throw ListenError.addressNotAvailable
        }
        // Made by `start()` (mkdir fails on anything already there, a link included), removed by `stop()`.
        socketFolder = "/tmp/flick-serve-" + String(ServeConfiguration.newToken().prefix(16))
        server = HTTPServer(config: HTTPServer.Configuration(address: sockaddr_un.unix(path: socketFolder + "/s"), timeout: 30,
                                                             logger: .disabled))
        for scenario in scenarios { follow(scenario) }
    }

    /// Makes `entries` (a new look at the arguments, `ServedFiles.scan`) the served list: a served file still found
    /// stays as it is (its id, runs and open pages), a new one is made by `make` (its id made unique among those
    /// served), and one missing from two looks in a row is dropped (its pages' live channels end, its frames are no
    /// longer drawn ahead, its address answers 404). Returns what was added and removed.
    @discardableResult
    public func update(found entries: [ServedFiles.Entry], make: (ServedFiles.Entry) -> ServedScenario)
        -> (added: [ServedScenario], removed: [ServedScenario]) {
        let current = scenarios
        let foundPaths = Set(entries.map(\.path))
        var kept: [ServedScenario] = [], removed: [ServedScenario] = []
        var missing: Set<String> = []
        let missedBefore = list.withLock { $0.missingOnce }
        for scenario in current {
            if foundPaths.contains(scenario.path) {
                kept.append(scenario)
            } else if missedBefore.contains(scenario.path) {
                removed.append(scenario)
            } else {
                missing.insert(scenario.path)
                kept.append(scenario)
            }
        }
        var added: [ServedScenario] = []
        var ids = Set(kept.map(\.id))
        for entry in entries where !current.contains(where: { $0.path == entry.path }) {
            var entry = entry
            while ids.contains(entry.id) { entry.id += "~" }
            ids.insert(entry.id)
            let scenario = make(entry)
            follow(scenario)
            added.append(scenario)
        }
        guard !added.isEmpty || !removed.isEmpty else {
            list.withLock { $0.missingOnce = missing }
            return ([], [])
        }
        // The order found: files still served keep their places, new ones in the order the look gave them.
        let order = Dictionary(entries.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { a, _ in a })
        let ordered = (kept + added).enumerated().sorted {
            (order[$0.element.path] ?? $0.offset, $0.offset) < (order[$1.element.path] ?? $1.offset, $1.offset)
        }.map(\.element)
        list.withLock { $0 = ServedList(scenarios: ordered, missingOnce: missing) }
        for scenario in removed {
            scenario.finishWatchers()
            scenario.frames.stop()
        }
        tellListWatchers()
        return (added, removed)
    }

    /// Has every update of `scenario` told to the `/compare/live` channels.
    private func follow(_ scenario: ServedScenario) {
        scenario.setOnUpdate { [weak self] in self?.tellListWatchers() }
    }

    private func tellListWatchers() {
        guard !listWatchers.isEmpty else { return }
        listWatchers.send(ComparePage.status(scenarios))
    }

    /// Starts listening; returns the port it listens on once it does, or throws `ListenError` as soon as the
    /// address cannot be bound (in use, not this machine's, a port below 1024 without the right).
    public func start() async throws -> UInt16 {
        let token = configuration.token
        let gate: Gate
        guard mkdir(socketFolder, 0o700) == 0 else {
            throw ListenError.other("cannot make a private folder for its socket: \(String(cString: strerror(errno)))")
        }
        do {
            gate = try Gate(host: configuration.host, port: configuration.port, backend: socketFolder + "/s",
                            bodyLimit: { $0.method == "GET" || $0.method == "HEAD" ? 0 : Handler.maximumBody },
                            policy: { [weak self] head in
                                self.flatMap { RequestGuard.refusal(head, allowed: $0.hosts, expectedToken: token, cookie: $0.cookieName) }
                            })
        } catch {
            try? FileManager.default.removeItem(atPath: socketFolder)
            throw error
        }
        let hosts = RequestGuard.hosts(bound: configuration.host, port: gate.port)
        self.listening.withLock { $0 = Listening(hosts: hosts, port: gate.port) }
        let handler = Handler(owner: self)
        await server.appendRoute("*", to: handler)
        let server = self.server
        // The server says it listens, or its run ends first with the bind's error: the first of the two is the outcome.
        let (outcomes, outcome) = AsyncStream<Result<Void, any Error>>.makeStream()
        Task {
            do {
                try await server.run()
                outcome.yield(.failure(ListenError.other("the server stopped")))
            } catch {
                outcome.yield(.failure(ListenError(error)))
            }
        }
        let listening = Task {
            do {
                try await server.waitUntilListening(timeout: Self.listenTimeout)
                outcome.yield(.success(()))
            } catch {
                outcome.yield(.failure(ListenError.other("it did not start listening within \(Int(Self.listenTimeout)) s")))
            }
        }
        var first = outcomes.makeAsyncIterator()
        let result = await first.next()
        outcome.finish()
        listening.cancel()
        do {
            try result?.get()
        } catch {
            gate.stop()
            try? FileManager.default.removeItem(atPath: socketFolder)
            throw error
        }
        self.listening.withLock { $0.gate = gate }
        gate.start()
        return gate.port
    }

    /// How long `start()` waits for a server that neither listens nor fails, in seconds: a bind succeeds or fails
    /// at once, so this is only a bound on a stall.
    static let listenTimeout: Double = 10

    /// Stops listening, ends every page's live channel and waits for open requests (at most a second).
    public func stop() async {
        listening.withLock { $0.gate }?.stop()
        try? FileManager.default.removeItem(atPath: socketFolder)
        for scenario in scenarios { scenario.finishWatchers() }
        listWatchers.finishAll()
        await server.stop(timeout: 1)
        try? FileManager.default.removeItem(atPath: artifacts)
    }

    var hosts: Set<String> { listening.withLock { $0.hosts } }

    /// The name of the cookie that carries the token to this server's pictures (`RequestGuard.cookieName`).
    var cookieName: String { RequestGuard.cookieName(port: listening.withLock { $0.port }) }

    func scenario(id: String) -> ServedScenario? { scenarios.first { $0.id == id } }

    /// `/compare`'s live channel: `ComparePage.status` at once and after every update of any served file, and every
    /// change of the list (a file added or removed), until the page goes or the server stops.
    func watchAll() -> AsyncStream<String> { listWatchers.open(first: ComparePage.status(scenarios)) }
}

/// Why `flick serve` could not listen on its address, in words for the person who typed `--host` and `--port`.
public enum ListenError: Error, Equatable, CustomStringConvertible {
    /// Another process (often another `flick serve`) listens on the port: `EADDRINUSE`.
    case addressInUse
    /// The address is not one of this machine's: `EADDRNOTAVAIL`.
    case addressNotAvailable
    /// The port needs privileges this process lacks (below 1024 on most systems): `EACCES`.
    case permissionDenied
    /// Any other failure, as the socket layer says it.
    case other(String)

    init(_ error: any Error) {
        guard case SocketError.failed(_, let number, let message) = error else {
            self = .other(String(describing: error))
            return
        }
        switch number {
        case EADDRINUSE: self = .addressInUse
        case EADDRNOTAVAIL: self = .addressNotAvailable
        case EACCES: self = .permissionDenied
        default: self = .other(message)
        }
    }

    public var description: String {
        switch self {
        case .addressInUse: "the address is in use (another flick serve?); try --port N"
        case .addressNotAvailable: "the address is not one of this machine's; try --host 127.0.0.1"
        case .permissionDenied: "permission denied (ports below 1024 need privileges); try --port N"
        case .other(let message): message
        }
    }
}

/// The checks every request passes before anything is read or written: its Host is this server's own address
/// (a page of another site that rebinds its name to 127.0.0.1 sends its own name), an Origin, when sent, is
/// this server's, and a write, or a read its route asks it of (`Handler.Access`, declared by each route of the
/// table), carries the per-run token.
enum RequestGuard {
    /// `host:port` values a request may name: the bound address, and `localhost` when bound to loopback.
    static func hosts(bound host: String, port: UInt16) -> Set<String> {
        let name = host.contains(":") ? "[\(host)]" : host
        var hosts: Set<String> = ["\(name):\(port)"]
        if host == "127.0.0.1" || host == "::1" { hosts.insert("localhost:\(port)") }
        return hosts
    }

    /// Why `request` is refused, or nil.
    static func refusal(method: String, host: String?, origin: String?, token: String?, needsToken: Bool,
                        allowed: Set<String>, expectedToken: String) -> String? {
        guard let host, allowed.contains(host.lowercased()) else { return "unknown Host" }
        if let origin, origin != "null" {
            guard let url = URL(string: origin), url.scheme == "http", let h = url.host else { return "foreign Origin" }
            let named = (h.contains(":") ? "[\(h)]" : h) + (url.port.map { ":\($0)" } ?? "")
            guard allowed.contains(named.lowercased()) else { return "foreign Origin" }
        } else if origin == "null" {
            return "foreign Origin"
        }
        let writes = method != "GET" && method != "HEAD"
        if (writes || needsToken) && !constantTimeEqual(token ?? "", expectedToken) { return "missing or wrong token" }
        return nil
    }

    /// The token a request carries: a write's only in its `X-Flick-Token` header (which a page of another site
    /// cannot send without asking first), a read's in that header or the `token` query parameter; a picture's
    /// also in the cookie, when the browser says the request comes from this server's own page
    /// (`Sec-Fetch-Site: same-origin`; a client that sends no such header is no browser another page drives).
    static func token(method: String, header: String?, query: String?, picture: Bool = false, cookies: [String] = [],
                      cookieName: String = "", fetchSite: String? = nil) -> String? {
        guard method == "GET" || method == "HEAD" else { return header }
        if let given = header ?? query { return given }
        guard picture, fetchSite == nil || fetchSite == "same-origin" else { return nil }
        return cookie(named: cookieName, in: cookies)
    }

    /// The cookie a page opened with the token is given (`Set-Cookie` on its HTML): `flick-token-PORT`, one per
    /// server (cookies do not tell ports apart), HttpOnly (no script reads it) and SameSite=Strict (a page of
    /// another site that shows `<img src=…>` of this server sends none).
    static func cookieName(port: UInt16) -> String { "flick-token-\(port)" }

    static func setCookie(name: String, token: String) -> String { "\(name)=\(token); Path=/; HttpOnly; SameSite=Strict" }

    /// The value of cookie `name` in `Cookie` headers (`a=1; b=2`); nil when absent or given twice.
    static func cookie(named name: String, in headers: [String]) -> String? {
        let values = headers.flatMap { $0.split(separator: ";") }.compactMap { pair -> String? in
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name else { return nil }
            return parts[1].trimmingCharacters(in: .whitespaces)
        }
        return values.count == 1 ? values[0] : nil
    }

    /// `Gate`'s check of a request's head, before any of its body is read: as `refusal` below, with the path as
    /// sent; a path with a `.` or `..` segment (which FlyingFox would resolve) is refused.
    static func refusal(_ head: RequestHead, allowed: Set<String>, expectedToken: String, cookie: String = "") -> GateRefusal? {
        let parts = head.path.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
        if parts.contains(where: { $0 == "." || $0 == ".." || $0.contains("/") }) {
            return GateRefusal(status: 400, message: "a path with . or .. segments")
        }
        let access = Handler.access(parts)
        let token = token(method: head.method, header: head.values("x-flick-token").first, query: head.query("token"),
                          picture: access == .picture, cookies: head.values("cookie"), cookieName: cookie,
                          fetchSite: head.values("sec-fetch-site").first)
        return refusal(method: head.method, host: head.values("host").first, origin: head.values("origin").first, token: token,
                       needsToken: access != .open, allowed: allowed, expectedToken: expectedToken)
            .map { GateRefusal(status: 403, message: $0 == "missing or wrong token" ? tokenHelp : $0) }
    }

    static let tokenHelp = "missing or wrong token (open the address flick serve printed: it carries ?token=…)"

    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

/// Answers the requests the guard let through, by the route table (`Handler.table`, Routes.swift).
struct Handler: HTTPHandler {
    let owner: LiveServer

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        let access = Self.access(request.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init))
        let cookieName = owner.cookieName
        let token = RequestGuard.token(method: request.method.rawValue, header: request.headers[HTTPHeader("X-Flick-Token")],
                                       query: request.query["token"], picture: access == .picture,
                                       cookies: request.headers[HTTPHeader("Cookie")].map { [$0] } ?? [], cookieName: cookieName,
                                       fetchSite: request.headers[HTTPHeader("Sec-Fetch-Site")])
        if let refusal = RequestGuard.refusal(method: request.method.rawValue, host: request.headers[.host],
                                              origin: request.headers[HTTPHeader("Origin")], token: token,
                                              needsToken: access != .open,
                                              allowed: owner.hosts, expectedToken: owner.configuration.token) {
            return Self.text(.forbidden, "refused: \(refusal)\n")
        }
        var response = try await route(request)
        // A page opened with the token gives it to its pictures in a cookie (`RequestGuard.cookieName`).
        if request.query["token"] == owner.configuration.token,
           response.headers[.contentType]?.hasPrefix("text/html") == true {
            response.headers[HTTPHeader("Set-Cookie")] = RequestGuard.setCookie(name: cookieName, token: owner.configuration.token)
        }
        return response
    }

    /// The largest body a tune request may send.
    static let maximumTuneBody = 64 * 1024

    /// The largest body any request may announce: `Gate` refuses a larger Content-Length before reading it.
    static let maximumBody = 4 * 1024 * 1024

    /// POST /s/ID/tune: one `path=value` per line (the values sweeps take); runs the file again with them and
    /// answers with the problems, `{"errors": [...]}` (empty when it ran). An empty body goes back to the file's own values.
    func tune(_ scenario: ServedScenario, _ request: HTTPRequest) async throws -> HTTPResponse {
        let tuning: [SweepAssignment]
        switch try await Self.assignments(request) {
        case .success(let read): tuning = read
        case .failure(let refusal): return refusal.response
        }
        let problems = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: scenario.tune(tuning)) }
        }
        // 200 either way (a refused value is the page's to show, not a failed request): {"errors": [...]}.
        let value: FlickCore.JSONValue = .object([("errors", .array(problems.map(FlickCore.JSONValue.string)))])
        return HTTPResponse(statusCode: .ok, headers: Self.headers("application/json"), body: Data(value.text.utf8))
    }

    /// POST /s/ID/save (`?dry=1`: only the diff): the assignments written into the file's text. Answers
    /// `{"diff": "-N: …\n+N: …", "errors": [...], "written": bool}`.
    func save(_ scenario: ServedScenario, _ request: HTTPRequest, write: Bool) async throws -> HTTPResponse {
        let assignments: [SweepAssignment]
        switch try await Self.assignments(request) {
        case .success(let read): assignments = read
        case .failure(let refusal): return refusal.response
        }
        let result = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: scenario.save(assignments, write: write)) }
        }
        let value: FlickCore.JSONValue = .object([
            ("diff", .string(result.diff)), ("errors", .array(result.problems.map(FlickCore.JSONValue.string))),
            ("written", .bool(write && result.problems.isEmpty)),
        ])
        return HTTPResponse(statusCode: .ok, headers: Self.headers("application/json"), body: Data(value.text.utf8))
    }

    struct Refusal: Error {
        var response: HTTPResponse
    }

    /// The body's `path=value` lines.
    static func assignments(_ request: HTTPRequest) async throws -> Result<[SweepAssignment], Refusal> {
        let body = try await request.bodyData
        guard body.count <= maximumTuneBody else { return .failure(Refusal(response: text(.payloadTooLarge, "at most 64 kB\n"))) }
        var assignments: [SweepAssignment] = []
        for line in String(decoding: body, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let equals = line.firstIndex(of: "=")
            let path = equals.map { line[..<$0].trimmingCharacters(in: .whitespaces) } ?? ""
            let value = equals.map { line[line.index(after: $0)...].trimmingCharacters(in: .whitespaces) } ?? ""
            guard !path.isEmpty, !value.isEmpty else {
                return .failure(Refusal(response: text(.badRequest, "expected path=value, not \(line)\n")))
            }
            if let refusal = TuneKeys.refusal(path: path, values: [value]) {
                return .failure(Refusal(response: text(.badRequest, refusal + "\n")))
            }
            assignments.append(SweepAssignment(path: path, value: value))
        }
        return .success(assignments)
    }

    /// `frame_00042.png` → 42, for exactly the names the page asks for.
    static func frameIndex(_ name: String, digits: Int) -> Int? {
        guard name.hasPrefix("frame_"), name.hasSuffix(".png") else { return nil }
        let number = name.dropFirst("frame_".count).dropLast(".png".count)
        guard number.count == digits || (number.count > digits && !number.hasPrefix("0")), number.allSatisfy(\.isASCII),
              let index = Int(number), index >= 0 else { return nil }
        return index
    }

    static let notFound = text(.notFound, "not found\n")

    static func headers(_ type: String, cache: Bool = false) -> HTTPHeaders {
        var headers: HTTPHeaders = [.contentType: type]
        // Frames of a version never change; everything else is asked for again.
        headers[.cacheControl] = cache ? "private, max-age=3600, immutable" : "no-store"
        headers[HTTPHeader("X-Content-Type-Options")] = "nosniff"
        return headers
    }

    /// Whether a request's Accept header asks for a page (a browser's navigation: `text/html`), not data.
    static func wantsPage(accept: String?) -> Bool {
        accept?.split(separator: ",").contains { $0.split(separator: ";").first?.trimmingCharacters(in: .whitespaces) == "text/html" } ?? false
    }

    static func html(_ text: String) -> HTTPResponse {
        var headers = headers("text/html; charset=utf-8")
        // The page runs its own inline script and loads only from this server.
        headers[HTTPHeader("Content-Security-Policy")] =
            "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'"
        headers[HTTPHeader("X-Frame-Options")] = "DENY"
        return HTTPResponse(statusCode: .ok, headers: headers, body: Data(text.utf8))
    }

    static func text(_ status: HTTPStatusCode, _ text: String) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: headers("text/plain; charset=utf-8"), body: Data(text.utf8))
    }
}

/// The live channel of one open page: the scenario's status texts out; whatever the page sends is ignored.
struct LiveChannel: WSMessageHandler {
    let updates: AsyncStream<String>

    func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let updates = self.updates
        return AsyncStream { continuation in
            let task = Task {
                for await text in updates { continuation.yield(.text(text)) }
                continuation.finish()
            }
            let reader = Task {
                for await _ in client {}
                task.cancel()
                continuation.finish()
            }
            continuation.onTermination = { _ in
                task.cancel()
                reader.cancel()
            }
        }
    }
}
