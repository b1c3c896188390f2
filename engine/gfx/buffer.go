package gfx

import (
	"unsafe"

	"github.com/go-gl/gl/v4.1-core/gl"
)

// Buffer is a GL buffer object with a capacity that only grows, so that data
// written every frame reuses the same storage.
type Buffer struct {
	id       uint32
	target   uint32
	capacity int // bytes
}

// NewBuffer makes an empty buffer for target (gl.ARRAY_BUFFER, ...).
func NewBuffer(target uint32) (*Buffer, error) {
	var id uint32
	gl.GenBuffers(1, &id)
	if id == 0 {
		return nil, errGen("buffer")
	}
	track(1)
	return &Buffer{id: id, target: target}, nil
}

// Bind binds the buffer to its target.
func (b *Buffer) Bind() { gl.BindBuffer(b.target, b.id) }

// SetStatic uploads data once (gl.STATIC_DRAW) and binds the buffer.
func (b *Buffer) SetStatic(data unsafe.Pointer, bytes int) {
	b.Bind()
	gl.BufferData(b.target, bytes, data, gl.STATIC_DRAW)
	b.capacity = bytes
}

// Stream uploads bytes of data for this frame and leaves the buffer bound.
// The storage is orphaned first so the driver need not wait for last frame's
// draw to finish; it grows by doubling and never shrinks.
func (b *Buffer) Stream(data unsafe.Pointer, bytes int) {
	b.Bind()
	if bytes > b.capacity {
		c := max(b.capacity, 4096)
		for c < bytes {
			c *= 2
		}
		b.capacity = c
	}
	gl.BufferData(b.target, b.capacity, nil, gl.STREAM_DRAW)
	if bytes > 0 {
		gl.BufferSubData(b.target, 0, bytes, data)
	}
}

// Capacity is the buffer's storage in bytes.
func (b *Buffer) Capacity() int { return b.capacity }

// Delete frees the buffer; later calls do nothing.
func (b *Buffer) Delete() {
	if b == nil || b.id == 0 {
		return
	}
	gl.DeleteBuffers(1, &b.id)
	b.id = 0
	track(-1)
}

// VertexArray is a GL vertex array object.
type VertexArray struct{ id uint32 }

// NewVertexArray makes an empty vertex array.
func NewVertexArray() (*VertexArray, error) {
	var id uint32
	gl.GenVertexArrays(1, &id)
	if id == 0 {
		return nil, errGen("vertex array")
	}
	track(1)
	return &VertexArray{id: id}, nil
}

// Bind binds the vertex array.
func (v *VertexArray) Bind() { gl.BindVertexArray(v.id) }

// Delete frees the vertex array; later calls do nothing.
func (v *VertexArray) Delete() {
	if v == nil || v.id == 0 {
		return
	}
	gl.DeleteVertexArrays(1, &v.id)
	v.id = 0
	track(-1)
}

// attrib describes float attribute loc: size floats at byte offset off in
// records of stride bytes, advancing per instance when divisor is 1. The
// buffer must be bound to gl.ARRAY_BUFFER and the vertex array bound.
func attrib(loc uint32, size int32, stride int32, off uintptr, divisor uint32) {
	gl.EnableVertexAttribArray(loc)
	gl.VertexAttribPointerWithOffset(loc, size, gl.FLOAT, false, stride, off)
	gl.VertexAttribDivisor(loc, divisor)
}
