package decimal_test

import (
	"fmt"

	"github.com/chess960/chess960/internal/decimal"
)

func ExampleInt() {
	for _, s := range []string{"010", "-3", "0x10", "1_000", "+5", "1e3", "961"} {
		n, err := decimal.Int(s, -5, 960)
		fmt.Println(s, n, err)
	}
	// Output:
	// 010 10 <nil>
	// -3 -3 <nil>
	// 0x10 0 not plain decimal digits
	// 1_000 0 not plain decimal digits
	// +5 0 not plain decimal digits
	// 1e3 0 not plain decimal digits
	// 961 0 out of range
}
