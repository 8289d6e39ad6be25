#include "support/llm/http_reply.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

namespace plank::llm {

namespace {

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (lower(a[i]) != lower(b[i])) return false;
  return true;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// RFC 9110 5.6.2: the characters of a token (a header name).
bool is_token_char(char c) {
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return true;
  return c != '\0' && std::strchr("!#$%&'*+-.^_`|~", c) != nullptr;
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// "name: value" -> name and the trimmed value; false when it is not a field line.
bool split_field(std::string_view line, std::string_view* name, std::string_view* value) {
  size_t colon = line.find(':');
  if (colon == std::string_view::npos || colon == 0) return false;
  *name = line.substr(0, colon);
  for (char c : *name)
    if (!is_token_char(c)) return false;
  *value = trim(line.substr(colon + 1));
  return true;
}

}  // namespace

ReplyState ReplyReader::fail(std::string why) {
  error_ = std::move(why);
  state_ = ReplyState::kMalformed;
  phase_ = Phase::kDone;
  return state_;
}

ReplyState ReplyReader::feed(std::string_view bytes) {
  if (state_ != ReplyState::kIncomplete) return state_;
  buffer_.append(bytes);
  return run();
}

ReplyState ReplyReader::close() {
  if (state_ != ReplyState::kIncomplete) return state_;
  switch (phase_) {
    case Phase::kToClose:
      phase_ = Phase::kDone;
      return state_ = ReplyState::kComplete;
    case Phase::kHead: return fail("malformed reply: the connection closed inside the headers");
    case Phase::kSized:
      return fail(fmt::format("malformed reply: {} bytes of a {}-byte body before the connection closed",
                              reply_.body.size(), reply_.body.size() + left_));
    default: return fail("malformed reply: the connection closed inside the chunked body");
  }
}

std::optional<std::string_view> ReplyReader::next_line(size_t max_bytes) {
  // The search resumes where the last one stopped (one byte back, for a CR
  // that ended the last read): a line fed a byte at a time stays linear.
  size_t from = std::max(at_, scanned_ > 0 ? scanned_ - 1 : 0);
  size_t eol = buffer_.find("\r\n", from);
  if (eol == std::string::npos) {
    scanned_ = buffer_.size();
    if (buffer_.size() - at_ > max_bytes) fail(fmt::format("malformed reply: a line longer than {} bytes", max_bytes));
    return std::nullopt;
  }
  std::string_view line(buffer_.data() + at_, eol - at_);
  at_ = scanned_ = eol + 2;
  return line;
}

bool ReplyReader::add_body(std::string_view bytes) {
  if (bytes.size() > limits_.max_reply_bytes - reply_.body.size()) {
    fail(fmt::format("the reply is larger than {} bytes", limits_.max_reply_bytes));
    return false;
  }
  reply_.body.append(bytes);
  return true;
}

// The status line and the header fields, once the blank line after them is here.
bool ReplyReader::take_head() {
  size_t from = std::max(at_, scanned_ > 3 ? scanned_ - 3 : 0);
  size_t end = buffer_.find("\r\n\r\n", from);
  if (end == std::string::npos) {
    scanned_ = buffer_.size();
    std::string_view got(buffer_.data() + at_, buffer_.size() - at_);
    if (!std::string_view("HTTP/1.").starts_with(got.substr(0, 7)))
      fail("malformed reply: it does not start with an HTTP/1.x status line");
    else if (got.size() > limits_.max_header_bytes)
      fail(fmt::format("malformed reply: headers longer than {} bytes", limits_.max_header_bytes));
    return false;
  }
  std::string_view head(buffer_.data() + at_, end + 2 - at_);  // every line with its CRLF
  at_ = scanned_ = end + 4;
  if (head.size() > limits_.max_header_bytes)
    return fail(fmt::format("malformed reply: headers longer than {} bytes", limits_.max_header_bytes)), false;
  // "HTTP/1.x DDD", then a space and a reason, or the end of the line.
  if (head.size() < 14 || !head.starts_with("HTTP/1.") || (head[7] != '0' && head[7] != '1') || head[8] != ' ')
    return fail("malformed reply: it does not start with an HTTP/1.x status line"), false;
  int status = 0;
  for (size_t i = 9; i < 12; ++i) {
    if (head[i] < '0' || head[i] > '9') return fail("malformed reply: the status code is not three digits"), false;
    status = status * 10 + (head[i] - '0');
  }
  if (status < 100 || (head[12] != ' ' && head[12] != '\r'))
    return fail("malformed reply: the status code is not three digits"), false;
  std::optional<size_t> content_length;
  std::optional<std::string_view> transfer_encoding;
  for (size_t at = head.find("\r\n") + 2; at < head.size();) {
    size_t eol = head.find("\r\n", at);
    std::string_view line = head.substr(at, eol - at), name, value;
    at = eol + 2;
    if (!split_field(line, &name, &value)) return fail("malformed reply: a header line that is not 'name: value'"), false;
    if (iequals(name, "content-length")) {
      size_t n = 0;
      bool digits = !value.empty() && value.size() <= 15;
      for (char c : value) {
        digits = digits && c >= '0' && c <= '9';
        n = n * 10 + static_cast<size_t>(c - '0');
      }
      if (!digits) return fail("malformed reply: a Content-Length that is not a number"), false;
      if (content_length && *content_length != n)
        return fail("malformed reply: two different Content-Length headers"), false;
      content_length = n;
    } else if (iequals(name, "transfer-encoding")) {
      transfer_encoding = value;
    }
  }
  if (status < 200) return true;  // 100 Continue and its kin: the real reply follows
  reply_.status = status;
  if (transfer_encoding) {  // RFC 9112 6.3: it overrides a Content-Length
    if (!iequals(*transfer_encoding, "chunked"))
      return fail(fmt::format("malformed reply: unsupported Transfer-Encoding '{}'", transfer_encoding->substr(0, 40))),
             false;
    phase_ = Phase::kChunkSize;
  } else if (content_length) {
    if (*content_length > limits_.max_reply_bytes)
      return fail(fmt::format("the reply is larger than {} bytes", limits_.max_reply_bytes)), false;
    left_ = *content_length;
    phase_ = Phase::kSized;
  } else {
    phase_ = Phase::kToClose;
  }
  return true;
}

ReplyState ReplyReader::run() {
  bool progress = true;
  while (progress && state_ == ReplyState::kIncomplete) {
    std::string_view available(buffer_.data() + at_, buffer_.size() - at_);
    switch (phase_) {
      case Phase::kHead: progress = take_head(); break;
      case Phase::kChunkSize: {
        // chunk-size [; extension] CRLF
        auto line = next_line(limits_.max_header_bytes);
        if (!line) {
          progress = false;
          break;
        }
        size_t digits = 0, size = 0;
        while (digits < line->size() && hex_digit((*line)[digits]) >= 0) {
          if (digits == 16) return fail("malformed reply: a chunk size of more than 16 hex digits");
          size = size * 16 + static_cast<size_t>(hex_digit((*line)[digits]));
          ++digits;
        }
        if (digits == 0) return fail("malformed reply: a chunk without a hex size");
        std::string_view rest = trim(line->substr(digits));
        if (!rest.empty() && rest.front() != ';') return fail("malformed reply: text after a chunk size");
        // Compared, never added: a size of ffffffffffffffff must not wrap around.
        if (size > limits_.max_reply_bytes - reply_.body.size())
          return fail(fmt::format("the reply is larger than {} bytes", limits_.max_reply_bytes));
        left_ = size;
        phase_ = size == 0 ? Phase::kTrailers : Phase::kChunkData;
        break;
      }
      case Phase::kChunkData:
      case Phase::kSized: {
        size_t n = std::min(left_, available.size());
        if (!add_body(available.substr(0, n))) return state_;
        at_ += n;
        left_ -= n;
        progress = n > 0 || left_ == 0;
        if (left_ == 0) {
          if (phase_ == Phase::kSized) {
            phase_ = Phase::kDone;
            state_ = ReplyState::kComplete;
          } else {
            phase_ = Phase::kChunkEnd;
          }
        }
        break;
      }
      case Phase::kChunkEnd:
        if (available.size() < 2) {
          progress = false;
          break;
        }
        if (!available.starts_with("\r\n")) return fail("malformed reply: a chunk longer than its size");
        at_ += 2;
        scanned_ = at_;
        phase_ = Phase::kChunkSize;
        break;
      case Phase::kTrailers: {
        auto line = next_line(limits_.max_header_bytes);
        if (!line) {
          progress = false;
          break;
        }
        trailer_bytes_ += line->size() + 2;
        if (trailer_bytes_ > limits_.max_header_bytes)
          return fail(fmt::format("malformed reply: trailers longer than {} bytes", limits_.max_header_bytes));
        std::string_view name, value;
        if (line->empty()) {
          phase_ = Phase::kDone;
          state_ = ReplyState::kComplete;
        } else if (!split_field(*line, &name, &value)) {
          return fail("malformed reply: a trailer line that is not 'name: value'");
        }
        break;
      }
      case Phase::kToClose:
        if (!add_body(available)) return state_;
        at_ = buffer_.size();
        progress = false;
        break;
      case Phase::kDone: progress = false; break;
    }
  }
  // Drop what was consumed; what stays is at most a partial line or head.
  if (at_ > 0) {
    buffer_.erase(0, at_);
    scanned_ -= std::min(scanned_, at_);
    at_ = 0;
  }
  return state_;
}

ReplyState parse_http_reply(std::string_view raw, bool closed, const HttpLimits& limits, HttpReply* reply,
                            std::string* error) {
  ReplyReader reader(limits);
  ReplyState state = reader.feed(raw);
  if (state == ReplyState::kIncomplete && closed) state = reader.close();
  if (state == ReplyState::kComplete) *reply = std::move(reader.reply());
  if (state == ReplyState::kMalformed) *error = reader.error();
  return state;
}

}  // namespace plank::llm
