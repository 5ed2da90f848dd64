// Package web holds the web app's assets, embedded in the binary: the HTML
// templates, the style sheet, the small hand-written ES modules and the
// OpenAPI document. Nothing is fetched from elsewhere: the app works offline.
package web

import "embed"

// FS holds templates/*.html, static/ (served under /s/), inline/ (the
// scripts a page carries in its head, allowed by their hashes in the
// Content-Security-Policy) and openapi.json.
//
//go:embed templates static inline openapi.json
var FS embed.FS
