#version 410 core
// Texture (font atlas or image) modulated by the vertex colour; straight
// (non-premultiplied) alpha, blended with SRC_ALPHA, ONE_MINUS_SRC_ALPHA.
in vec2 Frag_UV;
in vec4 Frag_Color;

uniform sampler2D Texture;

layout(location = 0) out vec4 Out_Color;

void main() {
    Out_Color = Frag_Color * texture(Texture, Frag_UV.st);
}
