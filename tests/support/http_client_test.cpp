// The LLM client's HTTP against servers that misbehave (issue 24): every wait
// has a deadline (connect included), replies are parsed strictly, and a reply
// past the limits is refused. The reply reader is also checked on its own:
// any split of the bytes into reads gives the same result, in linear time.
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <random>
#include <thread>

#include "support/llm/http.h"
#include "support/llm/http_reply.h"

namespace plank::llm {
namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// A server on 127.0.0.1 that hands each accepted connection to `behave`.
class TestServer {
 public:
  explicit TestServer(std::function<void(int)> behave, int backlog = 4, bool accept = true)
      : behave_(std::move(behave)) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ::bind(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a);
    ::listen(fd_, backlog);
    socklen_t len = sizeof a;
    ::getsockname(fd_, reinterpret_cast<sockaddr*>(&a), &len);
    port_ = ntohs(a.sin_port);
    if (accept) thread_ = std::thread([this] { serve(); });
  }
  ~TestServer() {
    ::shutdown(fd_, SHUT_RDWR);
    ::close(fd_);
    if (thread_.joinable()) thread_.join();
  }
  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_) + "/v1/chat/completions"; }
  int port() const { return port_; }

 private:
  void serve() {
    int c = ::accept(fd_, nullptr, nullptr);
    if (c < 0) return;
    behave_(c);
    ::close(c);
  }
  std::function<void(int)> behave_;
  int fd_ = -1;
  int port_ = 0;
  std::thread thread_;
};

// Reads the request head (enough to know the client is waiting).
void read_request(int c) {
  std::string in;
  char buf[4096];
  while (in.find("\r\n\r\n") == std::string::npos) {
    ssize_t n = ::recv(c, buf, sizeof buf, 0);
    if (n <= 0) return;
    in.append(buf, static_cast<size_t>(n));
  }
}

void send_all(int c, const std::string& s) { ::send(c, s.data(), s.size(), MSG_NOSIGNAL); }

// Keeps a connection open until the test is done with it (at most 5 s).
void hold_until(const std::atomic<bool>& done) {
  auto t0 = std::chrono::steady_clock::now();
  while (!done && seconds_since(t0) < 5) std::this_thread::sleep_for(std::chrono::milliseconds(10));
}

ReplyState parse(const std::string& raw, HttpReply* reply, std::string* error, HttpLimits limits = {}) {
  return parse_http_reply(raw, true, limits, reply, error);
}

const std::string kChunkedHead = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n";

// Before the fix, sizes went through strtoul and were added unchecked:
// fffffffffffffffe made `at += n + 2` wrap around to where it was, and the
// chunk's data was then read as the next size line, so this reply was taken
// as a 200 with the body "X\r\n0\r\n\r\n".
TEST(HttpReply, AChunkSizeThatWouldWrapAroundIsRefused) {
  HttpReply r;
  std::string error;
  EXPECT_EQ(parse(kChunkedHead + "fffffffffffffffe\r\nX\r\n0\r\n\r\n", &r, &error), ReplyState::kMalformed);
  EXPECT_NE(error.find("larger than"), std::string::npos) << error;
  EXPECT_EQ(parse(kChunkedHead + "ffffffffffffffff\r\nabc\r\n0\r\n\r\n", &r, &error), ReplyState::kMalformed);
  EXPECT_EQ(parse(kChunkedHead + "10000000000000000\r\nabc\r\n0\r\n\r\n", &r, &error), ReplyState::kMalformed);
  EXPECT_NE(error.find("16 hex digits"), std::string::npos) << error;
}

TEST(HttpReply, ChunkSizesAreHexDigitsOnly) {
  HttpReply r;
  std::string error;
  for (const char* size : {"-1", "0x3", " 3", "+3", "3 junk", ""}) {
    EXPECT_EQ(parse(kChunkedHead + size + "\r\nabc\r\n0\r\n\r\n", &r, &error), ReplyState::kMalformed) << size;
  }
  // A chunk extension is allowed, and upper-case hex.
  ASSERT_EQ(parse(kChunkedHead + "3;name=value\r\nabc\r\nA\r\n0123456789\r\n0\r\nX-Trailer: 1\r\n\r\n", &r, &error),
            ReplyState::kComplete)
      << error;
  EXPECT_EQ(r.body, "abc0123456789");
  // Data longer than its size, or a missing last chunk, is malformed.
  EXPECT_EQ(parse(kChunkedHead + "2\r\nabc\r\n0\r\n\r\n", &r, &error), ReplyState::kMalformed);
  EXPECT_EQ(parse(kChunkedHead + "3\r\nabc\r\n", &r, &error), ReplyState::kMalformed);
}

TEST(HttpReply, StatusLineAndHeadersAreStrict) {
  HttpReply r;
  std::string error;
  EXPECT_EQ(parse("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok", &r, &error), ReplyState::kComplete);
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.body, "ok");
  for (const char* bad : {"HTTP/2 200 OK\r\n\r\n", "HTTP/1.1 20 OK\r\n\r\n", "HTTP/1.1 2000 OK\r\n\r\n",
                          "HTTP/1.1 200 OK\r\nno colon\r\n\r\n", "HTTP/1.1 200 OK\r\nbad name: 1\r\n\r\n",
                          "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n",
                          "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nok",
                          "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n", "<html>502</html>"})
    EXPECT_EQ(parse(bad, &r, &error), ReplyState::kMalformed) << bad;
  // A body cut short by the close is an error, not a shorter reply (it was accepted before).
  EXPECT_EQ(parse("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nshort", &r, &error), ReplyState::kMalformed);
  EXPECT_NE(error.find("5 bytes of a 100-byte body"), std::string::npos) << error;
  // 100 Continue comes before the reply.
  ASSERT_EQ(parse("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 1\r\n\r\nx", &r, &error),
            ReplyState::kComplete);
  EXPECT_EQ(r.status, 201);
  // No framing: the body runs to the close.
  ASSERT_EQ(parse("HTTP/1.0 200 OK\r\n\r\nto the end", &r, &error), ReplyState::kComplete);
  EXPECT_EQ(r.body, "to the end");
}

TEST(HttpReply, RepliesPastTheLimitsAreRefused) {
  HttpLimits small{1000, 200};
  HttpReply r;
  std::string error;
  EXPECT_EQ(parse("HTTP/1.1 200 OK\r\nContent-Length: 1001\r\n\r\n", &r, &error, small), ReplyState::kMalformed);
  EXPECT_NE(error.find("larger than 1000 bytes"), std::string::npos) << error;
  EXPECT_EQ(parse("HTTP/1.1 200 OK\r\n\r\n" + std::string(1001, 'x'), &r, &error, small), ReplyState::kMalformed);
  EXPECT_EQ(parse(kChunkedHead + "200\r\n" + std::string(512, 'x') + "\r\n200\r\n" + std::string(512, 'x') + "\r\n0\r\n\r\n",
                  &r, &error, small),
            ReplyState::kMalformed);
  EXPECT_EQ(parse("HTTP/1.1 200 OK\r\nX-Long: " + std::string(300, 'a') + "\r\n\r\n", &r, &error, small),
            ReplyState::kMalformed);
  EXPECT_NE(error.find("headers longer than 200 bytes"), std::string::npos) << error;
}

// Whatever the reads' sizes, the same result; a reply fed a byte at a time
// stays linear (every search resumes where the last one stopped).
TEST(HttpReply, AnySplitIntoReadsGivesTheSameResultInLinearTime) {
  std::string big(200000, 'y');
  std::vector<std::string> replies = {
      "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello",
      kChunkedHead + "3\r\nabc\r\n1;x\r\nd\r\n0\r\nT: 1\r\n\r\n",
      "HTTP/1.1 200 OK\r\nX: " + big + "\r\n\r\n",  // headers too long: malformed at any split
      kChunkedHead + "30d40\r\n" + big + "\r\n0\r\n\r\n",
  };
  std::mt19937 rng(7);
  for (const auto& raw : replies) {
    HttpReply whole;
    std::string whole_error;
    ReplyState expected = parse(raw, &whole, &whole_error);
    for (int trial = 0; trial < 4; ++trial) {
      ReplyReader reader;
      auto t0 = std::chrono::steady_clock::now();
      ReplyState state = ReplyState::kIncomplete;
      for (size_t at = 0; at < raw.size() && state == ReplyState::kIncomplete;) {
        size_t n = trial == 0 ? 1 : std::uniform_int_distribution<size_t>(1, 5000)(rng);
        n = std::min(n, raw.size() - at);
        state = reader.feed(std::string_view(raw).substr(at, n));
        at += n;
      }
      if (state == ReplyState::kIncomplete) state = reader.close();
      EXPECT_LT(seconds_since(t0), 2.0);
      ASSERT_EQ(state, expected) << raw.substr(0, 60) << " trial " << trial;
      if (state == ReplyState::kComplete) {
        EXPECT_EQ(reader.reply().body, whole.body);
        EXPECT_EQ(reader.reply().status, whole.status);
      } else {
        EXPECT_EQ(reader.error(), whole_error);
      }
    }
  }
}

// Before the fix connect() blocked with no deadline: a server whose accept
// queue is full (it never accepts) held the call for the kernel's SYN
// retries, about two minutes, whatever the timeout.
TEST(HttpClient, ConnectHasADeadline) {
  TestServer full([](int) {}, 0, /*accept=*/false);
  // Fill the accept queue: later SYNs are dropped and a connect waits.
  std::vector<int> fillers;
  for (int i = 0; i < 4; ++i) {
    int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons(static_cast<uint16_t>(full.port()));
    ::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
    fillers.push_back(fd);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  HttpReply r;
  std::string error;
  auto t0 = std::chrono::steady_clock::now();
  EXPECT_FALSE(http_post(full.url(), "{}", {}, 0.5, &r, &error));
  double took = seconds_since(t0);
  EXPECT_LT(took, 3.0) << error;
  EXPECT_NE(error.find("cannot connect"), std::string::npos) << error;
  for (int fd : fillers) ::close(fd);
}

TEST(HttpClient, ASilentServerEndsTheCallAtTheDeadline) {
  std::atomic<bool> done{false};
  TestServer silent([&](int c) {
    read_request(c);
    hold_until(done);
  });
  HttpReply r;
  std::string error;
  auto t0 = std::chrono::steady_clock::now();
  EXPECT_FALSE(http_post(silent.url(), "{}", {}, 0.5, &r, &error));
  EXPECT_LT(seconds_since(t0), 3.0);
  EXPECT_NE(error.find("no complete reply"), std::string::npos) << error;
  done = true;
}

TEST(HttpClient, AServerThatDripsBytesEndsTheCallAtTheDeadline) {
  std::atomic<bool> done{false};
  TestServer drip([&](int c) {
    read_request(c);
    send_all(c, "HTTP/1.1 200 OK\r\nContent-Length: 1000000\r\n\r\n");
    for (int i = 0; i < 200 && !done; ++i) {
      send_all(c, "x");
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  });
  HttpReply r;
  std::string error;
  auto t0 = std::chrono::steady_clock::now();
  EXPECT_FALSE(http_post(drip.url(), "{}", {}, 0.5, &r, &error));
  EXPECT_LT(seconds_since(t0), 3.0);
  EXPECT_NE(error.find("no complete reply"), std::string::npos) << error;
  done = true;
}

TEST(HttpClient, AServerThatNeverReadsEndsTheCallAtTheDeadline) {
  std::atomic<bool> done{false};
  TestServer deaf([&](int) { hold_until(done); });
  HttpReply r;
  std::string error;
  auto t0 = std::chrono::steady_clock::now();
  EXPECT_FALSE(http_post(deaf.url(), std::string(64u << 20, ' '), {}, 0.5, &r, &error));
  EXPECT_LT(seconds_since(t0), 3.0);
  EXPECT_NE(error.find("timed out sending"), std::string::npos) << error;
  done = true;
}

// A reply framed by Content-Length is complete when its body is in, even if
// the server keeps the connection open (before: the call waited for the
// close, and failed at the deadline).
TEST(HttpClient, ASizedReplyIsCompleteWithoutTheClose) {
  std::atomic<bool> done{false};
  TestServer lingering([&](int c) {
    read_request(c);
    send_all(c, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
    hold_until(done);
  });
  HttpReply r;
  std::string error;
  auto t0 = std::chrono::steady_clock::now();
  ASSERT_TRUE(http_post(lingering.url(), "{}", {}, 10, &r, &error)) << error;
  EXPECT_LT(seconds_since(t0), 1.5);
  EXPECT_EQ(r.body, "ok");
  done = true;
}

TEST(HttpClient, AnOversizedReplyIsRefusedAsItArrives) {
  TestServer flood([](int c) {
    read_request(c);
    send_all(c, "HTTP/1.1 200 OK\r\n\r\n");
    std::string block(1 << 16, 'z');
    for (int i = 0; i < 64; ++i) send_all(c, block);
  });
  HttpReply r;
  std::string error;
  EXPECT_FALSE(http_post(flood.url(), "{}", {}, 5, &r, &error, HttpLimits{1 << 20, 1 << 12}));
  EXPECT_NE(error.find("larger than 1048576 bytes"), std::string::npos) << error;
}

TEST(HttpClient, UrlsAndHeadersCannotInjectLines) {
  HttpReply r;
  std::string error;
  EXPECT_FALSE(http_post("http://127.0.0.1:9/v1\r\nX-Evil: 1", "{}", {}, 1, &r, &error));
  EXPECT_NE(error.find("control character"), std::string::npos) << error;
  EXPECT_FALSE(http_post("http://127.0.0.1:9/v1", "{}", {"Authorization: Bearer k\r\nX-Evil: 1"}, 1, &r, &error));
  EXPECT_NE(error.find("line break"), std::string::npos) << error;
  EXPECT_FALSE(http_post("http://[::1/v1", "{}", {}, 1, &r, &error));
  EXPECT_NE(error.find("unclosed"), std::string::npos) << error;
}

}  // namespace
}  // namespace plank::llm
