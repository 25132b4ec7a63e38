#version 450
// early_fragment_tests with a storage-buffer side effect (counts fragments
// that passed depth).
layout(early_fragment_tests) in;
layout(set = 0, binding = 0) buffer Counter { uint passed; } cnt;
layout(location = 0) out vec4 color;
void main() {
   atomicAdd(cnt.passed, 1u);
   color = vec4(1.0, 0.0, 0.0, 1.0);
}
