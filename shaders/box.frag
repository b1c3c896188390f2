#version 410 core
// Lit boxes: sun (directional, shadow mapped) plus sky/ground hemisphere
// ambient, a world-space checker and metre grid on surfaces that ask for it,
// darkened box edges so stacked crates read apart, and distance fog into the
// sky colour. Lighting is in linear space, written out as sRGB.

in vec3 vWorld;
in vec3 vNormal;
in vec3 vLocal;
in vec3 vHalf;
in vec4 vColor;
in vec4 vLightClip;

uniform vec3 uEye;
uniform vec3 uSunDir;     // direction the light travels, unit
uniform vec3 uSunColor;   // linear
uniform vec3 uSkyColor;   // linear, also the fog colour
uniform vec3 uGroundColor;// linear bounce from below
uniform float uFogDistance; // m at which fog is ~63%
uniform sampler2DShadow uShadow;
uniform float uShadowTexel; // 1 / shadow map size
// SHADOW_TAPS is 1 (one bilinear 2x2 PCF tap, for software rasterisers) or
// 4; the renderer defines it when it compiles this shader.
#ifndef SHADOW_TAPS
#define SHADOW_TAPS 4
#endif

out vec4 fragColor;

float shadowFactor(vec3 n) {
    vec3 p = vLightClip.xyz / vLightClip.w * 0.5 + 0.5;
    if (p.x <= 0.0 || p.x >= 1.0 || p.y <= 0.0 || p.y >= 1.0 || p.z >= 1.0) {
        return 1.0;
    }
    // Slope-scaled bias of one to three shadow texels, more where the light
    // grazes. The sun's frustum is 8 texels' widths deep per texel of width
    // (depth 8R, width 2R), so one texel of world size is uShadowTexel / 4
    // in depth units.
    float ndl = max(dot(n, -uSunDir), 0.0);
    float bias = (1.0 + 2.0 * (1.0 - ndl)) * uShadowTexel * 0.25;
    // Four bilinear comparison taps (each already a 2x2 PCF in hardware)
    // cover a 3x3-texel footprint: soft edges at under half the cost of a
    // 3x3 loop of taps, which matters on software rasterisers.
    float z = p.z - bias;
#if SHADOW_TAPS < 4
    return texture(uShadow, vec3(p.xy, z));
#else
    float o = 0.75 * uShadowTexel;
    float sum = texture(uShadow, vec3(p.xy + vec2(-o, -o), z));
    sum += texture(uShadow, vec3(p.xy + vec2(o, -o), z));
    sum += texture(uShadow, vec3(p.xy + vec2(-o, o), z));
    sum += texture(uShadow, vec3(p.xy + vec2(o, o), z));
    return sum * 0.25;
#endif
}

// checker returns 0..1: a 1 m checker with antialiased lines every metre,
// stronger lines every 10 m, on the plane of the face (normal n).
float checker(vec3 p, vec3 n) {
    vec3 a = abs(n);
    vec2 uv = a.y > a.x && a.y > a.z ? p.xz : (a.x > a.z ? p.zy : p.xy);
    vec2 cell = floor(uv);
    float c = mod(cell.x + cell.y, 2.0);
    vec2 fw = max(fwidth(uv), vec2(1e-4));
    vec2 g1 = abs(fract(uv - 0.5) - 0.5) / fw;
    float line1 = 1.0 - clamp(min(g1.x, g1.y) - 0.5, 0.0, 1.0);
    vec2 g10 = abs(fract(uv / 10.0 - 0.5) - 0.5) * 10.0 / fw;
    float line10 = 1.0 - clamp(min(g10.x, g10.y) - 1.0, 0.0, 1.0);
    // Fade the fine pattern where it would alias (far away, grazing).
    float fade = clamp(1.5 - max(fw.x, fw.y) * 2.0, 0.0, 1.0);
    return clamp(c * 0.18 * fade + line1 * 0.25 * fade + line10 * 0.45, 0.0, 1.0);
}

void main() {
    vec3 n = normalize(vNormal);
    vec3 albedo = vColor.rgb;
    if (vColor.a > 0.0) {
        albedo *= 1.0 - vColor.a * checker(vWorld, n);
    }
    // Darken within a few millimetres to centimetres of a box edge, scaled
    // to the box so small projectiles keep an outline too.
    // On a face one of d is ~0 (the face axis); the distance to the nearest
    // edge of that face is the middle one of the three.
    vec3 d = max(vHalf - abs(vLocal), vec3(0.0));
    float edgeDist = d.x + d.y + d.z - min(d.x, min(d.y, d.z)) - max(d.x, max(d.y, d.z));
    float edgeW = clamp(0.06 * min(vHalf.x, min(vHalf.y, vHalf.z)), 0.002, 0.03);
    float edge = 1.0 - smoothstep(edgeW * 0.4, edgeW, edgeDist);
    if (vColor.a == 0.0) {
        albedo *= 1.0 - 0.35 * edge;
    }

    float ndl = max(dot(n, -uSunDir), 0.0);
    float shadow = ndl > 0.0 ? shadowFactor(n) : 0.0;
    float hemi = n.y * 0.5 + 0.5;
    vec3 ambient = mix(uGroundColor, uSkyColor, hemi) * 0.38;
    vec3 v = normalize(uEye - vWorld);
    vec3 h = normalize(v - uSunDir);
    float spec = pow(max(dot(n, h), 0.0), 48.0) * 0.15 * ndl * shadow;
    vec3 color = albedo * (ambient + uSunColor * ndl * shadow) + uSunColor * spec;

    float dist = length(uEye - vWorld);
    float fog = 1.0 - exp(-pow(dist / uFogDistance, 2.0));
    color = mix(color, uSkyColor, fog);
    fragColor = vec4(pow(max(color, vec3(0.0)), vec3(1.0 / 2.2)), 1.0);
}
