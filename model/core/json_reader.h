#pragma once
// Typed, pointer-aware reading of JSON objects. Every accessor names the JSON pointer of the
// value in its error, says what was expected and what was found, and finish() rejects unknown
// keys with the nearest known key as a hint. Only loader .cpp files include this header.
#include "core/input_error.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace podplanner::model {

using Json = nlohmann::ordered_json;

struct ParseLimits {
    std::size_t maxBytes = 64u << 20; // 64 MiB
    int maxDepth = 64;
};

// Parses JSON text; syntax errors become InputError with line and column.
Json parseJsonText(const std::string& text, const ParseLimits& limits = {});

std::string childPointer(const std::string& parent, const std::string& key);
std::string childPointer(const std::string& parent, std::size_t index);
// Whole numbers as JSON integers (so files keep "120", not "120.0"), others as reals.
Json wholeNumberJson(double v);
// A short human description of a JSON value for "found ..." messages.
std::string describeJson(const Json& value);
[[noreturn]] void throwInputError(const std::string& pointer, const std::string& expected,
                                  const std::string& found, const std::string& hint = {});

class ObjectReader {
  public:
    ObjectReader(const Json& value, std::string pointer);

    const std::string& pointer() const { return pointer_; }
    std::string at(const std::string& key) const { return childPointer(pointer_, key); }
    bool has(const std::string& key) const;
    // Marks a key as known without reading it (for keys read elsewhere).
    const Json* get(const std::string& key);
    const Json& require(const std::string& key);

    std::int64_t integer(const std::string& key, std::int64_t min, std::int64_t max);
    std::int64_t integer(const std::string& key, std::int64_t min, std::int64_t max,
                         std::int64_t fallback);
    double number(const std::string& key, double min, double max);
    double number(const std::string& key, double min, double max, double fallback);
    bool boolean(const std::string& key, bool fallback);
    std::string string(const std::string& key);
    std::string string(const std::string& key, const std::string& fallback);
    std::string choice(const std::string& key, const std::vector<std::string>& choices);
    std::string choice(const std::string& key, const std::vector<std::string>& choices,
                       const std::string& fallback);
    const Json& object(const std::string& key);
    const Json& array(const std::string& key, std::size_t minSize, std::size_t maxSize);

    // Throws for the first key that no accessor asked for.
    void finish(const std::vector<std::string>& alsoKnown = {}) const;

  private:
    const Json& value_;
    std::string pointer_;
    std::set<std::string> seen_;
};

// Value-level checks shared by ObjectReader and array readers.
std::int64_t readInteger(const Json& value, const std::string& pointer, std::int64_t min,
                         std::int64_t max);
double readNumber(const Json& value, const std::string& pointer, double min, double max);
std::string readString(const Json& value, const std::string& pointer);
std::string readChoice(const Json& value, const std::string& pointer,
                       const std::vector<std::string>& choices);

} // namespace podplanner::model
