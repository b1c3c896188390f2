#version 410 core
// Depth-only pass into the sun's shadow map, same instance layout as box.vert.

layout(location = 0) in vec3 aPos;
layout(location = 2) in vec3 iCenter;
layout(location = 3) in vec3 iHalf;
layout(location = 4) in vec4 iRot;

uniform mat4 uLightViewProj;

vec3 rotate(vec4 q, vec3 v) {
    vec3 t = 2.0 * cross(q.xyz, v);
    return v + q.w * t + cross(q.xyz, t);
}

void main() {
    gl_Position = uLightViewProj * vec4(iCenter + rotate(iRot, aPos * iHalf), 1.0);
}
