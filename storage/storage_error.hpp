// The one exception of storage/: a failure of the store itself (disk full,
// a corrupt file, an unknown value read back, a caller's bug such as a gap
// in an index). Expected outcomes (a username taken, no such session) are
// return values, never this.
#pragma once

#include <stdexcept>

namespace whist::storage {

class StorageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace whist::storage
