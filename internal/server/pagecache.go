package server

import "sync"

// publicKey names one rendering of an event's public page or public JSON.
// An event's state at a version never changes, so neither do they.
type publicKey struct {
	id      string
	version int64
	kind    string // "page", "json", or "standings/N"
	theme   string
	gzip    bool
}

// renderedPage is a page as buildPage made it.
type renderedPage struct {
	body []byte
	gz   bool
}

// pageCache keeps the latest renderings, at most maxPages of them and
// maxPageBytes in all; the oldest go first.
type pageCache struct {
	mu    sync.Mutex
	pages map[publicKey]renderedPage
	order []publicKey
	bytes int
}

const (
	maxPages     = 256
	maxPageBytes = 32 << 20
)

func (c *pageCache) get(k publicKey) (renderedPage, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	p, ok := c.pages[k]
	return p, ok
}

func (c *pageCache) put(k publicKey, p renderedPage) {
	if len(p.body) > maxPageBytes/8 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.pages == nil {
		c.pages = map[publicKey]renderedPage{}
	}
	if _, ok := c.pages[k]; ok {
		return
	}
	for len(c.order) > 0 && (len(c.order) >= maxPages || c.bytes+len(p.body) > maxPageBytes) {
		old := c.order[0]
		c.order = c.order[1:]
		c.bytes -= len(c.pages[old].body)
		delete(c.pages, old)
	}
	c.pages[k] = p
	c.order = append(c.order, k)
	c.bytes += len(p.body)
}
