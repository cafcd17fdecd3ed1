package explorer

import "embed"

// Assets holds the files the admin pages need: CSS, scripts and icons.
//
//go:embed assets/css assets/js assets/icons
var Assets embed.FS
