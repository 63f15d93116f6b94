// fourfold-ckpt: inspect, verify and convert fourfold checkpoints.
//   fourfold-ckpt info FILE                 metadata and the tensor list with shapes
//   fourfold-ckpt verify FILE               recompute every checksum; non-zero exit on a mismatch
//   fourfold-ckpt export-llmc FILE OUT.bin  the model's weights in llm.c's format (fp32; --bf16)
//   fourfold-ckpt export-hf FILE OUTDIR     the model as a Hugging Face folder (config.json,
//                                           safetensors; --dtype fp32|bf16, --max-shard-size 5GB)
// Serial: run it without mpirun (under mpirun, rank 0 does the work).
#include "checkpoint/checkpoint_file.hpp"
#include "checkpoint/llmc.hpp"
#include "core/error.hpp"
#include "drivers/common/guarded_main.hpp"

#include <CLI/CLI.hpp>

#include <cstdint>
#include <cstdio>
#include <ctime>
#include <string>

using namespace fourfold;

namespace {

void print_info(const std::string& path) {
  const checkpoint::CheckpointMeta m = checkpoint::read_checkpoint_meta(path);
  std::printf("checkpoint      %s\n", path.c_str());
  std::printf("format version  %d\n", m.version);
  std::printf("family          %s\n", family_name(m.model.family));
  std::printf("model           %s (%.1fM parameters)\n", m.model.str().c_str(), m.model.num_parameters() / 1e6);
  std::printf("step            %ld (%lld tokens seen)\n", m.state.step, m.state.tokens_seen);
  std::printf("data            '%s', %s order, batch %d x %d tokens, seed %llu\n", m.state.train_data.c_str(),
              m.state.data_order.c_str(), m.state.batch_size, m.state.seq_len,
              static_cast<unsigned long long>(m.state.seed));
  std::printf("schedule        %s, lr %g -> %g, warm-up %ld of %ld steps\n", m.state.schedule.c_str(), m.state.lr,
              m.state.min_lr, m.state.warmup_steps, m.state.total_steps);
  std::printf("optimizer       %s\n",
              m.has_optimizer ? fmt::format("AdamW (beta1 {}, beta2 {}, eps {}, weight decay {})", m.state.beta1,
                                            m.state.beta2, m.state.eps, m.state.weight_decay)
                                    .c_str()
                              : "none (weights only)");
  std::printf("saved by        grid %s on %d ranks, %s, %s\n", m.grid.str().c_str(), m.world_size,
              m.code_version.c_str(), m.wall_time.c_str());
  std::printf("tensors         %zu\n", m.tensors.size());
  for (const auto& t : m.tensors)
    std::printf("  %-28s [%s]  checksum %016llx\n", t.name.c_str(), fmt::format("{}", fmt::join(t.shape, ", ")).c_str(),
                static_cast<unsigned long long>(t.checksum));
}

// "5GB", "500MB", "2000000": bytes, with Hugging Face's decimal suffixes (KB, MB, GB).
std::uint64_t parse_shard_size(const std::string& text) {
  std::size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
  const std::string unit = text.substr(digits);
  const std::uint64_t scale = unit.empty() ? 1 : unit == "KB" ? 1000ull : unit == "MB" ? 1000'000ull
                              : unit == "GB" ? 1000'000'000ull : 0;
  FF_REQUIRE(digits > 0 && digits <= 12 && scale != 0 && std::stoull(text.substr(0, digits)) > 0,
             "--max-shard-size '{}': expected a positive number of bytes, optionally with KB, MB or GB (e.g. 5GB)", text);
  return std::stoull(text.substr(0, digits)) * scale;
}

}  // namespace

int main(int argc, char** argv) {
  return run_guarded(argc, argv, "fourfold-ckpt", [&](Runtime& runtime) {
    CLI::App app{"fourfold-ckpt: inspect, verify and convert fourfold checkpoints"};
    app.require_subcommand(1);
    std::string file, out, dtype = "fp32", shard_size = "5GB";
    bool bf16 = false;
    auto* info = app.add_subcommand("info", "metadata and tensor list with shapes");
    info->add_option("file", file, "checkpoint (.h5)")->required();
    auto* verify = app.add_subcommand("verify", "recompute every checksum");
    verify->add_option("file", file, "checkpoint (.h5)")->required();
    auto* exporter = app.add_subcommand("export-llmc", "write the weights in llm.c's GPT-2 format");
    exporter->add_option("file", file, "checkpoint (.h5)")->required();
    exporter->add_option("out", out, "llm.c model file to write")->required();
    exporter->add_flag("--bf16", bf16, "write bf16 (version 5) instead of fp32 (version 3)");
    auto* hf = app.add_subcommand("export-hf", "write the model as a Hugging Face folder (config.json, safetensors)");
    hf->add_option("file", file, "checkpoint (.h5)")->required();
    hf->add_option("out", out, "folder to write (created if absent; must hold no model yet)")->required();
    hf->add_option("--dtype", dtype, "stored type of the tensors: fp32 or bf16")->check(CLI::IsMember({"fp32", "bf16"}));
    hf->add_option("--max-shard-size", shard_size, "largest safetensors shard (Hugging Face's 5GB by default)");
    try {
      app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
      if (runtime.world_rank() == 0) app.exit(e);
      return e.get_exit_code();
    }
    if (runtime.world_rank() != 0) return 0;
    if (info->parsed()) {
      print_info(file);
      return 0;
    }
    if (verify->parsed()) {
      const auto problems = checkpoint::verify_checkpoint_file(file);
      for (const auto& p : problems) std::printf("MISMATCH %s\n", p.c_str());
      FF_REQUIRE(problems.empty(), "checkpoint '{}' failed verification: {} dataset(s) do not match their checksums",
                 file, problems.size());
      std::printf("checkpoint %s: every checksum matches\n", file.c_str());
      return 0;
    }
    if (hf->parsed()) {
      const checkpoint::ElementType type = dtype == "bf16" ? checkpoint::ElementType::bf16 : checkpoint::ElementType::f32;
      checkpoint::export_hf_from_checkpoint(file, out, type, parse_shard_size(shard_size));
      const GptConfig model = checkpoint::read_checkpoint_meta(file).model;
      std::printf("wrote %s (Hugging Face %s, %s)\n", out.c_str(),
                  model.family == ModelFamily::llama ? "LlamaForCausalLM" : "GPT2LMHeadModel", dtype.c_str());
      return 0;
    }
    checkpoint::export_llmc_from_checkpoint(file, out, bf16 ? checkpoint::llmc_version_bf16 : checkpoint::llmc_version_fp32);
    std::printf("wrote %s (llm.c GPT-2, %s)\n", out.c_str(), bf16 ? "bf16" : "fp32");
    return 0;
  });
}
