// Package archcheck proves that physics results are bit-identical on amd64
// and arm64, so that a recording made on one replays on the other.
//
// The usual cause of a difference is the compiler fusing x*y + z into one
// fused multiply-add instruction, which rounds once instead of twice: Go
// does this on arm64 (and ppc64, s390x, riscv64) and not on amd64 at the
// default GOAMD64=v1. An explicit float64(x*y) conversion stops the fusion.
// Math functions such as math.Sin are compiled with fusion on arm64 too, so
// the step must not call them.
//
// Two tests check it: one reads the arm64 machine code of the physics
// packages for fused instructions and calls into package math (no emulator
// needed); the other runs the archhash program built for both architectures,
// the arm64 one under qemu-user when it is installed, and compares the
// state hashes of several scenes. Each is done on the plain build and on
// the build with the sandbox's profile (cmd/sandbox/default.pgo, with which
// the sandbox is built): profile-guided inlining puts products and sums
// side by side where the plain build has a call between them, so it could
// fuse where the plain build does not. The hash test also checks that the
// profile changes no bit on the native architecture.
package archcheck
