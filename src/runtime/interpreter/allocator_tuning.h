// Process-wide malloc settings for interpreter workloads.
#pragma once

namespace xpar {

// Models stream gigabytes of short-lived activations (BERT's f32[16,128,30522] logits are 238 MiB
// each). By default glibc serves such buffers with fresh mmaps and page-faults every byte in
// again; serving them from the heap and never trimming it reuses the pages instead (measured on
// kahf__bert__bert_dp_graph_4.hlo: 1.89M -> 0.60M page faults, 17 s -> 7 s user time).
// Call once at the start of a program that runs the interpreter.
void TuneAllocatorForInterpreter();

}  // namespace xpar
