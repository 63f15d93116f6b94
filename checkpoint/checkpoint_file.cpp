#include "checkpoint/checkpoint_file.hpp"

#include "comm/agree.hpp"
#include "checkpoint/h5_check.hpp"
#include "checkpoint/h5_handle.hpp"
#include "checkpoint/hf_mapping.hpp"
#include "checkpoint/llmc.hpp"
#include "checkpoint/tensor_io.hpp"
#include "comm/collectives.hpp"
#include "comm/mpi_backend.hpp"
#include "core/version.hpp"
#include "core/profiling.hpp"
#include "core/sync.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <ctime>
#include <fstream>

namespace fourfold::checkpoint {
namespace {

constexpr const char* metadata_attribute = "metadata";
constexpr const char* version_attribute = "format_version";

H5Handle parallel_access(const comm::Communicator& world) {
  H5Handle fapl(FF_CHECK_H5(H5Pcreate(H5P_FILE_ACCESS)), H5Pclose);
  FF_CHECK_H5(H5Pset_fapl_mpio(fapl, world.mpi(), MPI_INFO_NULL));
  return fapl;
}

H5Handle collective_transfer() {
  H5Handle dxpl(FF_CHECK_H5(H5Pcreate(H5P_DATASET_XFER)), H5Pclose);
  FF_CHECK_H5(H5Pset_dxpl_mpio(dxpl, H5FD_MPIO_COLLECTIVE));
  return dxpl;
}

void write_string_attribute(hid_t file, const char* name, const std::string& value) {
  H5Handle type(FF_CHECK_H5(H5Tcopy(H5T_C_S1)), H5Tclose);
  FF_CHECK_H5(H5Tset_size(type, std::max<std::size_t>(value.size(), 1)));
  H5Handle space(FF_CHECK_H5(H5Screate(H5S_SCALAR)), H5Sclose);
  H5Handle attr(FF_CHECK_H5(H5Acreate2(file, name, type, space, H5P_DEFAULT, H5P_DEFAULT)), H5Aclose);
  FF_CHECK_H5(H5Awrite(attr, type, value.empty() ? " " : value.c_str()));
}

// The save time, identical on every rank: collective attribute writes must carry the same
// bytes everywhere (differing lengths would make the ranks' file layouts diverge).
std::string now_iso8601(const comm::Communicator& world, double* unix_seconds) {
  const double now = std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
  *unix_seconds = std::floor(comm::all_reduce_value(world, now, comm::ReduceOp::max));
  const std::time_t t = static_cast<std::time_t>(*unix_seconds);
  std::tm utc{};
  gmtime_r(&t, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

// Sum over owned copies of the grid of each tensor's checksum contributions.
std::vector<std::uint64_t> checksums(const std::vector<ParamInfo>& params, const comm::GridCoords& coords,
                                     const float* arena, const comm::Communicator& world) {
  std::vector<std::uint64_t> sums;
  for (const ParamInfo& p : params) {
    std::uint64_t s = 0;
    if (owns_copy(p, coords))
      for (const ParamRun& run : p.runs) s += checksum_part(arena + p.offset + run.local_offset, run.global_offset, run.length);
    sums.push_back(s);
  }
  // Straight through the MPI backend on host memory: this runs on the asynchronous writer's
  // thread too, which must not touch a Kokkos execution space.
  if (world.size() > 1 && !sums.empty())
    comm::mpi_backend::all_reduce(world, sums.data(), sums.size(), comm::dtype_of<std::uint64_t>(), comm::ReduceOp::sum,
                                  false);
  return sums;
}

H5Handle open_serial(const std::string& path) {
  {
    std::ifstream probe(path);
    FF_REQUIRE(probe.good(), "cannot open checkpoint '{}': {}", path, std::strerror(errno));
  }
  FF_REQUIRE(H5Fis_hdf5(path.c_str()) > 0,
             "checkpoint '{}' is not a readable HDF5 file (truncated or corrupt?)", path);
  const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  FF_REQUIRE(file >= 0, "cannot open checkpoint '{}' as HDF5 (truncated or corrupt?){}", path,
             detail::h5_error_stack());
  return H5Handle(file, H5Fclose);
}

std::string read_metadata_text(hid_t file, const std::string& path) {
  FF_REQUIRE(H5Aexists(file, metadata_attribute) > 0,
             "'{}' is an HDF5 file but not a fourfold checkpoint (no '{}' attribute)", path, metadata_attribute);
  H5Handle attr(FF_CHECK_H5(H5Aopen(file, metadata_attribute, H5P_DEFAULT)), H5Aclose);
  H5Handle type(FF_CHECK_H5(H5Aget_type(attr)), H5Tclose);
  const std::size_t size = H5Tget_size(type);
  std::string text(size, '\0');
  FF_CHECK_H5(H5Aread(attr, type, text.data()));
  return text;
}

}  // namespace

void write_checkpoint_file(const std::string& path, const Gpt& model, const AdamW* optimizer,
                           const TrainingState& state, const SaveHook& hook) {
  HostCheckpoint snapshot;
  snapshot.capture(model, optimizer, state, model.grid().context().compute());
  write_checkpoint_file(path, snapshot, model.grid().world(), hook);
}

void write_checkpoint_file(const std::string& path, const HostCheckpoint& snapshot, const comm::Communicator& world,
                           const SaveHook& hook) {
  ScopedRegion region("fourfold::checkpoint::write");
  detail::silence_h5_errors();
  FF_REQUIRE(world.size() == snapshot.world_size, "checkpoint '{}': a snapshot of {} ranks written by {}", path,
             snapshot.world_size, world.size());
  const bool with_moments = snapshot.has_optimizer;
  CheckpointMeta meta;
  meta.model = snapshot.config;
  meta.state = snapshot.state;
  meta.has_optimizer = with_moments;
  meta.grid = snapshot.grid;
  meta.world_size = world.size();
  meta.code_version = code_version();
  meta.wall_time = now_iso8601(world, &meta.unix_time);
  const auto sums = checksums(snapshot.params, snapshot.coords, snapshot.values.data(), world);
  std::vector<std::uint64_t> sums_m, sums_v;
  if (with_moments) {
    sums_m = checksums(snapshot.params, snapshot.coords, snapshot.m.data(), world);
    sums_v = checksums(snapshot.params, snapshot.coords, snapshot.v.data(), world);
  }
  for (std::size_t i = 0; i < snapshot.params.size(); ++i) {
    const ParamInfo& p = snapshot.params[i];
    meta.tensors.push_back({p.name, stored_shape(p), sums[i], with_moments ? sums_m[i] : 0, with_moments ? sums_v[i] : 0});
  }
  // Every rank holds the same metadata (all-reduced checksums), as collective attribute
  // writes require.
  const std::string metadata = meta.to_json();

  if (hook) comm::together(world, "checkpoint save", [&] { hook("create"); });
  H5Handle file;
  comm::together(world, fmt::format("creating checkpoint '{}'", path), [&] {
    H5Handle fapl = parallel_access(world);
    const hid_t id = H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, fapl);
    FF_REQUIRE(id >= 0, "cannot create '{}'{}", path, detail::h5_error_stack());
    file = H5Handle(id, H5Fclose);
  });
  const H5Handle dxpl = collective_transfer();
  const std::size_t half = snapshot.params.size() / 2;
  for (std::size_t i = 0; i < snapshot.params.size(); ++i) {
    const ParamInfo& p = snapshot.params[i];
    const bool owner = owns_copy(p, snapshot.coords);
    comm::together(world, fmt::format("writing tensor {} to checkpoint '{}'", p.name, path), [&] {
      write_tensor(file, model_dataset(p.name), p, snapshot.values.data() + p.offset, owner, dxpl);
      if (with_moments) {
        write_tensor(file, moment_dataset("m", p.name), p, snapshot.m.data() + p.offset, owner, dxpl);
        write_tensor(file, moment_dataset("v", p.name), p, snapshot.v.data() + p.offset, owner, dxpl);
      }
      if (hook && i == half) hook("tensors");
    });
  }
  comm::together(world, fmt::format("finishing checkpoint '{}'", path), [&] {
    {
      H5Handle space(FF_CHECK_H5(H5Screate(H5S_SCALAR)), H5Sclose);
      H5Handle attr(FF_CHECK_H5(H5Acreate2(file, version_attribute, H5T_NATIVE_INT, space, H5P_DEFAULT, H5P_DEFAULT)), H5Aclose);
      FF_CHECK_H5(H5Awrite(attr, H5T_NATIVE_INT, &meta.version));
    }
    write_string_attribute(file, metadata_attribute, metadata);
    if (hook) hook("close");
    FF_CHECK_H5(H5Fflush(file, H5F_SCOPE_GLOBAL));
    FF_CHECK_H5(file.close());
  });
}

CheckpointMeta read_checkpoint_meta(const std::string& path) {
  detail::silence_h5_errors();
  H5Handle file = open_serial(path);
  return CheckpointMeta::from_json(read_metadata_text(file, path), path);
}

CheckpointMeta read_checkpoint_file(const std::string& path, Gpt& model, AdamW* optimizer) {
  ScopedRegion region("fourfold::checkpoint::read");
  detail::silence_h5_errors();
  const comm::Communicator& world = model.grid().world();
  CheckpointMeta meta;
  comm::together(world, fmt::format("reading checkpoint '{}'", path), [&] { meta = read_checkpoint_meta(path); });
  FF_REQUIRE(meta.model == model.config(), "checkpoint '{}' holds {}, but the run's model is {}", path,
             meta.model.str(), model.config().str());
  FF_REQUIRE(!optimizer || meta.has_optimizer,
             "checkpoint '{}' holds model weights only (no optimizer state) and cannot be resumed; "
             "start a new run from it with --init-from", path);
  H5Handle file;
  comm::together(world, fmt::format("opening checkpoint '{}'", path), [&] {
    H5Handle fapl = parallel_access(world);
    const hid_t id = H5Fopen(path.c_str(), H5F_ACC_RDONLY, fapl);
    FF_REQUIRE(id >= 0, "cannot open '{}'{}", path, detail::h5_error_stack());
    file = H5Handle(id, H5Fclose);
  });
  ExecutionContext& ctx = model.grid().context();
  const ExecSpace& exec = ctx.compute();
  // Separate copies: a load that fails part-way leaves the model and optimizer as they were.
  auto params = host_copy(ctx.counters(), exec, model.parameters(), "fourfold::checkpoint::read: parameters");
  HostTensor1<float> m, v;
  if (optimizer) {
    m = HostTensor1<float>("fourfold::checkpoint::read: first moment", model.parameters().extent(0));
    v = HostTensor1<float>("fourfold::checkpoint::read: second moment", model.parameters().extent(0));
  }
  // Data-parallel replicas hold identical shards: only data rank 0 reads them from the file,
  // then the arenas are broadcast over the data group (a fast network or shared memory
  // instead of G_data times the file system traffic).
  const bool reader = model.grid().coords().data == 0;
  const H5Handle dxpl = collective_transfer();
  for (const ParamInfo& p : model.params()) {
    ParamInfo mine = p;
    if (!reader) mine.runs.clear();
    comm::together(world, fmt::format("reading tensor {} from checkpoint '{}'", p.name, path), [&] {
      read_tensor(file, model_dataset(p.name), mine, params.data() + p.offset, dxpl, path);
      if (optimizer) {
        read_tensor(file, moment_dataset("m", p.name), mine, m.data() + p.offset, dxpl, path);
        read_tensor(file, moment_dataset("v", p.name), mine, v.data() + p.offset, dxpl, path);
      }
    });
  }
  const HostExecSpace host;
  comm::broadcast(host, model.grid().data(), params, 0);
  if (optimizer) {
    comm::broadcast(host, model.grid().data(), m, 0);
    comm::broadcast(host, model.grid().data(), v, 0);
  }
  comm::together(world, fmt::format("closing checkpoint '{}'", path), [&] { FF_CHECK_H5(file.close()); });

  // Checksums over the copies this grid owns: the same sums whatever grid wrote the file.
  // The metadata record of each model tensor, looked up once.
  std::vector<const TensorRecord*> records;
  for (const ParamInfo& p : model.params()) {
    const auto found = std::find_if(meta.tensors.begin(), meta.tensors.end(),
                                    [&](const TensorRecord& r) { return r.name == p.name; });
    records.push_back(found == meta.tensors.end() ? nullptr : &*found);
  }
  std::vector<std::string> bad;
  auto compare = [&](const std::vector<std::uint64_t>& got, const char* what, auto stored) {
    for (std::size_t i = 0; i < got.size(); ++i) {
      const std::string& name = model.params()[i].name;
      if (records[i] == nullptr) {
        bad.push_back(name + " (not listed in the metadata)");
      } else if (stored(*records[i]) != got[i]) {
        bad.push_back(fmt::format("{}{} (stored {:016x}, read {:016x})", name, what, stored(*records[i]), got[i]));
      }
    }
  };
  compare(checksums(model.params(), model.grid().coords(), params.data(), model.grid().world()), "", [](const TensorRecord& r) { return r.checksum; });
  if (optimizer) {
    compare(checksums(model.params(), model.grid().coords(), m.data(), model.grid().world()), " [AdamW m]", [](const TensorRecord& r) { return r.checksum_m; });
    compare(checksums(model.params(), model.grid().coords(), v.data(), model.grid().world()), " [AdamW v]", [](const TensorRecord& r) { return r.checksum_v; });
  }
  FF_REQUIRE(bad.empty(), "checkpoint '{}' is corrupt: checksum mismatch in {} tensor(s): {}", path,
             bad.size(), fmt::join(bad, "; "));
  copy_from_host(ctx.counters(), exec, model.parameters(), params, "fourfold::checkpoint::read: parameters");
  if (optimizer) optimizer->moments_from_host(ctx, m, v);  // this rank's segments of the whole arena
  return meta;
}

std::vector<std::string> verify_checkpoint_file(const std::string& path) {
  detail::silence_h5_errors();
  H5Handle file = open_serial(path);
  const CheckpointMeta meta = CheckpointMeta::from_json(read_metadata_text(file, path), path);
  std::vector<std::string> problems;
  auto check = [&](const std::string& dataset, const TensorRecord& r, std::uint64_t stored) {
    if (H5Lexists(file, dataset.c_str(), H5P_DEFAULT) <= 0) {
      problems.push_back(dataset + ": missing");
      return;
    }
    std::vector<std::size_t> shape;
    const auto values = read_whole(file, dataset, shape);
    if (shape != r.shape) {
      problems.push_back(fmt::format("{}: shape [{}], metadata says [{}]", dataset, fmt::join(shape, ", "), fmt::join(r.shape, ", ")));
      return;
    }
    const std::uint64_t got = checksum_part(values.data(), 0, values.size());
    if (got != stored) problems.push_back(fmt::format("{}: checksum {:016x}, stored {:016x}", dataset, got, stored));
  };
  for (const auto& r : meta.tensors) {
    check(model_dataset(r.name), r, r.checksum);
    if (meta.has_optimizer) {
      check(moment_dataset("m", r.name), r, r.checksum_m);
      check(moment_dataset("v", r.name), r, r.checksum_v);
    }
  }
  return problems;
}

void export_llmc_from_checkpoint(const std::string& path, const std::string& out, int llmc_version) {
  detail::silence_h5_errors();
  H5Handle file = open_serial(path);
  const CheckpointMeta meta = CheckpointMeta::from_json(read_metadata_text(file, path), path);
  std::vector<std::pair<std::size_t, std::vector<float>>> tensors;  // (llm.c offset, values)
  for (const auto& r : meta.tensors) {
    std::vector<std::size_t> shape;
    tensors.emplace_back(llmc_tensor_offset(meta.model, r.name), read_whole(file, model_dataset(r.name), shape));
  }
  std::sort(tensors.begin(), tensors.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<float> all;
  for (const auto& [offset, values] : tensors) {
    FF_REQUIRE(offset == all.size(), "checkpoint '{}' does not hold a complete GPT-2 (gap at element {})", path, all.size());
    all.insert(all.end(), values.begin(), values.end());
  }
  write_llmc_file(out, meta.model, all, llmc_version);
}

void export_hf_from_checkpoint(const std::string& path, const std::string& out_dir, ElementType type,
                               std::uint64_t max_shard_bytes) {
  detail::silence_h5_errors();
  H5Handle file = open_serial(path);
  const CheckpointMeta meta = CheckpointMeta::from_json(read_metadata_text(file, path), path);
  const GptConfig& config = meta.model;
  const HfExportLayout layout = hf_export_layout(config, type);
  const auto& order = layout.order;
  HfFolderWriter writer(out_dir, hf_config_json(config, type), layout.entries, max_shard_bytes);
  std::vector<float> stored;
  for (std::size_t i = 0; i < order.size(); ++i) {
    const auto [tensor, layer] = order[i];
    const std::string name = tensor_name(tensor, layer);
    const auto record = std::find_if(meta.tensors.begin(), meta.tensors.end(),
                                     [&](const TensorRecord& r) { return r.name == name; });
    FF_REQUIRE(record != meta.tensors.end(), "checkpoint '{}' holds no tensor '{}': it is no complete {}", path, name,
               config.str());
    std::vector<std::size_t> shape;
    const std::vector<float> values = read_whole(file, model_dataset(name), shape);
    FF_REQUIRE(shape == record->shape && checksum_part(values.data(), 0, values.size()) == record->checksum,
               "checkpoint '{}': tensor '{}' does not match its metadata (shape or checksum); run fourfold-ckpt verify",
               path, name);
    const GptTensorSpec& s = spec_of(tensor);
    const std::size_t rows = s.rows.of<std::size_t>(config), cols = s.cols.of<std::size_t>(config);
    // One tensor in memory at a time; each piece is a run of its rows (the padded vocabulary rows
    // are in none), or GPT-2's Conv1D transpose of all of them.
    for (const HfPiece& piece : layout.pieces[i]) {
      if (piece.transposed) {  // (in, out)
        stored.resize(values.size());
        for (std::size_t r = 0; r < rows; ++r)
          for (std::size_t c = 0; c < cols; ++c) stored[c * rows + r] = values[r * cols + c];
        writer.write(stored.data());
      } else {
        writer.write(values.data() + static_cast<std::size_t>(piece.first_row) * cols);
      }
    }
  }
  writer.finish();
}

}  // namespace fourfold::checkpoint
