; SPIR-V
; tri_points.tese without execution modes: the domain, spacing, winding
; and point mode come from the control stage (tri_modes.tesc).
               OpCapability Tessellation
               OpCapability TessellationPointSize
          %1 = OpExtInstImport "GLSL.std.450"
               OpMemoryModel Logical GLSL450
               OpEntryPoint TessellationEvaluation %4 "main" %13 %18 %27 %52 %60
               OpName %4 "main"
               OpName %11 "gl_PerVertex"
               OpMemberName %11 0 "gl_Position"
               OpMemberName %11 1 "gl_PointSize"
               OpMemberName %11 2 "gl_ClipDistance"
               OpMemberName %11 3 "gl_CullDistance"
               OpName %13 ""
               OpName %18 "gl_TessCoord"
               OpName %23 "gl_PerVertex"
               OpMemberName %23 0 "gl_Position"
               OpMemberName %23 1 "gl_PointSize"
               OpMemberName %23 2 "gl_ClipDistance"
               OpMemberName %23 3 "gl_CullDistance"
               OpName %27 "gl_in"
               OpName %52 "v_color"
               OpName %60 "t_color"
               OpMemberDecorate %11 0 BuiltIn Position
               OpMemberDecorate %11 1 BuiltIn PointSize
               OpMemberDecorate %11 2 BuiltIn ClipDistance
               OpMemberDecorate %11 3 BuiltIn CullDistance
               OpDecorate %11 Block
               OpDecorate %18 BuiltIn TessCoord
               OpMemberDecorate %23 0 BuiltIn Position
               OpMemberDecorate %23 1 BuiltIn PointSize
               OpMemberDecorate %23 2 BuiltIn ClipDistance
               OpMemberDecorate %23 3 BuiltIn CullDistance
               OpDecorate %23 Block
               OpDecorate %52 Flat
               OpDecorate %52 Location 0
               OpDecorate %60 Location 0
          %2 = OpTypeVoid
          %3 = OpTypeFunction %2
          %6 = OpTypeFloat 32
          %7 = OpTypeVector %6 4
          %8 = OpTypeInt 32 0
          %9 = OpConstant %8 1
         %10 = OpTypeArray %6 %9
         %11 = OpTypeStruct %7 %6 %10 %10
         %12 = OpTypePointer Output %11
         %13 = OpVariable %12 Output
         %14 = OpTypeInt 32 1
         %15 = OpConstant %14 0
         %16 = OpTypeVector %6 3
         %17 = OpTypePointer Input %16
         %18 = OpVariable %17 Input
         %19 = OpConstant %8 0
         %20 = OpTypePointer Input %6
         %23 = OpTypeStruct %7 %6 %10 %10
         %24 = OpConstant %8 32
         %25 = OpTypeArray %23 %24
         %26 = OpTypePointer Input %25
         %27 = OpVariable %26 Input
         %28 = OpTypePointer Input %7
         %34 = OpConstant %14 1
         %39 = OpConstant %8 2
         %42 = OpConstant %14 2
         %47 = OpTypePointer Output %7
         %49 = OpConstant %6 1
         %50 = OpTypePointer Output %6
         %52 = OpVariable %47 Output
         %58 = OpTypeArray %7 %24
         %59 = OpTypePointer Input %58
         %60 = OpVariable %59 Input
          %4 = OpFunction %2 None %3
          %5 = OpLabel
         %21 = OpAccessChain %20 %18 %19
         %22 = OpLoad %6 %21
         %29 = OpAccessChain %28 %27 %15 %15
         %30 = OpLoad %7 %29
         %31 = OpVectorTimesScalar %7 %30 %22
         %32 = OpAccessChain %20 %18 %9
         %33 = OpLoad %6 %32
         %35 = OpAccessChain %28 %27 %34 %15
         %36 = OpLoad %7 %35
         %37 = OpVectorTimesScalar %7 %36 %33
         %38 = OpFAdd %7 %31 %37
         %40 = OpAccessChain %20 %18 %39
         %41 = OpLoad %6 %40
         %43 = OpAccessChain %28 %27 %42 %15
         %44 = OpLoad %7 %43
         %45 = OpVectorTimesScalar %7 %44 %41
         %46 = OpFAdd %7 %38 %45
         %48 = OpAccessChain %47 %13 %15
               OpStore %48 %46
         %51 = OpAccessChain %50 %13 %34
               OpStore %51 %49
         %53 = OpLoad %16 %18
         %54 = OpCompositeExtract %6 %53 0
         %55 = OpCompositeExtract %6 %53 1
         %56 = OpCompositeExtract %6 %53 2
         %57 = OpCompositeConstruct %7 %54 %55 %56 %49
               OpStore %52 %57
               OpReturn
               OpFunctionEnd
