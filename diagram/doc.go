// Package diagram draws chess positions as SVG: any Position, Setup or Board,
// and the 960 start positions, with our own Staunton-style pieces.
//
// A Diagram is what a picture shows (made by FromStartPos, FromPosition,
// FromSetup or FromBoard); Options say how to draw it: size, orientation,
// coordinates, colours (Light and Dark themes, or a Palette), highlighted
// squares, the last move, arrows and the check marker. AppendSVG writes into
// a byte slice without allocating; WriteSVG writes to an io.Writer.
//
// The output is deterministic, valid XML and addressable, which web pages and
// tests rely on:
//   - the <svg> element has role="img", the class "c960-board" and a <title>
//     and <desc>, e.g. "Chess960 position 518: RNBQKBNR, White to move";
//   - every square is a <rect> with data-square="e1";
//   - every piece is a <use> with data-piece="wK" (colour w or b and the
//     upper-case role letter) and data-square="e1".
//
// Pieces are drawn from our own shapes, kept as SVG path data. A picture holds
// their definitions once, in <defs>, and refers to them with <use>. A page that
// shows many boards writes AppendDefs once and draws the boards with
// Options.External, which leaves the definitions out of each; a gallery of
// small boards adds Options.Thumbnail, which draws the squares as one shared
// element instead of 64.
//
// The same layout, with the same shapes, is rendered to pixels by the
// sub-package diagram/raster, which keeps the golang.org/x/image dependency
// out of this package: diagram depends on the standard library only.
package diagram
