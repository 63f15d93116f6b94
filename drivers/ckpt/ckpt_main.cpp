// fourfold-ckpt: inspect, verify and convert fourfold checkpoints.
//   fourfold-ckpt info FILE                 metadata and the tensor list with shapes
//   fourfold-ckpt verify FILE               recompute every checksum; non-zero exit on a mismatch
//   fourfold-ckpt export-llmc FILE OUT.bin  the model's weights in llm.c's format (fp32; --bf16)
// Serial: run it without mpirun (under mpirun, rank 0 does the work).
#include "checkpoint/checkpoint_file.hpp"
#include "checkpoint/llmc.hpp"
#include "core/error.hpp"
#include "drivers/common/guarded_main.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <ctime>

using namespace fourfold;

namespace {

void print_info(const std::string& path) {
  const checkpoint::CheckpointMeta m = checkpoint::read_checkpoint_meta(path);
  std::printf("checkpoint      %s\n", path.c_str());
  std::printf("format version  %d\n", m.version);
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

}  // namespace

int main(int argc, char** argv) {
  return run_guarded(argc, argv, "fourfold-ckpt", [&](Runtime& runtime) {
    CLI::App app{"fourfold-ckpt: inspect, verify and convert fourfold checkpoints"};
    app.require_subcommand(1);
    std::string file, out;
    bool bf16 = false;
    auto* info = app.add_subcommand("info", "metadata and tensor list with shapes");
    info->add_option("file", file, "checkpoint (.h5)")->required();
    auto* verify = app.add_subcommand("verify", "recompute every checksum");
    verify->add_option("file", file, "checkpoint (.h5)")->required();
    auto* exporter = app.add_subcommand("export-llmc", "write the weights in llm.c's GPT-2 format");
    exporter->add_option("file", file, "checkpoint (.h5)")->required();
    exporter->add_option("out", out, "llm.c model file to write")->required();
    exporter->add_flag("--bf16", bf16, "write bf16 (version 5) instead of fp32 (version 3)");
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
    checkpoint::export_llmc_from_checkpoint(file, out, bf16 ? checkpoint::llmc_version_bf16 : checkpoint::llmc_version_fp32);
    std::printf("wrote %s (llm.c GPT-2, %s)\n", out.c_str(), bf16 ? "bf16" : "fp32");
    return 0;
  });
}
