package site

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"strconv"
	"strings"
	"sync"
)

var gzipPool = sync.Pool{New: func() any {
	zw, _ := gzip.NewWriterLevel(nil, gzip.BestSpeed)
	return zw
}}

// GzipFast compresses a page for the wire.
func GzipFast(b []byte) []byte {
	var buf bytes.Buffer
	buf.Grow(len(b) / 4)
	zw := gzipPool.Get().(*gzip.Writer)
	zw.Reset(&buf)
	zw.Write(b)
	zw.Close()
	gzipPool.Put(zw)
	return buf.Bytes()
}

func GzipBest(b []byte) []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(b)
	zw.Close()
	return buf.Bytes()
}

// AcceptsGzip reports whether the request takes a gzipped answer.
func AcceptsGzip(r *http.Request) bool {
	for _, v := range r.Header.Values("Accept-Encoding") {
		for _, part := range strings.Split(v, ",") {
			enc, params, _ := strings.Cut(strings.TrimSpace(part), ";")
			if !strings.EqualFold(strings.TrimSpace(enc), "gzip") {
				continue
			}
			qv, hasQ := strings.CutPrefix(strings.ReplaceAll(params, " ", ""), "q=")
			if q, err := strconv.ParseFloat(qv, 64); hasQ && err == nil && q == 0 {
				return false
			}
			return true
		}
	}
	return false
}
