package matching

import (
	"fmt"
	"math/big"
)

// This file checks a solved Graph independently of the algorithm: that Mate
// is a matching on existing edges, and that the duals the Graph keeps are an
// optimality certificate for it (linear-programming duality for the matching
// polytope: feasible duals plus complementary slackness prove maximality).

func toBig(a []uint64) *big.Int {
	x := new(big.Int)
	for i := len(a) - 1; i >= 0; i-- {
		x.Lsh(x, 64)
		x.Or(x, new(big.Int).SetUint64(a[i]))
	}
	return x
}

// matchingWeight returns the total weight of g's matching after checking that
// it is one.
func matchingWeight(g *Graph) (*big.Int, error) {
	total := new(big.Int)
	for v := 0; v < g.Len(); v++ {
		m := g.Mate(v)
		if m == -1 {
			continue
		}
		if m < 0 || m >= g.Len() || m == v {
			return nil, fmt.Errorf("vertex %d: mate %d out of range", v, m)
		}
		if g.Mate(m) != v {
			return nil, fmt.Errorf("vertex %d: mate %d but its mate is %d", v, m, g.Mate(m))
		}
		w := toBig(g.Weight(v, m))
		if w.Sign() == 0 {
			return nil, fmt.Errorf("vertex %d matched to %d over a missing edge", v, m)
		}
		if v < m {
			total.Add(total, w)
		}
	}
	return total, nil
}

// certify checks the duals of g against its matching.
func certify(g *Graph) error {
	n := g.n
	if _, err := matchingWeight(g); err != nil {
		return err
	}
	// chain[v] lists the blossoms holding v, from the top level down.
	chain := make([][]int, n)
	in := make([]bool, n)
	for b := n; b < 2*n; b++ {
		if !g.used[b] {
			continue
		}
		clear(in)
		for _, x := range g.leaves[b] {
			if in[x] {
				return fmt.Errorf("blossom %d lists vertex %d twice", b, x)
			}
			in[x] = true
		}
		if len(g.leaves[b])%2 != 1 || len(g.childs[b])%2 != 1 || len(g.childs[b]) < 3 {
			return fmt.Errorf("blossom %d has %d vertices, %d children", b, len(g.leaves[b]), len(g.childs[b]))
		}
		inside := 0
		for _, x := range g.leaves[b] {
			if m := g.Mate(x); m >= 0 && in[m] {
				inside++
			}
		}
		if inside/2 != len(g.leaves[b])/2 {
			return fmt.Errorf("blossom %d of %d vertices has %d matched edges inside", b, len(g.leaves[b]), inside/2)
		}
	}
	y := make([]*big.Int, 2*n)
	for b := range y {
		y[b] = toBig(g.y(b))
	}
	for v := 0; v < n; v++ {
		for b := g.parent[v]; b != -1; b = g.parent[b] {
			chain[v] = append(chain[v], b)
		}
		for i, j := 0, len(chain[v])-1; i < j; i, j = i+1, j-1 {
			chain[v][i], chain[v][j] = chain[v][j], chain[v][i]
		}
		top := v
		if len(chain[v]) > 0 {
			top = chain[v][0]
		}
		if g.inBlossom[v] != top {
			return fmt.Errorf("vertex %d: inBlossom %d, top-level blossom %d", v, g.inBlossom[v], top)
		}
		for _, b := range chain[v] {
			if !g.used[b] {
				return fmt.Errorf("vertex %d: in unused blossom %d", v, b)
			}
		}
		if g.Mate(v) == -1 && y[v].Sign() != 0 {
			return fmt.Errorf("exposed vertex %d has dual %v", v, y[v])
		}
	}
	s := new(big.Int)
	for u := 0; u < n; u++ {
		for v := u + 1; v < n; v++ {
			w := toBig(g.wt(u, v))
			if g.has[u*n+v] != (w.Sign() != 0) || g.has[v*n+u] != g.has[u*n+v] {
				return fmt.Errorf("edge %d-%d: weight %v but present %v", u, v, w, g.has[u*n+v])
			}
			if cmp(g.wt(u, v), g.wt(v, u)) != 0 {
				return fmt.Errorf("edge %d-%d: weight not symmetric", u, v)
			}
			if w.Sign() == 0 {
				if g.Mate(u) == v {
					return fmt.Errorf("matched edge %d-%d has no weight", u, v)
				}
				continue
			}
			s.Add(y[u], y[v])
			for i := 0; i < len(chain[u]) && i < len(chain[v]) && chain[u][i] == chain[v][i]; i++ {
				s.Add(s, y[chain[u][i]])
			}
			s.Sub(s, w)
			if s.Sign() < 0 {
				return fmt.Errorf("edge %d-%d: negative slack %v", u, v, s)
			}
			if g.Mate(u) == v && s.Sign() != 0 {
				return fmt.Errorf("matched edge %d-%d: slack %v", u, v, s)
			}
		}
	}
	return nil
}

// bruteForce returns the maximum matching weight of the symmetric weight
// matrix w (nil entries are missing edges) by dynamic programming over vertex
// subsets: the lowest vertex of a set is either left out or matched to
// another vertex of the set.
func bruteForce(w [][]*big.Int) *big.Int {
	n := len(w)
	f := make([]*big.Int, 1<<n)
	f[0] = new(big.Int)
	t := new(big.Int)
	for mask := 1; mask < 1<<n; mask++ {
		i := 0
		for mask&(1<<i) == 0 {
			i++
		}
		rest := mask &^ (1 << i)
		best := new(big.Int).Set(f[rest])
		for j := i + 1; j < n; j++ {
			if rest&(1<<j) != 0 && w[i][j] != nil && w[i][j].Sign() > 0 {
				t.Add(w[i][j], f[rest&^(1<<j)])
				if t.Cmp(best) > 0 {
					best.Set(t)
				}
			}
		}
		f[mask] = best
	}
	return f[1<<n-1]
}

// bruteForceSmall is bruteForce for small integer weights.
func bruteForceSmall(n int, w []int64) int64 {
	f := make([]int64, 1<<n)
	for mask := 1; mask < 1<<n; mask++ {
		i := 0
		for mask&(1<<i) == 0 {
			i++
		}
		rest := mask &^ (1 << i)
		best := f[rest]
		for j := i + 1; j < n; j++ {
			if rest&(1<<j) != 0 && w[i*n+j] > 0 {
				if c := w[i*n+j] + f[rest&^(1<<j)]; c > best {
					best = c
				}
			}
		}
		f[mask] = best
	}
	return f[1<<n-1]
}
