#include "drivers/train/stop_signal.hpp"

#include "core/error.hpp"

#include <cerrno>
#include <cstring>

namespace fourfold {
namespace {

volatile std::sig_atomic_t received_signal = 0;

extern "C" void record_stop_signal(int signal) { received_signal = signal; }

}  // namespace

StopSignals::StopSignals() {
  received_signal = 0;
  struct sigaction action {};
  action.sa_handler = record_stop_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;  // blocking reads and waits go on; the loop asks between steps
  FF_REQUIRE(sigaction(SIGUSR1, &action, &previous_usr1_) == 0, "cannot install the SIGUSR1 handler: {}",
             std::strerror(errno));
  FF_REQUIRE(sigaction(SIGTERM, &action, &previous_term_) == 0, "cannot install the SIGTERM handler: {}",
             std::strerror(errno));
}

StopSignals::~StopSignals() {
  // Restoring cannot fail for handlers sigaction returned; a destructor does not throw.
  sigaction(SIGUSR1, &previous_usr1_, nullptr);
  sigaction(SIGTERM, &previous_term_, nullptr);
}

int StopSignals::received() const { return received_signal; }

const char* StopSignals::name(int signal) {
  switch (signal) {
    case SIGUSR1: return "SIGUSR1";
    case SIGTERM: return "SIGTERM";
    default: return "a signal";
  }
}

}  // namespace fourfold
