#pragma once
// An error in user input: where it is (JSON pointer, or file:line:column for syntax), what was
// expected there and what was found. Loaders throw it; front ends print it.
#include <stdexcept>
#include <string>

namespace podplanner::model {

struct InputErrorInfo {
    std::string file;     // may be empty (e.g. text given directly)
    std::string location; // JSON pointer like "/jobs/0/parallelism/tp", or "line 3, column 7"
    std::string expected; // what would have been accepted
    std::string found;    // what the input had
    std::string hint;     // optional: "did you mean 'parallelism'?" and similar
};

class InputError : public std::runtime_error {
  public:
    explicit InputError(InputErrorInfo info);
    const InputErrorInfo& info() const { return info_; }
    // A copy with the file name set (loaders learn it after the parser threw).
    InputError withFile(const std::string& file) const;
    // A copy whose location is replaced (used to map preset-relative pointers to the project).
    InputError withLocation(const std::string& location, const std::string& extraHint = {}) const;

  private:
    static std::string format(const InputErrorInfo& info);
    InputErrorInfo info_;
};

} // namespace podplanner::model
