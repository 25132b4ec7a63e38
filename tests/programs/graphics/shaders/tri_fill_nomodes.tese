; SPIR-V
; tri_fill.tese without execution modes: the domain, spacing and winding
; come from the control stage (tri_ccw.tesc).
               OpCapability Tessellation
          %1 = OpExtInstImport "GLSL.std.450"
               OpMemoryModel Logical GLSL450
               OpEntryPoint TessellationEvaluation %4 "main" %13 %18 %27 %49 %52 %57
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
               OpName %49 "v_color"
               OpName %52 "t_color"
               OpName %57 "gl_PrimitiveID"
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
               OpDecorate %49 Flat
               OpDecorate %49 Location 0
               OpDecorate %52 Location 0
               OpDecorate %57 BuiltIn PrimitiveId
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
         %49 = OpVariable %47 Output
         %50 = OpTypeArray %7 %24
         %51 = OpTypePointer Input %50
         %52 = OpVariable %51 Input
         %56 = OpTypePointer Input %14
         %57 = OpVariable %56 Input
         %61 = OpConstant %6 4
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
         %53 = OpAccessChain %28 %52 %15
         %54 = OpLoad %7 %53
         %55 = OpVectorShuffle %16 %54 %54 0 1 2
         %58 = OpLoad %14 %57
         %59 = OpIAdd %14 %58 %34
         %60 = OpConvertSToF %6 %59
         %62 = OpFDiv %6 %60 %61
         %63 = OpCompositeExtract %6 %55 0
         %64 = OpCompositeExtract %6 %55 1
         %65 = OpCompositeExtract %6 %55 2
         %66 = OpCompositeConstruct %7 %63 %64 %65 %62
               OpStore %49 %66
               OpReturn
               OpFunctionEnd
