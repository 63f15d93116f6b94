#include "checkpoint/format.hpp"

#include "core/error.hpp"
#include "core/hash.hpp"

#include <nlohmann/json.hpp>

#include <cstring>

namespace fourfold::checkpoint {

std::string model_dataset(const std::string& tensor) { return "/model/" + tensor; }
std::string moment_dataset(const char* moment, const std::string& tensor) {
  return std::string("/optimizer/") + moment + "/" + tensor;
}

std::uint64_t checksum_part(const float* values, std::size_t first, std::size_t count) {
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < count; ++i) {
    std::uint32_t bits;
    std::memcpy(&bits, values + i, sizeof bits);
    sum += rng::mix64((static_cast<std::uint64_t>(first + i) << 32) ^ bits ^ 0xC0FFEE);
  }
  return sum;
}

std::vector<std::size_t> stored_shape(const ParamInfo& info) {
  if (info.is_vector) return {info.rows};
  return {info.rows, info.cols};
}

std::string CheckpointMeta::to_json() const {
  nlohmann::json tensors_json = nlohmann::json::array();
  for (const auto& t : tensors) {
    nlohmann::json j = {{"name", t.name}, {"shape", t.shape}, {"checksum", t.checksum}};
    if (has_optimizer) {
      j["checksum_m"] = t.checksum_m;
      j["checksum_v"] = t.checksum_v;
    }
    tensors_json.push_back(j);
  }
  const nlohmann::json j = {
      {"format_version", version},
      {"model",
       {{"max_seq_len", model.max_seq_len},
        {"vocab_size", model.vocab_size},
        {"padded_vocab_size", model.padded_vocab_size},
        {"num_layers", model.num_layers},
        {"num_heads", model.num_heads},
        {"channels", model.channels}}},
      {"state",
       {{"step", state.step},
        {"tokens_seen", state.tokens_seen},
        {"seed", state.seed},
        {"batch_size", state.batch_size},
        {"seq_len", state.seq_len},
        {"data_order", state.data_order},
        {"train_data", state.train_data},
        {"lr", state.lr},
        {"min_lr", state.min_lr},
        {"warmup_steps", state.warmup_steps},
        {"total_steps", state.total_steps},
        {"schedule", state.schedule},
        {"beta1", state.beta1},
        {"beta2", state.beta2},
        {"eps", state.eps},
        {"weight_decay", state.weight_decay}}},
      {"has_optimizer", has_optimizer},
      {"grid", grid.str()},
      {"world_size", world_size},
      {"code_version", code_version},
      {"wall_time", wall_time},
      {"unix_time", unix_time},
      {"tensors", tensors_json},
  };
  return j.dump();
}

CheckpointMeta CheckpointMeta::from_json(const std::string& text, const std::string& origin) {
  CheckpointMeta m;
  try {
    const auto j = nlohmann::json::parse(text);
    m.version = j.at("format_version").get<int>();
    FF_REQUIRE(m.version == format_version,
               "checkpoint '{}' has format version {}; this fourfold reads version {}", origin,
               m.version, format_version);
    const auto& mj = j.at("model");
    m.model.max_seq_len = mj.at("max_seq_len");
    m.model.vocab_size = mj.at("vocab_size");
    m.model.padded_vocab_size = mj.at("padded_vocab_size");
    m.model.num_layers = mj.at("num_layers");
    m.model.num_heads = mj.at("num_heads");
    m.model.channels = mj.at("channels");
    const auto& s = j.at("state");
    m.state.step = s.at("step");
    m.state.tokens_seen = s.at("tokens_seen");
    m.state.seed = s.at("seed");
    m.state.batch_size = s.at("batch_size");
    m.state.seq_len = s.at("seq_len");
    m.state.data_order = s.at("data_order");
    m.state.train_data = s.at("train_data");
    m.state.lr = s.at("lr");
    m.state.min_lr = s.at("min_lr");
    m.state.warmup_steps = s.at("warmup_steps");
    m.state.total_steps = s.at("total_steps");
    m.state.schedule = s.at("schedule");
    m.state.beta1 = s.at("beta1");
    m.state.beta2 = s.at("beta2");
    m.state.eps = s.at("eps");
    m.state.weight_decay = s.at("weight_decay");
    m.has_optimizer = j.at("has_optimizer");
    m.grid = comm::GridShape::parse(j.at("grid").get<std::string>());
    m.world_size = j.at("world_size");
    m.code_version = j.at("code_version");
    m.wall_time = j.at("wall_time");
    m.unix_time = j.at("unix_time");
    for (const auto& t : j.at("tensors")) {
      TensorRecord r;
      r.name = t.at("name");
      r.shape = t.at("shape").get<std::vector<std::size_t>>();
      r.checksum = t.at("checksum");
      if (m.has_optimizer) {
        r.checksum_m = t.at("checksum_m");
        r.checksum_v = t.at("checksum_v");
      }
      m.tensors.push_back(r);
    }
  } catch (const nlohmann::json::exception& e) {
    FF_REQUIRE(false, "checkpoint '{}' has unreadable metadata: {}", origin, e.what());
  }
  m.model.validate();
  return m;
}

}  // namespace fourfold::checkpoint
