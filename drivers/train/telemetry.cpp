#include "drivers/train/telemetry.hpp"

#include "core/error.hpp"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <vector>

namespace fourfold {

Telemetry::Telemetry(bool is_root, const std::string& metrics_path, long start_step, long print_every,
                     std::FILE* log)
    : root_(is_root), print_every_(print_every), log_(log) {
  if (!root_ || metrics_path.empty()) return;
  std::vector<std::string> kept;
  if (start_step > 0) {
    std::ifstream previous(metrics_path);
    for (std::string line; std::getline(previous, line);) {
      if (line.empty()) continue;
      try {
        if (nlohmann::json::parse(line).at("step").get<long>() <= start_step) kept.push_back(line);
      } catch (const nlohmann::json::exception&) {
        // a line cut short by the interruption
      }
    }
  }
  metrics_ = std::fopen(metrics_path.c_str(), "w");
  FF_REQUIRE(metrics_ != nullptr, "cannot open metrics file '{}': {}", metrics_path, std::strerror(errno));
  for (const auto& line : kept) std::fprintf(metrics_, "%s\n", line.c_str());
  std::fflush(metrics_);
}

Telemetry::~Telemetry() {
  if (metrics_ != nullptr && std::fclose(metrics_) != 0) report_in_destructor("closing metrics.jsonl failed");
}

void Telemetry::record(const StepRecord& r, bool last) {
  if (!root_) return;
  if (log_ != nullptr && (r.step % print_every_ == 0 || last || r.step == 1 || r.val_loss || !r.evals.empty())) {
    std::string line = fmt::format(
        "step {:>6} | loss {:.4f} | lr {:.2e} | grad norm {:.3f} | {:.1f} ms (compute {:.1f}, comm exposed {:.1f} "
        "of {:.1f}, {:.0f}% hidden) | {:.0f} tok/s",
        r.step, r.loss, r.lr, r.grad_norm, r.step_ms, r.compute_ms, r.comm_ms, r.comm_busy_ms,
        100.0 * r.hidden_fraction, r.tokens_per_s);
    if (r.mfu) line += fmt::format(" | MFU({} peak) {:.1f}%", r.mfu_peak, 100.0 * *r.mfu);
    if (r.gemm_efficiency) line += fmt::format(" | GEMM eff {:.1f}%", 100.0 * *r.gemm_efficiency);
    if (r.val_loss) line += fmt::format(" | val loss {:.4f}", *r.val_loss);
    for (const StepRecord::TaskScore& t : r.evals)
      line += fmt::format(" | {} acc {:.4f} acc_norm {:.4f}", t.name, t.acc, t.acc_norm);
    std::fprintf(log_, "%s\n", line.c_str());
    std::fflush(log_);
  }
  if (metrics_ != nullptr) {
    nlohmann::json j = {{"step", r.step},         {"loss", r.loss},
                        {"lr", r.lr},             {"grad_norm", r.grad_norm},
                        {"step_ms", r.step_ms},   {"compute_ms", r.compute_ms},
                        {"comm_ms", r.comm_ms},   {"tokens_per_s", r.tokens_per_s},
                        {"comm_busy_ms", r.comm_busy_ms},
                        {"hidden_fraction", r.hidden_fraction}};
    nlohmann::json axes = nlohmann::json::object();
    for (int a = 0; a < comm::comm_axis_count; ++a)
      axes[comm::comm_axis_name(static_cast<comm::CommAxis>(a))] = r.comm_axis_ms[a];
    j["comm_axis_ms"] = axes;
    if (r.mfu) {  // omitted where the hardware peak is unknown
      j["mfu"] = *r.mfu;
      j["mfu_peak"] = r.mfu_peak;
    }
    if (r.gemm_efficiency) j["gemm_efficiency"] = *r.gemm_efficiency;
    if (r.val_loss) j["val_loss"] = *r.val_loss;
    if (r.checkpoint_blocking_s) j["checkpoint_blocking_s"] = *r.checkpoint_blocking_s;
    if (r.checkpoint_write_s) j["checkpoint_write_s"] = *r.checkpoint_write_s;
    if (r.checkpoint_step) j["checkpoint_step"] = *r.checkpoint_step;
    if (!r.evals.empty()) {
      nlohmann::json scores = nlohmann::json::object();
      for (const StepRecord::TaskScore& t : r.evals)
        scores[t.name] = {{"acc", t.acc}, {"acc_norm", t.acc_norm}, {"examples", t.examples}};
      j["eval"] = scores;
    }
    std::fprintf(metrics_, "%s\n", j.dump().c_str());
    std::fflush(metrics_);
  }
}

void Telemetry::note(const std::string& line) {
  if (!root_ || log_ == nullptr) return;
  std::fprintf(log_, "%s\n", line.c_str());
  std::fflush(log_);
}

}  // namespace fourfold
