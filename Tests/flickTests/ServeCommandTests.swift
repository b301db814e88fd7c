import Foundation
import Testing

/// A TCP socket of the test's own, listening on 127.0.0.1 at a port the system picks: a port `flick serve` cannot
/// have.
final class ListeningSocket {
    let descriptor: Int32
    let port: UInt16

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EBADF) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, size) == 0 && listen(descriptor, 1) == 0
                    && getsockname(descriptor, address, &size) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        self.descriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(descriptor) }
}

@Suite("flick serve, end to end")
struct ServeCommandTests {
    @Test("A port another process listens on is an error that says so at once, exit status 2")
    func busyPort() throws {
        let busy = try ListeningSocket()
        let run = try flick(["serve", "--port", "\(busy.port)", "Examples/fling-to-rest.yaml"])
        #expect(run.status == 2)
        #expect(run.stderr == "error: cannot listen on 127.0.0.1:\(busy.port): the address is in use (another flick serve?); try --port N\n")
        #expect(run.stdout.isEmpty)
    }
}
