#include "tools/plank/ranks.h"

#include <fmt/format.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

#ifdef PLANK_HAVE_MPI
// The C API only: OpenMPI's deprecated C++ bindings would need libmpi_cxx.
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>
#endif

namespace plank::cli {
namespace {

// How many processes the launcher says it started (OpenMPI's, then PMI's variables); 1 when none.
int launched_size() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE", "MPI_LOCALNRANKS"}) {
    if (const char* v = std::getenv(name)) {
      int n = std::atoi(v);
      if (n > 0) return n;
    }
  }
  return 1;
}

}  // namespace

#ifdef PLANK_HAVE_MPI

bool built_with_mpi() { return true; }

std::optional<Ranks> Ranks::join(std::string* error) {
  Ranks r;
  if (launched_size() <= 1) return r;  // alone (or mpirun -np 1): MPI is never started
  int started = 0;
  MPI_Initialized(&started);
  if (!started && MPI_Init(nullptr, nullptr) != MPI_SUCCESS) {
    *error = "MPI_Init failed (is this an mpirun launch?)";
    return std::nullopt;
  }
  MPI_Comm_rank(MPI_COMM_WORLD, &r.rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &r.size_);
  r.mpi_ = std::shared_ptr<void>(nullptr, [](void*) {
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (!finalized) MPI_Finalize();
  });
  return r;
}

std::vector<std::string> Ranks::gather(const std::string& mine) const {
  if (size_ == 1) return {mine};
  // Sizes first, then the bytes. MPI counts in int: parts are kilobytes (an evaluation's records) to
  // megabytes (horizon data, about 1 MB a hundred seeds); past 2 GiB in all the launch stops.
  if (mine.size() > size_t(INT32_MAX) / size_t(size_)) {
    fmt::print(stderr, "plank: rank {}'s part ({} bytes) is too large to gather; use fewer seeds per command\n", rank_,
               mine.size());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  int n = int(mine.size());
  std::vector<int> sizes(size_t(size_), 0), offsets(size_t(size_), 0);
  MPI_Gather(&n, 1, MPI_INT, sizes.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::string all;
  if (rank_ == 0) {
    long total = 0;
    for (int i = 0; i < size_; ++i) {
      offsets[size_t(i)] = int(total);
      total += sizes[size_t(i)];
    }
    all.resize(size_t(total));
  }
  MPI_Gatherv(mine.data(), n, MPI_CHAR, all.data(), sizes.data(), offsets.data(), MPI_CHAR, 0, MPI_COMM_WORLD);
  if (rank_ != 0) return {};
  std::vector<std::string> parts;
  for (int i = 0; i < size_; ++i) parts.push_back(all.substr(size_t(offsets[size_t(i)]), size_t(sizes[size_t(i)])));
  return parts;
}

#else

bool built_with_mpi() { return false; }

std::optional<Ranks> Ranks::join(std::string* error) {
  if (int n = launched_size(); n > 1) {
    *error = fmt::format(
        "started as one of {} processes (mpirun?), but this plank was built without MPI, so each would run every "
        "episode: install libopenmpi-dev (scripts/install-deps.sh) and rebuild, or run plank alone",
        n);
    return std::nullopt;
  }
  return Ranks{};
}

std::vector<std::string> Ranks::gather(const std::string& mine) const { return {mine}; }

#endif

}  // namespace plank::cli
