#version 450
// Sample-rate shading: SampleId, SamplePosition, input SampleMask, and
// an output SampleMask that drops odd samples.
layout(location = 0) in vec4 c;
layout(location = 0) out vec4 color;
void main() {
   int covered = bitCount(gl_SampleMaskIn[0]);
   color = c * float(covered) + vec4(gl_SamplePosition, float(gl_SampleID), 0.0);
   gl_SampleMask[0] = gl_SampleMaskIn[0] & 0x55555555;
}
