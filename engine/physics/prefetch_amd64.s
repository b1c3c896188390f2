#include "textflag.h"

// func prefetchRange(p unsafe.Pointer, size uintptr)
// PREFETCHT0 on each 64-byte line from p's to that of p+size-1, counted
// so that the loop ends whatever the addresses.
TEXT ·prefetchRange(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), AX
	MOVQ size+8(FP), CX
	TESTQ CX, CX
	JEQ  done
	LEAQ -1(AX)(CX*1), CX
	ANDQ $~63, AX
	ANDQ $~63, CX
	SUBQ AX, CX
	SHRQ $6, CX
	INCQ CX
loop:
	PREFETCHT0 (AX)
	ADDQ $64, AX
	DECQ CX
	JNZ  loop
done:
	RET
