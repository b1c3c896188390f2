// Why this file exists: cimgui-go v1.4.0 links a prebuilt static Dear ImGui
// library (lib/linux/x64/cimgui.a) that was compiled against glibc 2.38 or
// newer, where sscanf calls are redirected to __isoc23_sscanf. Debian 12
// ships glibc 2.36, which lacks that symbol, so the link fails with
// "undefined reference to __isoc23_sscanf". The only difference of the C23
// variant is that it also accepts binary integers ("%i" with 0b...), which
// ImGui never parses, so forwarding to vsscanf is exact for its use.
//
// The definition is weak: on a newer glibc, or if another package of the
// program carries the same shim, the linker keeps one definition and no
// duplicate-symbol error arises.
#include <stdarg.h>
#include <stdio.h>

__attribute__((weak)) int __isoc23_sscanf(const char *s, const char *format, ...) {
	va_list ap;
	va_start(ap, format);
	int n = vsscanf(s, format, ap);
	va_end(ap);
	return n;
}
