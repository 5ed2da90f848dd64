package book

import "bufio"

// readLine returns the next line of br with its newline (the last may lack
// it), however long: the buffer's slice when it fits, a copy otherwise.
func readLine(br *bufio.Reader) ([]byte, error) {
	b, err := br.ReadSlice('\n')
	if err != bufio.ErrBufferFull {
		return b, err
	}
	long := append([]byte(nil), b...)
	for err == bufio.ErrBufferFull {
		b, err = br.ReadSlice('\n')
		long = append(long, b...)
	}
	return long, err
}

// hashSet is a set of 64-bit position hashes, each with the line that
// first gave it: open addressing in two flat arrays, 12 bytes a slot.
type hashSet struct {
	keys  []uint64 // 0 marks an empty slot; the hash 0 is kept apart
	lines []uint32
	n     int
	zero  uint32 // the line of the hash 0, plus one
}

func newHashSet() *hashSet {
	return &hashSet{keys: make([]uint64, 1<<10), lines: make([]uint32, 1<<10)}
}

// add records h for line, or returns the line that gave it first.
func (s *hashSet) add(h uint64, line uint32) (first uint32, dup bool) {
	if h == 0 {
		if s.zero != 0 {
			return s.zero - 1, true
		}
		s.zero = line + 1
		return 0, false
	}
	mask := uint64(len(s.keys) - 1)
	for i := (h * 0x9E3779B97F4A7C15) >> 1 & mask; ; i = (i + 1) & mask {
		switch s.keys[i] {
		case h:
			return s.lines[i], true
		case 0:
			s.keys[i], s.lines[i] = h, line
			s.n++
			if 4*s.n > 3*len(s.keys) {
				s.grow()
			}
			return 0, false
		}
	}
}

// get returns the line recorded for h.
func (s *hashSet) get(h uint64) (uint32, bool) {
	if h == 0 {
		return s.zero - 1, s.zero != 0
	}
	mask := uint64(len(s.keys) - 1)
	for i := (h * 0x9E3779B97F4A7C15) >> 1 & mask; ; i = (i + 1) & mask {
		switch s.keys[i] {
		case h:
			return s.lines[i], true
		case 0:
			return 0, false
		}
	}
}

// set records line for h, which must be in the set.
func (s *hashSet) set(h uint64, line uint32) {
	if h == 0 {
		s.zero = line + 1
		return
	}
	mask := uint64(len(s.keys) - 1)
	for i := (h * 0x9E3779B97F4A7C15) >> 1 & mask; ; i = (i + 1) & mask {
		if s.keys[i] == h {
			s.lines[i] = line
			return
		}
	}
}

func (s *hashSet) grow() {
	old, oldLines := s.keys, s.lines
	s.keys, s.lines = make([]uint64, 2*len(old)), make([]uint32, 2*len(old))
	mask := uint64(len(s.keys) - 1)
	for j, h := range old {
		if h == 0 {
			continue
		}
		i := (h * 0x9E3779B97F4A7C15) >> 1 & mask
		for s.keys[i] != 0 {
			i = (i + 1) & mask
		}
		s.keys[i], s.lines[i] = h, oldLines[j]
	}
}

// bloom is a Bloom filter of position hashes: 2^28 bits (32 MB), four
// probes each, about one false "seen" in 400 at 17 million positions.
type bloom struct{ bits []uint64 }

const bloomBits = 1 << 28

func newBloom() *bloom { return &bloom{bits: make([]uint64, bloomBits/64)} }

func probes(h uint64) (a, b uint64) { return h, (h*0x9E3779B97F4A7C15)>>17 | 1 }

func (f *bloom) add(h uint64) {
	a, b := probes(h)
	for i := uint64(0); i < 4; i++ {
		k := (a + i*b) & (bloomBits - 1)
		f.bits[k>>6] |= 1 << (k & 63)
	}
}

func (f *bloom) has(h uint64) bool {
	a, b := probes(h)
	for i := uint64(0); i < 4; i++ {
		k := (a + i*b) & (bloomBits - 1)
		if f.bits[k>>6]&(1<<(k&63)) == 0 {
			return false
		}
	}
	return true
}
