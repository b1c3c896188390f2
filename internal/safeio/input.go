package safeio

import (
	"fmt"
	"io"
	"os"
	"syscall"
)

// ReadRegular reads a whole input file of at most limit bytes. The file must
// be a regular file: it is opened without blocking (a FIFO would otherwise
// wait for a writer for ever) and checked on the open descriptor, so a path
// swapped for a FIFO or device after a check is refused all the same.
func ReadRegular(path string, limit int64) ([]byte, error) {
	f, err := OpenRegular(path, limit)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// The size can grow while reading; read one byte past the limit to tell.
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, unwrapPath(err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("is more than the limit of %d bytes", limit)
	}
	return data, nil
}

// OpenRegular opens an input file of at most limit bytes for reading as a
// stream, with ReadRegular's checks (a regular file, checked on the open
// descriptor). The reader must still bound what it reads: the file can
// grow after the check.
func OpenRegular(path string, limit int64) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, unwrapPath(err)
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, unwrapPath(err)
	}
	if kind := notRegular(fi.Mode()); kind != "" {
		f.Close()
		return nil, fmt.Errorf("is a %s, not a regular file", kind)
	}
	if fi.Size() > limit {
		f.Close()
		return nil, fmt.Errorf("is %d bytes, more than the limit of %d", fi.Size(), limit)
	}
	return f, nil
}
