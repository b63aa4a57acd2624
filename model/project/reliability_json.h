#pragma once
// Reading and writing a job's "reliability" object (docs/format.md, docs/reliability.md).
#include "core/json_reader.h"
#include "project/job.h"

namespace podplanner::model {

ReliabilitySpec readReliabilitySpec(const Json& value, const std::string& pointer);
Json writeReliabilitySpec(const ReliabilitySpec& r);

} // namespace podplanner::model
