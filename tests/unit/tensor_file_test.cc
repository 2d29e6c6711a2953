// .npz and .safetensors round trips and their error messages.
#include <gtest/gtest.h>

#include <filesystem>

#include "io/random_inputs.h"
#include "io/tensor_file.h"

namespace xpar {
namespace {

std::string TempPath(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("xpar_test_" + name)).string();
}

std::vector<NamedTensor> SampleTensors() {
  std::vector<NamedTensor> t;
  t.push_back({"arg0", Literal::FromVector<float>({2, 3}, {1, 2, 3, 4, 5, -6.5f})});
  t.push_back({"arg1", Literal::FromVector<int64_t>({4}, {0, -1, 7, 1LL << 40})});
  t.push_back({"scalar", Literal::Scalar<double>(0.25)});
  t.push_back({"mask", Literal::FromVector<bool>({3}, {true, false, true})});
  return t;
}

TEST(TensorFile, NpzRoundTrip) {
  std::string path = TempPath("a.npz");
  ASSERT_TRUE(WriteNpz(path, SampleTensors()).ok());
  auto back = ReadNpz(path);
  ASSERT_TRUE(back.ok()) << back.status().message();
  auto want = SampleTensors();
  ASSERT_EQ(back->size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ((*back)[i].name, want[i].name);
    EXPECT_TRUE((*back)[i].value == want[i].value) << want[i].name;
  }
}

TEST(TensorFile, SafetensorsRoundTripKeepsBf16) {
  std::string path = TempPath("a.safetensors");
  auto tensors = SampleTensors();
  Literal b(Shape(PrimitiveType::kBF16, {2}));
  b.SetFromDouble(0, 1.5);
  b.SetFromDouble(1, -3);
  tensors.push_back({"w", b});
  ASSERT_TRUE(WriteSafetensors(path, tensors).ok());
  auto back = ReadSafetensors(path);
  ASSERT_TRUE(back.ok()) << back.status().message();
  ASSERT_EQ(back->size(), tensors.size());
  for (size_t i = 0; i < tensors.size(); ++i) {
    EXPECT_TRUE((*back)[i].value == tensors[i].value) << tensors[i].name;
  }
}

TEST(TensorFile, Bf16IsWrittenToNpzAsFloat32) {
  std::string path = TempPath("b.npz");
  Literal b(Shape(PrimitiveType::kBF16, {1}));
  b.SetFromDouble(0, 0.1);
  ASSERT_TRUE(WriteNpz(path, {{"x", b}}).ok());
  auto back = ReadNpz(path);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ((*back)[0].value.type(), PrimitiveType::kF32);
  EXPECT_EQ((*back)[0].value.GetAsDouble(0), b.GetAsDouble(0));
}

TEST(TensorFile, ConversionForParameters) {
  NamedTensor f{"x", Literal::FromVector<float>({2}, {0.1f, 2})};
  auto to_bf16 = ConvertForParameter(f, Shape(PrimitiveType::kBF16, {2}));
  ASSERT_TRUE(to_bf16.ok());
  EXPECT_EQ(to_bf16->GetAsDouble(1), 2.0);
  auto to_int = ConvertForParameter(f, Shape(PrimitiveType::kS32, {2}));
  ASSERT_FALSE(to_int.ok());
  EXPECT_NE(to_int.status().message().find("not exactly representable"), std::string::npos);
  auto bad_shape = ConvertForParameter(f, Shape(PrimitiveType::kF32, {3}));
  ASSERT_FALSE(bad_shape.ok());
  EXPECT_NE(bad_shape.status().message().find("has shape f32[2], the parameter needs f32[3]"),
            std::string::npos);
}

TEST(TensorFile, MissingAndMalformedFilesGiveClearErrors) {
  auto missing = ReadNpz(TempPath("does_not_exist.npz"));
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.status().message().find("cannot open"), std::string::npos);
  std::string path = TempPath("garbage.safetensors");
  ASSERT_TRUE(WriteFile(path, std::string("\x10\x00\x00\x00\x00\x00\x00\x00{not json}xxxxxx", 30)).ok());
  auto bad = ReadSafetensors(path);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("not a JSON object"), std::string::npos);
  auto ext = ReadTensorFile("inputs.csv");
  ASSERT_FALSE(ext.ok());
}

TEST(RandomInputs, DeterministicAndInRange) {
  Shape s(PrimitiveType::kF32, {100});
  Literal a = RandomLiteral(s, 7), b = RandomLiteral(s, 7), c = RandomLiteral(s, 8);
  EXPECT_TRUE(a == b);
  EXPECT_FALSE(a == c);
  for (int64_t i = 0; i < 100; ++i) {
    EXPECT_GE(a.GetAsDouble(i), -1.0);
    EXPECT_LT(a.GetAsDouble(i), 1.0);
  }
  Literal ints = RandomLiteral(Shape(PrimitiveType::kS64, {50}), 1);
  for (int64_t i = 0; i < 50; ++i) EXPECT_LT(static_cast<uint64_t>(ints.GetAsInt64(i)), 8u);
}

}  // namespace
}  // namespace xpar
