#version 410 core
// Depth-only: the depth buffer is the output.

void main() {
}
