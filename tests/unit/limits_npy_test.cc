// .npy decoding on hostile headers (fuzz findings): a zero-size array decodes, and a header that
// claims a shape the data does not hold is refused before anything of that size is allocated.
#include <gtest/gtest.h>

#include <string>

#include "io/npy.h"

namespace xpar {
namespace {

// A version 1.0 .npy file with `header` (padded to 64 bytes with spaces and a newline) and data.
std::string Npy(const std::string& header, const std::string& data) {
  std::string h = header;
  while ((10 + h.size() + 1) % 64 != 0) h += ' ';
  h += '\n';
  std::string out = "\x93NUMPY";
  out += '\x01';
  out += '\x00';
  out += static_cast<char>(h.size() & 0xff);
  out += static_cast<char>(h.size() >> 8);
  return out + h + data;
}

TEST(LimitsNpyTest, ZeroSizeArrayDecodes) {
  auto v = DecodeNpy(Npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 0, 3), }", ""),
                     "empty.npy");
  ASSERT_TRUE(v.ok()) << v.status().ToString();
  EXPECT_EQ(v->shape().ToString(false), "f32[2,0,3]");
  EXPECT_EQ(v->ElementCount(), 0);
}

TEST(LimitsNpyTest, HugeShapeWithoutDataIsRefusedBeforeAllocation) {
  auto v = DecodeNpy(Npy("{'descr': '<f8', 'fortran_order': False, "
                         "'shape': (4294967296, 4294967296, 4294967296), }",
                         "12345678"),
                     "huge.npy");
  ASSERT_FALSE(v.ok());
  EXPECT_NE(v.status().message().find(".npy data has 8 bytes"), std::string::npos)
      << v.status().message();
}

TEST(LimitsNpyTest, RoundTripKeepsValues) {
  Literal l = Literal::FromVector<float>({2, 2}, {1, 2, 3, 4});
  auto v = DecodeNpy(EncodeNpy(l), "rt.npy");
  ASSERT_TRUE(v.ok()) << v.status().ToString();
  EXPECT_EQ(v->shape().ToString(false), "f32[2,2]");
  EXPECT_EQ(v->GetAsDouble(3), 4.0);
}

}  // namespace
}  // namespace xpar
