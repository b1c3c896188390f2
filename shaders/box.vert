#version 410 core
// Instanced oriented boxes: one unit cube mesh, one instance per box.

layout(location = 0) in vec3 aPos;    // unit cube corner, each coordinate -1 or 1
layout(location = 1) in vec3 aNormal; // face normal of the unit cube
layout(location = 2) in vec3 iCenter; // box centre, world, m
layout(location = 3) in vec3 iHalf;   // half extents, m
layout(location = 4) in vec4 iRot;    // orientation quaternion (x, y, z, w)
layout(location = 5) in vec4 iColor;  // albedo rgb (linear), a = checker strength

uniform mat4 uViewProj;
uniform mat4 uLightViewProj;

out vec3 vWorld;
out vec3 vNormal;
out vec3 vLocal; // position in the box's own frame, m (for edge lines)
out vec3 vHalf;
out vec4 vColor;
out vec4 vLightClip;

vec3 rotate(vec4 q, vec3 v) {
    vec3 t = 2.0 * cross(q.xyz, v);
    return v + q.w * t + cross(q.xyz, t);
}

void main() {
    vLocal = aPos * iHalf;
    vHalf = iHalf;
    vWorld = iCenter + rotate(iRot, vLocal);
    vNormal = rotate(iRot, aNormal);
    vColor = iColor;
    vLightClip = uLightViewProj * vec4(vWorld, 1.0);
    gl_Position = uViewProj * vec4(vWorld, 1.0);
}
