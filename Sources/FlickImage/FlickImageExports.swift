// `writeAll`, the one loop that writes every byte to a file descriptor, lives in FlickOutput (below this module)
// with the other safe writers; FlickImage re-exports it so that `FlickImage.writeAll` still names it.
@_exported import FlickOutput
