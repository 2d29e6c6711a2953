// .npz and .safetensors round trips and their error messages.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "io/npz_writer.h"
#include "io/random_inputs.h"
#include "io/tensor_file.h"
#include "support/source_text.h"

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

uint16_t Le16(const std::string& bytes, size_t at) {
  return static_cast<uint16_t>(static_cast<uint8_t>(bytes[at]) |
                               (static_cast<uint8_t>(bytes[at + 1]) << 8));
}

// NumPy's savez layout: every member stored (method 0), so a reader can map the arrays.
TEST(TensorFile, NpzMembersAreStoredUncompressed) {
  std::string path = TempPath("stored.npz");
  ASSERT_TRUE(WriteNpz(path, SampleTensors()).ok());
  auto bytes = ReadFile(path);
  ASSERT_TRUE(bytes.ok());
  int members = 0;
  for (size_t at = bytes->find("PK\x01\x02"); at != std::string::npos;
       at = bytes->find("PK\x01\x02", at + 4)) {
    EXPECT_EQ(Le16(*bytes, at + 10), 0) << "central entry at " << at << " is compressed";
    ++members;
  }
  EXPECT_EQ(members, 4);
  EXPECT_EQ(Le16(*bytes, 8), 0);  // the first local header's method
}

// The ZIP64 form (what members or archives past 4 GiB get) on a small file: libzip reads it.
TEST(TensorFile, NpzZip64FormReadsBack) {
  std::string path = TempPath("zip64.npz");
  auto writer = NpzWriter::Create(path, NpzWriterOptions{.force_zip64 = true});
  ASSERT_TRUE(writer.ok());
  // 6 MB: past the writer's 4 MiB buffer, so the CRC patch goes to bytes already on disk.
  Literal big = Literal::Uninitialized(Shape(PrimitiveType::kF32, {1500, 1000}));
  for (int64_t i = 0; i < big.ElementCount(); ++i) big.data<float>()[i] = static_cast<float>(i);
  for (const NamedTensor& t : SampleTensors()) ASSERT_TRUE((*writer)->Add(t.name, t.value).ok());
  ASSERT_TRUE((*writer)->Add("big", big).ok());
  ASSERT_TRUE((*writer)->Finish().ok());
  auto back = ReadNpz(path);
  ASSERT_TRUE(back.ok()) << back.status().message();
  ASSERT_EQ(back->size(), 5u);
  EXPECT_TRUE((*back)[4].value == big);
  EXPECT_TRUE((*back)[1].value == SampleTensors()[1].value);
  auto bytes = ReadFile(path);
  ASSERT_TRUE(bytes.ok());
  EXPECT_NE(bytes->find("PK\x06\x06"), std::string::npos) << "no ZIP64 end record";
  if (std::filesystem::exists("/usr/bin/python3")) {
    std::string cmd = "/usr/bin/python3 -c \"import numpy as np, sys; z = np.load(sys.argv[1]); "
                      "assert z['big'].shape == (1500, 1000) and z['big'][1499, 999] == 1499999; "
                      "assert list(z['arg1']) == [0, -1, 7, 1 << 40]\" " + path;
    EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
  }
}

// A write that fails (or a writer dropped before Finish) leaves neither the target nor its
// temporary file; an earlier file at the target stays as it was.
TEST(TensorFile, FailedNpzWriteLeavesNoFile) {
  std::filesystem::path dir = TempPath("npz_atomic_dir");
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::string path = (dir / "out.npz").string();
  Literal tuple = Literal::Tuple({Literal::Scalar<float>(1)});
  EXPECT_FALSE(WriteNpz(path, {{"a", Literal::Scalar<float>(1)}, {"t", tuple}}).ok());
  EXPECT_TRUE(std::filesystem::is_empty(dir));
  ASSERT_TRUE(WriteNpz(path, SampleTensors()).ok());
  {
    auto writer = NpzWriter::Create(path);
    ASSERT_TRUE(writer.ok());
    ASSERT_TRUE((*writer)->Add("x", Literal::Scalar<float>(2)).ok());
  }
  auto back = ReadNpz(path);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back->size(), 4u);
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), {}), 1);
  auto unwritable = WriteNpz((dir / "no_such_dir" / "x.npz").string(), SampleTensors());
  ASSERT_FALSE(unwritable.ok());
  EXPECT_NE(unwritable.message().find("cannot create a temporary file"), std::string::npos);
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
  // 8-byte header length 16, then 16 header bytes (24 in all; 30 read past the literal: ASan).
  ASSERT_TRUE(WriteFile(path, std::string("\x10\x00\x00\x00\x00\x00\x00\x00{not json}xxxxxx", 24)).ok());
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
