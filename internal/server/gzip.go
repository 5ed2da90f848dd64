package server

import (
	"bytes"
	"compress/gzip"
	"sync"
)

var gzipPool = sync.Pool{New: func() any {
	zw, _ := gzip.NewWriterLevel(nil, gzip.BestSpeed)
	return zw
}}

// gzipFast compresses a page for the wire.
func gzipFast(b []byte) []byte {
	var buf bytes.Buffer
	buf.Grow(len(b) / 4)
	zw := gzipPool.Get().(*gzip.Writer)
	zw.Reset(&buf)
	zw.Write(b)
	zw.Close()
	gzipPool.Put(zw)
	return buf.Bytes()
}
