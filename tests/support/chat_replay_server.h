// A replay server on 127.0.0.1 for the chat client's users (the DEPS llm
// planner, the IGLU llm builder): it serves recorded HTTP replies, one per
// connection and in order, and records the request bodies. A reply of
// kSilent reads the request and then says nothing until the client gives up
// (a timeout); replies may be anything, malformed HTTP included.
#pragma once
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

namespace plank::chat_test {

inline const std::string kSilent = "<silent>";

class ReplayServer {
 public:
  explicit ReplayServer(std::vector<std::string> replies) : replies_(std::move(replies)) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = 0;
    ::bind(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a);
    ::listen(fd_, 4);
    socklen_t len = sizeof a;
    ::getsockname(fd_, reinterpret_cast<sockaddr*>(&a), &len);
    port_ = ntohs(a.sin_port);
    thread_ = std::thread([this] { serve(); });
  }
  ~ReplayServer() {
    ::shutdown(fd_, SHUT_RDWR);
    ::close(fd_);
    thread_.join();
  }
  ReplayServer(const ReplayServer&) = delete;
  ReplayServer& operator=(const ReplayServer&) = delete;
  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_) + "/v1"; }
  // The request bodies so far (JSON text).
  std::vector<std::string> bodies() {
    std::lock_guard<std::mutex> lock(m_);
    return requests;
  }
  std::vector<std::string> requests;  // read once the client has had every reply

 private:
  void serve() {
    for (const std::string& reply : replies_) {
      int c = ::accept(fd_, nullptr, nullptr);
      if (c < 0) return;
      std::string in;
      char buf[4096];
      size_t need = std::string::npos;
      while (need == std::string::npos || in.size() < need) {
        ssize_t n = ::recv(c, buf, sizeof buf, 0);
        if (n <= 0) break;
        in.append(buf, size_t(n));
        size_t head = in.find("\r\n\r\n");
        if (head != std::string::npos && need == std::string::npos) {
          size_t cl = in.find("Content-Length: ");
          need = head + 4 + std::stoul(in.substr(cl + 16));
        }
      }
      {
        std::lock_guard<std::mutex> lock(m_);
        size_t head = in.find("\r\n\r\n");
        requests.push_back(head == std::string::npos ? "" : in.substr(head + 4));
      }
      if (reply == kSilent) {
        while (::recv(c, buf, sizeof buf, 0) > 0) {
        }  // until the client closes
      } else {
        ::send(c, reply.data(), reply.size(), MSG_NOSIGNAL);
      }
      ::close(c);
    }
  }
  std::vector<std::string> replies_;
  std::mutex m_;
  int fd_ = -1;
  int port_ = 0;
  std::thread thread_;
};

inline std::string http_ok(const std::string& body) {
  return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) +
         "\r\nConnection: close\r\n\r\n" + body;
}

inline std::string chunked_ok(const std::string& body) {
  std::string half = body.substr(0, body.size() / 2), rest = body.substr(body.size() / 2);
  auto hex = [](size_t n) {
    char b[32];
    std::snprintf(b, sizeof b, "%zx", n);
    return std::string(b);
  };
  return "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n" + hex(half.size()) + "\r\n" +
         half + "\r\n" + hex(rest.size()) + "\r\n" + rest + "\r\n0\r\n\r\n";
}

// A chat-completions body whose choices[0].message.content is `content`.
inline std::string completion(const std::string& content) {
  nlohmann::json j;
  j["choices"] = {{{"index", 0}, {"message", {{"role", "assistant"}, {"content", content}}}}};
  return j.dump();
}

}  // namespace plank::chat_test
