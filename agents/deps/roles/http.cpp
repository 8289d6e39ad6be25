#include "agents/deps/roles/http.h"

#include <fmt/format.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

namespace plank::deps {

namespace {

struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

bool wait_for(int fd, short events, double deadline) {
  double left = deadline - now();
  if (left <= 0) return false;
  pollfd p{fd, events, 0};
  return ::poll(&p, 1, int(left * 1000) + 1) > 0;
}

// Decodes a chunked body; false when it is malformed.
bool unchunk(const std::string& in, std::string* out) {
  size_t at = 0;
  for (;;) {
    size_t eol = in.find("\r\n", at);
    if (eol == std::string::npos) return false;
    size_t n = std::strtoul(in.substr(at, eol - at).c_str(), nullptr, 16);
    at = eol + 2;
    if (n == 0) return true;
    if (at + n > in.size()) return false;
    out->append(in, at, n);
    at += n + 2;
  }
}

}  // namespace

bool http_post(const std::string& url, const std::string& body, const std::vector<std::string>& headers,
               double timeout_seconds, HttpReply* reply, std::string* error) {
  const std::string scheme = "http://";
  if (url.rfind(scheme, 0) != 0) {
    *error = fmt::format("the endpoint '{}' is not an http:// URL (https needs a local proxy: no TLS in this build)", url);
    return false;
  }
  std::string rest = url.substr(scheme.size());
  size_t slash = rest.find('/');
  std::string hostport = rest.substr(0, slash), path = slash == std::string::npos ? "/" : rest.substr(slash);
  std::string host = hostport, port = "80";
  if (size_t colon = hostport.rfind(':'); colon != std::string::npos)
    host = hostport.substr(0, colon), port = hostport.substr(colon + 1);
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (int rc = ::getaddrinfo(host.c_str(), port.c_str(), &hints, &found); rc != 0) {
    *error = fmt::format("cannot resolve {}: {}", host, gai_strerror(rc));
    return false;
  }
  const double deadline = now() + timeout_seconds;
  Fd s;
  std::string last = "no address";
  for (addrinfo* a = found; a && s.fd < 0; a = a->ai_next) {
    int fd = ::socket(a->ai_family, a->ai_socktype, a->ai_protocol);
    if (fd < 0) continue;
    if (::connect(fd, a->ai_addr, a->ai_addrlen) == 0) s.fd = fd;
    else last = std::strerror(errno), ::close(fd);
  }
  ::freeaddrinfo(found);
  if (s.fd < 0) {
    *error = fmt::format("cannot connect to {}: {}", hostport, last);
    return false;
  }
  std::string request = fmt::format("POST {} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n"
                                    "Content-Length: {}\r\nConnection: close\r\n",
                                    path, hostport, body.size());
  for (const auto& h : headers) request += h + "\r\n";
  request += "\r\n" + body;
  for (size_t sent = 0; sent < request.size();) {
    if (!wait_for(s.fd, POLLOUT, deadline)) return *error = "timed out sending the request", false;
    ssize_t n = ::send(s.fd, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) return *error = fmt::format("sending to {} failed: {}", hostport, std::strerror(errno)), false;
    sent += size_t(n);
  }
  std::string raw;
  char buf[8192];
  for (;;) {
    if (!wait_for(s.fd, POLLIN, deadline)) return *error = fmt::format("no reply from {} in {} s", hostport, timeout_seconds), false;
    ssize_t n = ::recv(s.fd, buf, sizeof buf, 0);
    if (n < 0) return *error = fmt::format("reading from {} failed: {}", hostport, std::strerror(errno)), false;
    if (n == 0) break;
    raw.append(buf, size_t(n));
    if (raw.size() > (64u << 20)) return *error = "the reply is larger than 64 MiB", false;
  }
  size_t head_end = raw.find("\r\n\r\n");
  if (raw.rfind("HTTP/", 0) != 0 || head_end == std::string::npos)
    return *error = fmt::format("{} did not answer with HTTP", hostport), false;
  reply->status = std::atoi(raw.c_str() + raw.find(' ') + 1);
  std::string head = raw.substr(0, head_end), payload = raw.substr(head_end + 4);
  std::string lower = head;
  for (char& c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
  reply->body.clear();
  if (lower.find("transfer-encoding: chunked") != std::string::npos) {
    if (!unchunk(payload, &reply->body)) return *error = "malformed chunked reply", false;
  } else {
    reply->body = payload;
  }
  return true;
}

}  // namespace plank::deps
