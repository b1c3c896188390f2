package safeio

import (
	"fmt"
	"io"
	"os"
)

// OpenStream opens an input to be read as a stream, with the checks of
// ReadRegular: a regular file (opened without blocking, checked on the open
// descriptor) of at most limit bytes. The reader stops one byte past limit,
// and a read past it fails, so a file that grows while it is read cannot
// exhaust memory either. The caller closes it.
func OpenStream(path string, limit int64) (io.ReadCloser, error) {
	f, err := OpenRegular(path, limit)
	if err != nil {
		return nil, err
	}
	return &limitedFile{f: f, left: limit}, nil
}

// limitedFile reads at most left bytes and fails on more.
type limitedFile struct {
	f    *os.File
	left int64
}

func (l *limitedFile) Read(p []byte) (int, error) {
	if l.left < 0 {
		return 0, fmt.Errorf("grew past the limit while it was read")
	}
	if int64(len(p)) > l.left+1 {
		p = p[:l.left+1]
	}
	n, err := l.f.Read(p)
	l.left -= int64(n)
	if l.left < 0 {
		return n, fmt.Errorf("grew past the limit while it was read")
	}
	return n, unwrapPath(err)
}

func (l *limitedFile) Close() error { return l.f.Close() }
