#version 450
// gbe_fs_test: per-sample dispatch: SamplePosition, SampleID and
// SampleMaskIn from the payload.
layout(location = 0) out vec4 o;
void main()
{
   o = vec4(gl_SamplePosition, float(gl_SampleID), float(gl_SampleMaskIn[0]));
}
