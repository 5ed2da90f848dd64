package raster

// ResetSpriteCache forgets the pieces drawn so far, for the benchmarks of a
// first picture.
func ResetSpriteCache() {
	spriteMu.Lock()
	clear(spriteCache)
	spriteBytes = 0
	spriteMu.Unlock()
}
