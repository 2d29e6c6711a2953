// The corpus is where the tests expect it (or, off CI, visibly skipped).
#include "corpus_paths.h"

namespace xpar {
namespace {

TEST(Corpus, SharedDirectoryIsPresent) {
  XPAR_REQUIRE_SHARED("corpus/hlo");
  EXPECT_FALSE(testing::SharedFiles("corpus/hlo", ".hlo").empty());
}

}  // namespace
}  // namespace xpar
