#version 450
// test_faults: a loop no invocation leaves, since the host never writes
// 12345; every iteration stores, so no compiler may drop the loop.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) buffer Data { uint data[]; };

void main()
{
   while (data[0] != 12345u)
      data[1] += 1u;
}
