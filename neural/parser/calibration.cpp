#include "neural/parser/calibration.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

#include "support/json_integer.h"

namespace plank::neural {

std::vector<double> calibration_features(const ConfidenceInput& in) {
  // The model's probability on the logit scale: with weight 1 and no bias the
  // regression is exp(log_prob) itself, so a fit can only move away from it
  // where the data say so (Platt / temperature scaling).
  double lp = std::clamp(in.log_prob, -60.0, -1e-6);
  double logit = lp - std::log(-std::expm1(lp));
  std::vector<double> x{logit, std::log1p(static_cast<double>(std::max(0, in.tokens)))};
  if (in.has_margin) {
    x.push_back(std::clamp(in.margin, -10.0, 10.0));
    x.push_back(in.margin > 0 ? 1.0 : 0.0);  // the beam's first entry
  }
  return x;
}

double Calibrator::predict(const std::vector<double>& x) const {
  double z = b_;
  for (size_t i = 0; i < w_.size() && i < x.size(); ++i) z += w_[i] * x[i];
  return 1.0 / (1.0 + std::exp(-z));
}

namespace {

// Solves A x = b (A symmetric positive definite, small) by Gaussian elimination with pivoting.
std::vector<double> solve(std::vector<std::vector<double>> A, std::vector<double> b) {
  const size_t n = b.size();
  for (size_t c = 0; c < n; ++c) {
    size_t piv = c;
    for (size_t r = c + 1; r < n; ++r)
      if (std::fabs(A[r][c]) > std::fabs(A[piv][c])) piv = r;
    std::swap(A[c], A[piv]);
    std::swap(b[c], b[piv]);
    if (std::fabs(A[c][c]) < 1e-12) return std::vector<double>(n, 0.0);
    for (size_t r = c + 1; r < n; ++r) {
      double f = A[r][c] / A[c][c];
      for (size_t k = c; k < n; ++k) A[r][k] -= f * A[c][k];
      b[r] -= f * b[c];
    }
  }
  std::vector<double> x(n);
  for (size_t i = n; i-- > 0;) {
    double s = b[i];
    for (size_t k = i + 1; k < n; ++k) s -= A[i][k] * x[k];
    x[i] = s / A[i][i];
  }
  return x;
}

}  // namespace

Calibrator Calibrator::fit(const std::vector<std::vector<double>>& x, const std::vector<int>& y, double l2) {
  Calibrator c;
  if (x.empty()) return c;
  const size_t d = x[0].size(), n = x.size(), m = d + 1;  // last coefficient: the bias
  // Standardise the features so the penalty and the step treat them alike.
  std::vector<double> mean(d, 0.0), scale(d, 0.0);
  for (const auto& r : x)
    for (size_t j = 0; j < d; ++j) mean[j] += r[j] / static_cast<double>(n);
  for (const auto& r : x)
    for (size_t j = 0; j < d; ++j) scale[j] += (r[j] - mean[j]) * (r[j] - mean[j]) / static_cast<double>(n);
  for (auto& s : scale) s = s > 1e-12 ? std::sqrt(s) : 1.0;
  std::vector<double> beta(m, 0.0);
  auto z_of = [&](const std::vector<double>& r) {
    double z = beta[d];
    for (size_t j = 0; j < d; ++j) z += beta[j] * (r[j] - mean[j]) / scale[j];
    return z;
  };
  for (int iter = 0; iter < 50; ++iter) {
    std::vector<std::vector<double>> H(m, std::vector<double>(m, 0.0));
    std::vector<double> g(m, 0.0);
    for (size_t i = 0; i < n; ++i) {
      double p = 1.0 / (1.0 + std::exp(-z_of(x[i])));
      double wgt = std::max(p * (1 - p), 1e-9);
      std::vector<double> f(m, 1.0);
      for (size_t j = 0; j < d; ++j) f[j] = (x[i][j] - mean[j]) / scale[j];
      for (size_t a = 0; a < m; ++a) {
        g[a] += (p - y[i]) * f[a];
        for (size_t b = 0; b < m; ++b) H[a][b] += wgt * f[a] * f[b];
      }
    }
    for (size_t j = 0; j < d; ++j) {
      g[j] += l2 * static_cast<double>(n) * beta[j];
      H[j][j] += l2 * static_cast<double>(n);
    }
    std::vector<double> step = solve(H, g);
    double change = 0;
    for (size_t a = 0; a < m; ++a) {
      beta[a] -= step[a];
      change = std::max(change, std::fabs(step[a]));
    }
    if (change < 1e-8) break;
  }
  // Back to the raw features: z = b + sum w_j x_j.
  c.w_.resize(d);
  c.b_ = beta[d];
  for (size_t j = 0; j < d; ++j) {
    c.w_[j] = beta[j] / scale[j];
    c.b_ -= beta[j] * mean[j] / scale[j];
  }
  return c;
}

double Calibration::confidence(const ConfidenceInput& in) const {
  const Calibrator& c = in.has_margin ? beam : single;
  return c.predict(calibration_features(in));
}

namespace {
nlohmann::json calibrator_json(const Calibrator& c) { return {{"weights", c.w_}, {"bias", c.b_}}; }
Calibrator calibrator_from(const nlohmann::json& j) {
  Calibrator c;
  c.w_ = j.at("weights").get<std::vector<double>>();
  c.b_ = j.at("bias").get<double>();
  return c;
}
}  // namespace

bool Calibration::save(const std::string& path, std::string* error) const {
  nlohmann::json j;
  j["format"] = "plank-parser-calibration";
  j["version"] = kVersion;
  j["weights_hash"] = weights_hash;
  j["features"] = {{"single", {"logit(exp(log_prob))", "log1p(tokens)"}},
                   {"beam", {"logit(exp(log_prob))", "log1p(tokens)", "margin", "first"}}};
  j["single"] = calibrator_json(single);
  j["beam"] = calibrator_json(beam);
  j["fitted_on"] = fitted_on;
  j["report"] = nlohmann::json::parse(report_json, nullptr, false);
  std::ofstream f(path);
  f << j.dump(2) << "\n";
  if (!f) {
    if (error) *error = "cannot write " + path;
    return false;
  }
  return true;
}

bool Calibration::load(const std::string& path, std::string* error) {
  std::ifstream f(path);
  if (!f) {
    if (error) *error = "cannot read " + path;
    return false;
  }
  nlohmann::json j = nlohmann::json::parse(f, nullptr, false);
  try {
    if (j.is_discarded() || j.value("format", "") != "plank-parser-calibration")
      throw std::runtime_error("not a parser calibration file");
    int version = json_int(j.at("version"), "version");
    if (version > kVersion) throw std::runtime_error(fmt::format("version {} is newer than this plank's {}", version, kVersion));
    single = calibrator_from(j.at("single"));
    beam = calibrator_from(j.at("beam"));
    weights_hash = j.value("weights_hash", "");
    fitted_on = j.value("fitted_on", "");
    report_json = j.contains("report") ? j["report"].dump() : "{}";
  } catch (const std::exception& e) {
    if (error) *error = path + ": " + e.what();
    return false;
  }
  return true;
}

std::string calibration_path(const std::string& weights_path) {
  auto dot = weights_path.rfind('.');
  auto slash = weights_path.rfind('/');
  std::string stem = (dot == std::string::npos || (slash != std::string::npos && dot < slash)) ? weights_path
                                                                                                : weights_path.substr(0, dot);
  return stem + ".calib.json";
}

void Fnv1a64::update(std::string_view bytes) {
  for (char c : bytes) h_ = (h_ ^ static_cast<uint8_t>(c)) * 1099511628211ull;
}
std::string Fnv1a64::text() const { return fmt::format("fnv1a64:{:016x}", h_); }

std::string file_fnv1a64(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return {};
  Fnv1a64 h;
  char buf[1 << 16];
  while (f.read(buf, sizeof buf) || f.gcount() > 0) {
    h.update(std::string_view(buf, static_cast<size_t>(f.gcount())));
    if (!f) break;
  }
  return h.text();
}

std::string bytes_fnv1a64(std::string_view bytes) {
  Fnv1a64 h;
  h.update(bytes);
  return h.text();
}

std::vector<ReliabilityBin> reliability(const std::vector<double>& p, const std::vector<int>& y, int bins) {
  std::vector<ReliabilityBin> out(static_cast<size_t>(std::max(1, bins)));
  for (size_t b = 0; b < out.size(); ++b) {
    out[b].lo = static_cast<double>(b) / static_cast<double>(out.size());
    out[b].hi = static_cast<double>(b + 1) / static_cast<double>(out.size());
  }
  for (size_t i = 0; i < p.size() && i < y.size(); ++i) {
    size_t b = std::min(out.size() - 1, static_cast<size_t>(std::clamp(p[i], 0.0, 1.0) * static_cast<double>(out.size())));
    out[b].count += 1;
    out[b].mean_confidence += p[i];
    out[b].accuracy += y[i];
  }
  for (auto& b : out)
    if (b.count) b.mean_confidence /= b.count, b.accuracy /= b.count;
  return out;
}

double expected_calibration_error(const std::vector<double>& p, const std::vector<int>& y, int bins) {
  double n = static_cast<double>(std::min(p.size(), y.size())), e = 0;
  if (n == 0) return 0;
  for (const auto& b : reliability(p, y, bins)) e += b.count / n * std::fabs(b.accuracy - b.mean_confidence);
  return e;
}

}  // namespace plank::neural
