// Move-only owner of one HDF5 identifier (file, group, dataset, dataspace, property list,
// attribute, datatype), closed in the destructor; a failed close is reported, never thrown.
#pragma once

#include "core/error.hpp"

#include <hdf5.h>

namespace fourfold::checkpoint {

class H5Handle {
 public:
  using Closer = herr_t (*)(hid_t);
  H5Handle() = default;
  H5Handle(hid_t id, Closer close) : id_(id), close_(close) {}
  ~H5Handle() { reset(); }
  H5Handle(H5Handle&& other) noexcept : id_(other.id_), close_(other.close_) { other.id_ = -1; }
  H5Handle& operator=(H5Handle&& other) noexcept {
    if (this != &other) {
      reset();
      id_ = other.id_;
      close_ = other.close_;
      other.id_ = -1;
    }
    return *this;
  }
  H5Handle(const H5Handle&) = delete;
  H5Handle& operator=(const H5Handle&) = delete;

  hid_t get() const { return id_; }
  operator hid_t() const { return id_; }  // NOLINT: handles pass straight to HDF5 calls

  /// Closes now, reporting failure by exception (for files, whose close flushes data).
  herr_t close() {
    const hid_t id = id_;
    id_ = -1;
    return id >= 0 ? close_(id) : 0;
  }

 private:
  void reset() noexcept {
    if (id_ >= 0 && close_(id_) < 0) report_in_destructor("closing an HDF5 object failed");
    id_ = -1;
  }
  hid_t id_ = -1;
  Closer close_ = nullptr;
};

}  // namespace fourfold::checkpoint
