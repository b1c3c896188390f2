// Package gfx is the sandbox's OpenGL 4.1 core renderer: instanced lit boxes
// with a sun shadow map, a checker ground, screen-space debug lines, and PNG
// screenshots.
//
// Every GL object is made by a NewX(...) (*X, error) and freed by its
// Delete, on the thread that owns the context; LiveObjects counts what is
// still alive so a test can check that nothing leaks. Nothing is freed by
// finalizers: GPU lifetime is not tied to the garbage collector.
//
// The renderer only reads physics: it is handed instances, lines and a
// camera (see Frame), and WorldView builds those from a physics world's
// prev/curr poses and the loop's alpha.
package gfx
