// The processes of an `mpirun -np N plank ...` launch (issue 30): `plank eval deps` and `plank
// gen-horizon-data` split their episodes (seeds) over them in contiguous blocks
// (agents/deps/eval/evaluation.h's EpisodeShard) and gather every rank's part on rank 0, which alone
// prints. Run alone, plank is rank 0 of 1 and MPI is never started. This file (with ranks.cpp) is
// the only place that knows MPI; a build without it (no libopenmpi-dev) still has every command, and
// under mpirun each process says that it cannot share the work instead of running all of it.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace plank::cli {

class Ranks {
 public:
  // Joins the launch when plank was started by mpirun (MPI_Init; MPI_Finalize when the last copy
  // goes); alone, rank 0 of 1. nullopt and *error when mpirun started several copies of a plank
  // built without MPI.
  static std::optional<Ranks> join(std::string* error);

  int rank() const { return rank_; }
  int size() const { return size_; }
  bool root() const { return rank_ == 0; }

  // Every rank's `mine`, in rank order, on rank 0 (elsewhere: empty). Every rank must call it.
  std::vector<std::string> gather(const std::string& mine) const;

 private:
  int rank_ = 0, size_ = 1;
  std::shared_ptr<void> mpi_;  // finalizes MPI when the last copy is destroyed (null: MPI not started)
};

// True when plank was built with MPI (the `mpirun -np N` sharding is available).
bool built_with_mpi();

}  // namespace plank::cli
