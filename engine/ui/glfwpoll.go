package ui

// Why this file calls GLFW's C functions itself: go-gl/glfw's GetSize,
// GetFramebufferSize and GetCursorPos pass pointers to local C variables
// into cgo calls, which moves those variables to the Go heap: two to three
// small allocations every frame, just to read three pairs of numbers. One C
// helper reading all three into a buffer the UI owns costs none. The GLFW
// symbols come from go-gl/glfw's own compiled C code in the same binary;
// the prototypes are declared here because that module's headers are not
// on this package's include path. Must run on the main thread, like every
// GLFW call.

/*
typedef struct GLFWwindow GLFWwindow;
void glfwGetWindowSize(GLFWwindow* window, int* width, int* height);
void glfwGetFramebufferSize(GLFWwindow* window, int* width, int* height);
void glfwGetCursorPos(GLFWwindow* window, double* xpos, double* ypos);

// uiPollWindow writes window size, framebuffer size (pixels) and cursor
// position (window coordinates) into out[0..5].
static void uiPollWindow(void* window, double* out) {
	int w = 0, h = 0, fw = 0, fh = 0;
	GLFWwindow* win = (GLFWwindow*)window;
	glfwGetWindowSize(win, &w, &h);
	glfwGetFramebufferSize(win, &fw, &fh);
	glfwGetCursorPos(win, &out[4], &out[5]);
	out[0] = w;
	out[1] = h;
	out[2] = fw;
	out[3] = fh;
}
*/
import "C"

// windowPoll is what pollWindow reads, kept in the UI so that the pointer
// handed to C refers to memory that is already on the heap.
type windowPoll struct {
	buf [6]C.double
}

// pollWindow reads the window size, framebuffer size and cursor position.
func (u *UI) pollWindow() (w, h, fw, fh int, x, y float64) {
	p := &u.poll.buf
	C.uiPollWindow(u.win.Handle(), &p[0])
	return int(p[0]), int(p[1]), int(p[2]), int(p[3]), float64(p[4]), float64(p[5])
}
