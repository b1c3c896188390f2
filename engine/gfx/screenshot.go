package gfx

import (
	"fmt"
	"image"
	"image/png"

	"github.com/go-gl/gl/v4.1-core/gl"

	"sandbox/internal/safeio"
)

// ReadPixels reads the default framebuffer's back buffer (call it after
// Render, before swapping) into an image, rows flipped so that the first row
// is the top of the screen as in every image format. A multisampled default
// framebuffer is resolved by the driver on read.
func ReadPixels(width, height int) (*image.RGBA, error) {
	if width <= 0 || height <= 0 {
		return nil, fmt.Errorf("gfx: screenshot of a %dx%d framebuffer", width, height)
	}
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	raw := make([]byte, width*height*4)
	gl.BindFramebuffer(gl.READ_FRAMEBUFFER, 0)
	gl.ReadBuffer(gl.BACK)
	gl.PixelStorei(gl.PACK_ALIGNMENT, 1)
	gl.ReadPixels(0, 0, int32(width), int32(height), gl.RGBA, gl.UNSIGNED_BYTE, gl.Ptr(raw))
	if err := CheckError("screenshot read"); err != nil {
		return nil, err
	}
	row := width * 4
	for y := 0; y < height; y++ {
		copy(img.Pix[y*img.Stride:y*img.Stride+row], raw[(height-1-y)*row:(height-y)*row])
	}
	// The framebuffer may have no alpha channel: make the image opaque.
	for i := 3; i < len(img.Pix); i += 4 {
		img.Pix[i] = 255
	}
	return img, nil
}

// SavePNG writes img to path as PNG, atomically: the image goes to a
// temporary file beside path that replaces it only once complete, so a run
// killed mid-write never leaves a truncated PNG over a good one.
func SavePNG(path string, img image.Image) error {
	return writePNG(path, img, (*safeio.File).Commit)
}

// SaveNewPNG writes img to path as PNG, a file that must not exist yet: an
// existing file of that name is left alone and reported, never overwritten,
// and a write cut short leaves no truncated PNG (safeio.File.CommitNew).
func SaveNewPNG(path string, img image.Image) error {
	return writePNG(path, img, (*safeio.File).CommitNew)
}

// writePNG encodes img into a temporary file beside path and hands it to
// commit.
func writePNG(path string, img image.Image, commit func(*safeio.File) error) error {
	f, err := safeio.Create(path)
	if err != nil {
		return fmt.Errorf("gfx: screenshot %q: %w", path, err)
	}
	defer f.Abort()
	if err := png.Encode(f, img); err != nil {
		return fmt.Errorf("gfx: screenshot %q: %w", path, err)
	}
	if err := commit(f); err != nil {
		return fmt.Errorf("gfx: screenshot %q: %w", path, err)
	}
	return nil
}
