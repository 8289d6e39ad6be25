#include "neural/train/horizon_trainer.h"

#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <random>

namespace plank::neural {
namespace {

// The network of model.h as libtorch modules; parameter names are the weights file's.
struct HorizonNet : torch::nn::Module {
  explicit HorizonNet(const HorizonConfig& c)
      : embedding(register_module("goal_embedding", torch::nn::Embedding(c.goals, c.embed))),
        l1(register_module("l1", torch::nn::Linear(c.input() + c.embed, c.hidden1))),
        l2(register_module("l2", torch::nn::Linear(c.hidden1, c.hidden2))),
        out(register_module("out", torch::nn::Linear(c.hidden2, 1))) {}
  torch::Tensor forward(const torch::Tensor& x, const torch::Tensor& goals) {
    auto h = torch::cat({x, embedding->forward(goals)}, 1);
    h = torch::relu(l1->forward(h));
    h = torch::relu(l2->forward(h));
    return out->forward(h).squeeze(1);
  }
  torch::nn::Embedding embedding;
  torch::nn::Linear l1, l2, out;
};

std::string tensor_name(const std::string& torch_name) {
  // libtorch names the embedding's table "goal_embedding.weight"; the file calls it "goal_embedding".
  return torch_name == "goal_embedding.weight" ? "goal_embedding" : torch_name;
}

HorizonWeights export_weights(HorizonNet& net, const HorizonConfig& c, const std::vector<HorizonGoalInfo>& goals) {
  HorizonWeights w;
  w.config = c;
  w.goals = goals;
  torch::NoGradGuard no_grad;
  for (const auto& p : net.named_parameters()) {
    auto t = p.value().detach().contiguous();
    ModelTensor m;
    for (auto d : t.sizes()) m.shape.push_back(static_cast<int>(d));
    m.data.assign(t.data_ptr<float>(), t.data_ptr<float>() + t.numel());
    w.tensors[tensor_name(p.key())] = std::move(m);
  }
  return w;
}

void import_weights(HorizonNet& net, const HorizonWeights& w) {
  torch::NoGradGuard no_grad;
  for (auto& p : net.named_parameters()) {
    const ModelTensor& m = w.at(tensor_name(p.key()));
    auto src = torch::from_blob(const_cast<float*>(m.data.data()), p.value().sizes(), torch::kFloat32);
    p.value().copy_(src);
  }
}

struct Batch {
  torch::Tensor x, goals, target, reached;
};

Batch make_batch(const std::vector<HorizonExample>& ex, const std::vector<size_t>& idx, size_t from, size_t to,
                 int width) {
  const auto n = static_cast<int64_t>(to - from);
  Batch b;
  b.x = torch::empty({n, width});
  b.goals = torch::empty({n}, torch::kInt64);
  b.target = torch::empty({n});
  b.reached = torch::empty({n});
  float* x = b.x.data_ptr<float>();
  auto* g = b.goals.data_ptr<int64_t>();
  float* t = b.target.data_ptr<float>();
  float* r = b.reached.data_ptr<float>();
  for (int64_t i = 0; i < n; ++i) {
    const HorizonExample& e = ex[idx[from + static_cast<size_t>(i)]];
    std::copy(e.input.begin(), e.input.end(), x + i * width);
    g[i] = e.goal;
    t[i] = std::log1p(e.ticks);
    r[i] = e.reached ? 1.f : 0.f;
  }
  return b;
}

// Squared error on reached labels; on the others (lower bounds) only a prediction below the bound.
torch::Tensor censored_loss(const torch::Tensor& pred, const Batch& b) {
  auto err = pred - b.target;
  auto below = torch::clamp_max(err, 0.0);
  return (b.reached * err.pow(2) + (1 - b.reached) * below.pow(2)).mean();
}

std::vector<float> predict_all(HorizonNet& net, const std::vector<HorizonExample>& ex, int width) {
  torch::NoGradGuard no_grad;
  std::vector<size_t> idx(ex.size());
  std::iota(idx.begin(), idx.end(), 0);
  std::vector<float> out;
  out.reserve(ex.size());
  for (size_t from = 0; from < ex.size(); from += 1024) {
    size_t to = std::min(ex.size(), from + 1024);
    Batch b = make_batch(ex, idx, from, to, width);
    auto p = net.forward(b.x, b.goals).contiguous();
    out.insert(out.end(), p.data_ptr<float>(), p.data_ptr<float>() + p.numel());
  }
  return out;
}

}  // namespace

HorizonScores score_horizon(const std::vector<HorizonExample>& examples, const std::vector<float>& pred) {
  HorizonScores s;
  double loss = 0, mae = 0;
  int reached = 0;
  std::map<std::pair<int, int>, std::vector<size_t>> groups;  // (state, family) -> examples
  for (size_t i = 0; i < examples.size(); ++i) {
    const HorizonExample& e = examples[i];
    double y = std::log1p(e.ticks), d = pred[i] - y;
    if (e.reached) {
      loss += d * d;
      mae += std::fabs(d);
      ++reached;
    } else if (d < 0) {
      loss += d * d;
    }
    groups[{e.state, e.family}].push_back(i);
  }
  int right = 0;
  for (const auto& [key, members] : groups) {
    // The quickest goal that was reached; a group where none was has no right answer.
    size_t best = members.front(), chosen = members.front();
    bool any = false;
    for (size_t i : members) {
      if (examples[i].reached && (!any || examples[i].ticks < examples[best].ticks)) best = i, any = true;
      if (pred[i] < pred[chosen]) chosen = i;
    }
    if (!any) continue;
    ++s.picks;
    if (examples[chosen].reached && examples[chosen].ticks <= examples[best].ticks) ++right;
  }
  s.loss = examples.empty() ? 0 : loss / static_cast<double>(examples.size());
  s.mae = reached ? mae / reached : 0;
  s.pick = s.picks ? static_cast<double>(right) / s.picks : 0;
  return s;
}

HorizonTrainResult train_horizon(const std::vector<HorizonExample>& train, const std::vector<HorizonExample>& valid,
                                 const std::vector<HorizonGoalInfo>& goals, const HorizonTrainOptions& o,
                                 const HorizonTrainProgress& progress) {
  HorizonTrainResult r;
  const HorizonConfig& c = o.config;
  const int width = c.input();
  if (train.empty()) return r.error = "no training examples", r;
  for (const auto* set : {&train, &valid})
    for (const auto& e : *set) {
      if (static_cast<int>(e.input.size()) != width) return r.error = "an example's input is not the model's width", r;
      if (e.goal < 0 || e.goal >= c.goals) return r.error = "an example's goal is outside the goal table", r;
    }
  if (o.epochs <= 0 || o.batch <= 0) return r.error = "epochs and batch must be positive", r;
  if (o.threads > 0) torch::set_num_threads(o.threads);
  torch::manual_seed(o.seed);
  HorizonNet net(c);
  torch::optim::Adam opt(net.parameters(), torch::optim::AdamOptions(o.lr).weight_decay(o.weight_decay));
  std::mt19937_64 rng(o.seed);
  std::vector<size_t> order(train.size());
  std::iota(order.begin(), order.end(), 0);
  const auto start = std::chrono::steady_clock::now();
  const int batches = static_cast<int>((train.size() + static_cast<size_t>(o.batch) - 1) / static_cast<size_t>(o.batch));
  double best_pick = -1, best_loss = std::numeric_limits<double>::infinity();
  r.train_examples = static_cast<int>(train.size());
  r.valid_examples = static_cast<int>(valid.size());
  for (int epoch = 1; epoch <= o.epochs; ++epoch) {
    std::shuffle(order.begin(), order.end(), rng);
    HorizonEpoch st;
    st.epoch = epoch;
    double total = 0;
    net.train();
    for (int bi = 0; bi < batches; ++bi) {
      size_t from = static_cast<size_t>(bi) * static_cast<size_t>(o.batch);
      size_t to = std::min(train.size(), from + static_cast<size_t>(o.batch));
      Batch b = make_batch(train, order, from, to, width);
      opt.zero_grad();
      auto loss = censored_loss(net.forward(b.x, b.goals), b);
      loss.backward();
      opt.step();
      total += loss.item<double>() * static_cast<double>(to - from);
      st.train_loss = total / static_cast<double>(to);
      st.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (progress && (bi % 16 == 0 || bi + 1 == batches)) progress(st, bi + 1, batches);
    }
    net.eval();
    bool better = false;
    if (!valid.empty()) {
      HorizonScores s = score_horizon(valid, predict_all(net, valid, width));
      st.valid_loss = s.loss;
      st.valid_mae = s.mae;
      st.valid_pick = s.pick;
      better = s.pick > best_pick || (s.pick == best_pick && s.loss < best_loss);
      if (better) best_pick = s.pick, best_loss = s.loss;
    } else {
      better = true;
    }
    st.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.epochs.push_back(st);
    if (progress) progress(st, batches, batches);
    if (better) {
      r.weights = export_weights(net, c, goals);
      r.best_epoch = epoch;
    }
  }
  r.ok = true;
  return r;
}

void set_torch_threads(int n) { torch::set_num_threads(n); }

struct HorizonTorchModel::Impl {
  explicit Impl(const HorizonWeights& w) : width(w.config.input()), net(w.config) {
    import_weights(net, w);
    net.eval();
  }
  int width;
  HorizonNet net;
};

HorizonTorchModel::HorizonTorchModel(const HorizonWeights& w) : impl_(std::make_unique<Impl>(w)) {}
HorizonTorchModel::~HorizonTorchModel() = default;

void HorizonTorchModel::predict(int n, const float* inputs, const int* goals, float* out) {
  torch::NoGradGuard no_grad;
  auto x = torch::from_blob(const_cast<float*>(inputs), {n, impl_->width}, torch::kFloat32);
  auto g = torch::empty({n}, torch::kInt64);
  for (int i = 0; i < n; ++i) g.data_ptr<int64_t>()[i] = goals[i];
  auto p = impl_->net.forward(x, g).contiguous();
  std::copy(p.data_ptr<float>(), p.data_ptr<float>() + n, out);
}

std::vector<float> horizon_forward_torch(const HorizonWeights& w, const std::vector<float>& inputs,
                                         const std::vector<int>& goals) {
  HorizonTorchModel m(w);
  std::vector<float> out(goals.size());
  m.predict(static_cast<int>(goals.size()), inputs.data(), goals.data(), out.data());
  return out;
}

}  // namespace plank::neural
