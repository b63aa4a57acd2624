#pragma once
// Reading the "model" object of a job, and the built-in model presets.
#include "core/json_reader.h"
#include "presets/presets.h"
#include "project/job.h"

namespace podplanner::model {

ModelSpec readModelSpec(ObjectReader& in);
ModelPreset readModelPreset(const Json& value, const std::string& pointer);
void writeModelSpec(const ModelSpec& model, Json& out);

} // namespace podplanner::model
