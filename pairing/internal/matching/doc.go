// Package matching computes maximum-weight matchings in general graphs whose
// edge weights are unsigned integers of many 64-bit words, by Edmonds'
// blossom algorithm in its primal-dual form, and re-optimises after a few
// weights change instead of starting again.
//
// The Dutch pairing engine builds one graph per pairing decision on the
// players of a bracket, with weights made of fields stacked from the most
// important criterion down, and then changes the weights at one vertex at a
// time and asks again, hundreds of times per round.
//
// # Representation
//
// Internally every number has one word more than the caller's weights, and
// an edge of weight w is stored as 2w. A vertex v has a dual y(v) and a
// blossom B a dual z(B), both non-negative, in the same doubled units; the
// slack of an edge uv is y(u) + y(v) + sum of z(B) over the blossoms holding
// both ends, minus 2w(uv). The duals are kept feasible (no negative slack)
// at all times, so after a weight change the previous matching, blossoms and
// duals are a valid starting point once the few vertices the change touches
// are freed. Solve then runs the primal-dual stages only from the exposed
// vertices whose dual is still positive, which is what makes a re-solve after
// changing the edges of one vertex cost about one stage, O(n²) word
// operations, instead of the O(n³) of a solve from nothing.
//
// The extra word means any weight the caller can write in Words() words is
// accepted, the top two bits included: every dual is bounded by the dual
// objective, which never exceeds about n times the largest weight, far below
// 2^64 times it. Callers need not leave any bits free.
//
// Vertex duals are even-valued for every exposed vertex when a stage starts
// (Solve adjusts them), so that the slack between two S-vertices, always
// even then, can be halved exactly.
//
// # Re-solving
//
// SetWeight frees a vertex only when the change needs it: the edge is
// matched, lies inside a blossom, or would get a negative slack. Freeing u
// unmatches the base of u's top-level blossom, rotates that blossom so that u
// is its base, and dissolves the blossoms holding u, spreading each one's
// dual over its vertices. Solve then lowers each freed vertex's dual to the
// least feasible value and grows alternating trees from the exposed vertices
// with a positive dual. A tree also stops when one of its S-vertices' duals
// reaches zero: the path to it is flipped so that it is the exposed vertex,
// with zero dual, which satisfies complementary slackness.
//
// # Cost
//
// Weights take n²·(Words()+1)·8 bytes, stored as a full matrix because rows
// are scanned in order. Edges are compared from the most significant word
// down and most are rejected within the first differing field.
package matching
