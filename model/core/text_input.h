#pragma once
// Places in, and checks of, text read from a file or a command line, for input errors.
#include <string>

namespace podplanner::model {

// "line L, column C" of a byte offset (1-based, columns in bytes).
std::string lineColumn(const std::string& text, std::size_t offset);

// Throws an InputError at the line and column of the first byte that is not part of a
// well-formed UTF-8 sequence. Readers whose strings end up in a project call it first: the
// project writer (nlohmann's dump) refuses such strings, so they must be refused at the source.
void requireUtf8(const std::string& text);

// The text with its ASCII letters in lower case (names and flag values compared without case).
std::string asciiLower(std::string text);

} // namespace podplanner::model
