import FlickOutput
import Foundation
import Testing
@testable import FlickServe

/// A raw TCP client of the test's own on 127.0.0.1, so a request can be as hostile as a test needs.
private final class RawClient {
    let fd: Int32

    init(port: UInt16) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw POSIXError(.ECONNREFUSED)
        }
        // Generous: a loaded machine is slow, never wrong; a gate that fails to close still ends the read (`closed`).
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    /// Whether all of `bytes` went.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool { Gate.writeAll(fd, bytes) }

    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Everything until the server closes (or 30 s of silence).
    func readAll() -> String { readToClose().text }

    /// Everything until the server closes the connection (`closed`), or until 30 s of silence or an error (not
    /// `closed`).
    func readToClose() -> (text: String, closed: Bool) {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { return (String(decoding: out, as: UTF8.self), n == 0) }
            out += chunk[..<n]
        }
    }
}

/// Runs blocking socket calls on a thread of their own, not on one of Swift concurrency's few threads, which the
/// server needs to answer (with the whole test suite running, a test blocking one of them could starve it).
private func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

private func status(_ response: String) -> Int? {
    Int(response.split(separator: " ", maxSplits: 2).dropFirst().first ?? "")
}

/// A served copy of sheet-handoff behind a started LiveServer on a free loopback port.
private final class Served: @unchecked Sendable {
    let folder: URL
    let server: LiveServer
    let port: UInt16
    let id: String
    var token: String { server.configuration.token }
    var host: String { "127.0.0.1:\(port)" }

    init() async throws {
        let copy = try ServedScenarioTests.servedCopy()
        folder = copy.folder
        copy.served.check()
        id = copy.served.id
        server = try LiveServer(scenarios: [copy.served], configuration: ServeConfiguration(port: 0))
        port = try await server.start()
    }

    func stop() async {
        await server.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// One request on a connection of its own; the whole answer (off the pool: `offThePool`).
    func request(_ head: String) async throws -> String {
        let port = port
        return try await offThePool {
            let client = try RawClient(port: port)
            client.send(head)
            return client.readAll()
        }
    }

    func get(_ target: String, headers: String = "") async throws -> String {
        try await request("GET \(target) HTTP/1.1\r\nHost: \(host)\r\n\(headers)\r\n")
    }
}

@Suite(.serialized) struct GateTests {
    @Test func aHugeBodyIsRefusedFromItsHeaderBeforeAByteOfItIsRead() async throws {
        let served = try await Served()
        // Not a byte of any body is sent: an answer at all means the gate answered from the headers.
        // With the token: 413.
        let big = try await served.request("POST /s/\(served.id)/tune HTTP/1.1\r\nHost: \(served.host)\r\nX-Flick-Token: \(served.token)\r\n"
            + "Content-Length: 1073741824\r\n\r\n")
        #expect(status(big) == 413)
        // Without it: 403, also at once.
        let noToken = try await served.request("POST /s/\(served.id)/tune HTTP/1.1\r\nHost: \(served.host)\r\nContent-Length: 1073741824\r\n\r\n")
        #expect(status(noToken) == 403)
        let foreign = try await served.request("POST /s/\(served.id)/tune HTTP/1.1\r\nHost: evil.example:\(served.port)\r\nContent-Length: 1073741824\r\n\r\n")
        #expect(status(foreign) == 403)
        let chunked = try await served.request("POST /s/\(served.id)/tune HTTP/1.1\r\nHost: \(served.host)\r\nX-Flick-Token: \(served.token)\r\n"
            + "Transfer-Encoding: chunked\r\n\r\n")
        #expect(status(chunked) == 411)
        await served.stop()
    }

    @Test func aNormalRequestIsAnsweredWhileTwoConnectionsSendHugeBodies() async throws {
        let served = try await Served()
        // Each sender sends a huge body until the request below has its answer (at most 200 MB; the gate closes long
        // before). A timed bound is no unit test's: scripts/bench-serve.sh measures time.
        struct Senders { var started = 0, ended = 0, answered = false }
        let senders = Locked(Senders())
        let threads = (0..<2).map { _ in
            Thread {
                defer { senders.withLock { $0.ended += 1 } }
                let client = try? RawClient(port: served.port)
                client?.send("POST /s/\(served.id)/tune HTTP/1.1\r\nHost: \(served.host)\r\nContent-Length: 1073741824\r\n\r\n")
                senders.withLock { $0.started += 1 }
                guard let client else { return }
                let chunk = [UInt8](repeating: 0x41, count: 64 * 1024)
                for _ in 0..<3200 where !senders.current.answered {
                    guard client.send(chunk) else { break }
                }
            }
        }
        threads.forEach { $0.start() }
        // Both have sent their heads before the request is made (the gate may already have refused and closed one).
        try await offThePool { senders.withLock(when: { $0.started == 2 }) { _ in } }
        let answer = try await served.get("/_flick/serve.js")
        senders.withLock { $0.answered = true }
        #expect(status(answer) == 200)
        try await offThePool { senders.withLock(when: { $0.ended == 2 }) { _ in } }
        await served.stop()
    }

    @Test func aLongRequestLineIsRefusedAt414WithoutReadingItAll() async throws {
        let served = try await Served()
        let host = served.host, port = served.port
        let long = try await offThePool {
            let client = try RawClient(port: port)
            client.send("GET /" + String(repeating: "a", count: 200_000) + " HTTP/1.1\r\nHost: \(host)\r\n\r\n")
            return client.readToClose()
        }
        #expect(status(long.text) == 414)
        #expect(long.closed)
        let headers = try await served.request("GET / HTTP/1.1\r\nHost: \(served.host)\r\n" + String(repeating: "X-A: b\r\n", count: 5000) + "\r\n")
        #expect(status(headers) == 431)
        await served.stop()
    }

    @Test func aForeignHostFirstAndTheOwnSecondIsRefused() async throws {
        let served = try await Served()
        let twice = try await served.request("GET /?token=\(served.token) HTTP/1.1\r\nHost: evil.example\r\nHost: \(served.host)\r\n\r\n")
        #expect(status(twice) == 400)
        #expect(!twice.contains(served.token))
        let dots = try await served.get("/s/\(served.id)/v1/frames/../../../../_flick/tests.json")
        #expect(status(dots) == 400)
        await served.stop()
    }

    /// The icon browsers ask for beside every page, without the token: 204 and nothing (a 403 was an error in the
    /// console), never the token or anything of the served files; another Host is still refused.
    @Test func theFaviconIsAnsweredWithNothing() async throws {
        let served = try await Served()
        let icon = try await served.get("/favicon.ico")
        #expect(status(icon) == 204, "\(icon)")
        #expect(!icon.contains(served.token) && !icon.contains("Set-Cookie"))
        #expect(icon.hasSuffix("\r\n\r\n"), "no body: \(icon)")
        #expect(status(try await served.get("/favicon.ico", headers: "Host: evil.example\r\n")) != 204)
        #expect(status(try await served.get("/favicon.ico/x")) == 403)
        await served.stop()
    }

    @Test func theTokenGoesOnlyToThePageOpenedWithIt() async throws {
        let served = try await Served()
        let bare = try await served.get("/")
        #expect(status(bare) == 403)
        #expect(!bare.contains(served.token))
        // With Host 0.0.0.0 (another machine's way in when bound to every address) it is refused too.
        #expect(!(try await served.get("/", headers: "Host: 0.0.0.0:\(served.port)\r\n")).contains(served.token))
        let page = try await served.get("/?token=\(served.token)")
        #expect(status(page) == 200)
        #expect(page.contains(served.token))
        // The states, the tests and every other read but the scripts and pictures need it.
        let scenarioPage = try await served.get("/s/\(served.id)/?token=\(served.token)")
        #expect(scenarioPage.contains("v1/states.js?token=\(served.token)"))
        #expect(status(try await served.get("/s/\(served.id)/v1/states.js")) == 403)
        #expect(status(try await served.get("/s/\(served.id)/v1/states.js?token=\(served.token)")) == 200)
        #expect(status(try await served.get("/_flick/tests.json")) == 403)
        #expect(status(try await served.get("/s/\(served.id)/status.json")) == 403)
        #expect(status(try await served.get("/compare")) == 403)
        #expect(status(try await served.get("/_flick/serve.js")) == 200)
        // Pictures too (issue 36, item 8): another site's `<img>` gets nothing. The page opened with the token gives
        // it to its own pictures in a cookie: HttpOnly, SameSite=Strict, named for this server's port.
        let motion = "/s/\(served.id)/v1/motion.svg", frame = "/s/\(served.id)/v1/frames/frame_00010.png"
        #expect(status(try await served.get(motion)) == 403)
        #expect(status(try await served.get(frame)) == 403)
        #expect(status(try await served.get(motion + "?token=\(served.token)")) == 200)
        let cookie = "flick-token-\(served.port)=\(served.token)"
        #expect(scenarioPage.contains("Set-Cookie: \(cookie); Path=/; HttpOnly; SameSite=Strict\r\n"))
        #expect(!bare.contains("Set-Cookie"))
        #expect(status(try await served.get(frame, headers: "Cookie: a=1; \(cookie)\r\nSec-Fetch-Site: same-origin\r\n")) == 200)
        #expect(status(try await served.get(motion, headers: "Cookie: \(cookie)\r\n")) == 200)
        // …but only from this server's own page, and only for pictures.
        #expect(status(try await served.get(frame, headers: "Cookie: \(cookie)\r\nSec-Fetch-Site: cross-site\r\n")) == 403)
        #expect(status(try await served.get(frame, headers: "Cookie: \(cookie)\r\nSec-Fetch-Site: same-site\r\n")) == 403)
        #expect(status(try await served.get(frame, headers: "Cookie: flick-token-\(served.port)=wrong\r\n")) == 403)
        #expect(status(try await served.get("/s/\(served.id)/v1/states.js", headers: "Cookie: \(cookie)\r\n")) == 403)
        #expect(status(try await served.get("/_flick/tests.json", headers: "Cookie: \(cookie)\r\n")) == 403)
        // An action needs the token in its header: a form or a no-cors fetch of another site cannot send one.
        let query = try await served.request("POST /s/\(served.id)/tune?token=\(served.token) HTTP/1.1\r\nHost: \(served.host)\r\nContent-Length: 0\r\n\r\n")
        #expect(status(query) == 403)
        let header = try await served.request("POST /s/\(served.id)/tune HTTP/1.1\r\nHost: \(served.host)\r\nX-Flick-Token: \(served.token)\r\nContent-Length: 0\r\n\r\n")
        #expect(status(header) == 200)
        await served.stop()
    }

    @Test func aWebSocketFrameOverTheLimitClosesTheChannel() async throws {
        let served = try await Served()
        let (port, id, token, host) = (served.port, served.id, served.token, served.host)
        let (upgrade, end) = try await offThePool {
            let client = try RawClient(port: port)
            client.send("GET /s/\(id)/live?token=\(token) HTTP/1.1\r\nHost: \(host)\r\nUpgrade: websocket\r\n"
                + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { recv(client.fd, $0.baseAddress, $0.count, 0) }
            let upgrade = String(decoding: chunk[..<max(n, 0)], as: UTF8.self)
            // A binary frame announcing 512 MB, masked, then some of it.
            var frame: [UInt8] = [0x82, 0x80 | 127]
            frame += withUnsafeBytes(of: UInt64(512 << 20).bigEndian, Array.init)
            frame += [1, 2, 3, 4] + [UInt8](repeating: 0, count: 4096)
            client.send(frame)
            return (upgrade, client.readToClose())
        }
        #expect(upgrade.hasPrefix("HTTP/1.1 101"))
        // The gate closes the channel: it does not wait for the 512 MB (nor for 30 s of silence).
        #expect(end.closed)
        await served.stop()
    }

    @Test func theWebSocketLimiterCountsFramesAndFragments() {
        func frame(_ opcode: UInt8, fin: Bool, length: Int) -> [UInt8] {
            var bytes: [UInt8] = [(fin ? 0x80 : 0) | opcode]
            if length < 126 {
                bytes.append(0x80 | UInt8(length))
            } else {
                bytes.append(0x80 | 126)
                bytes += [UInt8(length >> 8), UInt8(length & 0xff)]
            }
            return bytes + [0, 0, 0, 0] + [UInt8](repeating: 7, count: length)
        }
        var ok = WebSocketLimiter()
        let fine = ok.accept(frame(1, fin: true, length: 100) + frame(9, fin: true, length: 4) + frame(1, fin: true, length: 60000))
        #expect(fine)
        var big = WebSocketLimiter()
        let huge = big.accept([0x82, 0x80 | 127] + withUnsafeBytes(of: UInt64(70000).bigEndian, Array.init) + [0, 0, 0, 0])
        #expect(!huge)
        var fragments = WebSocketLimiter()
        let first = fragments.accept(frame(1, fin: false, length: 60000))
        let second = fragments.accept(frame(0, fin: false, length: 60000))
        #expect(first && !second)
        var many = WebSocketLimiter()
        let manyOK = (0..<100).allSatisfy { many.accept(frame($0 == 0 ? 1 : 0, fin: false, length: 1)) }
        #expect(!manyOK)
        var control = WebSocketLimiter()
        let longPing = control.accept([0x89, 0x80 | 126, 0x01, 0x00, 0, 0, 0, 0])
        #expect(!longPing)
    }
}

/// Issue 36, item 8: folders whose names URLs give a meaning (`h#x`, `p%41q`, `q?z`) are served: links carry the id
/// percent-encoded, and the server decodes the path once. In GateTests, run one at a time with its other servers.
extension GateTests {
    @Test func foldersNamedWithURLCharactersAreServed() async throws {
        let folder = URL(fileURLWithPath: ServedFiles.resolved(FileManager.default.temporaryDirectory
            .appendingPathComponent("flick-serve-names-\(UUID().uuidString)").path))
        defer { try? FileManager.default.removeItem(at: folder) }
        // fling-to-rest cut to 6 frames: opening a page draws its frames ahead of time, and the suite runs beside others.
        let example = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/fling-to-rest.yaml"), encoding: .utf8)
        let source = Data(example.replacingOccurrences(of: "fps: 60", with: "fps: 10")
            .replacingOccurrences(of: "duration: 4.0", with: "duration: 0.5").utf8)
        for name in ["h#x", "p%41q", "q?z"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
            try source.write(to: folder.appendingPathComponent(name).appendingPathComponent("a.yaml"))
        }
        let scenarios = try ServedFiles.find([folder.path]).map { entry in
            let s = ServedScenario(entry: entry, previewScale: 1, iconFolders: [], slots: DrawingSlots(count: 1))
            s.check()
            return s
        }
        #expect(scenarios.map(\.id) == ["h#x~a", "p%41q~a", "q?z~a"])
        #expect(scenarios.map(\.urlID) == ["h%23x~a", "p%2541q~a", "q%3Fz~a"])
        #expect(scenarios.map { $0.current?.frames.count } == [6, 6, 6])
        let server = try LiveServer(scenarios: scenarios, configuration: ServeConfiguration(port: 0))
        let port = try await server.start()
        let token = server.configuration.token
        func get(_ target: String) async throws -> String {
            try await withCheckedThrowingContinuation { continuation in
                Thread {
                    continuation.resume(with: Result {
                        let client = try RawClient(port: port)
                        client.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
                        return client.readAll()
                    })
                }.start()
            }
        }
        let index = try await get("/?token=\(token)")
        for scenario in scenarios {
            #expect(index.contains("href=\"/s/\(scenario.urlID)/?token=\(token)\""), "\(scenario.id)")
            let page = try await get("/s/\(scenario.urlID)/?token=\(token)")
            #expect(page.hasPrefix("HTTP/1.1 200"), "\(scenario.id): \(page.prefix(80))")
            #expect(page.contains("data-id=\"\(Markup.escape(scenario.id))\""))
            let frame = try await get("/s/\(scenario.urlID)/v1/frames/frame_00000.png?token=\(token)")
            #expect(frame.hasPrefix("HTTP/1.1 200"), "\(scenario.id)")
            let live = ComparePage.sweep(scenario, sets: ["physics.preset=uikit,flutter-ios"], token: token)
            #expect((try? live.get())?.contains("data-live=\"/s/\(scenario.urlID)/live\"") == true)
        }
        // The id as the folder is named, unencoded, is another path: `#` and `?` end it, `%41` is `A`.
        #expect(try await get("/s/p%41q~a/?token=\(token)").hasPrefix("HTTP/1.1 404"))
        await server.stop()
    }
}
