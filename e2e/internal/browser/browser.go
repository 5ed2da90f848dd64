// Package browser starts headless Chromium with chromedp for the browser
// tests and the benchmark driver, with one set of flags, and has the small
// helpers the tests share: tabs, running actions, evaluating JavaScript,
// waiting for a condition, emulating media and screenshots. Which Chromium,
// and whether a missing one fails or skips the test, is
// internal/testtool's rule (fail when CI is set).
package browser

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/chess960/chess960/internal/testtool"
)

// Options are the allocator options of every run: Chromium at path,
// headless without sandbox or GPU, nothing fetched in the background, a
// window of width x height, and the extra options last.
func Options(path string, width, height int, extra ...chromedp.ExecAllocatorOption) []chromedp.ExecAllocatorOption {
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true), chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.Flag("hide-scrollbars", true),
		chromedp.WindowSize(width, height))
	return append(opts, extra...)
}

// Start starts Chromium with a window of width x height and returns the
// context of its first tab; the browser stops when the test ends. It skips
// the test with -short (but not when CI is set: testtool.Long), and when
// Chromium is missing fails it (CI) or skips it.
func Start(t testing.TB, width, height int, extra ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	testtool.Long(t, "a browser test")
	path := testtool.Chromium(t)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), Options(path, width, height, extra...)...)
	ctx, cancelB := chromedp.NewContext(actx)
	t.Cleanup(func() { cancelB(); cancelA() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting %s: %v", path, err)
	}
	return ctx
}

// Tab opens a new tab of the browser of ctx, closed when the test ends.
func Tab(t testing.TB, ctx context.Context) context.Context {
	t.Helper()
	c, cancel := chromedp.NewContext(ctx)
	t.Cleanup(cancel)
	return c
}

// Action is an action that returns no value.
type Action = chromedp.Action[chromedp.Void]

// Do runs the actions in the tab, and fails the test at the first error.
func Do(t testing.TB, ctx context.Context, actions ...Action) {
	t.Helper()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatal(err)
	}
}

// Get runs an action that returns a value, and fails the test on an
// error.
func Get[T any](t testing.TB, ctx context.Context, a chromedp.Action[T]) T {
	t.Helper()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// Eval evaluates a JavaScript expression in the tab's page; a promise is
// awaited.
func Eval[T any](t testing.TB, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

// Patience is how long WaitFor waits for a condition before it fails the
// test: a bound on a hang, not a measure of speed.
const Patience = 10 * time.Second

// WaitFor evaluates a JavaScript condition until it holds, and fails the
// test after Patience. A page that is being replaced by the next has no
// context to evaluate in for a moment: it is asked again.
func WaitFor(t testing.TB, ctx context.Context, js, what string) {
	t.Helper()
	deadline := time.Now().Add(Patience)
	var last error
	for time.Now().Before(deadline) {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js))
		if err == nil && ok {
			return
		}
		last = err
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("timed out waiting for %s (%s; last error %v)", what, js, last)
}

// Text returns the text of the first element the CSS selector matches. A
// page that is still being replaced by the next one (its address changed,
// its document not yet) is asked again.
func Text(t testing.TB, ctx context.Context, sel string) string {
	t.Helper()
	var err error
	for try := 0; try < 20; try++ {
		var s string
		if s, err = chromedp.Run(ctx, chromedp.TextContent(chromedp.CSS(sel))); err == nil {
			return s
		}
		if !strings.Contains(err.Error(), "No node with given id") {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal(err)
	return ""
}

// NoScript turns JavaScript off in the tab, for the pages' forms and links
// as they work without it.
func NoScript() Action {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
		return err
	})
}

// Media emulates a media type ("print", or "" for the screen) and a colour
// scheme ("light" or "dark").
func Media(media, scheme string) Action {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: media,
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}})
		return err
	})
}

// Screenshot writes a PNG of the tab's viewport to path.
func Screenshot(t testing.TB, ctx context.Context, path string) {
	t.Helper()
	buf := Get(t, ctx, chromedp.CaptureScreenshot())
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		t.Fatal(err)
	}
}
