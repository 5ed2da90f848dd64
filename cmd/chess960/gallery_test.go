package main

import (
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chess960/chess960"
)

// TestGalleryHTML: the web app's gallery page as one file. All 960 in
// Scharnagl order, each with its rank and Fritz9 number, drawn in the
// page, in 60 groups of the King's table, with the filters, the style sheet
// (print styles included) and the scripts in the page, and nothing loaded
// from elsewhere. The browser tests (e2e/webapp) open it from disk and use
// its filters.
func TestGalleryHTML(t *testing.T) {
	html := mustRun(t, "gallery")
	fig := regexp.MustCompile(`(?s)<figure class="thumb" id="sp(\d+)" data-id="(\d+)" data-rank="([A-Z]{8})".*? · F(\d+)</span></figcaption></figure>`)
	figs := fig.FindAllStringSubmatch(html, -1)
	if len(figs) != 960 {
		t.Fatalf("%d figures, want 960", len(figs))
	}
	for i, m := range figs {
		sp := chess960.MustNew(i)
		if m[1] != strconv.Itoa(i) || m[2] != m[1] || m[3] != sp.String() || m[4] != strconv.Itoa(sp.Fritz9()) {
			t.Fatalf("figure %d: %v, want position %d %s Fritz9 %d", i, m[1:], i, sp, sp.Fritz9())
		}
	}
	// From SPEC: 518 is RNBQKBNR, Fritz9 359; 0 is BBQNNRKR; 959 is RKRNNQBB.
	for _, want := range []string{`id="sp518" data-id="518" data-rank="RNBQKBNR" data-k="e" data-l="f" data-d="c" data-cp="35">`, `>&#43;0.35</span> · F359</span>`,
		`id="sp0" data-id="0" data-rank="BBQNNRKR"`, `id="sp959" data-id="959" data-rank="RKRNNQBB"`} {
		if !strings.Contains(html, want) {
			t.Errorf("gallery lacks %s", want)
		}
	}
	sections := regexp.MustCompile(`<section class="group" aria-label="King's table (\d+): ([A-Z]{6})">`).FindAllStringSubmatch(html, -1)
	if len(sections) != 60 {
		t.Fatalf("%d groups, want 60", len(sections))
	}
	for g, s := range sections {
		// The King's table entry of group g is position 16g without its
		// bishops.
		want := strings.ReplaceAll(chess960.MustNew(16*g).String(), "B", "")
		if s[1] != strconv.Itoa(16*g) || s[2] != want {
			t.Errorf("group %d: %v, want %d %s", g, s[1:], 16*g, want)
		}
	}
	if n := strings.Count(html, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" class="c960-board c960-light"`); n != 960 {
		t.Errorf("%d boards drawn in the page, want 960", n)
	}
	if n := strings.Count(html, `class="c960-defs"`); n != 1 {
		t.Errorf("%d definition blocks, want 1", n)
	}
	for _, want := range []string{"<style>", "@media print", "break-before: page", `<script type="module">`, "function readList(",
		`<form class="filters card" id="filters"`, `<input id="f-ids" name="ids"`, `<select id="f-king" name="king">`, `<input id="f-pattern" name="pattern"`} {
		if !strings.Contains(html, want) {
			t.Errorf("gallery lacks %q", want)
		}
	}
	// Self-contained: no URL but the SVG namespace, and links only to
	// places in the page.
	urls := regexp.MustCompile(`(?i:src=|<link|@import|https?://)|href="[^#]|url\(`).FindAllStringIndex(html, -1)
	for _, u := range urls {
		if s := html[u[0]:min(len(html), u[0]+40)]; !strings.HasPrefix(s, "http://www.w3.org/2000/svg") {
			t.Errorf("external reference: %q", s)
		}
	}
}

func TestGallerySVG(t *testing.T) {
	out := mustRun(t, "gallery", "--format", "svg")
	var root xmlNode
	if err := xml.Unmarshal([]byte(out), &root); err != nil {
		t.Fatalf("gallery --format svg is not XML: %v", err)
	}
	var ids []int
	boards := 0
	root.walk(func(n *xmlNode) {
		if id := n.attr("data-id"); id != "" {
			v, _ := strconv.Atoi(id)
			ids = append(ids, v)
		}
		if n.XMLName.Local == "svg" && strings.Contains(n.attr("class"), "c960-board") {
			boards++
			if len(ids) > 0 {
				want := fmt.Sprintf("Chess960 position %d: %s, White to move", ids[len(ids)-1], chess960.MustNew(ids[len(ids)-1]))
				if n.Nodes[0].Text != want {
					t.Fatalf("board title %q, want %q", n.Nodes[0].Text, want)
				}
			}
		}
	})
	if boards != 960 || len(ids) != 960 {
		t.Fatalf("%d boards, %d numbers", boards, len(ids))
	}
	for i, id := range ids {
		if id != i {
			t.Fatalf("board %d is position %d", i, id)
		}
	}
	dir := t.TempDir()
	mustRun(t, "gallery", "-o", filepath.Join(dir, "g.svg"))
	data, _ := os.ReadFile(filepath.Join(dir, "g.svg"))
	if string(data) != out {
		t.Error("-o g.svg does not write the SVG gallery")
	}
	mustRun(t, "gallery", "-o", filepath.Join(dir, "g.html"))
	data, _ = os.ReadFile(filepath.Join(dir, "g.html"))
	if !strings.HasPrefix(string(data), "<!doctype html>") {
		t.Error("-o g.html does not write the HTML gallery")
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"gallery", "--format", "pdf"}, 1, `--format "pdf": unknown value: want html or svg`},
		{[]string{"gallery", "extra"}, 2, `unexpected argument "extra"`},
	} {
		out, errOut, code := call(t, "", tc.args...)
		if code != tc.code || out != "" || !strings.Contains(errOut, tc.want) {
			t.Errorf("%q: exit %d, stderr %q", tc.args, code, errOut)
		}
	}
}
