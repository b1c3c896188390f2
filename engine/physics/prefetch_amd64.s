#include "textflag.h"

// func prefetchRange(p unsafe.Pointer, size uintptr)
// PREFETCHT0 on each 64-byte line from p's to that of p+size-1.
TEXT ·prefetchRange(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), AX
	MOVQ size+8(FP), CX
	LEAQ -1(AX)(CX*1), CX
	ANDQ $~63, AX
loop:
	PREFETCHT0 (AX)
	ADDQ $64, AX
	CMPQ AX, CX
	JLS  loop
	RET
