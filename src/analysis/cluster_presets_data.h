// The cluster preset files (clusters/*.json) compiled into the binary; the .cc that defines
// EmbeddedClusterFiles() is generated at configure time by clusters/embed_clusters.cmake.
#pragma once

#include <vector>

namespace xpar::internal {

struct EmbeddedClusterFile {
  const char* name;  // file stem: "dgx-a100"
  const char* path;  // "clusters/dgx-a100.json", for error messages
  const char* text;  // the file's JSON text
};

// Sorted by name.
const std::vector<EmbeddedClusterFile>& EmbeddedClusterFiles();

}  // namespace xpar::internal
