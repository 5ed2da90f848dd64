// Package web holds the web app's assets, embedded in the binary: the HTML
// templates, the style sheet, the small hand-written ES modules and the
// OpenAPI document. Nothing is fetched from elsewhere: the app works offline.
package web

import "embed"

// FS holds templates/*.html, static/ (served under /s/) and openapi.json.
//
//go:embed templates static openapi.json
var FS embed.FS
