#pragma once
// Reading MaxText's inputs into flags: a launch script or command line (python3 -m
// maxtext.trainers.pre_train.train base.yml key=value ..., possibly inside xpk's --command), or
// a YAML file of top-level "key: value" overrides.
#include "interop/launch_args.h"
#include "interop/shell_script.h"

#include <string>
#include <vector>

namespace podplanner::model::interop {

struct MaxTextInput {
    FlagList overrides; // key=value of MaxText
    FlagList xpk;       // flags of an `xpk workload create` line
    std::vector<ShellComment> comments;
    std::vector<std::string> skipped; // YAML lines that are not top-level key: value
    std::string libtpuArgs;           // LIBTPU_INIT_ARGS where the script ends: XLA's TPU flags
};

MaxTextInput readMaxTextInput(const std::string& text);

} // namespace podplanner::model::interop
