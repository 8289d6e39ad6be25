#include "support/llm/http.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

namespace plank::llm {

namespace {

struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

// Whether `events` came before the deadline (a signal does not cut the wait short).
bool wait_for(int fd, short events, double deadline) {
  for (;;) {
    double left = deadline - now();
    if (left <= 0) return false;
    pollfd p{fd, events, 0};
    int rc = ::poll(&p, 1, static_cast<int>(left * 1000) + 1);
    if (rc > 0) return true;
    if (rc < 0 && errno != EINTR) return false;
  }
}

}  // namespace

namespace {

// ---- the connection ----

struct Endpoint {
  std::string host, port, hostport, path;
};

bool parse_url(const std::string& url, Endpoint* e, std::string* error) {
  const std::string scheme = "http://";
  if (url.rfind(scheme, 0) != 0) {
    *error = fmt::format("the endpoint '{}' is not an http:// URL (https needs a local proxy: no TLS in this build)", url);
    return false;
  }
  std::string rest = url.substr(scheme.size());
  size_t slash = rest.find('/');
  e->hostport = rest.substr(0, slash);
  e->path = slash == std::string::npos ? "/" : rest.substr(slash);
  e->host = e->hostport;
  e->port = "80";
  if (!e->hostport.empty() && e->hostport.front() == '[') {  // [::1]:8080
    size_t close = e->hostport.find(']');
    if (close == std::string::npos) return *error = fmt::format("the endpoint '{}' has an unclosed '['", url), false;
    e->host = e->hostport.substr(1, close - 1);
    if (close + 1 < e->hostport.size()) {
      if (e->hostport[close + 1] != ':') return *error = fmt::format("the endpoint '{}' has text after ']'", url), false;
      e->port = e->hostport.substr(close + 2);
    }
  } else if (size_t colon = e->hostport.rfind(':'); colon != std::string::npos) {
    e->host = e->hostport.substr(0, colon);
    e->port = e->hostport.substr(colon + 1);
  }
  if (e->host.empty()) return *error = fmt::format("the endpoint '{}' names no host", url), false;
  for (char c : url)
    if (static_cast<unsigned char>(c) <= ' ' || c == 0x7f)
      return *error = fmt::format("the endpoint URL has a space or control character"), false;
  return true;
}

// getaddrinfo has no timeout of its own: a name is resolved on a thread of
// its own, and past the deadline the call gives up on it (the thread ends
// alone and frees what it found). A numeric address needs no thread.
struct Resolution {
  std::mutex m;
  std::condition_variable done_cv;
  bool done = false, abandoned = false;
  int rc = 0;
  addrinfo* found = nullptr;
};

addrinfo* resolve(const Endpoint& e, double deadline, std::string* error) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_NUMERICHOST;
  addrinfo* found = nullptr;
  if (::getaddrinfo(e.host.c_str(), e.port.c_str(), &hints, &found) == 0) return found;
  auto r = std::make_shared<Resolution>();
  hints.ai_flags = 0;
  std::thread([r, hints, host = e.host, port = e.port] {
    addrinfo* got = nullptr;
    int rc = ::getaddrinfo(host.c_str(), port.c_str(), &hints, &got);
    std::lock_guard<std::mutex> lock(r->m);
    if (r->abandoned) {
      if (rc == 0) ::freeaddrinfo(got);
      return;
    }
    r->rc = rc;
    r->found = got;
    r->done = true;
    r->done_cv.notify_one();
  }).detach();
  std::unique_lock<std::mutex> lock(r->m);
  auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(std::max(0.0, deadline - now()));
  if (!r->done_cv.wait_until(lock, until, [&] { return r->done; })) {
    r->abandoned = true;
    *error = fmt::format("cannot resolve {}: no answer before the deadline", e.host);
    return nullptr;
  }
  if (r->rc != 0) {
    *error = fmt::format("cannot resolve {}: {}", e.host, gai_strerror(r->rc));
    return nullptr;
  }
  return r->found;
}

// A non-blocking socket connected before the deadline, or -1 and *why.
int connect_before(const addrinfo* a, double deadline, std::string* why) {
  int fd = ::socket(a->ai_family, a->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, a->ai_protocol);
  if (fd < 0) return *why = std::strerror(errno), -1;
  if (::connect(fd, a->ai_addr, a->ai_addrlen) == 0) return fd;
  if (errno != EINPROGRESS) {
    *why = std::strerror(errno);
    ::close(fd);
    return -1;
  }
  if (!wait_for(fd, POLLOUT, deadline)) {
    *why = "no answer before the deadline";
    ::close(fd);
    return -1;
  }
  int err = 0;
  socklen_t len = sizeof err;
  if (::getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) != 0 || err != 0) {
    *why = std::strerror(err ? err : errno);
    ::close(fd);
    return -1;
  }
  return fd;
}

bool has_line_break(std::string_view s) { return s.find_first_of("\r\n") != std::string_view::npos; }

}  // namespace

bool http_post(const std::string& url, const std::string& body, const std::vector<std::string>& headers,
               double timeout_seconds, HttpReply* reply, std::string* error, const HttpLimits& limits) {
  const double deadline = now() + timeout_seconds;
  Endpoint e;
  if (!parse_url(url, &e, error)) return false;
  for (const auto& h : headers)
    if (has_line_break(h)) return *error = "a request header holds a line break", false;
  addrinfo* found = resolve(e, deadline, error);
  if (!found) return false;
  Fd s;
  std::string last = "no address";
  for (addrinfo* a = found; a && s.fd < 0; a = a->ai_next) s.fd = connect_before(a, deadline, &last);
  ::freeaddrinfo(found);
  if (s.fd < 0) {
    *error = fmt::format("cannot connect to {}: {}", e.hostport, last);
    return false;
  }
  std::string request = fmt::format("POST {} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n"
                                    "Content-Length: {}\r\nConnection: close\r\n",
                                    e.path, e.hostport, body.size());
  for (const auto& h : headers) request += h + "\r\n";
  request += "\r\n" + body;
  for (size_t sent = 0; sent < request.size();) {
    if (!wait_for(s.fd, POLLOUT, deadline))
      return *error = fmt::format("timed out sending the request to {} ({} s)", e.hostport, timeout_seconds), false;
    ssize_t n = ::send(s.fd, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) continue;
    if (n <= 0) return *error = fmt::format("sending to {} failed: {}", e.hostport, std::strerror(errno)), false;
    sent += static_cast<size_t>(n);
  }
  ReplyReader reader(limits);
  char buf[16384];
  bool heard = false;
  for (;;) {
    if (!wait_for(s.fd, POLLIN, deadline))
      return *error = fmt::format("no complete reply from {} in {} s", e.hostport, timeout_seconds), false;
    ssize_t n = ::recv(s.fd, buf, sizeof buf, 0);
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) continue;
    if (n < 0) return *error = fmt::format("reading from {} failed: {}", e.hostport, std::strerror(errno)), false;
    if (!heard && n > 0 && std::string_view(buf, static_cast<size_t>(n)).rfind("HTTP/", 0) != 0 &&
        !std::string_view("HTTP/").starts_with(std::string_view(buf, static_cast<size_t>(n))))
      return *error = fmt::format("{} did not answer with HTTP", e.hostport), false;
    heard = heard || n > 0;
    ReplyState state = n == 0 ? reader.close() : reader.feed(std::string_view(buf, static_cast<size_t>(n)));
    if (state == ReplyState::kComplete) {
      *reply = std::move(reader.reply());
      return true;
    }
    if (state == ReplyState::kMalformed) {
      *error = fmt::format("{}: {}", e.hostport, reader.error());
      return false;
    }
  }
}

}  // namespace plank::llm
