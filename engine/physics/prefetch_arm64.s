#include "textflag.h"

// func prefetchRange(p unsafe.Pointer, size uintptr)
// PRFM PLDL1KEEP on each 64-byte line from p's to that of p+size-1,
// counted so that the loop ends whatever the addresses.
TEXT ·prefetchRange(SB), NOSPLIT, $0-16
	MOVD p+0(FP), R0
	MOVD size+8(FP), R1
	CBZ  R1, done
	ADD  R0, R1, R1
	SUB  $1, R1, R1
	AND  $~63, R0, R0
	AND  $~63, R1, R1
	SUB  R0, R1, R1
	LSR  $6, R1, R1
	ADD  $1, R1, R1
loop:
	PRFM (R0), PLDL1KEEP
	ADD  $64, R0, R0
	SUB  $1, R1, R1
	CBNZ R1, loop
done:
	RET
