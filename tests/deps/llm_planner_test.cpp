// The llm planner against a replay server on 127.0.0.1 that serves recorded replies in order,
// malformed ones included: invalid replies are described back, never crashed on.
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <nlohmann/json.hpp>
#include <thread>

#include "agents/deps/loop/episode.h"
#include "agents/deps/roles/http.h"
#include "agents/deps/roles/llm_planner.h"
#include "deps/deps_test_util.h"

namespace plank::deps {
namespace {

// Serves `replies` (raw HTTP responses) one per connection and records the request bodies.
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
  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_) + "/v1"; }
  std::vector<std::string> requests;

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
      requests.push_back(in.substr(in.find("\r\n\r\n") + 4));
      ::send(c, reply.data(), reply.size(), MSG_NOSIGNAL);
      ::close(c);
    }
  }
  std::vector<std::string> replies_;
  int fd_ = -1;
  int port_ = 0;
  std::thread thread_;
};

std::string http_ok(const std::string& body) {
  return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) +
         "\r\nConnection: close\r\n\r\n" + body;
}
std::string chunked_ok(const std::string& body) {
  std::string half = body.substr(0, body.size() / 2), rest = body.substr(body.size() / 2);
  auto hex = [](size_t n) {
    char b[32];
    std::snprintf(b, sizeof b, "%zx", n);
    return std::string(b);
  };
  return "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n" + hex(half.size()) + "\r\n" +
         half + "\r\n" + hex(rest.size()) + "\r\n" + rest + "\r\n0\r\n\r\n";
}
std::string completion(const std::string& content) {
  nlohmann::json j;
  j["choices"] = {{{"index", 0}, {"message", {{"role", "assistant"}, {"content", content}}}}};
  return j.dump();
}

TEST(DepsLlm, ExtractsPlanCodeFromReplies) {
  std::string why;
  auto code = extract_plan_code(
      "The code for obtaining 1 stick is as follows:\n```python\ndef obtain_1_stick(inventory = {}):\n"
      "    mine({\xE2\x80\x99log\xE2\x80\x99:1}, null)\n    return \"stick\"\n```\nHope this helps.",
      &why);
  ASSERT_TRUE(code) << why;
  EXPECT_EQ(*code, "def obtain_1_stick(inventory = {}):\n    mine({'log':1}, null)\n    return \"stick\"\n");
  auto calls = extract_plan_code("step 1:\n  mine({'log':1}, null);\n  craft({'planks':4}, {'log':1}, null);\n", &why);
  ASSERT_TRUE(calls);
  EXPECT_EQ(*calls, "mine({'log':1}, null);\ncraft({'planks':4}, {'log':1}, null);\n");
  EXPECT_FALSE(extract_plan_code("I would start by punching a tree.", &why));
  EXPECT_NE(why.find("no plan code"), std::string::npos);
}

TEST(DepsLlm, HttpErrorsAreSentences) {
  HttpReply r;
  std::string error;
  EXPECT_FALSE(http_post("https://api.example.com/v1", "{}", {}, 1, &r, &error));
  EXPECT_NE(error.find("https"), std::string::npos);
  ReplayServer garbage({"this is not http"});
  EXPECT_FALSE(http_post(garbage.url(), "{}", {}, 5, &r, &error));
  EXPECT_NE(error.find("did not answer with HTTP"), std::string::npos) << error;
  LlmOptions none;
  ::unsetenv("PLANK_LLM_ENDPOINT");
  EXPECT_FALSE(none.resolve(&error));
  EXPECT_NE(error.find("--llm-endpoint"), std::string::npos);
}

TEST(DepsLlm, ReplayedEpisodeDescribesInvalidRepliesBack) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  const std::string good =
      "The code for obtaining 1 wooden_button is as follows:\n"
      "def obtain_1_wooden_button(inventory={}):\n"
      "    mine({\xE2\x80\x98log\xE2\x80\x99:1}, null); # step 1: mine 1 log without tool\n"
      "    craft({'planks':4}, {'log':1}, null); # step 2\n"
      "    craft({'wooden_button':1}, {'planks':1}, null); # step 3\n"
      "    return \"wooden_button\"\n";
  ReplayServer server({http_ok("<html>502 bad gateway</html>"), http_ok(completion("Let me think about logs.")),
                       http_ok(completion("def obtain_1_wooden_button(inventory={}):\n    mine({'log':1}, null\n")),
                       chunked_ok(completion(good))});
  Task t = *parse_task("obtain 1 wooden_button", nullptr);
  EpisodeOptions o;
  o.seed = 1;
  o.engine = "interp";
  o.planner = "llm";
  o.initial = "llm";
  o.llm.endpoint = server.url();
  std::string error;
  auto r = run_episode(*rules, t, o, {}, &error);
  ASSERT_TRUE(r) << error;
  EXPECT_TRUE(r->success) << r->end;
  EXPECT_EQ(r->rounds, 3);
  ASSERT_EQ(server.requests.size(), 4u);
  auto first = nlohmann::json::parse(server.requests[0]);
  EXPECT_EQ(first["messages"].back()["content"], "How to obtain 1 wooden_button in Minecraft step-by-step?");
  EXPECT_EQ(first["messages"][0]["role"], "system");
  EXPECT_EQ(first["messages"].size(), deps_prompt().size() + 1);
  auto second = nlohmann::json::parse(server.requests[1]);
  std::string told = second["messages"].back()["content"];
  EXPECT_NE(told.find("Descriptor: "), std::string::npos);
  EXPECT_NE(told.find("not a chat-completions JSON"), std::string::npos) << told;
  EXPECT_NE(told.find("Please fix the above errors and replan the task \"obtain 1 wooden_button\"."), std::string::npos);
  std::string third = nlohmann::json::parse(server.requests[2])["messages"].back()["content"];
  EXPECT_NE(third.find("no plan code"), std::string::npos) << third;
  std::string fourth = nlohmann::json::parse(server.requests[3])["messages"].back()["content"];
  EXPECT_NE(fourth.find("error"), std::string::npos) << fourth;  // the syntax error, with its position
  ASSERT_EQ(r->history.size(), 4u);
  EXPECT_FALSE(r->history[2].run.compiled);
}

TEST(DepsLlm, EndpointDownEndsTheEpisodeWithAReason) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  Task t = *parse_task("obtain 1 stick", nullptr);
  EpisodeOptions o;
  o.planner = "llm";
  o.initial = "llm";
  o.llm.endpoint = "http://127.0.0.1:9/v1";  // discard port: nothing listens
  o.llm.timeout_seconds = 5;
  std::string error;
  auto r = run_episode(*rules, t, o, {}, &error);
  ASSERT_TRUE(r) << error;
  EXPECT_FALSE(r->success);
  EXPECT_EQ(r->end.rfind("llm_error: cannot connect", 0), 0u) << r->end;
}

}  // namespace
}  // namespace plank::deps
