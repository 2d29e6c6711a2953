// send / send-done / recv / recv-done between the programs of interpreter.run_parallel (one FIFO
// channel per channel_id, shared by all devices; is_host_transfer changes nothing here), and
// infeed / outfeed against the host queues of the run (DeviceContext::hub).
#include <fmt/format.h>

#include "runtime/interpreter/collective_hub.h"
#include "runtime/interpreter/kernels.h"

namespace xpar {
namespace {

Expected<CollectiveTransport*> Hub(const Instruction& inst, EvalContext& ctx) {
  if (!ctx.device().hub) {
    return Unimplemented(
        "'{}' talks to the host or another program: run it under "
        "interpreter.run_parallel",
        HloOpcodeName(inst.opcode()));
  }
  return ctx.device().hub;
}

Literal WithContextAndToken(Literal data) {
  std::vector<Literal> elems;
  elems.push_back(std::move(data));
  elems.push_back(Literal::Scalar<uint32_t>(0));
  elems.push_back(Literal(Shape::Token()));
  return Literal::Tuple(std::move(elems));
}

Status CheckReceived(const Instruction& inst, const Literal& v) {
  const Shape& want = inst.shape().tuple_shape(0);
  if (!v.shape().Compatible(want)) {
    return InvalidArgument("{} '{}' expects {} but received {}", HloOpcodeName(inst.opcode()),
                           inst.name(), want.ToString(false), v.shape().ToString(false));
  }
  return Status::Ok();
}

}  // namespace

Expected<Literal> EvalSendRecv(const Instruction& inst, Operands ops, EvalContext& ctx) {
  const int64_t channel = inst.attrs().channel_id.value_or(0);
  const DeviceContext& dev = ctx.device();
  switch (inst.opcode()) {
    case Opcode::kSend: {
      ASSIGN_OR_RETURN(CollectiveTransport * hub, Hub(inst, ctx));
      RETURN_IF_ERROR(hub->Send(channel, *ops[0]));
      return WithContextAndToken(*ops[0]);
    }
    case Opcode::kSendDone:
      return Literal(Shape::Token());
    case Opcode::kRecv: {
      ASSIGN_OR_RETURN(CollectiveTransport * hub, Hub(inst, ctx));
      int64_t device = dev.replica_id * dev.num_partitions + dev.partition_id;
      ASSIGN_OR_RETURN(Literal v, hub->Recv(channel, device));
      RETURN_IF_ERROR(CheckReceived(inst, v));
      return WithContextAndToken(std::move(v));
    }
    case Opcode::kRecvDone: {
      std::vector<Literal> elems;
      elems.push_back(ops[0]->elements()[0]);
      elems.push_back(Literal(Shape::Token()));
      return Literal::Tuple(std::move(elems));
    }
    case Opcode::kInfeed: {
      ASSIGN_OR_RETURN(CollectiveTransport * hub, Hub(inst, ctx));
      ASSIGN_OR_RETURN(Literal v, hub->Infeed());
      RETURN_IF_ERROR(CheckReceived(inst, v));
      std::vector<Literal> elems;
      elems.push_back(std::move(v));
      elems.push_back(Literal(Shape::Token()));
      return Literal::Tuple(std::move(elems));
    }
    case Opcode::kOutfeed: {
      ASSIGN_OR_RETURN(CollectiveTransport * hub, Hub(inst, ctx));
      RETURN_IF_ERROR(hub->Outfeed(*ops[0]));
      return Literal(Shape::Token());
    }
    default:
      break;
  }
  return Internal("EvalSendRecv called for {}", HloOpcodeName(inst.opcode()));
}

}  // namespace xpar
