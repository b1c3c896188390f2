#version 410 core
// Widens a line segment into a quad uWidth pixels wide, after clipping it to
// the near plane (a segment that passes behind the camera would otherwise
// flip through the perspective divide).

layout(lines) in;
layout(triangle_strip, max_vertices = 4) out;

uniform vec2 uViewport; // framebuffer size, pixels
uniform float uWidth;   // line width, pixels

in vec3 vColor[];
out vec3 gColor;

const float kNearW = 1e-4;

void main() {
    vec4 a = gl_in[0].gl_Position;
    vec4 b = gl_in[1].gl_Position;
    vec3 ca = vColor[0];
    vec3 cb = vColor[1];
    if (a.w < kNearW && b.w < kNearW) {
        return;
    }
    if (a.w < kNearW) {
        float t = (kNearW - a.w) / (b.w - a.w);
        a = mix(a, b, t);
        ca = mix(ca, cb, t);
    } else if (b.w < kNearW) {
        float t = (kNearW - b.w) / (a.w - b.w);
        b = mix(b, a, t);
        cb = mix(cb, ca, t);
    }
    vec2 hv = uViewport * 0.5;
    vec2 sa = a.xy / a.w * hv;
    vec2 sb = b.xy / b.w * hv;
    vec2 d = sb - sa;
    float len = length(d);
    vec2 dir = len > 1e-6 ? d / len : vec2(1.0, 0.0);
    // Offset across the line, and half a width along it so that short
    // segments (markers) and joints have some body.
    vec2 across = vec2(-dir.y, dir.x) * (uWidth * 0.5) / hv;
    vec2 along = dir * (uWidth * 0.5) / hv;
    gColor = ca;
    gl_Position = vec4(a.xy + (-along + across) * a.w, a.zw);
    EmitVertex();
    gl_Position = vec4(a.xy + (-along - across) * a.w, a.zw);
    EmitVertex();
    gColor = cb;
    gl_Position = vec4(b.xy + (along + across) * b.w, b.zw);
    EmitVertex();
    gl_Position = vec4(b.xy + (along - across) * b.w, b.zw);
    EmitVertex();
    EndPrimitive();
}
