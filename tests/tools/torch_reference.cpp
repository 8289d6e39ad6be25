// Writes libtorch's teacher-forced forward of the given weights on examples of
// a dataset to a reference file (tests/neural_cuda/reference_file.h): the
// CUDA engine is checked against it on a GPU machine, where Debian's libtorch
// is not installed.
//   plank_torch_reference WEIGHTS DATA.jsonl OUT [COUNT]
#include <cstdio>
#include <cstdlib>
#include <string>

#include "neural/parser/dataset.h"
#include "neural/parser/form_builder.h"
#include "neural/parser/model.h"
#include "neural/train/trainer.h"
#include "neural_cuda/reference_file.h"

using namespace plank::neural;

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: %s WEIGHTS DATA.jsonl OUT [COUNT]\n", argv[0]);
    return 2;
  }
  const int count = argc > 4 ? std::atoi(argv[4]) : 20;
  ParserWeights w;
  Dataset d;
  std::string error;
  if (!load_weights(argv[1], w, &error) || !read_dataset(argv[2], d, &error)) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 1;
  }
  std::vector<test::ReferenceExample> out;
  // Spread over the file (every 17th example), as TorchAgreement does.
  for (size_t i = 0; i < d.examples.size() && static_cast<int>(out.size()) < count; i += 17) {
    const Example& ex = d.examples[i];
    auto steps = linearize(ex.form, static_cast<int>(ex.tokens.size()));
    if (!steps) continue;
    test::ReferenceExample r;
    for (const auto& t : ex.tokens) r.ids.push_back(w.input_vocab.id(t));
    for (const auto& s : *steps) {
      r.prev.push_back(s.prev);
      r.parent.push_back(s.parent);
    }
    r.vocab = w.config.output_vocab;
    r.tokens = static_cast<int>(r.ids.size());
    r.out = torch_forced_forward(w, r.ids, r.prev, r.parent);
    out.push_back(std::move(r));
  }
  if (!test::write_reference(argv[3], out)) {
    std::fprintf(stderr, "%s: cannot write\n", argv[3]);
    return 1;
  }
  std::printf("%zu examples of %s -> %s\n", out.size(), argv[2], argv[3]);
  return 0;
}
