// fourfold-bench: measurements that calibrate the planner and the MFU peak.
//   fourfold-bench comm --grid GXxGYxGZxGD [--min-bytes A --max-bytes B]
//   fourfold-bench gemm [--shape MxNxK ... --precision fp32|bf16 --route gemm|onednn --transpose NT|NN|TN|TT]
//   fourfold-bench model [--grid G --family gpt2,llama --depth 12 --batch 4 --seq-len 64]
//   fourfold-bench checkpoint [--grid G --depth 12]
//   fourfold-bench step [--config FILE --set section.key=value ... --grid G --overlap MODE --progress thread|inline]
//   fourfold-bench kernels [--grid G --seq-len T --batch B --precision fp32|bf16]
#include "core/error.hpp"
#include "drivers/bench/checkpoint_bench.hpp"
#include "drivers/bench/comm_bench.hpp"
#include "drivers/bench/gemm_bench.hpp"
#include "drivers/bench/kernel_bench.hpp"
#include "drivers/bench/model_bench.hpp"
#include "drivers/bench/step_bench.hpp"
#include "drivers/common/guarded_main.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>

using namespace fourfold;

namespace {

GemmShape parse_shape(const std::string& text) {
  GemmShape s;
  char tail = 0;
  FF_REQUIRE(std::sscanf(text.c_str(), "%dx%dx%d%c", &s.m, &s.n, &s.k, &tail) == 3,
             "--shape '{}' is not of the form MxNxK (e.g. 256x2304x768)", text);
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  return run_guarded(argc, argv, "fourfold-bench", [&](Runtime& runtime) {
    CLI::App app{"fourfold-bench: collective and GEMM measurements for the planner and MFU"};
    app.require_subcommand(1);

    CommBenchOptions comm_options;
    auto* comm_cmd = app.add_subcommand("comm", "time every collective on every group of a grid");
    comm_cmd->add_option("--grid", comm_options.grid, "process grid GXxGYxGZxGD (default: all ranks along x)");
    comm_cmd->add_option("--comm", comm_options.comm, "collectives on device memory: auto, nccl, mpi")->capture_default_str();
    comm_cmd->add_option("--min-bytes", comm_options.min_bytes, "smallest message in bytes")->capture_default_str();
    comm_cmd->add_option("--max-bytes", comm_options.max_bytes, "largest message in bytes (sizes double)")->capture_default_str();
    comm_cmd->add_option("--warmup", comm_options.warmup, "untimed repetitions per size")->capture_default_str();
    comm_cmd->add_option("--iters", comm_options.iterations, "timed repetitions per size")->capture_default_str();
    comm_cmd->add_option("--ops", comm_options.ops, "collectives to time")->capture_default_str()->delimiter(',');
    comm_cmd->add_option("--loaded-gemm-ms", comm_options.loaded_gemm_ms,
                         "GEMM milliseconds between the all-reduces of the loaded line (0: no loaded line)")
        ->capture_default_str();
    comm_cmd->add_option("--loaded-bytes", comm_options.loaded_bytes, "all-reduce sizes of the loaded lines, one line each")
        ->capture_default_str();

    GemmBenchOptions gemm_options;
    std::vector<std::string> shapes;
    auto* gemm_cmd = app.add_subcommand("gemm", "GFLOP/s of the GEMM wrapper (sum over ranks = machine peak)");
    gemm_cmd->add_option("--shape", shapes, "MxNxK, repeatable (default: 1024^3 and GPT-2 124M shapes at 256 tokens)");
    gemm_cmd->add_option("--warmup", gemm_options.warmup, "untimed repetitions per shape")->capture_default_str();
    gemm_cmd->add_option("--iters", gemm_options.iterations, "timed repetitions per shape")->capture_default_str();
    gemm_cmd->add_option("--precision", gemm_options.precision,
                         "GEMM operands: fp32 or bf16 (a calibration holds the rate of each precision it measures)")
        ->capture_default_str();
    gemm_cmd->add_option("--route", gemm_options.route,
                         "gemm (the wrapper's route) or onednn (fp32 through oneDNN's matmul, host builds with it: "
                         "a comparison, printed as op gemm_onednn, which a calibration skips)")
        ->capture_default_str();
    gemm_cmd->add_option("--transpose", gemm_options.transpose,
                         "op(A) op(B) of C (MxN) = op(A) op(B), K inner: NT a forward linear layer (Y = X W^T), NN its "
                         "input gradient (dX = dY W), TN its weight gradient (dW = dY^T X)")
        ->capture_default_str();
    gemm_cmd->add_option("--triad-elements", gemm_options.triad_elements, "floats per triad array (memory bandwidth)")
        ->capture_default_str();

    ModelBenchOptions model_options;
    auto* model_cmd = app.add_subcommand("model", "time forward + backward + gradient sync of a GPT-2 (or Llama) step");
    model_cmd->add_option("--grid", model_options.grid, "process grid GXxGYxGZxGD (default: all ranks along data)");
    model_cmd->add_option("--comm", model_options.comm, "collectives on device memory: auto, nccl, mpi")->capture_default_str();
    model_cmd->add_option("--family", model_options.family,
                          "model families, comma-separated, each timed in turn: gpt2, llama (a Llama of the GPT-2 "
                          "depth's size: same layers, width, heads and vocabulary; four key/value heads; "
                          " SwiGLU width 8/3 C; untied head)")
        ->capture_default_str();
    model_cmd->add_option("--depth", model_options.depth, "GPT-2 depth: 12 (124M), 24, 36, 48")->capture_default_str();
    model_cmd->add_option("--layers", model_options.layers, "override the number of layers (0: the depth's)")->capture_default_str();
    model_cmd->add_option("--batch", model_options.batch, "global sequences per step")->capture_default_str();
    model_cmd->add_option("--seq-len", model_options.seq_len, "tokens per sequence")->capture_default_str();
    model_cmd->add_option("--warmup", model_options.warmup, "untimed steps")->capture_default_str();
    model_cmd->add_option("--steps", model_options.steps, "timed steps")->capture_default_str();
    model_cmd->add_option("--recompute", model_options.recompute,
                          "activation recomputation: none, selective, attention, block, or several comma-separated (each timed in "
                          "turn in this run, one line each)")
        ->capture_default_str();
    model_cmd->add_option("--loss-chunk-tokens", model_options.loss_chunk_tokens,
                          "rows of logits per chunk of the LM head (0: 64 MiB of them)")
        ->capture_default_str();
    model_cmd->add_flag("--sequence-shard", model_options.sequence_shard,
                        "split the norm region's rows (residual stream, norms) over Y ([parallel] sequence_shard)");
    model_cmd->add_flag("--count-syncs", model_options.count_syncs,
                        "run whole optimizer steps (forward, backward, gradient sync, norm, AdamW) and print "
                        "host_syncs_per_step: how often the host waited for the device");

    CheckpointBenchOptions ckpt_options;
    auto* ckpt_cmd = app.add_subcommand("checkpoint", "save and load time of a GPT-2 checkpoint with optimizer state");
    ckpt_cmd->add_option("--grid", ckpt_options.grid, "process grid GXxGYxGZxGD (default: all ranks along data)");
    ckpt_cmd->add_option("--comm", ckpt_options.comm, "collectives on device memory: auto, nccl, mpi")->capture_default_str();
    ckpt_cmd->add_option("--depth", ckpt_options.depth, "GPT-2 depth: 12 (124M), 24, 36, 48")->capture_default_str();
    ckpt_cmd->add_option("--dir", ckpt_options.directory, "scratch directory (removed afterwards)")->capture_default_str();
    ckpt_cmd->add_option("--repeats", ckpt_options.repeats, "timed save+load pairs (best reported)")->capture_default_str();

    StepBenchOptions step_options;
    auto* step_cmd = app.add_subcommand(
        "step", "whole optimizer steps with the communication split: busy, exposed, hidden fraction, per axis");
    step_cmd->add_option("--config", step_options.config, "fourfold-train TOML file (model, batch, seq_len, bucket)");
    step_cmd->add_option("--set", step_options.sets,
                         "section.key=value as in fourfold-train (e.g. train.precision=\"bf16\"); repeatable, "
                         "applied after --config and before the flags below");
    step_cmd->add_option("--grid", step_options.grid, "process grid GXxGYxGZxGD (overrides the file)");
    step_cmd->add_option("--overlap", step_options.overlap, "all, none, or a subset of oar,ors,oag,dp (overrides the file)");
    step_cmd->add_option("--progress", step_options.progress, "thread or inline (overrides the file)");
    step_cmd->add_option("--comm", step_options.comm, "collectives on device memory: auto, nccl, mpi");
    step_cmd->add_option("--batch-size", step_options.batch_size, "global sequences per step, one micro-batch (overrides the file)");
    step_cmd->add_option("--seq-len", step_options.seq_len, "tokens per sequence (overrides the file)");
    step_cmd->add_option("--warmup", step_options.warmup, "untimed steps")->capture_default_str();
    step_cmd->add_option("--steps", step_options.steps, "timed steps")->capture_default_str();

    KernelBenchOptions kernel_options;
    auto* kernel_cmd = app.add_subcommand(
        "kernels", "time and GFLOP/s or GB/s of each kernel of a GPT-2 step at one rank's shard, and a memory triad");
    kernel_cmd->add_option("--grid", kernel_options.grid, "process grid GXxGYxGZxGD (default: all ranks along data)");
    kernel_cmd->add_option("--depth", kernel_options.depth, "GPT-2 depth: 12 (124M), 24, 36, 48")->capture_default_str();
    kernel_cmd->add_option("--batch", kernel_options.batch, "global sequences")->capture_default_str();
    kernel_cmd->add_option("--seq-len", kernel_options.seq_len, "tokens per sequence")->capture_default_str();
    kernel_cmd->add_option("--precision", kernel_options.precision, "GEMM operands: fp32 or bf16")->capture_default_str();
    kernel_cmd->add_option("--warmup", kernel_options.warmup, "untimed calls per kernel")->capture_default_str();
    kernel_cmd->add_option("--iters", kernel_options.iterations, "timed calls per kernel")->capture_default_str();
    kernel_cmd->add_option("--triad-elements", kernel_options.triad_elements, "elements per triad array")
        ->capture_default_str();

    try {
      app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
      // --help and parse errors: every rank parsed the same argv, so every rank returns alike.
      if (runtime.world_rank() == 0 || e.get_exit_code() != 0) {
        if (e.get_exit_code() != 0) std::fprintf(stderr, "[rank %d] ", runtime.world_rank());
        app.exit(e);
      }
      return e.get_exit_code();
    }
    if (comm_cmd->parsed()) return run_comm_bench(runtime, comm_options);
    if (model_cmd->parsed()) return run_model_bench(runtime, model_options);
    if (ckpt_cmd->parsed()) return run_checkpoint_bench(runtime, ckpt_options);
    if (step_cmd->parsed()) return run_step_bench(runtime, step_options);
    if (kernel_cmd->parsed()) return run_kernel_bench(runtime, kernel_options);
    for (const auto& s : shapes) gemm_options.shapes.push_back(parse_shape(s));
    return run_gemm_bench(runtime, gemm_options);
  });
}
