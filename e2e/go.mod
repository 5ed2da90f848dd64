// The browser tests (web app, the command line's gallery, diagrams) and
// the benchmark driver of scripts/bench-serve: what drives a real browser
// with chromedp. A module of its own, so that chromedp is no requirement of
// the libraries' module. The go.work at the root puts both modules in one
// workspace; `go test ./...` at the root runs this module's tests too,
// through internal/testtool's TestE2EModule.
module github.com/chess960/chess960/e2e

go 1.26.0

require (
	github.com/chess960/chess960 v0.0.0-00010101000000-000000000000
	github.com/chromedp/cdproto v0.160.1
	github.com/chromedp/chromedp v0.23.1
	github.com/coder/websocket v1.8.15
)

require (
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	golang.org/x/image v0.48.0 // indirect
	golang.org/x/sys v0.50.0 // indirect
)

// The libraries and the app: the module of the directory above.
replace github.com/chess960/chess960 => ../
