#include "checkpoint/llmc.hpp"

#include "checkpoint/element_types.hpp"
#include "checkpoint/parameter_fill.hpp"

#include "comm/collectives.hpp"
#include "core/error.hpp"
#include "core/profiling.hpp"
#include "core/sync.hpp"

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <algorithm>
#include <cstring>
#include <fstream>
#include <memory>
#include <vector>

#include <sys/stat.h>

namespace fourfold::checkpoint {
namespace {

constexpr std::size_t header_ints = llmc_header_ints;
constexpr std::size_t header_bytes = llmc_header_bytes;

std::size_t bytes_per_element(int version) { return llmc_bytes_per_element(version); }

std::string errno_text() { return std::strerror(errno); }

// The 256-int header of a model file.
void fill_header(std::int32_t (&h)[header_ints], const GptConfig& c, int version) {
  std::fill(std::begin(h), std::end(h), 0);
  h[0] = llmc_model_magic;
  h[1] = version;
  h[2] = c.max_seq_len;
  h[3] = c.vocab_size;
  h[4] = c.num_layers;
  h[5] = c.num_heads;
  h[6] = c.channels;
  h[7] = c.padded_vocab_size;
}

bool write_values(std::FILE* file, const float* values, std::size_t n, int version) {
  if (version == llmc_version_fp32) return std::fwrite(values, sizeof(float), n, file) == n;
  std::vector<std::uint16_t> half(n);
  for (std::size_t i = 0; i < n; ++i) half[i] = float_to_bf16_bits(values[i]);
  return std::fwrite(half.data(), 2, n, file) == n;
}


}  // namespace

std::size_t llmc_tensor_offset(const GptConfig& config, const std::string& name) {
  const auto [tensor, layer] = parse_tensor_name(name, config.num_layers);
  return llmc_element_offset(config, tensor, layer);
}

void load_llmc(const std::string& path, Gpt& model) {
  ScopedRegion region("fourfold::checkpoint::load_llmc");
  const LlmcHeader header = read_llmc_header(path);
  FF_REQUIRE(header.config == model.config(),
             "llm.c checkpoint '{}' holds {}, but the model is {}", path, header.config.str(),
             model.config().str());
  const std::size_t esize = bytes_per_element(header.version);
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
  FF_REQUIRE(file != nullptr, "cannot open '{}': {}", path, errno_text());
  const ElementType type = header.version == llmc_version_bf16 ? ElementType::bf16 : ElementType::f32;
  std::vector<unsigned char> buffer;
  fill_parameter_runs(model, "fourfold::load_llmc: parameters", [&](const ParamInfo& p, const ParamRun& run, float* out) {
    const std::size_t base = llmc_element_offset(model.config(), static_cast<GptTensor>(p.tensor), p.layer);
    buffer.resize(run.length * esize);
    const long offset = static_cast<long>(header_bytes + (base + run.global_offset) * esize);
    FF_REQUIRE(std::fseek(file.get(), offset, SEEK_SET) == 0 &&
                   std::fread(buffer.data(), esize, run.length, file.get()) == run.length,
               "reading tensor {} from '{}' at byte {} failed: {}", p.name, path, offset, errno_text());
    for (std::size_t i = 0; i < run.length; ++i) out[i] = element_to_float(buffer.data(), i, type);
  });
}

void save_llmc(const std::string& path, const Gpt& model, int version) {
  ScopedRegion region("fourfold::checkpoint::save_llmc");
  FF_REQUIRE(version == llmc_version_fp32 || version == llmc_version_bf16,
             "llm.c export version {}: expected 3 (fp32) or 5 (bf16)", version);
  const comm::Communicator& world = model.grid().world();
  const bool writer = world.rank() == 0;
  const std::string temporary = path + ".partial";
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(nullptr, &std::fclose);
  int opened = 1;
  if (writer) {
    file.reset(std::fopen(temporary.c_str(), "wb"));
    opened = file != nullptr;
  }
  const std::string open_error = errno_text();
  FF_REQUIRE(comm::all_reduce_value(world, opened, comm::ReduceOp::min) == 1,
             "cannot create '{}' for the llm.c export{}", temporary,
             writer ? ": " + open_error : " (see rank 0)");
  int ok = 1;
  if (writer) {
    std::int32_t h[header_ints];
    fill_header(h, model.config(), version);
    ok = std::fwrite(h, sizeof h, 1, file.get()) == 1;
  }
  // Tensors in file order: sort by offset.
  std::vector<const ParamInfo*> order;
  for (const ParamInfo& p : model.params()) order.push_back(&p);
  const auto offset = [&](const ParamInfo* p) {
    return llmc_element_offset(model.config(), static_cast<GptTensor>(p->tensor), p->layer);
  };
  std::sort(order.begin(), order.end(), [&](const ParamInfo* a, const ParamInfo* b) { return offset(a) < offset(b); });
  auto local = mirror_to_host(model.grid().context().counters(), model.grid().context().compute(), model.parameters(), "fourfold::export_llmc: parameters");
  for (const ParamInfo* p : order) {
    // Each element is contributed by exactly one rank (the owner of its copy), so a sum
    // assembles the global tensor.
    HostTensor1<float> global(Kokkos::view_alloc(std::string("llmc_export")), p->rows * p->cols);
    if (owns_copy(*p, model.grid().coords())) {
      for (const ParamRun& run : p->runs)
        std::memcpy(global.data() + run.global_offset, local.data() + p->offset + run.local_offset,
                    run.length * sizeof(float));
    }
    comm::all_reduce(HostExecSpace(), world, global);
    if (writer && ok) ok = write_values(file.get(), global.data(), global.size(), version);
  }
  if (writer) {
    ok = ok && std::fflush(file.get()) == 0;
    ok = std::fclose(file.release()) == 0 && ok;
    ok = ok && std::rename(temporary.c_str(), path.c_str()) == 0;
    if (!ok) std::remove(temporary.c_str());
  }
  const std::string write_error = errno_text();
  FF_REQUIRE(comm::all_reduce_value(world, ok, comm::ReduceOp::min) == 1,
             "writing the llm.c export '{}' failed{}; nothing was replaced", path,
             writer ? ": " + write_error : " on rank 0");
}

void write_llmc_file(const std::string& path, const GptConfig& config,
                     const std::vector<float>& parameters, int version) {
  FF_REQUIRE(static_cast<long long>(parameters.size()) == config.num_parameters(),
             "llm.c export of {}: {} parameters given, {} expected", config.str(), parameters.size(),
             config.num_parameters());
  const std::string temporary = path + ".partial";
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(temporary.c_str(), "wb"), &std::fclose);
  FF_REQUIRE(file != nullptr, "cannot create '{}': {}", temporary, errno_text());
  std::int32_t h[header_ints];
  fill_header(h, config, version);
  bool ok = std::fwrite(h, sizeof h, 1, file.get()) == 1;
  ok = ok && write_values(file.get(), parameters.data(), parameters.size(), version);
  ok = std::fclose(file.release()) == 0 && ok;
  ok = ok && std::rename(temporary.c_str(), path.c_str()) == 0;
  if (!ok) {
    const std::string reason = errno_text();
    std::remove(temporary.c_str());
    FF_REQUIRE(false, "writing the llm.c file '{}' failed: {}", path, reason);
  }
}

}  // namespace fourfold::checkpoint
