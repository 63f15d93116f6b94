// One checkpoint file: written collectively through parallel HDF5 (MPI-IO) by the ranks of the
// model's grid, read back onto any grid. See format.hpp for the layout.
#pragma once

#include "checkpoint/element_types.hpp"
#include "checkpoint/format.hpp"
#include "checkpoint/host_checkpoint.hpp"
#include "layers/adamw.hpp"
#include "layers/gpt.hpp"

#include <functional>
#include <string>

namespace fourfold::checkpoint {

/// Called at named points of a save ("create", "tensors", "close"), for fault injection.
using SaveHook = std::function<void(const char* point)>;

/// Writes the model, the optimizer moments (when optimizer != nullptr) and the metadata to
/// `path`. Collective over model.grid().world(); every rank throws the same failure.
void write_checkpoint_file(const std::string& path, const Gpt& model, const AdamW* optimizer,
                           const TrainingState& state, const SaveHook& hook = {});

/// Writes a snapshot taken by HostCheckpoint::capture on every rank of `world` (the model's
/// world, or a duplicate of it for a writer thread): collective over `world`; every rank throws
/// the same failure. Touches no model and no device memory, so training may go on meanwhile.
void write_checkpoint_file(const std::string& path, const HostCheckpoint& snapshot, const comm::Communicator& world,
                           const SaveHook& hook = {});

/// Reads and validates the metadata (any single rank; no collective).
CheckpointMeta read_checkpoint_meta(const std::string& path);

/// Fills the model (and the optimizer moments when optimizer != nullptr) from `path` onto the
/// model's grid, each rank reading its own hyperslabs, and verifies every tensor's checksum.
/// The checkpoint's model config must equal the model's. Collective; returns the metadata.
CheckpointMeta read_checkpoint_file(const std::string& path, Gpt& model, AdamW* optimizer);

/// Recomputes every stored checksum from the whole datasets (serial; for fourfold-ckpt).
/// Returns one line per mismatch (empty: all good).
std::vector<std::string> verify_checkpoint_file(const std::string& path);

/// The model tensors of a checkpoint in llm.c's file format (serial; for fourfold-ckpt).
void export_llmc_from_checkpoint(const std::string& path, const std::string& out, int llmc_version);

/// The model of a checkpoint as a Hugging Face model folder (hf_folder.hpp, hf_gpt2.hpp), its
/// tensors stored as `type` (F32 or BF16) in shards of at most max_shard_bytes. Serial, one tensor
/// at a time: memory stays two copies of the largest tensor. Each tensor's checksum is verified
/// before it is written; a failure leaves no model files in `out_dir`.
void export_hf_from_checkpoint(const std::string& path, const std::string& out_dir, ElementType type,
                               std::uint64_t max_shard_bytes);

}  // namespace fourfold::checkpoint
