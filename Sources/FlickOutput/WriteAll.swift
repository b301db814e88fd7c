import Foundation

/// Writes every byte of `bytes` to the file descriptor `fd`, going on after short writes and interrupted calls;
/// returns the `errno` of the write that failed, or nil when all was written.
///
/// The one such loop for Flick's writers: PNG files, the safe output writer, the APNG writer and the pipe into
/// ffmpeg.
public func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Int32? {
    var offset = 0
    while offset < bytes.count {
        let n = Foundation.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
        if n < 0 {
            if errno == EINTR { continue }
            return errno
        }
        offset += n
    }
    return nil
}
