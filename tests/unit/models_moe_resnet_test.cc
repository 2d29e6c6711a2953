// The MoE and Wide-ResNet generators' API: exact parameter counts, gating sizes, validation and
// the data parameters of a Wide-ResNet step.
#include <gtest/gtest.h>

#include "models/training_step.h"

namespace xpar::models {
namespace {

TEST(WideResnet, CountsMatchAlpasFlaxModel) {
  // Summed by hand over flax's ResNet-50 with BottleneckResNetBlock: stem 7x7x3x160 + bn;
  // per block 1x1, 3x3 (x2 wide), 1x1 (x4) convolutions with batch norm, projections where
  // the shape changes; Dense(1024) with bias.
  EXPECT_EQ(ParameterCount(*FindModel("wresnet-250m")), 254123104);
  EXPECT_EQ(ParameterCount(*FindModel("wresnet-13b")), 12633386944);
}

TEST(WideResnet, ProjectionsWhereTheShapeChanges) {
  ResnetConfig r = FindModel("wresnet-1b")->resnet;
  EXPECT_TRUE(ResnetHasProjection(r, 0, 0));  // 320 channels in, 1280 out
  EXPECT_FALSE(ResnetHasProjection(r, 0, 1));
  EXPECT_TRUE(ResnetHasProjection(r, 1, 0));  // stride 2
  EXPECT_EQ(ResnetStride(1, 0), 2);
  EXPECT_EQ(ResnetStride(1, 1), 1);
  EXPECT_EQ(ResnetStride(0, 0), 1);
}

TEST(Moe, GroupAndCapacity) {
  ModelConfig c = *FindModel("moe-380m");
  EXPECT_EQ(MoeGroupSize(c), 1024);  // 2048 capped at batch 1 x seq 1024
  EXPECT_EQ(MoeCapacity(c), 256);    // 2 x 1024 / 8 experts
  c.batch = 4;
  EXPECT_EQ(MoeGroupSize(c), 2048);
  c.experts = 48;
  EXPECT_EQ(MoeCapacity(c), 86);  // 4096 / 48 rounded up
}

TEST(Moe, ValidationNamesTheProblem) {
  ModelConfig c = *FindModel("moe-380m");
  c.experts = 1;
  EXPECT_NE(ValidateConfig(c).message().find("2 or more experts"), std::string::npos);
  c = *FindModel("moe-380m");
  c.expert_group = 3;
  EXPECT_NE(ValidateConfig(c).message().find("do not divide the 1024 tokens"),
            std::string::npos);
}

TEST(WideResnet, StepTakesImagesAndClassLabels) {
  ModelConfig c = *FindModel("wresnet-250m");
  c.batch = 2;
  c.resnet.image = 8;
  c.resnet.channels = 2;
  c.resnet.classes = 3;
  c.resnet.stage_blocks = {1};
  auto module = GenerateTrainingStep(c, AdamWOptions());
  ASSERT_TRUE(module.ok()) << module.status().message();
  const std::vector<Instruction*>& params = (*module)->entry()->parameters();
  const int64_t n = static_cast<int64_t>(ModelWeights(c).size());
  ASSERT_EQ(static_cast<int64_t>(params.size()), 3 * n + 3);
  EXPECT_EQ(params[3 * n + 1]->name(), "images");
  EXPECT_EQ(params[3 * n + 1]->shape().dims(), (std::vector<int64_t>{2, 3, 8, 8}));
  EXPECT_EQ(params[3 * n + 2]->shape().dims(), (std::vector<int64_t>{2}));
}

}  // namespace
}  // namespace xpar::models
