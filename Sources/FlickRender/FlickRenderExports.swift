// The renderer writes through FlickOutput's safe writers; its callers get them (OutputFolder, OutputFile,
// Cancellation, RenderError) with `import FlickRender`, as before FlickOutput was split out.
@_exported import FlickOutput
