// Reading an HTTP/1.1 reply from an untrusted server, as its bytes arrive:
// the status line, header fields, and a body framed by Content-Length,
// chunked encoding, or the connection's close. Strict (RFC 9112): a status
// line "HTTP/1.x DDD", header names of token characters, chunk sizes of at
// most 16 hex digits that must fit what the limits leave (ffffffffffffffff
// once wrapped a size_t around), each chunk's data followed by CRLF. Linear in
// the bytes fed, whatever their split into reads; refuses past HttpLimits.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace plank::llm {

struct HttpReply {
  int status = 0;
  std::string body;
};

struct HttpLimits {
  size_t max_reply_bytes = size_t{16} << 20;  // the body (a chat completion is kilobytes)
  size_t max_header_bytes = size_t{64} << 10;  // the status line and headers; a chunk-size line; the trailers
};

enum class ReplyState { kIncomplete, kComplete, kMalformed };

class ReplyReader {
 public:
  explicit ReplyReader(HttpLimits limits = {}) : limits_(limits) {}
  // The next bytes the server sent. After kComplete, more bytes are ignored;
  // after kMalformed, error() says why (one sentence).
  ReplyState feed(std::string_view bytes);
  // The server closed the connection: a body read to the close is complete,
  // anything else still incomplete is malformed.
  ReplyState close();
  ReplyState state() const { return state_; }
  const std::string& error() const { return error_; }
  // The reply, once complete.
  HttpReply& reply() { return reply_; }

 private:
  enum class Phase { kHead, kChunkSize, kChunkData, kChunkEnd, kTrailers, kSized, kToClose, kDone };
  ReplyState fail(std::string why);
  ReplyState run();  // consumes buffer_ from at_ as far as the phase allows
  bool take_head();  // false when malformed (state_ set)
  std::optional<std::string_view> next_line(size_t max_bytes);  // a CRLF-ended line, or nullopt (need more / failed)
  bool add_body(std::string_view bytes);

  HttpLimits limits_;
  Phase phase_ = Phase::kHead;
  ReplyState state_ = ReplyState::kIncomplete;
  std::string buffer_;  // unconsumed bytes from at_
  size_t at_ = 0;
  size_t scanned_ = 0;        // where the search for the end of the head resumes
  size_t left_ = 0;           // bytes still to come of a chunk or a sized body
  size_t trailer_bytes_ = 0;
  HttpReply reply_;
  std::string error_;
};

// A whole reply at once (`closed`: the server has closed after it): what
// http_post does with the bytes it reads, for tests and the fuzz target.
ReplyState parse_http_reply(std::string_view raw, bool closed, const HttpLimits& limits, HttpReply* reply,
                            std::string* error);

}  // namespace plank::llm
