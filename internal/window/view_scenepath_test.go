package window

import "testing"

// A file entry's label is a short path: relative under the working
// directory, from ~ under home, cut from the left past the limit.
func TestShortPath(t *testing.T) {
	for _, c := range []struct{ p, want string }{
		{"scenes/pile.json", "scenes/pile.json"},
		{"/work/proj/scenes/pile.json", "scenes/pile.json"},
		{"/home/ann/pile.json", "~/pile.json"},
		{"/tmp/pile.json", "/tmp/pile.json"},
		{"../other/pile.json", "/work/other/pile.json"},
		{"/tmp/a-rather-long-directory-name/and-another-one/pile.json", ".../and-another-one/pile.json"},
		{"/tmp/" + "x123456789x123456789x123456789x123456789x123456789.json", ".../x123456789x123456789x123456789x123456789x123456789.json"},
	} {
		if got := shortPath(c.p, "/work/proj", "/home/ann", 44); got != c.want {
			t.Errorf("shortPath(%q) = %q, want %q", c.p, got, c.want)
		}
	}
}
