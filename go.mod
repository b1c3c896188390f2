module sandbox

go 1.26

require (
	github.com/AllenDang/cimgui-go v1.4.0
	github.com/fsnotify/fsnotify v1.10.1
	github.com/go-gl/gl v0.0.0-20231021071112-07e5d0ea2e71
	github.com/go-gl/glfw/v3.3/glfw v0.0.0-20260823155953-d41da22a9587
	github.com/go-gl/mathgl v1.2.0
)

require golang.org/x/sys v0.25.0 // indirect
