#pragma once
// The flags of a launch command or config file, in the order given, with the line each came
// from. Readers take the flags they model; what is left is reported as not modelled.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace podplanner::model::interop {

// Every whole number a flag gives fits in a C int, as the fields it fills do; products of
// several are checked where they are formed (countProduct).
inline constexpr std::int64_t kMaxFlagInteger = 2147483647;

struct LaunchFlag {
    std::string name;  // "--tensor-model-parallel-size", "ici_fsdp_parallelism", "training.steps"
    std::string value; // empty for a bare switch ("--sequence-parallel")
    bool hasValue = false;
    int line = 0; // 1-based line of the input
    bool used = false;
};

class FlagList {
  public:
    void add(std::string name, std::string value, bool hasValue, int line);
    bool empty() const { return flags_.empty(); }
    const std::vector<LaunchFlag>& all() const { return flags_; }

    // The last occurrence wins, as in argparse and MaxText; every occurrence is marked used.
    const LaunchFlag* find(const std::string& name);
    bool has(const std::string& name);
    bool flag(const std::string& name); // a bare switch, or "true"/"false" as its value
    std::optional<std::string> text(const std::string& name);
    // Whole numbers ("1_024" as in YAML and Python, "1e3" refused) of at most kMaxFlagInteger
    // in size; throws InputError naming the flag and its line.
    std::optional<std::int64_t> integer(const std::string& name);
    std::optional<double> number(const std::string& name);

    // "name=value (line N)" for every flag no reader asked for, in input order.
    std::vector<std::string> unused() const;

  private:
    std::vector<LaunchFlag> flags_;
};

// "line 12, --pipeline-model-parallel-size" for error locations.
std::string flagLocation(const LaunchFlag& flag);
[[noreturn]] void throwFlagError(const LaunchFlag& flag, const std::string& expected,
                                 const std::string& hint = {});
// The same for a value that may have come from the framework's default rather than a flag:
// the flag's line when it was given, else its name and "not given".
[[noreturn]] void throwFlagError(FlagList& flags, const std::string& name,
                                 const std::string& expected, const std::string& hint = {});

} // namespace podplanner::model::interop
