// Matrix products: linear, addmm, matmul/mm/bmm (with batch broadcasting) and two-operand
// einsum, each lowered to one dot (plus broadcasts and a transpose where needed).
#include <fmt/format.h>

#include <algorithm>

#include "frontends/torchscript/lowering.h"

namespace xpar::ts {
namespace {

std::vector<int64_t> Range(int64_t from, int64_t to) {
  std::vector<int64_t> r;
  for (int64_t i = from; i < to; ++i) r.push_back(i);
  return r;
}

// torch.matmul semantics.
Expected<Instruction*> MatMul(Builder& b, Instruction* a, Instruction* c) {
  int64_t ra = a->shape().rank(), rc = c->shape().rank();
  if (ra == 0 || rc == 0) return InvalidArgument("matmul of a 0-d tensor");
  if (rc == 1 || rc == 2) {
    // Contract a's last dim with c's first: [..., K] x [K(, N)] -> [...(, N)].
    if (ra == 1 && rc == 2) return b.Dot(a, c, DotDims{{}, {0}, {}, {0}});
    return b.Dot(a, c, DotDims{{}, {ra - 1}, {}, {0}});
  }
  if (ra == 1) {  // [K] x [..., K, N] -> [..., N]
    ASSIGN_OR_RETURN(Instruction * a2, b.Reshape(a, {1, a->shape().dim(0)}));
    ASSIGN_OR_RETURN(Instruction * r, MatMul(b, a2, c));
    std::vector<int64_t> dims = r->shape().dims();
    dims.erase(dims.end() - 2);
    return b.Reshape(r, dims);
  }
  std::vector<int64_t> ba(a->shape().dims().begin(), a->shape().dims().end() - 2);
  std::vector<int64_t> bc(c->shape().dims().begin(), c->shape().dims().end() - 2);
  ASSIGN_OR_RETURN(std::vector<int64_t> batch, Builder::BroadcastShapes(ba, bc));
  std::vector<int64_t> da = batch, dc = batch;
  da.insert(da.end(), a->shape().dims().end() - 2, a->shape().dims().end());
  dc.insert(dc.end(), c->shape().dims().end() - 2, c->shape().dims().end());
  ASSIGN_OR_RETURN(a, b.BroadcastTo(a, da));
  ASSIGN_OR_RETURN(c, b.BroadcastTo(c, dc));
  int64_t nb = static_cast<int64_t>(batch.size());
  return b.Dot(a, c, DotDims{Range(0, nb), {nb + 1}, Range(0, nb), {nb}});
}

Status LowerMatMul(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * a, L.Tensor(n, 0));
  ASSIGN_OR_RETURN(Instruction * c, L.Tensor(n, 1));
  Expected<Instruction*> r = MatMul(L.b(), a, c);
  if (!r.ok()) return L.Error(n, r.status().message());
  L.SetTensor(n, 0, *r);
  return Status();
}

// linear(x [..., in], weight [out, in], bias [out] or None).
Status LowerLinear(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, 0));
  ASSIGN_OR_RETURN(Instruction * w, L.Tensor(n, 1));
  int64_t rx = x->shape().rank();
  Expected<Instruction*> r = w->shape().rank() == 2
                                 ? L.b().Dot(x, w, DotDims{{}, {rx - 1}, {}, {1}})
                                 : L.b().Dot(x, w, DotDims{{}, {rx - 1}, {}, {0}});
  if (!r.ok()) return L.Error(n, r.status().message());
  Instruction* y = *r;
  if (!L.IsNone(n, 2)) {
    ASSIGN_OR_RETURN(Instruction * bias, L.Tensor(n, 2));
    ASSIGN_OR_RETURN(y, L.b().Binary(Opcode::kAdd, y, bias));
  }
  L.SetTensor(n, 0, y);
  return Status();
}

// addmm(input, m1, m2, beta, alpha) = beta * input + alpha * (m1 @ m2).
Status LowerAddmm(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * bias, L.Tensor(n, 0));
  ASSIGN_OR_RETURN(Instruction * m1, L.Tensor(n, 1));
  ASSIGN_OR_RETURN(Instruction * m2, L.Tensor(n, 2));
  double beta = 1, alpha = 1;
  if (n.inputs.size() > 3) {
    ASSIGN_OR_RETURN(beta, L.Number(n, 3));
  }
  if (n.inputs.size() > 4) {
    ASSIGN_OR_RETURN(alpha, L.Number(n, 4));
  }
  Builder& b = L.b();
  PrimitiveType t = m1->shape().type();
  ASSIGN_OR_RETURN(Instruction * prod, MatMul(b, m1, m2));
  if (alpha != 1) {
    ASSIGN_OR_RETURN(prod, b.Binary(Opcode::kMultiply, prod, b.Scalar(t, alpha)));
  }
  if (beta != 1) {
    ASSIGN_OR_RETURN(bias, b.Binary(Opcode::kMultiply, bias, b.Scalar(t, beta)));
  }
  ASSIGN_OR_RETURN(Instruction * r, b.Binary(Opcode::kAdd, bias, prod));
  L.SetTensor(n, 0, r);
  return Status();
}

// einsum("<a>,<b>-><out>", [A, B]) where every letter appears at most once per operand and
// each input letter is in the other input or in the output.
Status LowerEinsum(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(std::string eq, L.String(n, 0));
  ASSIGN_OR_RETURN(std::vector<Instruction*> ops, L.Tensors(n, 1));
  eq.erase(std::remove(eq.begin(), eq.end(), ' '), eq.end());
  size_t comma = eq.find(','), arrow = eq.find("->");
  if (ops.size() != 2 || comma == std::string::npos || arrow == std::string::npos ||
      eq.find("...") != std::string::npos) {
    return L.Error(n, fmt::format("equation '{}': only explicit two-operand equations are "
                                  "supported",
                                  eq));
  }
  std::string la = eq.substr(0, comma), lb = eq.substr(comma + 1, arrow - comma - 1);
  std::string lo = eq.substr(arrow + 2);
  if (la.size() != size_t(ops[0]->shape().rank()) || lb.size() != size_t(ops[1]->shape().rank())) {
    return L.Error(n, fmt::format("equation '{}' does not match the operand ranks", eq));
  }
  DotDims dims;
  std::string result;  // letters of the dot's output, in its order
  for (size_t i = 0; i < la.size(); ++i) {
    size_t j = lb.find(la[i]);
    bool out = lo.find(la[i]) != std::string::npos;
    if (j != std::string::npos && out) {
      dims.lhs_batch.push_back(i);
      dims.rhs_batch.push_back(j);
      result += la[i];
    } else if (j != std::string::npos) {
      dims.lhs_contracting.push_back(i);
      dims.rhs_contracting.push_back(j);
    } else if (!out) {
      return L.Error(n, fmt::format("equation '{}': summing over a letter of one operand only "
                                    "is not supported",
                                    eq));
    }
  }
  for (char c : la) {
    if (lb.find(c) == std::string::npos) result += c;
  }
  for (char c : lb) {
    if (la.find(c) == std::string::npos) {
      if (lo.find(c) == std::string::npos) {
        return L.Error(n, fmt::format("equation '{}': summing over a letter of one operand only "
                                      "is not supported",
                                      eq));
      }
      result += c;
    }
  }
  ASSIGN_OR_RETURN(Instruction * r, L.b().Dot(ops[0], ops[1], dims));
  std::vector<int64_t> perm;
  for (char c : lo) {
    size_t p = result.find(c);
    if (p == std::string::npos) return L.Error(n, fmt::format("equation '{}' is malformed", eq));
    perm.push_back(static_cast<int64_t>(p));
  }
  ASSIGN_OR_RETURN(r, L.b().Transpose(r, perm));
  L.SetTensor(n, 0, r);
  return Status();
}

}  // namespace

void AddLinalgHandlers(HandlerTable& t) {
  t["aten::matmul"] = LowerMatMul;
  t["aten::mm"] = LowerMatMul;
  t["aten::bmm"] = LowerMatMul;
  t["aten::linear"] = LowerLinear;
  t["aten::addmm"] = LowerAddmm;
  t["aten::einsum"] = LowerEinsum;
}

}  // namespace xpar::ts
