package frames

import "testing"

func TestTargetCycle(t *testing.T) {
	want := []string{"native", "60 Hz", "120 Hz", "144 Hz", "165 Hz", "240 Hz", "uncapped", "native"}
	tg := Native
	for i, w := range want {
		if tg.String() != w {
			t.Fatalf("step %d: %s want %s", i, tg, w)
		}
		tg = tg.Next()
	}
	if Native.Hz(59.94) != 59.94 || Native.Hz(0) != 0 || Uncapped.Hz(144) != 0 || Hz165.Hz(60) != 165 {
		t.Fatal("wrong rates")
	}
	if g, ok := TargetForHz(144); !ok || g != Hz144 {
		t.Fatal("144 not found")
	}
	if g, ok := TargetForHz(0); !ok || g != Uncapped {
		t.Fatal("0 not uncapped")
	}
	if _, ok := TargetForHz(90); ok {
		t.Fatal("90 Hz is not in the cycle")
	}
}
