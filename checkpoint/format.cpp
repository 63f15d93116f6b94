#include "checkpoint/format.hpp"

#include "core/error.hpp"
#include "core/hash.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <limits>

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
  nlohmann::json model_json = {{"family", family_name(model.family)},
                                {"max_seq_len", model.max_seq_len},
                                {"vocab_size", model.vocab_size},
                                {"padded_vocab_size", model.padded_vocab_size},
                                {"num_layers", model.num_layers},
                                {"num_heads", model.num_heads},
                                {"channels", model.channels}};
  if (model.family == ModelFamily::llama) {
    model_json["num_kv_heads"] = model.kv_heads();
    model_json["intermediate_size"] = model.mlp_hidden();
    model_json["norm_eps"] = model.norm_eps;
    model_json["rope_theta"] = model.rope_theta;
    model_json["tied_embeddings"] = model.tied_embeddings;
    model_json["rope_scaling"] = {{"factor", model.rope_scaling.factor},
                                  {"low_freq_factor", model.rope_scaling.low_freq_factor},
                                  {"high_freq_factor", model.rope_scaling.high_freq_factor},
                                  {"original_max_position", model.rope_scaling.original_max_position}};
  }
  const nlohmann::json j = {
      {"format_version", version},
      {"model", model_json},
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

namespace {

// An integer field of metadata, in range for T. nlohmann would convert a float (1e30) or an
// out-of-range integer with a plain cast, which is undefined or silently wrong.
template <typename T>
T integer_field(const nlohmann::json& object, const char* key, const std::string& origin) {
  const nlohmann::json& value = object.at(key);
  bool in_range = false;
  if (value.is_number_unsigned()) {
    in_range = value.get<std::uint64_t>() <= static_cast<std::uint64_t>(std::numeric_limits<T>::max());
  } else if (value.is_number_integer()) {
    const std::int64_t v = value.get<std::int64_t>();
    in_range = std::numeric_limits<T>::is_signed && v >= static_cast<std::int64_t>(std::numeric_limits<T>::min()) &&
               v <= static_cast<std::int64_t>(std::numeric_limits<T>::max());
  }
  FF_REQUIRE(in_range, "checkpoint '{}' has unreadable metadata: \"{}\" = {} is not an integer in [{}, {}]", origin,
             key, value.dump(), std::numeric_limits<T>::min(), std::numeric_limits<T>::max());
  return value.is_number_unsigned() ? static_cast<T>(value.get<std::uint64_t>()) : static_cast<T>(value.get<std::int64_t>());
}

}  // namespace

CheckpointMeta CheckpointMeta::from_json(const std::string& text, const std::string& origin) {
  CheckpointMeta m;
  try {
    const auto j = nlohmann::json::parse(text);
    m.version = integer_field<int>(j, "format_version", origin);
    FF_REQUIRE(m.version == format_version,
               "checkpoint '{}' has format version {}; this fourfold reads version {}", origin,
               m.version, format_version);
    const auto& mj = j.at("model");
    m.model.max_seq_len = integer_field<int>(mj, "max_seq_len", origin);
    m.model.vocab_size = integer_field<int>(mj, "vocab_size", origin);
    m.model.padded_vocab_size = integer_field<int>(mj, "padded_vocab_size", origin);
    m.model.num_layers = integer_field<int>(mj, "num_layers", origin);
    m.model.num_heads = integer_field<int>(mj, "num_heads", origin);
    m.model.channels = integer_field<int>(mj, "channels", origin);
    // Checkpoints from before the Llama family carry no family: GPT-2.
    if (mj.contains("family")) m.model.family = parse_family(mj.at("family").get<std::string>());
    if (m.model.family == ModelFamily::llama) {
      m.model.num_kv_heads = integer_field<int>(mj, "num_kv_heads", origin);
      m.model.intermediate_size = integer_field<int>(mj, "intermediate_size", origin);
      const double eps = mj.at("norm_eps").get<double>();
      FF_REQUIRE(eps > 0.0 && eps < 1.0, "checkpoint '{}' has unreadable metadata: norm_eps {} (expected in (0, 1))",
                 origin, eps);
      m.model.norm_eps = static_cast<float>(eps);
      m.model.rope_theta = mj.at("rope_theta").get<double>();
      m.model.tied_embeddings = mj.at("tied_embeddings").get<bool>();
      const auto& rs = mj.at("rope_scaling");
      m.model.rope_scaling.factor = rs.at("factor").get<double>();
      m.model.rope_scaling.low_freq_factor = rs.at("low_freq_factor").get<double>();
      m.model.rope_scaling.high_freq_factor = rs.at("high_freq_factor").get<double>();
      m.model.rope_scaling.original_max_position = integer_field<int>(rs, "original_max_position", origin);
    }
    const auto& s = j.at("state");
    m.state.step = integer_field<long>(s, "step", origin);
    m.state.tokens_seen = integer_field<long long>(s, "tokens_seen", origin);
    m.state.seed = integer_field<std::uint64_t>(s, "seed", origin);
    m.state.batch_size = integer_field<int>(s, "batch_size", origin);
    m.state.seq_len = integer_field<int>(s, "seq_len", origin);
    m.state.data_order = s.at("data_order");
    m.state.train_data = s.at("train_data");
    m.state.lr = s.at("lr");
    m.state.min_lr = s.at("min_lr");
    m.state.warmup_steps = integer_field<long>(s, "warmup_steps", origin);
    m.state.total_steps = integer_field<long>(s, "total_steps", origin);
    m.state.schedule = s.at("schedule");
    m.state.beta1 = s.at("beta1");
    m.state.beta2 = s.at("beta2");
    m.state.eps = s.at("eps");
    m.state.weight_decay = s.at("weight_decay");
    m.has_optimizer = j.at("has_optimizer");
    m.grid = comm::GridShape::parse(j.at("grid").get<std::string>());
    m.world_size = integer_field<int>(j, "world_size", origin);
    m.code_version = j.at("code_version");
    m.wall_time = j.at("wall_time");
    m.unix_time = j.at("unix_time");
    for (const auto& t : j.at("tensors")) {
      TensorRecord r;
      r.name = t.at("name");
      const auto& shape = t.at("shape");
      FF_REQUIRE(shape.is_array() && shape.size() <= 4, "checkpoint '{}' has unreadable metadata: tensor {} has shape {}",
                 origin, r.name, shape.dump());
      for (const auto& extent : shape) {
        FF_REQUIRE(extent.is_number_unsigned() && extent.get<std::uint64_t>() <= (std::uint64_t{1} << 40),
                   "checkpoint '{}' has unreadable metadata: tensor {} has extent {} (expected an integer in [0, 2^40])",
                   origin, r.name, extent.dump());
        r.shape.push_back(static_cast<std::size_t>(extent.get<std::uint64_t>()));
      }
      r.checksum = integer_field<std::uint64_t>(t, "checksum", origin);
      if (m.has_optimizer) {
        r.checksum_m = integer_field<std::uint64_t>(t, "checksum_m", origin);
        r.checksum_v = integer_field<std::uint64_t>(t, "checksum_v", origin);
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
