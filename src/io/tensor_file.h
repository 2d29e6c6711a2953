// Named tensors in files: NumPy .npz (read and write) and safetensors (read and write), so a
// user can check xpar against NumPy or PyTorch in three lines of Python.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ir/literal.h"
#include "support/status.h"

namespace xpar {

struct NamedTensor {
  std::string name;
  Literal value;
};

// .npz: a zip of NAME.npy members (np.savez or np.savez_compressed). bf16 and the f8/f6/f4 types
// have no NumPy type: they are written as float32 (exactly), and float32 data is accepted where
// they are expected (rounded to nearest even).
Expected<std::vector<NamedTensor>> ReadNpz(const std::string& path);
Status WriteNpz(const std::string& path, const std::vector<NamedTensor>& tensors);

// .safetensors: 8-byte header length, JSON header, raw little-endian data. F8_E5M2 and F8_E4M3
// (torch's float8_e4m3fn) are read and written; other 4/6/8-bit floats cannot be written.
Expected<std::vector<NamedTensor>> ReadSafetensors(const std::string& path);
Status WriteSafetensors(const std::string& path, const std::vector<NamedTensor>& tensors);

// Chooses the format by extension (.npz or .safetensors).
Expected<std::vector<NamedTensor>> ReadTensorFile(const std::string& path);
Status WriteTensorFile(const std::string& path, const std::vector<NamedTensor>& tensors);

// Tensors written one at a time, for callers that hold one at a time (`xpar run` under MPI).
// .npz streams each to the file as it comes (NpzWriter); .safetensors keeps them until Finish,
// since its header, which comes first, gives every tensor's offset. Both write a temporary file
// beside the target and rename it at Finish: without a successful Finish no file is left.
class TensorFileWriter {
 public:
  virtual ~TensorFileWriter() = default;
  virtual Status Add(const std::string& name, const Literal& value) = 0;
  virtual Status Finish() = 0;
};
Expected<std::unique_ptr<TensorFileWriter>> OpenTensorFileWriter(const std::string& path);

// Converts `value` to `type` where that is exact (f32 -> bf16 only when every value is
// representable, integer widening, ...); otherwise an error naming the tensor.
Expected<Literal> ConvertForParameter(const NamedTensor& tensor, const Shape& want);

}  // namespace xpar
