#pragma once
// Text that goes into an error message comes from files and command lines, so it may hold bytes
// that are not UTF-8 or that steer a terminal. Messages show them escaped (\xFF) instead, so
// that every message is valid UTF-8 and prints as it reads.
#include <string>
#include <string_view>

namespace podplanner::model {

// The text with each byte that is not part of a well-formed UTF-8 sequence, and each control
// character other than newline and tab, written as \xHH. Valid text comes back unchanged.
std::string escapeForMessage(std::string_view text);

// The offset of the first byte that is not part of a well-formed UTF-8 sequence, or npos.
std::size_t invalidUtf8At(std::string_view text);

// The length of the longest prefix of at most `maxBytes` bytes that does not cut a UTF-8
// sequence in two (for shortening quoted input).
std::size_t utf8PrefixLength(std::string_view text, std::size_t maxBytes);

// The text cut to at most `maxBytes` bytes (between characters) with "..." after it, or the
// whole text when it fits: long input quoted in a message.
std::string shortenForMessage(std::string_view text, std::size_t maxBytes);

} // namespace podplanner::model
