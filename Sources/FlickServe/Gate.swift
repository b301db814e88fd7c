import FlickOutput
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A request's line and headers as `Gate` read them, before any byte of its body.
struct RequestHead: Sendable {
    var method: String
    var target: String
    /// Header names lowercased, in the order sent; a name sent twice is here twice.
    var headers: [(name: String, value: String)]

    func values(_ name: String) -> [String] { headers.filter { $0.name == name }.map(\.value) }

    /// The target up to its `?`, still percent-encoded.
    var path: String { String(target.prefix { $0 != "?" }) }

    /// The first value of `name` in the query, percent-decoded.
    func query(_ name: String) -> String? {
        guard let mark = target.firstIndex(of: "?") else { return nil }
        for pair in target[target.index(after: mark)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts[0] == name {
                let value = parts.count > 1 ? String(parts[1]) : ""
                return value.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? value
            }
        }
        return nil
    }

    var isWebSocketUpgrade: Bool {
        values("upgrade").contains { $0.lowercased().contains("websocket") }
    }
}

/// Why `Gate` refuses a request: the status it answers with and a line saying why.
struct GateRefusal: Equatable, Sendable {
    var status: Int
    var message: String
}

/// The front door of `flick serve`: it listens on the served address, reads each request's line and headers
/// itself, within limits, and refuses what it must before a byte of a body is read: a request line over
/// `Limits.requestLine` (414), a head over `Limits.head` (431), a second Host, Content-Length or Origin header,
/// a chunked body (411), a body over what the route takes (413), and whatever `policy` refuses (a foreign Host or
/// Origin, a missing token). It answers with one short text response and closes. A request it lets through goes to
/// the FlyingFox server on a Unix socket in a folder only this user can open, as the one request of its
/// connection (`Connection: close`), with at most its Content-Length of body; a WebSocket's frames from the page
/// are read too, and one over `Limits.webSocketMessage` (a frame, or a message's fragments together) closes it.
final class Gate: Sendable {
    enum Limits {
        static let requestLine = 8 * 1024
        static let head = 32 * 1024
        static let headers = 100
        /// How long a client has to send its request's line and headers, in seconds.
        static let headTime: Double = 10
        static let connections = 128
        static let webSocketMessage = 64 * 1024
        /// How long a forwarded request may stay silent both ways before the gate closes it, in seconds.
        static let idle: Int32 = 120
    }

    let listener: Int32
    let port: UInt16
    private let backend: String
    private let policy: @Sendable (RequestHead) -> GateRefusal?
    private let bodyLimit: @Sendable (RequestHead) -> Int
    /// The sockets open (clients, and the connections to the backend they are forwarded on: `stop()` shuts every one
    /// down) and whether the gate has stopped accepting.
    private struct Sockets {
        var open: Set<Int32> = []
        var stopped = false
    }
    private let sockets = Locked(Sockets())
    private let acceptor = DispatchGroup()

    /// Binds `fd` to `address` (a `sockaddr_in` or `sockaddr_in6`); the result of `bind` and the port the socket then
    /// has (`getsockname`, for a port of 0).
    private static func bindSocket<Address>(_ fd: Int32, _ address: inout Address,
                                      port: (Address) -> UInt16) -> (result: Int32, port: UInt16) {
        var size = socklen_t(MemoryLayout<Address>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &size) }
        }
        return (result, port(address))
    }

    /// Binds `host:port`; throws `ListenError` when it cannot.
    init(host: String, port: UInt16, backend: String, bodyLimit: @escaping @Sendable (RequestHead) -> Int,
         policy: @escaping @Sendable (RequestHead) -> GateRefusal?) throws {
        self.backend = backend
        self.policy = policy
        self.bodyLimit = bodyLimit
        let six = host.contains(":")
        let fd = socket(six ? AF_INET6 : AF_INET, Self.stream, 0)
        guard fd >= 0 else { throw ListenError.other(String(cString: strerror(errno))) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound: (result: Int32, port: UInt16)?
        if six {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            bound = inet_pton(AF_INET6, host, &address.sin6_addr) == 1
                ? Self.bindSocket(fd, &address) { UInt16(bigEndian: $0.sin6_port) } : nil
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            bound = inet_pton(AF_INET, host, &address.sin_addr) == 1
                ? Self.bindSocket(fd, &address) { UInt16(bigEndian: $0.sin_port) } : nil
        }
        guard let bound else {
            close(fd)
            throw ListenError.addressNotAvailable
        }
        let actual = bound.port
        guard bound.result == 0, listen(fd, 64) == 0 else {
            let number = errno
            close(fd)
            switch number {
            case EADDRINUSE: throw ListenError.addressInUse
            case EADDRNOTAVAIL: throw ListenError.addressNotAvailable
            case EACCES: throw ListenError.permissionDenied
            default: throw ListenError.other(String(cString: strerror(number)))
            }
        }
        listener = fd
        self.port = actual
    }

    #if canImport(Glibc)
    static let stream = Int32(SOCK_STREAM.rawValue)
    #else
    static let stream = SOCK_STREAM
    #endif

    /// Accepts connections on a thread of its own until `stop()`.
    func start() {
        acceptor.enter()
        let thread = Thread { [self] in
            defer { acceptor.leave() }
            while true {
                var ready = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
                let n = poll(&ready, 1, 200)
                if sockets.withLock({ $0.stopped }) { return }
                guard n > 0 else { continue }
                let client = accept(listener, nil, nil)
                guard client >= 0 else { continue }
                let admitted = sockets.withLock { sockets -> Bool in
                    guard sockets.open.count < Limits.connections else { return false }
                    sockets.open.insert(client)
                    return true
                }
                guard admitted else {
                    Self.refuse(client, GateRefusal(status: 503, message: "too many connections"))
                    continue
                }
                let worker = Thread { [self] in
                    serve(client)
                    sockets.withLock { _ = $0.open.remove(client) }
                    close(client)
                }
                worker.stackSize = 512 * 1024
                worker.start()
            }
        }
        thread.start()
    }

    /// Stops accepting, ends every open connection.
    func stop() {
        let clients = sockets.withLock { sockets -> Set<Int32> in
            sockets.stopped = true
            return sockets.open
        }
        for client in clients { shutdown(client, Int32(SHUT_RDWR)) }
        acceptor.wait()
        close(listener)
    }

    // MARK: One connection

    private func serve(_ client: Int32) {
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let head: RequestHead, rest: [UInt8]
        switch Self.readHead(client) {
        case .head(let read, let after): (head, rest) = (read, after)
        case .refused(let refusal):
            Self.refuse(client, refusal)
            return
        case .gone:
            return
        }
        if let refusal = Self.structuralRefusal(head) ?? policy(head) ?? Self.sizeRefusal(head, bodyLimit: bodyLimit(head)) {
            Self.refuse(client, refusal)
            return
        }
        let length = Int(head.values("content-length").first ?? "0") ?? 0
        let upgrade = head.isWebSocketUpgrade
        guard let server = connectBackend() else {
            Self.refuse(client, GateRefusal(status: 503, message: "the server is stopping"))
            return
        }
        defer { close(server) }
        sockets.withLock { _ = $0.open.insert(server) }
        defer { sockets.withLock { _ = $0.open.remove(server) } }
        setsockopt(server, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let body = upgrade ? rest : Array(rest.prefix(length))
        var limiter: WebSocketLimiter? = upgrade ? WebSocketLimiter() : nil
        if limiter != nil, !limiter!.accept(body) { return }
        guard Self.writeAll(server, Self.forwardedHead(head, upgrade: upgrade) + body) else { return }
        pump(client: client, server: server, body: upgrade ? nil : length - body.count, limiter: &limiter)
    }

    enum HeadRead {
        /// The head, and the bytes after it.
        case head(RequestHead, [UInt8])
        case refused(GateRefusal)
        /// The client closed, or sent too slowly: closed without a word.
        case gone
    }

    /// The head read from `client` within the limits.
    static func readHead(_ client: Int32) -> HeadRead {
        var buffer: [UInt8] = []
        let deadline = Date().addingTimeInterval(Limits.headTime)
        var scanned = 0
        var chunk = [UInt8](repeating: 0, count: 8192)
        while true {
            // The end of the head, looked for in what came since the last look.
            if let end = findEnd(buffer, from: max(0, scanned - 3)) {
                let headBytes = Array(buffer[..<end])
                let tooLong = GateRefusal(status: 431, message: "the request's headers are longer than \(Limits.head / 1024) kB or \(Limits.headers) lines")
                guard end <= Limits.head, headBytes.count(where: { $0 == 10 }) <= Limits.headers else { return .refused(tooLong) }
                guard let head = parse(headBytes) else { return .refused(GateRefusal(status: 400, message: "a malformed request")) }
                return .head(head, Array(buffer[(end + 4)...]))
            }
            scanned = buffer.count
            if buffer.firstIndex(of: 10) == nil, buffer.count > Limits.requestLine {
                return .refused(GateRefusal(status: 414, message: "the request line is longer than \(Limits.requestLine / 1024) kB"))
            }
            if buffer.count > Limits.head {
                return .refused(GateRefusal(status: 431, message: "the request's headers are longer than \(Limits.head / 1024) kB or \(Limits.headers) lines"))
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return .gone }
            var ready = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, Int32(left * 1000) + 1) > 0 else { return .gone }
            let n = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { return .gone }
            buffer += chunk[..<n]
        }
    }

    static func findEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= 4 else { return nil }
        var i = start
        while i + 3 < bytes.count {
            if bytes[i] == 13, bytes[i + 1] == 10, bytes[i + 2] == 13, bytes[i + 3] == 10 { return i }
            i += 1
        }
        return nil
    }

    /// The request line and headers, or nil when they are not HTTP/1.x's.
    static func parse(_ bytes: [UInt8]) -> RequestHead? {
        guard let text = String(bytes: bytes, encoding: .utf8) else { return nil }
        let lines = text.components(separatedBy: "\r\n")
        let first = lines[0].split(separator: " ", omittingEmptySubsequences: false)
        guard first.count == 3, first[2] == "HTTP/1.1" || first[2] == "HTTP/1.0", !first[0].isEmpty,
              first[0].allSatisfy({ $0.isASCII && $0.isLetter }), first[1].hasPrefix("/") else { return nil }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), line.first != " ", line.first != "\t" else { return nil }
            let name = line[..<colon]
            guard !name.isEmpty, name.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else { return nil }
            headers.append((name.lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        guard headers.count <= Limits.headers else { return nil }
        return RequestHead(method: String(first[0]), target: String(first[1]), headers: headers)
    }

    /// What no route takes: two of a header that must be one, a chunked body, a malformed Content-Length.
    static func structuralRefusal(_ head: RequestHead) -> GateRefusal? {
        for name in ["host", "origin", "content-length", "x-flick-token"] where head.values(name).count > 1 {
            return GateRefusal(status: 400, message: "more than one \(name) header")
        }
        if !head.values("transfer-encoding").isEmpty {
            return GateRefusal(status: 411, message: "a body must come with its Content-Length")
        }
        if let value = head.values("content-length").first,
           value.isEmpty || value.count > 18 || !value.allSatisfy({ $0.isASCII && $0.isNumber }) {
            return GateRefusal(status: 400, message: "a malformed Content-Length")
        }
        return nil
    }

    /// A body over `bodyLimit`, from its Content-Length alone.
    static func sizeRefusal(_ head: RequestHead, bodyLimit: Int) -> GateRefusal? {
        guard let length = head.values("content-length").first.flatMap({ Int($0) }), length > bodyLimit else { return nil }
        return GateRefusal(status: 413, message: bodyLimit == 0 ? "this request takes no body" : "the body is larger than \(bodyLimit / 1024) kB")
    }

    /// The head sent on: as read, but the one request of its connection (a WebSocket's upgrade stays as sent).
    static func forwardedHead(_ head: RequestHead, upgrade: Bool) -> [UInt8] {
        var text = "\(head.method) \(head.target) HTTP/1.1\r\n"
        for (name, value) in head.headers {
            if !upgrade, ["connection", "keep-alive", "proxy-connection", "upgrade"].contains(name) { continue }
            text += "\(name): \(value)\r\n"
        }
        if !upgrade { text += "connection: close\r\n" }
        text += "\r\n"
        return Array(text.utf8)
    }

    private func connectBackend() -> Int32? {
        let fd = socket(AF_UNIX, Self.stream, 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array(backend.utf8)
        guard path.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(fd)
            return nil
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: path)
            raw[path.count] = 0
        }
        let connected = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
        return fd
    }

    /// Copies the server's answer to the client, and from the client at most `body` more bytes (nil: a WebSocket's
    /// frames, each checked by `limiter`), until either side closes or both stay silent for `Limits.idle`.
    private func pump(client: Int32, server: Int32, body: Int?, limiter: inout WebSocketLimiter?) {
        var left = body
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let readClient = left.map { $0 > 0 } ?? true
            var fds = [pollfd(fd: server, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: readClient ? client : -1, events: Int16(POLLIN), revents: 0)]
            let n = poll(&fds, 2, body == nil ? -1 : Limits.idle * 1000)
            guard n > 0 else { return }
            if fds[0].revents != 0 {
                let got = chunk.withUnsafeMutableBytes { recv(server, $0.baseAddress, $0.count, 0) }
                guard got > 0, Self.writeAll(client, Array(chunk[..<got])) else { return }
            }
            if readClient, fds[1].revents != 0 {
                let want = min(chunk.count, left ?? chunk.count)
                let got = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, want, 0) }
                guard got > 0 else { return }
                let bytes = Array(chunk[..<got])
                if limiter != nil, !limiter!.accept(bytes) { return }
                if let l = left { left = l - got }
                guard Self.writeAll(server, bytes) else { return }
            }
        }
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
            #else
            let flags: Int32 = 0
            #endif
            let n = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + offset, bytes.count - offset, flags) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }

    static let reasons = [400: "Bad Request", 403: "Forbidden", 411: "Length Required", 413: "Content Too Large",
                          414: "URI Too Long", 431: "Request Header Fields Too Large", 503: "Service Unavailable"]

    /// Answers `refusal` and closes the sending side; what the client still sends is read for a moment (so that
    /// the answer is not lost to a reset) and dropped.
    static func refuse(_ client: Int32, _ refusal: GateRefusal) {
        let body = "refused: \(refusal.message)\n"
        let text = "HTTP/1.1 \(refusal.status) \(reasons[refusal.status] ?? "Refused")\r\n"
            + "content-type: text/plain; charset=utf-8\r\ncontent-length: \(body.utf8.count)\r\n"
            + "cache-control: no-store\r\nx-content-type-options: nosniff\r\nconnection: close\r\n\r\n" + body
        _ = writeAll(client, Array(text.utf8))
        shutdown(client, Int32(SHUT_WR))
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        var drained = 0
        let deadline = Date().addingTimeInterval(0.2)
        while drained < 256 * 1024, deadline.timeIntervalSinceNow > 0 {
            var ready = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 50) > 0 else { continue }
            let n = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { break }
            drained += n
        }
    }
}

/// Reads the frames a page sends on a WebSocket as they pass: a frame, or a message's fragments together, over
/// `Gate.Limits.webSocketMessage`, a message in more than 64 frames, or a control frame over 125 bytes, ends the
/// connection.
struct WebSocketLimiter {
    private var header: [UInt8] = []
    /// Payload bytes of the current frame still to pass.
    private var payloadLeft = 0
    /// Payload bytes of the current message so far (its fragments together), and its frames.
    private var message = 0
    private var fragments = 0

    /// Whether `bytes` keep within the limits.
    mutating func accept(_ bytes: [UInt8]) -> Bool {
        var i = 0
        while i < bytes.count {
            if payloadLeft > 0 {
                let take = min(payloadLeft, bytes.count - i)
                payloadLeft -= take
                i += take
                continue
            }
            header.append(bytes[i])
            i += 1
            guard header.count >= 2 else { continue }
            let short = Int(header[1] & 0x7f)
            let extra = short == 126 ? 2 : short == 127 ? 8 : 0
            let masked = header[1] & 0x80 != 0
            let needed = 2 + extra + (masked ? 4 : 0)
            guard header.count >= needed else { continue }
            var length = short
            if extra > 0 {
                length = 0
                for byte in header[2..<(2 + extra)] {
                    guard length <= Int.max >> 9 else { return false }
                    length = length << 8 | Int(byte)
                }
            }
            let fin = header[0] & 0x80 != 0, opcode = header[0] & 0x0f
            if opcode >= 8 {
                guard length <= 125, fin else { return false }
            } else {
                message = (opcode == 0 ? message : 0) + length
                fragments = (opcode == 0 ? fragments : 0) + 1
                guard message <= Gate.Limits.webSocketMessage, fragments <= 64 else { return false }
                if fin { (message, fragments) = (0, 0) }
            }
            payloadLeft = length
            header = []
        }
        return true
    }
}
