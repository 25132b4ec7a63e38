"""The one freedom Vulkan leaves in transform feedback bytes that Mesa's
Intel drivers take, as xfb_vs_lavapipe.py and graphics_vs_lavapipe.py
both apply it.

Vulkan lists fan triangle i as (v(i+1), v(i+2), v0) ("Triangle Fans"),
its provoking vertex first, and lavapipe writes it so.  A device whose
VkPhysicalDeviceProvokingVertexPropertiesEXT::
transformFeedbackPreservesTriangleFanProvokingVertex is VK_FALSE does not
"preserve the provoking vertex order when writing triangle fan vertices to
transform feedback" (nor does transformFeedbackPreservesProvokingVertex
then apply to fans).  Mesa's ANV and hasvk report VK_FALSE: the stream
output unit writes a fan triangle as the hardware assembles it,
(v0, v(i+1), v(i+2)), whose provoking vertex is the second
(3DSTATE_SF/CLIP Triangle Fan Provoking Vertex Select 1), in either
3DSTATE_STREAMOUT Reorder Mode (it reorders strip triangles only:
vgpu_sol.c, tests/vgpu/test_sol.c).  That is Vulkan's triangle rotated by
one vertex: the same vertices, the same winding, which every captured
triangle keeps (HARDWARE-NOTES.md section 4).

So a captured fan triangle may be a rotation of lavapipe's by whole
vertices, and nothing else: not a swap of two vertices (that reverses the
winding), not another triangle, not bytes that differ within a vertex.
"""


def unrotate_fan_triangles(want, got, offset, triangles, stride):
    """got, with each of the `triangles` fan triangles captured from byte
    `offset` on (three vertices of `stride` bytes each) that is a rotation
    of want's turned back into want's order; every other byte as it was,
    so that whatever else differs still does.  want and got must be at
    least offset + 3 * stride * triangles bytes long."""
    size = 3 * stride
    if offset < 0 or stride <= 0 or offset + size * triangles > min(len(want), len(got)):
        raise ValueError("fan triangles at byte %d, %d of %d-byte vertices, beyond a "
                         "%d-byte buffer" % (offset, triangles, stride,
                                             min(len(want), len(got))))
    out = bytearray(got)
    for t in range(triangles):
        start = offset + t * size
        w, g = want[start:start + size], bytes(out[start:start + size])
        for r in (1, 2):
            if g[r * stride:] + g[:r * stride] == w:
                out[start:start + size] = w
                break
    return bytes(out)
