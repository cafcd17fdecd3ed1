package views

import "explorer/internal/assets"

// Asset is the URL of the embedded asset name (a path under assets/, such
// as "js/htmx.min.js") with its content's hash in the file name, which
// browsers may cache for good.
func Asset(name string) string { return assets.Path(name) }
