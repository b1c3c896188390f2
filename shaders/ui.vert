#version 410 core
// Dear ImGui vertex: 2D position in display coordinates, atlas UV and a
// packed RGBA colour (normalised from 4 unsigned bytes by the vertex layout).
layout(location = 0) in vec2 Position;
layout(location = 1) in vec2 UV;
layout(location = 2) in vec4 Color;

uniform mat4 ProjMtx; // orthographic: display rectangle -> clip space

out vec2 Frag_UV;
out vec4 Frag_Color;

void main() {
    Frag_UV = UV;
    Frag_Color = Color;
    gl_Position = ProjMtx * vec4(Position.xy, 0.0, 1.0);
}
