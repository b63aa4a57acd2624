#pragma once
#include <string>

namespace podplanner::model {

// Replaces `path` with `content` so that readers see the old file or the new one, never a mix.
// Throws std::runtime_error with the reason (and leaves the old file) on any failure.
void writeFileAtomically(const std::string& path, const std::string& content);
// Reads a whole file, or throws std::runtime_error naming it. Refuses files over maxBytes.
std::string readWholeFile(const std::string& path, std::size_t maxBytes);

} // namespace podplanner::model
