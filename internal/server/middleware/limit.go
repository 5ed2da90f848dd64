package middleware

import (
	"sync"
	"time"
)

// RateLimiter is a token bucket per client: rate tokens a second, at most
// burst of them saved. Its memory is bounded (MaxBuckets).
type RateLimiter struct {
	// Now is the clock (time.Now); tests set it.
	Now func() time.Time

	mu      sync.Mutex
	rate    float64
	burst   float64
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	last   time.Time
}

// MaxBuckets bounds a RateLimiter's memory: past it, the buckets that are
// full again go.
const MaxBuckets = 100_000

// NewRateLimiter returns a limiter of rate tokens a second per client and
// bursts of at most burst.
func NewRateLimiter(rate float64, burst int) *RateLimiter {
	return &RateLimiter{rate: rate, burst: float64(burst), buckets: map[string]*bucket{}, Now: time.Now}
}

// Rate is the limiter's tokens a second.
func (l *RateLimiter) Rate() float64 { return l.rate }

// Allow takes a token of the client's bucket; when there is none it
// returns false and the whole seconds until there is.
func (l *RateLimiter) Allow(client string) (bool, int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.Now()
	b := l.buckets[client]
	if b == nil {
		if len(l.buckets) >= MaxBuckets {
			for k, o := range l.buckets {
				if o.tokens+now.Sub(o.last).Seconds()*l.rate >= l.burst {
					delete(l.buckets, k)
				}
			}
		}
		b = &bucket{tokens: l.burst, last: now}
		l.buckets[client] = b
	}
	b.tokens = min(l.burst, b.tokens+now.Sub(b.last).Seconds()*l.rate)
	b.last = now
	if b.tokens < 1 {
		wait := int((1-b.tokens)/l.rate) + 1
		return false, wait
	}
	b.tokens--
	return true, 0
}

// StreamLimiter counts long-lived requests (live streams): at most max
// open at once, and at most perClient of them from one client, so that
// one address cannot take every slot and the others keep a share.
type StreamLimiter struct {
	mu        sync.Mutex
	max       int
	perClient int
	open      int
	byClient  map[string]int
}

// NewStreamLimiter returns a limiter of max streams in all and perClient
// from one client (perClient <= 0 or above max: max).
func NewStreamLimiter(max, perClient int) *StreamLimiter {
	if perClient <= 0 || perClient > max {
		perClient = max
	}
	return &StreamLimiter{max: max, perClient: perClient, byClient: map[string]int{}}
}

// Limits returns the limiter's max and perClient.
func (l *StreamLimiter) Limits() (max, perClient int) { return l.max, l.perClient }

// Why a stream was refused.
const (
	Full       = "full"       // max streams are open
	ClientFull = "clientFull" // perClient streams of this client are open
)

// Acquire opens a stream for the client. On success it returns the
// function that closes it (call it once); otherwise nil and why: Full or
// ClientFull.
func (l *StreamLimiter) Acquire(client string) (release func(), why string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.byClient[client] >= l.perClient {
		return nil, ClientFull
	}
	if l.open >= l.max {
		return nil, Full
	}
	l.open++
	l.byClient[client]++
	var once sync.Once
	return func() {
		once.Do(func() {
			l.mu.Lock()
			defer l.mu.Unlock()
			l.open--
			if l.byClient[client]--; l.byClient[client] <= 0 {
				delete(l.byClient, client)
			}
		})
	}, ""
}

// Open is how many streams are open, and how many clients hold them.
func (l *StreamLimiter) Open() (streams, clients int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.open, len(l.byClient)
}
