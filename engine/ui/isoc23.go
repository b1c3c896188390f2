package ui

// This file only exists so that cgo compiles isoc23_sscanf.c (the glibc
// shim the prebuilt cimgui-go library needs on Debian 12) into this
// package; see that file for why.

import "C"
