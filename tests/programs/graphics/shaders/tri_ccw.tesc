; SPIR-V
; tri.tesc declaring the triangle domain, equal spacing and
; counter-clockwise winding on the control stage; tri_fill_nomodes.tese
; declares none.
               OpCapability Tessellation
          %1 = OpExtInstImport "GLSL.std.450"
               OpMemoryModel Logical GLSL450
               OpEntryPoint TessellationControl %4 "main" %15 %18 %25 %34 %38 %58 %71
               OpExecutionMode %4 OutputVertices 3
               OpExecutionMode %4 Triangles
               OpExecutionMode %4 SpacingEqual
               OpExecutionMode %4 VertexOrderCcw
               OpName %4 "main"
               OpName %11 "gl_PerVertex"
               OpMemberName %11 0 "gl_Position"
               OpMemberName %11 1 "gl_PointSize"
               OpMemberName %11 2 "gl_ClipDistance"
               OpMemberName %11 3 "gl_CullDistance"
               OpName %15 "gl_out"
               OpName %18 "gl_InvocationID"
               OpName %21 "gl_PerVertex"
               OpMemberName %21 0 "gl_Position"
               OpMemberName %21 1 "gl_PointSize"
               OpMemberName %21 2 "gl_ClipDistance"
               OpMemberName %21 3 "gl_CullDistance"
               OpName %25 "gl_in"
               OpName %34 "t_color"
               OpName %38 "v_color"
               OpName %49 "level"
               OpName %58 "gl_TessLevelOuter"
               OpName %71 "gl_TessLevelInner"
               OpMemberDecorate %11 0 BuiltIn Position
               OpMemberDecorate %11 1 BuiltIn PointSize
               OpMemberDecorate %11 2 BuiltIn ClipDistance
               OpMemberDecorate %11 3 BuiltIn CullDistance
               OpDecorate %11 Block
               OpDecorate %18 BuiltIn InvocationId
               OpMemberDecorate %21 0 BuiltIn Position
               OpMemberDecorate %21 1 BuiltIn PointSize
               OpMemberDecorate %21 2 BuiltIn ClipDistance
               OpMemberDecorate %21 3 BuiltIn CullDistance
               OpDecorate %21 Block
               OpDecorate %34 Location 0
               OpDecorate %38 Location 0
               OpDecorate %58 Patch
               OpDecorate %58 BuiltIn TessLevelOuter
               OpDecorate %71 Patch
               OpDecorate %71 BuiltIn TessLevelInner
          %2 = OpTypeVoid
          %3 = OpTypeFunction %2
          %6 = OpTypeFloat 32
          %7 = OpTypeVector %6 4
          %8 = OpTypeInt 32 0
          %9 = OpConstant %8 1
         %10 = OpTypeArray %6 %9
         %11 = OpTypeStruct %7 %6 %10 %10
         %12 = OpConstant %8 3
         %13 = OpTypeArray %11 %12
         %14 = OpTypePointer Output %13
         %15 = OpVariable %14 Output
         %16 = OpTypeInt 32 1
         %17 = OpTypePointer Input %16
         %18 = OpVariable %17 Input
         %20 = OpConstant %16 0
         %21 = OpTypeStruct %7 %6 %10 %10
         %22 = OpConstant %8 32
         %23 = OpTypeArray %21 %22
         %24 = OpTypePointer Input %23
         %25 = OpVariable %24 Input
         %27 = OpTypePointer Input %7
         %30 = OpTypePointer Output %7
         %32 = OpTypeArray %7 %12
         %33 = OpTypePointer Output %32
         %34 = OpVariable %33 Output
         %36 = OpTypeArray %7 %22
         %37 = OpTypePointer Input %36
         %38 = OpVariable %37 Input
         %44 = OpTypeBool
         %48 = OpTypePointer Function %6
         %50 = OpTypePointer Input %6
         %53 = OpConstant %6 8
         %55 = OpConstant %8 4
         %56 = OpTypeArray %6 %55
         %57 = OpTypePointer Output %56
         %58 = OpVariable %57 Output
         %60 = OpTypePointer Output %6
         %62 = OpConstant %16 1
         %65 = OpConstant %16 2
         %68 = OpConstant %8 2
         %69 = OpTypeArray %6 %68
         %70 = OpTypePointer Output %69
         %71 = OpVariable %70 Output
          %4 = OpFunction %2 None %3
          %5 = OpLabel
         %49 = OpVariable %48 Function
         %19 = OpLoad %16 %18
         %26 = OpLoad %16 %18
         %28 = OpAccessChain %27 %25 %26 %20
         %29 = OpLoad %7 %28
         %31 = OpAccessChain %30 %15 %19 %20
               OpStore %31 %29
         %35 = OpLoad %16 %18
         %39 = OpLoad %16 %18
         %40 = OpAccessChain %27 %38 %39
         %41 = OpLoad %7 %40
         %42 = OpAccessChain %30 %34 %35
               OpStore %42 %41
         %43 = OpLoad %16 %18
         %45 = OpIEqual %44 %43 %20
               OpSelectionMerge %47 None
               OpBranchConditional %45 %46 %47
         %46 = OpLabel
         %51 = OpAccessChain %50 %38 %20 %12
         %52 = OpLoad %6 %51
         %54 = OpFMul %6 %52 %53
               OpStore %49 %54
         %59 = OpLoad %6 %49
         %61 = OpAccessChain %60 %58 %20
               OpStore %61 %59
         %63 = OpLoad %6 %49
         %64 = OpAccessChain %60 %58 %62
               OpStore %64 %63
         %66 = OpLoad %6 %49
         %67 = OpAccessChain %60 %58 %65
               OpStore %67 %66
         %72 = OpLoad %6 %49
         %73 = OpAccessChain %60 %71 %20
               OpStore %73 %72
               OpBranch %47
         %47 = OpLabel
               OpReturn
               OpFunctionEnd
