#pragma once
// Raw JSON of the built-in presets, for loaders that merge project overrides onto them.
#include "core/json_reader.h"

namespace podplanner::model {

const Json* builtinChipJson(const std::string& id);
const Json* builtinClusterJson(const std::string& id);
std::vector<std::string> builtinChipIds();
std::vector<std::string> builtinClusterIds();
// accuracy.json (read by perf/accuracy.h); null when the file is missing.
const Json& builtinAccuracyJson();

} // namespace podplanner::model
