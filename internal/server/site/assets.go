package site

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/chess960/chess960/internal/server/web"
)

// assets serves the static files under /s/HASH/, where HASH is a digest of
// all of them: a new version gets new URLs, so browsers may keep each file
// forever. Each file is also kept gzipped.
type assets struct {
	hash  string
	files map[string]*asset
	// imports holds, for each module under js/, the modules it imports
	// statically, directly or not, in the order first met (js/NAME.js).
	imports map[string][]string
}

type asset struct {
	body, gz []byte
	ctype    string
}

func loadAssets() *assets {
	a := &assets{files: map[string]*asset{}}
	h := sha256.New()
	var names []string
	fs.WalkDir(web.FS, "static", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			names = append(names, p)
		}
		return nil
	})
	sort.Strings(names)
	for _, p := range names {
		body, err := web.FS.ReadFile(p)
		if err != nil {
			panic(err) // embedded: cannot fail
		}
		h.Write([]byte(p))
		h.Write(body)
		name := strings.TrimPrefix(p, "static/")
		ct := mime.TypeByExtension(path.Ext(name))
		switch path.Ext(name) {
		case ".js":
			ct = "text/javascript; charset=utf-8"
		case ".css":
			ct = "text/css; charset=utf-8"
		case ".svg":
			ct = "image/svg+xml"
		}
		a.files[name] = &asset{body: body, gz: GzipBest(body), ctype: ct}
	}
	a.hash = hex.EncodeToString(h.Sum(nil))[:12]
	a.imports = map[string][]string{}
	for name := range a.files {
		if strings.HasPrefix(name, "js/") && strings.HasSuffix(name, ".js") {
			a.imports[name] = a.closure(name)
		}
	}
	return a
}

// importRE matches a static import of a module beside the importer:
// import ... from "./x.js", or import "./x.js", at the start of a line.
var importRE = regexp.MustCompile(`(?m)^import\s+(?:[^"';]*?\s+from\s+)?["']\./([A-Za-z0-9_-]+\.js)["']`)

// closure returns the modules that the module name imports, directly or
// through another, each once, without name itself.
func (a *assets) closure(name string) []string {
	seen := map[string]bool{name: true}
	var out []string
	var walk func(string)
	walk = func(n string) {
		f := a.files[n]
		if f == nil {
			return
		}
		for _, m := range importRE.FindAllSubmatch(f.body, -1) {
			dep := "js/" + string(m[1])
			if !seen[dep] {
				seen[dep] = true
				out = append(out, dep)
				walk(dep)
			}
		}
	}
	walk(name)
	return out
}

// preloads returns the URLs of the modules that the page's script (a name
// under js/) imports, but for those in skip, which the page loads anyway:
// for <link rel="modulepreload">, so that the browser fetches them beside
// the script instead of after it has read it.
func (a *assets) preloads(script string, skip ...string) []string {
	var out []string
	for _, dep := range a.imports["js/"+script] {
		if !slices.Contains(skip, strings.TrimPrefix(dep, "js/")) {
			out = append(out, a.url(dep))
		}
	}
	return out
}

// url returns the URL of a static file.
func (a *assets) url(name string) string { return "/s/" + a.hash + "/" + name }

func (a *assets) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rest := strings.TrimPrefix(r.URL.Path, "/s/")
	hash, name, ok := strings.Cut(rest, "/")
	f := a.files[name]
	if !ok || f == nil {
		h := w.Header()
		h.Set("Content-Type", "text/plain; charset=utf-8")
		h.Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusNotFound)
		w.Write([]byte("no such file\n"))
		return
	}
	h := w.Header()
	h.Set("Content-Type", f.ctype)
	h.Set("Vary", "Accept-Encoding")
	if hash == a.hash {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "no-cache")
	}
	body := f.body
	if AcceptsGzip(r) && len(f.gz) < len(f.body) {
		body = f.gz
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}
