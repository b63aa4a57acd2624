#pragma once
#include "core/json_reader.h"
#include "hardware/chip_type.h"

namespace podplanner::model {

ChipType readChipType(const Json& value, const std::string& pointer);

} // namespace podplanner::model
