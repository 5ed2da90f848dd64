package main

import (
	"flag"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/chess960/chess960"
	diag "github.com/chess960/chess960/diagram"
)

// The gallery groups the 960 by the King's table: group g holds positions
// 16g..16g+15, which share the King's table entry (the queen, knights,
// rooks and king in order) and differ in the bishops, at Bishop's table
// offsets 0..15.
const galleryGroups = chess960.Count / 16

func init() {
	register(&command{
		name: "gallery", args: "[--format html|svg] [-o FILE]",
		summary: "draw all 960 start positions in one self-contained HTML or SVG file",
		detail: `The positions come in Scharnagl order, each with its number, back rank and Fritz9
number, in 60 groups of 16: one group per King's table entry (the six pieces other
than the bishops), the 16 boards of a group at the 16 Bishop's table offsets. The
HTML has a search box (a number, a list such as 0-9,518, a Fritz9 number as F359, or
a pattern such as R?K??R??) and prints one group per page on A4 or Letter. The file
holds everything it shows: no fonts, images or scripts from elsewhere.`,
		setup: func(fs *flag.FlagSet) func(*env, []string) error {
			format := choiceFlag(fs, "format", "", []string{"html", "svg"}, nil, "the file's format (default: svg if FILE ends in .svg, else html)")
			out := fs.String("o", "", "write to `FILE` instead of stdout")
			return func(e *env, args []string) error {
				if err := wantArgs(args, 0, 0, ""); err != nil {
					return err
				}
				f := format.v
				if f == "" {
					f = "html"
					if strings.EqualFold(filepath.Ext(*out), ".svg") {
						f = "svg"
					}
				}
				var data []byte
				if f == "svg" {
					data = appendGallerySVG(nil)
				} else {
					data = appendGalleryHTML(nil, 0, galleryGroups)
				}
				return writeOutput(e, *out, data)
			}
		},
	})
}

// bishopOffsets returns the Bishop's table: "--B--B--" for offset 6.
func bishopOffsets() [16]string { return chess960.BishopsTable() }

const galleryCSS = `
:root{color-scheme:light;--ink:#2b2420;--muted:#6d6258;--line:#e4dccf;--bg:#fbf8f3}
*{box-sizing:border-box}
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--bg)}
header{padding:1.2rem 1.5rem .6rem;max-width:72rem;margin:auto}
h1{font-size:1.5rem;margin:0 0 .3rem}
header p{margin:.3rem 0;color:var(--muted);max-width:48rem}
form{position:sticky;top:0;z-index:1;background:var(--bg);padding:.6rem 1.5rem;border-bottom:1px solid var(--line)}
form div{max-width:72rem;margin:auto;display:flex;gap:.8rem;align-items:center;flex-wrap:wrap}
label{font-weight:600}
input{font:inherit;padding:.35rem .6rem;border:1px solid #b9ad9c;border-radius:.4rem;width:16rem;max-width:100%}
output{color:var(--muted)}
main{max-width:72rem;margin:auto;padding:0 1.5rem 2rem}
section{margin-top:1.4rem;content-visibility:auto;contain-intrinsic-size:auto 40rem}
h2{font-size:1.05rem;margin:0 0 .5rem;font-weight:600}
h2 .rank{font-family:ui-monospace,Menlo,Consolas,monospace;letter-spacing:.08em}
h2 small{font-weight:400;color:var(--muted);margin-left:.5rem}
.boards{display:grid;grid-template-columns:repeat(8,1fr);gap:.9rem .8rem}
@media (max-width:60rem){.boards{grid-template-columns:repeat(4,1fr)}}
@media (max-width:26rem){.boards{grid-template-columns:repeat(2,1fr)}}
figure{margin:0}
figure svg{display:block;width:100%;height:auto;border-radius:2px;box-shadow:0 0 0 1px rgba(0,0,0,.12)}
figcaption{font-size:.8rem;text-align:center;margin-top:.25rem;line-height:1.3}
figcaption b{font-size:.95rem}
.mono{font-family:ui-monospace,Menlo,Consolas,monospace;letter-spacing:.05em}
.off{color:var(--muted)}
.c960-defs{position:absolute}
[hidden]{display:none!important}
@page{margin:12mm}
@media print{
 body{background:#fff;font-size:10pt}
 form,header p.screen{display:none}
 header,main{max-width:none;padding:0}
 main{break-before:page}
 section{margin:0;content-visibility:visible}
 section+section{break-before:page}
 h2{font-size:12pt;margin-bottom:4mm}
 .boards{grid-template-columns:repeat(4,42mm);gap:3mm 5mm;justify-content:center}
 figure{break-inside:avoid}
 figure svg{width:42mm;height:42mm;box-shadow:none;border:.2mm solid #888}
 figcaption{font-size:8pt;margin-top:1mm}
}
`

const galleryJS = `
(function(){
var q=document.getElementById('q'),out=document.getElementById('n');
var figs=[].slice.call(document.querySelectorAll('figure[data-id]'));
var secs=[].slice.call(document.querySelectorAll('section'));
function matcher(s){
 s=s.trim().toUpperCase().replace(/^(SP-?|#)/,'');
 if(!s)return function(){return true};
 var m=s.match(/^F(?:RITZ ?9)?[ :#-]*(\d+)$/);
 if(m){var f9=+m[1];return function(f){return +f.dataset.fritz9===f9}}
 if(/^[0-9 ,-]+$/.test(s)){
  var parts=s.split(',').map(function(p){return p.trim()}).filter(Boolean).map(function(p){
   var ab=p.split('-').map(function(x){x=+x;return x===960?0:x});return [ab[0],ab.length>1?ab[1]:ab[0]]});
  return function(f){var id=+f.dataset.id;return parts.some(function(r){return id>=r[0]&&id<=r[1]})}}
 if(/^[KQRBN?.*_-]{1,8}$/.test(s)){
  var re=new RegExp((s.length===8?'^':'')+s.replace(/[?.*_-]/g,'.')+(s.length===8?'$':''));
  return function(f){return re.test(f.dataset.rank)}}
 return null}
function run(){
 var m=matcher(q.value),n=0;
 figs.forEach(function(f){var ok=!!m&&m(f);f.hidden=!ok;if(ok)n++});
 secs.forEach(function(s){s.hidden=!s.querySelector('figure:not([hidden])')});
 out.textContent=!m?'not understood: try 518, 0-9, F359 or R?K??R??':n===960?'960 positions':n+' of 960';
}
q.addEventListener('input',run);
q.form.addEventListener('submit',function(e){e.preventDefault()});
if(location.hash.length>1){q.value=decodeURIComponent(location.hash.slice(1));run()}
})();
`

// appendGalleryHTML appends the gallery as one HTML page, with the groups
// from..to-1 (0..60 for all 960).
func appendGalleryHTML(b []byte, from, to int) []byte {
	b = append(b, `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>The 960 Chess960 start positions</title>
<style>`...)
	b = append(b, galleryCSS...)
	b = append(b, `</style>
</head>
<body>
`...)
	b = diag.AppendDefs(b, nil)
	b = append(b, `<header>
<h1>The 960 Chess960 start positions</h1>
<p>In Scharnagl's order, numbered 0 to 959 (518 is ordinary chess), each with its back rank and its Fritz9 number.
Each group of 16 shares one entry of Scharnagl's King's table: the queen, the knights, the rooks and the king stand in the same order
on the six squares the bishops leave free. The 16 positions of a group differ only in the bishops, at Bishop's table offsets +0 to +15,
so position N is King's table entry N &minus; (N mod 16) poured into Bishop's table row N mod 16.</p>
<p class="screen">Search by number (518), by a list (0-9,518), by Fritz9 number (F359) or by a back-rank pattern with ? for any piece (R?K??R??).</p>
</header>
<form role="search"><div><label for="q">Find</label>
<input id="q" type="search" autocomplete="off" spellcheck="false" placeholder="518, 0-9, F359 or R?K??R??">
<output id="n" for="q" aria-live="polite">960 positions</output></div></form>
<main>
`...)
	offsets := bishopOffsets()
	kings := chess960.KingsTable()
	skel := chess960.SkeletonTable()
	o := &diag.Options{External: true, Thumbnail: true, Class: "sp"}
	for g := from; g < to; g++ {
		k := kings[g]
		b = fmt.Appendf(b, `<section id="k%d" aria-labelledby="h%d"><h2 id="h%d">King's table %d: <span class="rank">%s</span>`+
			`<small>positions %d&ndash;%d, NQ-skeleton <span class="mono">%s</span></small></h2>
<div class="boards">
`, k.N, k.N, k.N, k.N, k.Entry, k.N, k.N+15, skel[g].Entry)
		for off := range 16 {
			sp := chess960.MustNew(k.N + off)
			d := diag.FromStartPos(sp)
			id, rank := sp.ID(), sp.String()
			b = fmt.Appendf(b, `<figure id="sp%d" data-id="%d" data-rank="%s" data-fritz9="%d">`, id, id, rank, sp.Fritz9())
			b = d.AppendSVG(b, o)
			b = b[:len(b)-1] // the SVG's final newline
			b = fmt.Appendf(b, `<figcaption><b>%d</b> <span class="mono">%s</span><br><span class="off">+%d <span class="mono">%s</span><br>Fritz9 %d</span></figcaption></figure>
`, id, rank, off, offsets[off], sp.Fritz9())
		}
		b = append(b, "</div></section>\n"...)
	}
	b = append(b, "</main>\n<script>"...)
	b = append(b, galleryJS...)
	b = append(b, "</script>\n</body>\n</html>\n"...)
	return b
}

// The layout of the SVG gallery, in its own units.
const (
	gBoard  = 120 // a board's side
	gGapX   = 14  // between boards
	gLabelW = 170 // the column of group labels
	gHeadH  = 150 // the title and the column heads
	gRowH   = gBoard + 52
)

// appendGallerySVG appends the gallery as one SVG picture: a row per King's
// table entry, a column per Bishop's table offset.
func appendGallerySVG(b []byte) []byte {
	w := gLabelW + 16*(gBoard+gGapX)
	h := gHeadH + galleryGroups*gRowH + 20
	b = fmt.Appendf(b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" font-family="system-ui,Segoe UI,Roboto,sans-serif" role="img">`, w, h, w, h)
	b = append(b, `<title>The 960 Chess960 start positions</title><desc>In Scharnagl's order: one row per King's table entry (positions N to N+15), one column per Bishop's table offset; each board with its number, back rank and Fritz9 number.</desc>`...)
	b = fmt.Appendf(b, `<rect width="%d" height="%d" fill="#fbf8f3"/>`, w, h)
	b = diag.AppendDefs(b, nil)
	b = append(b, `<text x="20" y="50" font-size="34" font-weight="600" fill="#2b2420">The 960 Chess960 start positions</text>`...)
	b = append(b, `<text x="20" y="84" font-size="17" fill="#6d6258">Rows: King's table entries (queen, knights, rooks and king in order). Columns: Bishop's table offsets. Position = row + column. Under each board: Scharnagl number, back rank, Fritz9 number.</text>`...)
	offsets := bishopOffsets()
	for off := range 16 {
		x := gLabelW + off*(gBoard+gGapX) + gBoard/2
		b = fmt.Appendf(b, `<text x="%d" y="%d" font-size="17" text-anchor="middle" fill="#2b2420" font-weight="600">+%d</text>`, x, gHeadH-34, off)
		b = fmt.Appendf(b, `<text x="%d" y="%d" font-size="15" text-anchor="middle" fill="#6d6258" font-family="ui-monospace,Menlo,Consolas,monospace">%s</text>`, x, gHeadH-14, offsets[off])
	}
	kings := chess960.KingsTable()
	o := &diag.Options{External: true, Thumbnail: true, Size: gBoard}
	for g := range galleryGroups {
		k := kings[g]
		y := gHeadH + g*gRowH
		b = fmt.Appendf(b, `<g id="k%d"><text x="20" y="%d" font-size="22" font-weight="600" fill="#2b2420">%d</text>`, k.N, y+40, k.N)
		b = fmt.Appendf(b, `<text x="20" y="%d" font-size="19" fill="#2b2420" font-family="ui-monospace,Menlo,Consolas,monospace">%s</text>`, y+68, k.Entry)
		for off := range 16 {
			sp := chess960.MustNew(k.N + off)
			d := diag.FromStartPos(sp)
			x := gLabelW + off*(gBoard+gGapX)
			b = fmt.Appendf(b, `<g transform="translate(%d %d)" data-id="%d">`, x, y, sp.ID())
			b = d.AppendSVG(b, o)
			b = b[:len(b)-1]
			b = fmt.Appendf(b, `<text x="%d" y="%d" font-size="15" text-anchor="middle" fill="#2b2420"><tspan font-weight="600">%d</tspan> <tspan font-family="ui-monospace,Menlo,Consolas,monospace">%s</tspan></text>`, gBoard/2, gBoard+19, sp.ID(), sp)
			b = fmt.Appendf(b, `<text x="%d" y="%d" font-size="13" text-anchor="middle" fill="#6d6258">Fritz9 %s</text></g>`, gBoard/2, gBoard+37, strconv.Itoa(sp.Fritz9()))
		}
		b = append(b, "</g>\n"...)
	}
	return append(b, "</svg>\n"...)
}
