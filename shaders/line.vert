#version 410 core
// Debug lines: one vertex per segment end, coloured per vertex. line.geom
// widens each segment into a screen-space quad (core profiles have no wide lines).

layout(location = 0) in vec3 aPos;
layout(location = 1) in vec3 aColor;

uniform mat4 uViewProj;

out vec3 vColor;

void main() {
    vColor = aColor;
    gl_Position = uViewProj * vec4(aPos, 1.0);
}
